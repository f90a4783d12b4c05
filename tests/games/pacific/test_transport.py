"""Transport, tow and landing craft (rules §15)."""

from typing import Any

import pytest

from hulldown.engine import IllegalActionError, registry
from hulldown.games.pacific import grid
from hulldown.games.pacific.state import PacificState
from hulldown.games.pacific.units import Unit

GAME = registry.load("2gm-pacific")


def to_phase(phase: str, **opts: Any) -> PacificState:
    st = GAME.new(seed=3, players=2, options=opts)
    assert isinstance(st, PacificState)
    while st.phase != phase:
        ids = [a.id for a in st.legal_actions()]
        for pick in ("keep", "bid:0", "terrain-done", "ta-pass", "deploy-done", "move-done"):
            if pick in ids:
                st.apply(pick)
                break
    for s in range(grid.SPACES):  # a bare battlefield, the acting side's units only
        st.terrain[s] = -1
    return st


def put(st: PacificState, cid: str, s: int, side: int | None = None, turn: int = -5) -> Unit:
    side = st.active if side is None else side
    iid = st._new_card(cid)
    u = Unit(iid, st.db.units[cid], st.side_slots[side][0], side, s, turn)
    st.units[iid] = u
    st.board[s] = iid
    st._legal_cache = None
    return u


def ids(st: PacificState) -> set[str]:
    st._legal_cache = None
    return {a.id for a in st.legal_actions()}


def sp(side: int, own_row: int, col: int) -> int:
    return grid.space(grid.row_index(side, own_row), col - 1)


def test_infantry_boards_transport_which_moves_and_unloads() -> None:
    st = to_phase("move")
    side = st.active
    inf = put(st, "us-light-infantry", sp(side, 2, 3))
    truck = put(st, "us-m3-scout", sp(side, 2, 4))
    name = grid.name
    assert f"load:{name(inf.space)}:{name(truck.space)}" in ids(st)
    st.apply(f"load:{name(inf.space)}:{name(truck.space)}")
    assert truck.cargo is inf and inf.iid not in st.units and st.board[sp(side, 2, 3)] == -1
    # the transport then moves normally, the infantry riding on its space
    dest = sp(side, 5, 4)
    st.apply(f"move:{name(truck.space)}:{name(dest)}")
    assert inf.space == dest
    # it can still unload this turn, left or right only, and the infantry cannot move afterwards
    legal = ids(st)
    assert f"unload:{name(dest)}:{name(sp(side, 5, 3))}" in legal
    assert f"unload:{name(dest)}:{name(sp(side, 6, 4))}" not in legal
    st.apply(f"unload:{name(dest)}:{name(sp(side, 5, 3))}")
    assert truck.cargo is None and st.units[inf.iid] is inf and inf.space == sp(side, 5, 3)
    assert not any(i.startswith(f"move:{name(inf.space)}:") for i in ids(st))


def test_transport_fetches_a_unit_spending_all_its_mp() -> None:
    st = to_phase("move")
    side = st.active
    inf = put(st, "us-light-infantry", sp(side, 3, 2))
    truck = put(st, "us-m3-scout", sp(side, 1, 2))
    st.apply(f"fetch:{grid.name(truck.space)}:{grid.name(inf.space)}")
    assert truck.space == sp(side, 3, 2) and truck.cargo is inf and truck.moved
    assert not any(i.startswith(f"move:{grid.name(truck.space)}:") for i in ids(st))


def test_transport_carries_infantry_tow_carries_artillery() -> None:
    st = to_phase("move")
    side = st.active
    scout = put(st, "us-m3-scout", sp(side, 2, 1))  # Transport
    fargo = put(st, "us-m6-fargo", sp(side, 2, 8))  # Tow
    inf = put(st, "us-light-infantry", sp(side, 3, 1))
    gun = put(st, "us-m1-37mm", sp(side, 3, 8))
    tank = put(st, "us-m4a2", sp(side, 1, 1))
    assert scout.can_carry(inf) and not scout.can_carry(gun) and not scout.can_carry(tank)
    assert fargo.can_carry(gun) and not fargo.can_carry(inf)
    legal = ids(st)
    assert f"load:{grid.name(tank.space)}:{grid.name(scout.space)}" not in legal


def test_mechanize_moves_after_unloading() -> None:
    st = to_phase("move")
    side = st.active
    mech = put(st, "us-mechanized-infantry", sp(side, 2, 3))
    truck = put(st, "us-m3-scout", sp(side, 2, 4))
    st.apply(f"load:{grid.name(mech.space)}:{grid.name(truck.space)}")
    st.apply(f"unload:{grid.name(truck.space)}:{grid.name(sp(side, 2, 5))}")
    assert any(i.startswith(f"move:{grid.name(mech.space)}:") for i in ids(st))


