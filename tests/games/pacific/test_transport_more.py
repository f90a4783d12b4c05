"""Rivers as water (§14.4), transport case 2 (§15.6) and skills from inside a landing craft (§15.7)."""

from typing import Any

from hulldown.engine import registry
from hulldown.games.pacific import grid
from hulldown.games.pacific.rules import move_destinations, reachable
from hulldown.games.pacific.state import PacificState
from hulldown.games.pacific.units import Unit
from tests.games.pacific.test_transport import put

GAME = registry.load("2gm-pacific")


def to_phase(phase: str, **opts: Any) -> PacificState:
    st = GAME.new(seed=3, players=2, options=opts)
    assert isinstance(st, PacificState)
    while st.phase != phase:
        legal = [a.id for a in st.legal_actions()]
        for pick in ("keep", "bid:0", "terrain-done", "ta-pass", "deploy-done", "move-done", "shoot-done"):
            if pick in legal:
                st.apply(pick)
                break
    for s in range(grid.SPACES):  # a bare battlefield
        st.terrain[s] = -1
    return st


def carried(st: PacificState, carrier: Unit, cid: str) -> Unit:
    """``cid`` already on board ``carrier`` (loaded in an earlier turn)."""
    iid = st._new_card(cid)
    c = Unit(iid, st.db.units[cid], carrier.owner, carrier.side, carrier.space, -5)
    carrier.cargo = c
    st._legal_cache = None
    return c


def remove(st: PacificState, u: Unit) -> None:
    st.board[u.space] = -1
    del st.units[u.iid]
    st._legal_cache = None


def river(st: PacificState, s: int) -> None:
    st.terrain[s] = st._new_card("river")
    st._legal_cache = None


def ids(st: PacificState) -> set[str]:
    st._legal_cache = None
    return {a.id for a in st.legal_actions()}


def sp(side: int, own_row: int, col: int) -> int:
    return grid.space(grid.row_index(side, own_row), col - 1)


def hand_ref(st: PacificState, slot: int, iid: int) -> str:
    return f"h{sorted(st.hands[slot]).index(iid) + 1}"


# ---------------------------------------------------------------------- §14.4 rivers
def test_river_card_is_water_not_difficult_terrain() -> None:
    t = GAME.new(seed=0, players=2)
    assert isinstance(t, PacificState)
    tags = t.db.terrain["river"].tags
    assert "river" in tags and "difficult" not in tags


def test_river_stops_ground_units_but_not_amphibious_vehicles_or_sappers() -> None:
    st = to_phase("move")
    side = st.active
    water, beyond, start = sp(side, 3, 4), sp(side, 4, 4), sp(side, 2, 4)
    river(st, water)
    inf = put(st, "us-heavy-infantry", start)
    dests, _ = move_destinations(st, inf)
    # neither onto the river nor across it (the way round is 4 spaces for 2 MP)
    assert water not in dests and beyond not in dests and water not in reachable(st, inf, 2)
    assert f"move:{grid.name(start)}:{grid.name(water)}" not in ids(st)
    remove(st, inf)
    lvt = put(st, "us-lvt1-alligator", start)  # Amphibious: navigates rivers
    dests, _ = move_destinations(st, lvt)
    assert water in dests and beyond in dests
    remove(st, lvt)
    sappers = put(st, "us-seabees", start)  # Sappers cross rivers anywhere, and may stand on one
    dests, _ = move_destinations(st, sappers)
    assert water in dests and beyond in dests
    st.apply(f"move:{grid.name(start)}:{grid.name(water)}")
    assert sappers.space == water


def test_sappers_token_also_crosses_rivers() -> None:
    st = to_phase("move")
    side = st.active
    water = sp(side, 3, 4)
    river(st, water)
    inf = put(st, "us-light-infantry", sp(side, 2, 4))
    inf.tokens.append(st.new_token("sappers"))
    assert water in move_destinations(st, inf)[0]


def test_sappers_on_a_river_bridge_it_for_friendly_units_except_extra_heavy() -> None:
    st = to_phase("move")
    side = st.active
    water, beyond, start = sp(side, 3, 4), sp(side, 4, 4), sp(side, 2, 4)
    river(st, water)
    put(st, "us-seabees", water)
    inf = put(st, "us-heavy-infantry", start)
    dests, _ = move_destinations(st, inf)
    assert beyond in dests  # over the bridge
    assert water not in dests  # but not onto the river (no swap with the Sappers either)
    remove(st, inf)
    tank = put(st, "us-m26-pershing", start)  # Extra Heavy: never over a bridge
    assert beyond not in move_destinations(st, tank)[0]
    remove(st, tank)
    enemy = put(st, "jp-light-infantry", start, side=1 - side)
    assert beyond not in reachable(st, enemy, 2)  # the bridge is only for the Sappers' side


