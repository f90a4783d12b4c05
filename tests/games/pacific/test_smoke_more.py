"""Smoke Grenades thrown from inside a landing craft (§11.13, §15.7)."""

from __future__ import annotations

from hulldown.games.pacific import grid
from tests.games.pacific.test_transport_more import carried, put, to_phase


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