def test_unit_that_stepped_off_a_carrier_boards_none_again_that_turn() -> None:
    """Our reading of §15.2-15.3: Mechanize moves the unloaded unit on the ground, never back on
    board. Without it a mechanized unit boarded and left a transport without end, and a game
    between bots never finished."""
    st = to_phase("move")
    side = st.active
    mech = put(st, "us-mechanized-infantry", sp(side, 2, 3))
    truck = put(st, "us-m3-scout", sp(side, 2, 4))
    other = put(st, "us-m3-scout", sp(side, 1, 3))
    st.apply(f"load:{grid.name(mech.space)}:{grid.name(truck.space)}")
    st.apply(f"unload:{grid.name(truck.space)}:{grid.name(sp(side, 2, 3))}")
    here = grid.name(mech.space)
    legal = ids(st)
    assert any(i.startswith(f"move:{here}:") for i in legal)  # Mechanize: it still moves
    assert not [i for i in legal if i.startswith(f"load:{here}:")]  # into neither carrier
    assert f"fetch:{grid.name(other.space)}:{here}" not in legal  # nor is it picked up
    before = st.fingerprint()
    with pytest.raises(IllegalActionError):
        st.apply(f"load:{here}:{grid.name(truck.space)}")
    assert st.fingerprint() == before
    # Next turn it boards again like any unit.
    st.turn += 1
    mech.moved = False
    assert f"load:{here}:{grid.name(other.space)}" in ids(st)


def test_fire_at_a_transport_wounds_its_cargo_and_destroys_both() -> None:
    from hulldown.games.pacific import combat

    st = to_phase("shoot")
    side = st.active
    truck = put(st, "us-m3-scout", sp(side, 2, 4))
    inf = put(st, "us-light-infantry", sp(side, 2, 5))
    from hulldown.games.pacific.rules import load

    load(st, inf, truck, [])
    combat.wound_unit(st, truck, 1, [])
    assert truck.wounds == 1 and inf.wounds == 1
    discard = st.discards[truck.owner]
    combat.wound_unit(st, truck, truck.hp, [])
    assert truck.iid not in st.units and truck.iid in discard and inf.iid in discard


def test_carried_units_do_not_fire_but_fire_from_a_landing_craft() -> None:
    st = to_phase("shoot", scenario="island-landing")
    assert st.active == 0
    boat = put(st, "us-lcvp", sp(0, 2, 4))
    enemy = put(st, "jp-light-infantry", sp(0, 3, 4), side=1)
    inf = put(st, "us-heavy-infantry", sp(0, 3, 5))
    from hulldown.games.pacific.rules import load

    load(st, inf, boat, [])
    legal = ids(st)
    here = grid.name(boat.space)
    assert f"fire:{here}:main:{grid.name(enemy.space)}" in legal  # the cargo's gun
    truck = put(st, "us-lvt1-alligator", sp(0, 2, 7))
    rider = put(st, "us-light-infantry", sp(0, 3, 7))
    load(st, rider, truck, [])
    assert not any(i.startswith(f"fire:{grid.name(truck.space)}:") for i in ids(st))  # Amphibious transport
    st.script_chance(10)
    st.apply(f"fire:{here}:main:{grid.name(enemy.space)}")
    assert inf.main_shots == 1
    assert enemy.iid not in st.units or enemy.wounds > 0


def test_landing_craft_deploys_with_embarked_unit_and_disembarks_in_front() -> None:
    st = to_phase("deploy", scenario="island-landing")
    slot = st.actor
    assert st.side_of(slot) == 0
    boat_card = st._new_card("us-lcvp")
    marine = st._new_card("us-marines")  # Embarked: -1 AP from a landing craft
    st.hands[slot].put_top(boat_card)
    st.hands[slot].put_top(marine)
    st.ap[slot] = 10
    hand = sorted(st.hands[slot])
    st.apply(f"deploy:h{hand.index(boat_card) + 1}:1,4")
    assert st.ap[slot] == 8
    hand = sorted(st.hands[slot])
    assert st.db.units["us-marines"].tags.count("embarked") == 1
    st.apply(f"board:h{hand.index(marine) + 1}:1,4")
    boat = st.units[boat_card]
    assert boat.cargo is not None and boat.cargo.iid == marine
    assert st.ap[slot] == 8 - (st.db.units["us-marines"].cost - 1)
    st.apply("deploy-done")
    assert st.phase == "move"
    # bring the boat to the shore (a later turn) and disembark in front of it
    st.board[boat.space] = -1
    from hulldown.games.pacific.rules import place

    place(boat, grid.parse("2,4"))
    st.board[boat.space] = boat.iid
    boat.deployed_turn = -5
    legal = ids(st)
    assert "unload:2,4:3,4" in legal and "unload:2,4:2,3" not in legal
    st.apply("unload:2,4:3,4")
    assert st.unit_at(grid.parse("3,4")) is not None and st.units[marine].moved
    # a later turn: embark again from the space in front of the boat
    st.units[marine].moved = False
    st.units[marine].deployed_turn = -5
    st.units[marine].unloaded_turn = -5
    boat.moved = False
    assert "load:3,4:2,4" in ids(st)


def test_just_deployed_transport_without_mobility_cannot_unload() -> None:
    st = to_phase("move")
    side = st.active
    lvt = put(st, "us-lvt1-alligator", sp(side, 1, 4), turn=st.turn)
    inf = put(st, "us-light-infantry", sp(side, 1, 5))
    from hulldown.games.pacific.rules import load, may_unload

    load(st, inf, lvt, [])
    assert not lvt.has("mobility") and not may_unload(st, lvt)
    scout = put(st, "us-m3-scout", sp(side, 2, 4), turn=st.turn)
    inf2 = put(st, "us-light-infantry", sp(side, 2, 5))
    load(st, inf2, scout, [])
    assert may_unload(st, scout)
