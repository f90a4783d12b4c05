from typing import Any

from hulldown.engine import registry
from hulldown.games.pacific import grid
from hulldown.games.pacific.state import PacificState
from hulldown.games.pacific.units import Unit

GAME = registry.load("2gm-pacific")


def new(players: int = 2, **opts: Any) -> PacificState:
    st = GAME.new(seed=3, players=players, options=opts)
    assert isinstance(st, PacificState)
    return st


def to_deploy(st: PacificState) -> None:
    """Keep both hands, bid 0, place no terrain: the first turn's Deployment phase."""
    while st.phase != "deploy":
        ids = [a.id for a in st.legal_actions()]
        for pick in ("keep", "bid:0", "terrain-done", "ta-pass"):
            if pick in ids:
                st.apply(pick)
                break


def put(st: PacificState, cid: str, side: int, s: int) -> Unit:
    iid = st._new_card(cid)
    u = Unit(iid, st.db.units[cid], st.side_slots[side][0], side, s, -5)
    st.units[iid] = u
    st.board[s] = iid
    return u


def test_grid_and_hq_distance() -> None:
    assert grid.hq_distance(0, grid.space(0, 3)) == 1
    assert grid.hq_distance(0, grid.space(0, 4)) == 1
    assert grid.hq_distance(0, grid.space(0, 0)) == 4
    assert grid.hq_distance(1, grid.space(5, 4)) == 1
    assert grid.own_row(1, grid.space(5, 0)) == 1
    assert grid.distance(grid.space(0, 0), grid.space(5, 7)) == 12


