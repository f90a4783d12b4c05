"""Smoke Grenades as a reaction: from inside a landing craft, and which attacks they answer (§11.13, §15.7)."""

from __future__ import annotations

from hulldown.games.pacific import combat, grid
from hulldown.games.pacific.rules import free_bay
from hulldown.games.pacific.state import PacificState
from hulldown.games.pacific.units import HQ_SPACE, Unit
from tests.games.pacific.test_transport_more import carried, hand_ref, put, to_phase


def sp(side: int, row: int, col: int) -> int:
    return grid.space(grid.row_index(side, row), col)


def test_unit_inside_a_landing_craft_throws_its_smoke_grenade_in_its_turn() -> None:
    st = to_phase("shoot")
    side = st.active
    boat = put(st, "us-lcvp", sp(side, 3, 4))
    inf = carried(st, boat, "us-light-infantry")
    inf.tokens.append(st.new_token("smoke-grenade"))
    here = grid.name(boat.space)
    assert f"smoke:{here}:0" in {a.id for a in st.legal_actions()}
    events = st.apply(f"smoke:{here}:0")
    assert boat.smoke and inf.smoke and inf.tokens[0].used  # the cloud envelops the craft
    assert any(e["type"] == "smoke-grenade" and e["space"] == here for e in events)
    assert f"smoke:{here}:0" not in {a.id for a in st.legal_actions()}


def test_unit_inside_a_landing_craft_answers_an_attack_on_its_craft_with_smoke() -> None:
    st = to_phase("shoot")
    side = st.active
    shooter = put(st, "us-heavy-infantry", sp(side, 3, 4))
    boat = put(st, "us-lcvp", sp(side, 4, 4), side=1 - side)
    inf = carried(st, boat, "us-light-infantry")
    inf.tokens.append(st.new_token("smoke-grenade"))
    here = grid.name(boat.space)
    fire = next(a.id for a in st.legal_actions() if a.id.startswith(f"fire:{grid.name(shooter.space)}:"))
    assert fire.endswith(here)
    events = st.apply(fire)
    assert not any(e["type"] == "attack" for e in events)  # no die rolled yet
    assert st.phase == "smoke" and st.actor == boat.owner
    assert {a.id for a in st.legal_actions()} == {f"smoke:{here}:0", "no-smoke"}
    events = st.apply(f"smoke:{here}:0")
    assert boat.smoke and inf.tokens[0].used and st.phase == "shoot"
    assert any(e["type"] == "attack" for e in events)  # the attack then comes, into the smoke


def put_aircraft(st: PacificState, cid: str, side: int) -> Unit:
    """An aircraft deployed in an earlier turn, waiting beside its HQ."""
    iid = st._new_card(cid)
    u = Unit(iid, st.db.units[cid], st.side_slots[side][0], side, HQ_SPACE, -5)
    u.bay = free_bay(st, side)
    st.units[iid] = u
    st._legal_cache = None
    return u


# ---------------------------------------------------------------------- which attacks the reaction answers
def smoke_target(st: PacificState, s: int) -> Unit:
    """An enemy Light Infantry unit holding a Smoke Grenade on ``s``."""
    foe = put(st, "us-light-infantry", s, side=1 - st.active)
    foe.tokens.append(st.new_token("smoke-grenade"))
    return foe


def test_tactical_artillery_opens_no_smoke_window() -> None:
    st = to_phase("deploy", tactical_artillery=True)
    foe = smoke_target(st, sp(st.active, 5, 3))
    st.phase = "hq"  # §11.1: after generating AP (no unit stood on the battlefield before)
    st.ap[st.actor] = 9
    here = grid.name(foe.space)
    assert f"ta:5:{here}" in {a.id for a in st.legal_actions()}
    st.script_chance(1)
    events = st.apply(f"ta:5:{here}")  # the table's 6+/6+, with no Evasion at all
    attack = next(e for e in events if e["type"] == "attack")
    assert (attack["hit"], attack["crit"]) == (6, 6)
    assert st.pending_smoke is None and st.phase != "smoke"
    assert not foe.smoke and not foe.tokens[0].used


def test_air_attack_waits_for_the_smoke_grenade() -> None:
    st = to_phase("shoot")
    side = st.active
    plane = put_aircraft(st, "us-p40-warhawk" if st.armies[side] == "us" else "jp-a6m-zero", side)
    foe = smoke_target(st, sp(side, 5, 3))
    here = grid.name(foe.space)
    fire = f"fire:a{plane.bay}:main:{here}"
    assert fire in {a.id for a in st.legal_actions()}
    attacker = st.actor
    events = st.apply(fire)
    assert not any(e["type"] in ("attack", "air-attack") for e in events)  # declared, nothing rolled
    assert st.phase == "smoke" and st.actor == foe.owner
    assert st.observation(foe.owner)["smoke_reaction"] == {
        "shooter": "hq",
        "target": here,
        "assault": False,
        "card": None,
    }
    hit = combat.numbers(st, plane, None, foe).hit
    st.script_chance(1)
    events = st.apply(f"smoke:{here}:0")
    assert foe.smoke and foe.tokens[0].used
    attack = next(e for e in events if e["type"] == "attack")
    assert attack["hit"] == min(10, hit + 1)  # +1/+1 Evasion against the aircraft too
    assert st.phase == "shoot" and st.actor == attacker and st.pending_smoke is None
    assert plane.iid not in st.units  # the aircraft made its attack and is discarded


def test_attack_support_card_waits_for_the_smoke_grenade() -> None:
    st = to_phase("deploy")
    slot = st.actor
    foe = smoke_target(st, sp(st.active, 5, 3))
    here = grid.name(foe.space)
    iid = st._new_card("shrapnel")
    st.hands[slot].put_top(iid)
    st.ap[slot] = 9
    st._legal_cache = None
    play = f"play:{hand_ref(st, slot, iid)}:{here}"
    assert play in {a.id for a in st.legal_actions()}
    events = st.apply(play)
    assert any(e["type"] == "support" for e in events)
    assert not any(e["type"] == "attack" for e in events)
    assert st.phase == "smoke" and st.actor == foe.owner
    assert st.observation(foe.owner)["smoke_reaction"] == {
        "shooter": None,
        "target": here,
        "assault": False,
        "card": "shrapnel",
    }
    st.script_chance(1)
    events = st.apply("no-smoke")
    attack = next(e for e in events if e["type"] == "attack")
    assert attack["hit"] == st.db.support["shrapnel"].hit  # a bare space: no Evasion
    assert st.phase == "deploy" and st.actor == slot and iid in st.discards[slot]
    assert not foe.smoke and not foe.tokens[0].used


def test_attack_support_card_into_smoke_is_harder() -> None:
    st = to_phase("deploy")
    slot = st.actor
    foe = smoke_target(st, sp(st.active, 5, 3))
    here = grid.name(foe.space)
    iid = st._new_card("shrapnel")
    st.hands[slot].put_top(iid)
    st.ap[slot] = 9
    st._legal_cache = None
    st.apply(f"play:{hand_ref(st, slot, iid)}:{here}")
    st.script_chance(1)
    events = st.apply(f"smoke:{here}:0")
    attack = next(e for e in events if e["type"] == "attack")
    sc = st.db.support["shrapnel"]
    assert (attack["hit"], attack["crit"]) == (min(10, sc.hit + 1), min(10, sc.crit + 1))