def test_no_deployment_onto_a_river_except_amphibious_and_sappers() -> None:
    st = to_phase("deploy")
    slot = st.actor
    side = st.side_of(slot)
    water = sp(side, 1, 3)
    river(st, water)
    st.ap[slot] = 20
    cards = {cid: st._new_card(cid) for cid in ("us-heavy-infantry", "us-lvt1-alligator", "us-seabees")}
    for iid in cards.values():
        st.hands[slot].put_top(iid)
    legal = ids(st)
    at = grid.name(water)
    assert f"deploy:{hand_ref(st, slot, cards['us-heavy-infantry'])}:{at}" not in legal
    assert f"deploy:{hand_ref(st, slot, cards['us-heavy-infantry'])}:{grid.name(sp(side, 1, 4))}" in legal
    assert f"deploy:{hand_ref(st, slot, cards['us-lvt1-alligator'])}:{at}" in legal
    assert f"deploy:{hand_ref(st, slot, cards['us-seabees'])}:{at}" in legal


def test_landing_craft_sails_up_a_river_and_lands_only_on_dry_ground() -> None:
    st = to_phase("move", scenario="island-landing")
    side = st.active
    assert side == 0 and st.sea[sp(0, 2, 2)]
    water = sp(0, 3, 2)
    river(st, water)
    boat = put(st, "us-lcvp", sp(0, 2, 2))
    carried(st, boat, "us-marines")
    dests, _ = move_destinations(st, boat)
    assert water in dests and sp(0, 3, 1) not in dests  # a boat stays on water: sea or river
    st.apply(f"move:{grid.name(sp(0, 2, 2))}:{grid.name(water)}")
    assert boat.space == water and boat.cargo is not None and boat.cargo.space == water
    legal = ids(st)
    assert f"unload:{grid.name(water)}:{grid.name(sp(0, 4, 2))}" in legal  # in front: dry ground
    river(st, sp(0, 4, 2))
    assert f"unload:{grid.name(water)}:{grid.name(sp(0, 4, 2))}" not in ids(st)  # never into a river


def test_truck_does_not_fetch_sappers_standing_on_a_river() -> None:
    st = to_phase("move")
    side = st.active
    water = sp(side, 3, 4)
    river(st, water)
    put(st, "us-seabees", water)
    truck = put(st, "us-m3-scout", sp(side, 2, 3))
    assert water in reachable(st, truck, 4)  # over the Sappers' bridge, but it may not stop there
    legal = ids(st)
    assert not any(a.startswith(f"fetch:{grid.name(truck.space)}:") for a in legal)


# ---------------------------------------------------------------------- §15.6 transport case 2
def test_mobility_transport_deployed_this_turn_fetches_a_unit_in_the_deployment_phase() -> None:
    st = to_phase("deploy")
    slot = st.actor
    side = st.side_of(slot)
    inf = put(st, "us-heavy-infantry", sp(side, 2, 3))
    st.ap[slot] = 10
    truck_card = st._new_card("us-m3-scout")  # Transport, Mobility
    st.hands[slot].put_top(truck_card)
    st.apply(f"deploy:{hand_ref(st, slot, truck_card)}:{grid.name(sp(side, 1, 3))}")
    truck = st.units[truck_card]
    fetch = f"fetch:{grid.name(sp(side, 1, 3))}:{grid.name(inf.space)}"
    assert fetch in ids(st)
    st.apply(fetch)
    assert truck.cargo is inf and truck.space == sp(side, 2, 3) and inf.iid not in st.units
    assert st.board[sp(side, 1, 3)] == -1 and st.board[sp(side, 2, 3)] == truck.iid
    assert not any(a.startswith("fetch:") for a in ids(st))
    st.apply("deploy-done")
    assert st.phase == "move"
    legal = ids(st)
    here = grid.name(truck.space)
    assert not any(a.startswith(f"move:{here}:") for a in legal)  # it moves no more this turn
    assert f"unload:{here}:{grid.name(sp(side, 2, 4))}" in legal  # unloading stays open (Mobility)