def test_natural_terrain_placement() -> None:
    st = new()
    placed = [s for s in range(grid.SPACES) if st.terrain[s] >= 0]
    assert len(placed) == 4
    assert all(s // grid.COLS in (2, 3) for s in placed)


def test_deck_points() -> None:
    for pts in (80, 100):
        st = new(points=pts)
        total = sum(st.db.cost(st.cards[i]) for i in [*st.decks[0], *st.hands[0]])
        assert total <= pts


def test_redraw() -> None:
    st = new()
    before = list(st.hands[0])
    st.apply("redraw")
    assert len(st.hands[0]) == 5
    assert len(st.decks[0]) + 5 == 46
    assert st.mulligan_done[0] and before is not None


def test_initiative_bid() -> None:
    st = new()
    st.apply("keep")
    st.apply("keep")
    st.apply("bid:3")
    assert st.observation(1)["bids"][0] is None  # hidden until both have chosen
    st.script_chance(5, 9)
    st.apply("bid:0")
    assert st.first_side == 1  # 5 + 3 against 9 + 0
    assert st.ap[0] == 2


def test_terrain_placement() -> None:
    st = new()
    st.apply("keep")
    st.apply("keep")
    st.apply("bid:2")
    st.apply("bid:0")
    ids = [a.id for a in st.legal_actions()]
    if st.bid_order[0] == 0:
        assert any(i.startswith("terrain:") for i in ids)
        for i in ids:
            if i.startswith("terrain:"):
                assert i.split(":")[2].split(",")[0] in ("2", "3")


def test_headquarters_ap() -> None:
    st = new()
    put(st, "us-light-infantry", 0, grid.space(0, 0))
    put(st, "us-radio-operator", 0, grid.space(1, 0))
    # HQ 1 + supply 2 + radio operator 1
    assert st.ap_generated(0) == 4


def test_supply_line() -> None:
    st = new()
    put(st, "us-light-infantry", 0, grid.space(0, 0))
    put(st, "us-light-infantry", 0, grid.space(1, 0))
    put(st, "us-light-infantry", 0, grid.space(2, 0))
    assert st.supply_line(0) == 3
    put(st, "jp-special-forces", 1, grid.space(1, 5))  # Infiltration: row gives 0, line goes on
    assert st.supply_line(0) == 2
    put(st, "jp-light-infantry", 1, grid.space(0, 5))  # an enemy unit breaks the line
    assert st.supply_line(0) == 0


def test_empty_deck_loses() -> None:
    st = new()
    to_deploy(st)
    side = st.active
    slot = st.side_slots[1 - side][0]
    st.decks[slot].cards.clear()
    while not st.over:
        ids = [a.id for a in st.legal_actions()]
        st.apply(next(i for i in ids if i.endswith("done") or i == "ta-pass"))
    assert st.winner == side
    assert st.observation(None)["end_reason"] == "deck"


def test_discard_phase() -> None:
    st = new()
    to_deploy(st)
    for _ in range(3):
        st.apply(next(a.id for a in st.legal_actions() if a.id.endswith("done")))
    assert st.phase == "discard"
    slot = st.actor
    st._draw(slot, 4)
    ids = [a.id for a in st.legal_actions()]
    assert "discard-done" not in ids  # more than 7 cards
    while len(st.hands[slot]) > 7:
        st.apply(next(a.id for a in st.legal_actions() if a.id.startswith("discard:")))
    assert "discard-done" in [a.id for a in st.legal_actions()]


def test_deploy_unit_pays_cost() -> None:
    st = new()
    to_deploy(st)
    slot = st.actor
    iid = st._new_card("us-m4a2" if st.armies[st.side_of(slot)] == "us" else "jp-type97-chiha")
    st.hands[slot].put_top(iid)
    st.ap[slot] = 6
    row = grid.deployment_row(st.side_of(slot)) + 1
    st._legal_cache = None
    h = sorted(st.hands[slot]).index(iid) + 1  # action ids name the hand position (ids.py)
    st.apply(f"deploy:h{h}:{row},2")
    assert st.ap[slot] == 1
    assert st.units[iid].tokens[0].up.id == "tank-mg"  # free upgrade


def test_movement_and_swap() -> None:
    from hulldown.games.pacific.rules import move_destinations

    st = new()
    for s in range(grid.SPACES):
        st.terrain[s] = -1
    a = put(st, "us-light-infantry", 0, grid.space(1, 1))
    b = put(st, "us-light-infantry", 0, grid.space(2, 1))
    dests, _ = move_destinations(st, a)
    assert b.space in dests  # friendly units may swap
    assert grid.space(3, 1) in dests and grid.space(4, 1) not in dests


def test_difficult_terrain() -> None:
    from hulldown.games.pacific.rules import move_destinations

    st = new()
    for s in range(grid.SPACES):
        st.terrain[s] = -1
    jungle = next(i for i, c in enumerate(st.cards) if c == "jungle")
    st.terrain[grid.space(1, 1)] = jungle
    u = put(st, "us-m2-light-tank", 0, grid.space(0, 1))
    dests, _ = move_destinations(st, u)
    assert grid.space(1, 1) in dests and grid.space(2, 1) not in dests
    scout = put(st, "us-recon-marines", 0, grid.space(0, 2))
    st.terrain[grid.space(1, 2)] = jungle
    assert grid.space(2, 2) in move_destinations(st, scout)[0]


def test_assault() -> None:
    st = new()
    a = put(st, "us-marines", 0, grid.space(2, 1))
    e = put(st, "jp-light-infantry", 1, grid.space(3, 1))
    from hulldown.games.pacific import combat

    atk = combat.numbers(st, a, None, e, assault=True, dist=1)
    assert atk.hit <= a.card.hit - 2  # assault -1 and Blasting Charge -1


def test_team_mode_split_ap() -> None:
    st = new(players=3)
    assert st.ap[1] == 3 and st.ap[2] == 2  # the Field Marshall takes the odd AP
    assert st.side_slots[1] == [1, 2]


def test_weather_table() -> None:
    from hulldown.games.pacific.state import WEATHER_ROLL

    assert WEATHER_ROLL[6] == "fog" and WEATHER_ROLL[9] == "storm" and WEATHER_ROLL[5] == "none"
    st = new(weather="rain")
    assert len(st.muddy) == 4


def test_solo_game_runs_and_logs_clauses() -> None:
    from hulldown.engine.rng import SplitMix64

    st = new(players=1)
    rng = SplitMix64(1)
    while not st.over and st.steps < 3000:
        la = st.legal_actions()
        st.apply(la[rng.below(len(la))])
    assert st.ai_log and all(entry.startswith("12") for entry in st.ai_log)


def test_action_ids_name_hand_positions_spaces_and_bays() -> None:
    """§1.6: ids never name card instances; every offered id is in the fixed action space."""
    from hulldown.games.pacific.ids import find_unit, hand_card, unit_ref

    st = new()
    to_deploy(st)
    slot = st.actor
    side = st.side_of(slot)
    space = GAME.tensors.action_ids(2, st.options)  # type: ignore[union-attr]
    assert len(space) == len(set(space))
    hand = sorted(st.hands[slot])
    assert [hand_card(st, slot, f"h{k + 1}") for k in range(len(hand))] == hand
    plane = "us-p38" if st.armies[side] == "us" else "jp-a6m-zero"
    if plane not in st.db.units:
        plane = next(c for c, u in st.db.units.items() if u.type == "aircraft" and u.army == st.armies[side])
    iid = st._new_card(plane)
    st.hands[slot].put_top(iid)
    st.ap[slot] = 20
    st._legal_cache = None
    h = sorted(st.hands[slot]).index(iid) + 1
    st.apply(f"deploy:h{h}:hq")
    u = st.units[iid]
    assert u.bay == 1 and unit_ref(u, side) == "a1" and unit_ref(u, 1 - side) == "e1"
    assert find_unit(st, "a1", side) is u
    assert {a.id for a in st.legal_actions()} <= set(space)


def test_lend_lease() -> None:
    st = new(lend_lease=True)
    to_deploy(st)
    slot = st.actor
    side = st.side_of(slot)
    st._legal_cache = None
    assert not any(a.id.startswith("lendlease:") for a in st.legal_actions())  # HQ not under fire
    enemy_space = grid.space(grid.row_index(side, 2), 3)
    put(st, "jp-light-infantry" if side == 0 else "us-light-infantry", 1 - side, enemy_space)
    st._legal_cache = None
    ids = [a.id for a in st.legal_actions() if a.id.startswith("lendlease:")]
    assert ids == [f"lendlease:{n}" for n in range(1, 12)]  # never the 12th, destroying wound
    ap = st.ap[slot]
    st.apply("lendlease:3")
    assert st.hq_wounds[side] == 3 and st.ap[slot] == ap + 3
    assert not any(a.id.startswith("lendlease:") for a in st.legal_actions())  # once a turn


def test_upgrade_token_drop() -> None:
    from hulldown.games.pacific import combat

    st = new(upgrade_drop=True)
    to_deploy(st)
    side = st.active
    for s in range(grid.SPACES):
        st.terrain[s] = -1
    foe = put(st, "us-heavy-infantry" if side == 1 else "jp-heavy-infantry", 1 - side, grid.space(2, 3))
    foe.tokens.append(st.new_token("hmg"))  # offensive
    foe.tokens.append(st.new_token("hit-the-dirt"))  # defensive only: not dropped
    combat.destroy(st, foe, [])
    assert st.drops == {grid.space(2, 3): ["hmg"]}
    assert st.observation(0)["drops"] == {"3,4": ["HMG"]}
    st.apply("deploy-done")
    mine = put(st, "us-light-infantry" if side == 0 else "jp-light-infantry", side, grid.space(2, 2))
    st._legal_cache = None
    assert "pickup:3,3" not in {a.id for a in st.legal_actions()}
    st.apply("move:3,3:3,4")  # ends its move on the dropped tokens
    assert "pickup:3,4" in {a.id for a in st.legal_actions()}
    st.apply("pickup:3,4")
    assert [t.up.id for t in mine.tokens] == ["hmg"] and not st.drops


def test_aa_fires_at_paratroopers() -> None:
    st = new()
    to_deploy(st)
    slot = st.actor
    side = st.side_of(slot)
    units = st.db.units.values()
    para_id = next(u.id for u in units if "paratroopers" in u.tags and u.army == st.armies[side])
    aa_id = next(u.id for u in units if "anti-aircraft" in u.tags and u.army != st.armies[side])
    for s in range(grid.SPACES):
        st.terrain[s] = -1
    drop = grid.space(grid.row_index(side, 5), 3)
    aa = put(st, aa_id, 1 - side, grid.space(grid.row_index(side, 6), 3))
    assert grid.distance(aa.space, drop) <= aa.card.range
    iid = st._new_card(para_id)
    st.hands[slot].put_top(iid)
    st.ap[slot] = 10
    st._legal_cache = None
    h = sorted(st.hands[slot]).index(iid) + 1
    st.apply(f"deploy:h{h}:{grid.name(drop)}")
    assert st.phase == "aa" and st.side_of(st.actor) == 1 - side  # the defender may fire its AA
    assert {a.id for a in st.legal_actions()} == {f"aa:{grid.name(aa.space)}", "aa-done"}
    st.script_chance(10, 10)
    st.apply(f"aa:{grid.name(aa.space)}")
    assert iid not in st.units or st.units[iid].wounds > 0
    assert st.phase == "deploy" and st.actor == slot and st.pending_air is None
