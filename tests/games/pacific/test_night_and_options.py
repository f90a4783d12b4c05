"""Night combat (§11.7), Large Field and Starting Deployment (§11.11-11.12), heroes (§11.13),
Smoke Grenades as a reaction (§11.14), token trading (§11.10) and AA against the AI's drops (§16.3)."""

from __future__ import annotations

import json
from typing import Any

from hulldown.engine.rng import SplitMix64
from hulldown.games.pacific import grid
from hulldown.games.pacific.state import PacificState
from hulldown.games.pacific.units import Unit
from tests.games.pacific.test_rules import new, put, to_deploy


def clear_terrain(st: PacificState) -> None:
    for s in range(grid.SPACES):
        st.terrain[s] = -1


def in_hand(st: PacificState, slot: int, cid: str) -> str:
    """Give ``slot`` a fresh card; its hand reference."""
    iid = st._new_card(cid)
    st.hands[slot].put_top(iid)
    st._legal_cache = None
    return f"h{sorted(st.hands[slot]).index(iid) + 1}"


def unit_card(st: PacificState, side: int, want: str = "infantry", tag: str = "") -> str:
    """A plain unit card of the side's army (no free token, some upgrade allowed)."""
    return next(
        u.id
        for u in st.db.units.values()
        if u.army == st.armies[side]
        and u.type == want
        and (not tag or tag in u.tags)
        and not u.free
        and u.upgrades
        and "infiltration" not in u.tags
    )


def seen(obs: dict[str, Any], space: int) -> dict[str, Any]:
    return next(u for u in obs["units"] if u["space"] == grid.name(space))


def night_deploy(st: PacificState) -> tuple[int, int, Unit]:
    """Night battle, first Deployment phase: the acting side deploys an infantry unit."""
    to_deploy(st)
    clear_terrain(st)
    slot = st.actor
    side = st.side_of(slot)
    st.ap[slot] = 10
    h = in_hand(st, slot, unit_card(st, side))
    s = grid.space(grid.deployment_row(side), 0)
    events = st.apply(f"deploy:{h}:{grid.name(s)}")
    u = st.unit_at(s)
    assert u is not None
    for e in events:
        if e["to"] == "all" or 1 - side in e["to"]:
            assert u.card.name not in json.dumps(e)  # the enemy is never told what it is
    return slot, side, u


# ---------------------------------------------------------------------- §11.7 night combat
def test_night_units_are_deployed_face_down() -> None:
    st = new(night=True)
    slot, side, u = night_deploy(st)
    assert u.face_down
    enemy_seat = st.side_slots[1 - side][0]
    theirs = seen(st.observation(enemy_seat), u.space)
    assert theirs["face_down"] and theirs["name"] == "Face-down unit" and theirs["id"] == -1
    assert theirs["hp"] == 0 and theirs["type"] == "face-down"
    assert u.card.name not in json.dumps(st.observation(enemy_seat)["units"])
    assert u.card.name not in json.dumps(st.observation(None)["units"])  # spectators neither
    mine = seen(st.observation(slot), u.space)
    assert mine["name"] == u.card.name and mine["face_down"]


def test_night_unit_deployed_with_an_upgrade_is_face_up() -> None:
    st = new(night=True)
    _slot, side, u = night_deploy(st)
    up = next(x for x in u.card.upgrades)
    st.apply(f"upgrade:{grid.name(u.space)}:{up}")
    assert not u.face_down
    assert seen(st.observation(st.side_slots[1 - side][0]), u.space)["name"] == u.card.name


def test_night_unit_within_two_spaces_of_an_enemy_turns_face_up() -> None:
    st = new(night=True)
    _slot, side, u = night_deploy(st)
    far = put(st, unit_card(st, 1 - side), 1 - side, grid.space(grid.row_index(side, 4), 0))
    near = put(st, unit_card(st, 1 - side), 1 - side, grid.space(grid.row_index(side, 3), 0))
    near.face_down = far.face_down = True
    assert grid.distance(u.space, near.space) == 2 and grid.distance(u.space, far.space) == 3
    st._legal_cache = None
    st.apply("deploy-done")  # any decision: the positions are checked after it
    assert not u.face_down and not near.face_down  # both see each other
    assert far.face_down