def test_deployment_fetch_needs_mobility_and_a_unit_deployed_earlier() -> None:
    st = to_phase("deploy")
    slot = st.actor
    side = st.side_of(slot)
    old = put(st, "us-heavy-infantry", sp(side, 2, 3))
    st.ap[slot] = 20
    lvt_card = st._new_card("us-lvt1-alligator")  # Transport without Mobility
    inf_card = st._new_card("us-light-infantry")
    truck_card = st._new_card("us-m3-scout")
    for c in (lvt_card, inf_card, truck_card):
        st.hands[slot].put_top(c)
    st.apply(f"deploy:{hand_ref(st, slot, lvt_card)}:{grid.name(sp(side, 1, 3))}")
    assert not any(a.startswith("fetch:") for a in ids(st))  # no Mobility: `load:` in the Movement phase
    st.apply(f"deploy:{hand_ref(st, slot, inf_card)}:{grid.name(sp(side, 1, 5))}")
    st.apply(f"deploy:{hand_ref(st, slot, truck_card)}:{grid.name(sp(side, 1, 6))}")
    fetches = {a for a in ids(st) if a.startswith("fetch:")}
    # the new infantry goes on board with `board:` (case 3), not by a fetch
    assert fetches == {f"fetch:{grid.name(sp(side, 1, 6))}:{grid.name(old.space)}"}


# ---------------------------------------------------------------------- §15.7 skills inside a landing craft
def test_medic_inside_a_landing_craft_heals_itself_and_its_neighbours() -> None:
    st = to_phase("shoot")
    side = st.active
    boat = put(st, "us-lcvp", sp(side, 3, 4))
    medic = carried(st, boat, "us-heavy-infantry")
    medic.tokens.append(st.new_token("medics"))
    medic.wounds = 1
    friend = put(st, "us-light-infantry", sp(side, 3, 5))
    friend.wounds = 1
    here = grid.name(boat.space)
    legal = ids(st)
    assert f"heal:{here}:{here}" in legal and f"heal:{here}:{grid.name(friend.space)}" in legal
    st.apply(f"heal:{here}:{here}")
    assert medic.wounds == 0 and friend.wounds == 1 and medic.healed
    assert not any(a.startswith("heal:") for a in ids(st))  # once a turn


def test_mechanics_inside_repair_a_neighbouring_tank_not_their_boat() -> None:
    st = to_phase("shoot")
    side = st.active
    boat = put(st, "us-lcvp", sp(side, 3, 4))
    boat.wounds = 1
    seabees = carried(st, boat, "us-seabees")
    seabees.tokens.append(st.new_token("mechanics"))
    tank = put(st, "us-m2-light-tank", sp(side, 4, 4))
    tank.wounds = 1
    here = grid.name(boat.space)
    legal = ids(st)
    assert f"heal:{here}:{here}" not in legal
    st.apply(f"heal:{here}:{grid.name(tank.space)}")
    assert tank.wounds == 0 and boat.wounds == 1 and seabees.healed


def test_unit_in_an_ordinary_transport_uses_no_skill() -> None:
    st = to_phase("shoot")
    side = st.active
    truck = put(st, "us-m3-scout", sp(side, 3, 4))
    medic = carried(st, truck, "us-heavy-infantry")
    medic.tokens.append(st.new_token("medics"))
    medic.wounds = 1
    assert not any(a.startswith("heal:") for a in ids(st))


def test_weapon_mounted_and_fired_from_inside_a_landing_craft_and_restored() -> None:
    st = to_phase("shoot")
    side = st.active
    boat = put(st, "us-lcvp", sp(side, 3, 4))
    gunner = carried(st, boat, "us-heavy-infantry")
    gunner.tokens.append(st.new_token("hmg"))
    gunner.tokens.append(st.new_token("smoke-grenade"))
    put(st, "jp-light-infantry", sp(side, 5, 4), side=1 - side)
    here = grid.name(boat.space)
    legal = ids(st)
    assert f"mount:{here}:0" in legal
    assert f"smoke:{here}:1" in legal  # thrown from inside too (§15.7)
    assert not any(a.startswith(f"fire:{here}:0:") for a in legal)  # not mounted yet
    st.apply(f"mount:{here}:0")
    assert gunner.tokens[0].mounted
    shot = next(a for a in ids(st) if a.startswith(f"fire:{here}:0:"))
    st.apply(shot)
    assert gunner.tokens[0].used
    from hulldown.games.pacific.rules import flip_actions, flip_over

    st.turn += 1
    assert f"dismount:{here}:0" in {a.id for a in flip_actions(st, boat.owner)}
    flip_over(st)
    assert not gunner.tokens[0].used  # the Flip Over phase restores a carried unit's tokens too


def test_landing_craft_cards_have_no_gun_skill_or_token_of_their_own() -> None:
    """§15.7 names a carried unit by its landing craft's space: that is unambiguous only while no
    landing craft has a weapon, a Heal/Repair skill or an upgrade token of its own."""
    st = GAME.new(seed=0, players=2)
    assert isinstance(st, PacificState)
    crafts = [uc for uc in st.db.units.values() if "embark-disembark" in uc.tags]
    assert crafts
    for uc in crafts:
        assert uc.damage == 0 and not uc.upgrades and not uc.free
        assert "heal" not in uc.tags and "repair" not in uc.tags