def test_night_unit_near_the_enemy_hq_turns_face_up() -> None:
    st = new(night=True)
    to_deploy(st)
    side = st.side_of(st.actor)
    col = 3  # a central column: the enemy HQ is one space beyond its row 1 (§1.2)
    three = grid.space(grid.row_index(side, 4), col)
    two = grid.space(grid.row_index(side, 5), col)
    assert grid.hq_distance(1 - side, three) == 3 and grid.hq_distance(1 - side, two) == 2
    u = put(st, unit_card(st, side), side, three)
    u.face_down = True
    st._legal_cache = None
    st.apply("deploy-done")
    assert u.face_down
    st.board[three], st.board[two], u.space = -1, u.iid, two
    st._legal_cache = None
    st.apply("move-done")
    assert not u.face_down


def test_night_unit_that_fires_turns_face_up_and_face_down_targets_are_offered() -> None:
    st = new(night=True)
    to_deploy(st)
    clear_terrain(st)
    slot = st.actor
    side = st.side_of(slot)
    gun = next(u for u in st.db.units.values() if u.army == st.armies[side] and u.range >= 3 and u.type != "aircraft")
    heavy = next(u.id for u in st.db.units.values() if u.army == st.armies[1 - side] and u.armour > gun.pierce)
    # three spaces apart: within range, not close enough to turn either face up
    shooter = put(st, gun.id, side, grid.space(grid.row_index(side, 2), 2))
    target = put(st, heavy, 1 - side, grid.space(grid.row_index(side, 5), 2))
    assert shooter.card.pierce < target.card.armour
    shooter.face_down = True
    target.face_down = True
    st.phase = "shoot"
    st._legal_cache = None
    # the shooter cannot know the card cannot be pierced: the shot is offered (§7.5, §11.7)
    fire = f"fire:{grid.name(shooter.space)}:main:{grid.name(target.space)}"
    assert fire in {a.id for a in st.legal_actions()}
    target.face_down = False
    st._legal_cache = None
    assert fire not in {a.id for a in st.legal_actions()}
    target.face_down = True
    st._legal_cache = None
    events = st.apply(fire)
    assert not shooter.face_down
    assert any(e["type"] == "attack" and e["result"] == "blocked" and e["target"] == -1 for e in events)
    assert target.face_down


def test_flares_turn_every_unit_face_up() -> None:
    st = new(night=True)
    slot, side, u = night_deploy(st)
    e = put(st, unit_card(st, 1 - side), 1 - side, grid.space(grid.row_index(side, 6), 7))
    e.face_down = True
    h = in_hand(st, slot, "flares")
    st.apply(f"play:{h}")
    assert not u.face_down and not e.face_down


def hidden_pair() -> tuple[PacificState, PacificState, int, int]:
    """Two night states alike but for the identity of one face-down card of the acting side."""
    out = []
    for k in (0, 1):
        st = new(night=True)
        slot, side, _ = night_deploy(st)
        s = grid.space(grid.deployment_row(side), 5)
        cands = [
            u.id
            for u in st.db.units.values()
            if u.army == st.armies[side] and u.type != "aircraft" and not u.free and "infiltration" not in u.tags
        ]
        u = put(st, sorted(cands)[k], side, s)
        u.face_down = True
        st._legal_cache = None
        out.append(st)
    return out[0], out[1], slot, side


def test_hidden_identity_gives_identical_observations_to_the_other_seat() -> None:
    a, b, slot, side = hidden_pair()
    enemy = a.side_slots[1 - side][0]
    assert (
        a.cards[a.board[grid.space(grid.deployment_row(side), 5)]]
        != b.cards[b.board[grid.space(grid.deployment_row(side), 5)]]
    )
    assert a.observation(enemy) == b.observation(enemy)
    assert a.observation(None) == b.observation(None)
    assert a.observation(slot) != b.observation(slot)


def test_resample_reshuffles_face_down_identities_among_unseen_cards() -> None:
    st = new(night=True)
    slot, side, u = night_deploy(st)
    st.apply("deploy-done")
    enemy = st.side_slots[1 - side][0]
    obs = st.observation(enemy)
    names = set()
    for k in range(30):
        r = st.resample(enemy, SplitMix64(k))
        assert isinstance(r, PacificState)
        assert r.observation(enemy) == obs
        v = r.unit_at(u.space)
        assert v is not None and v.face_down and v.side == side
        assert r.board[u.space] == v.iid and r.cards[v.iid] in r.db.units
        names.add(v.card.name)
        # the card it replaced went to the hand or deck: nothing is lost or doubled
        assert sorted(r.card_zones()["units"] + r.decks[slot].cards + r.hands[slot].cards) == sorted(
            st.card_zones()["units"] + st.decks[slot].cards + st.hands[slot].cards
        )
    assert len(names) > 3
    # its own side is never guessed at
    mine = st.resample(slot, SplitMix64(1)).unit_at(u.space)
    assert mine is not None and mine.card is u.card
