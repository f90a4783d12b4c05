"""Rules of Tank Clash, clause by clause (docs/rules/tank-clash.md)."""

from __future__ import annotations

import pytest

from hulldown.engine import IllegalActionError
from hulldown.games.tank_clash import GAME
from hulldown.games.tank_clash.fields import ATK_DEF, ATK_DEFLECT, ATK_RED, MAIN, SCARE
from hulldown.games.tank_clash.state import TankClashState
from tests.games.tank_clash.helpers import far_tanks, give, ids, put, start_game


def duel(
    a_hex: str = "I6", b_hex: str = "I8", *, a_kind: str = "heavy", b_kind: str = "medium", **kw: object
) -> TankClashState:
    """Seat 0's a4 (a_kind) facing seat 1's b1 (b_kind); everything else far away."""
    seat0 = far_tanks(0)
    seat1 = far_tanks(1)
    # keep the roster: swap the kinds into the slots we use
    seat0[3] = (a_kind, a_hex)
    if a_kind != "heavy":
        seat0[[k for k, _ in seat0].index(a_kind)] = ("heavy", "A1")
    seat1[0] = (b_kind, b_hex)
    if b_kind != "medium":
        seat1[[k for k, _ in seat1].index(b_kind)] = ("medium", "L14")
    kw.setdefault("aces", ("a1", "b5"))
    return start_game(seat0, seat1, **kw)  # type: ignore[arg-type]


# -- 2 set-up ---------------------------------------------------------------------------------
def test_setup_checkpoints_on_open_hexes_of_rows_1_4_7() -> None:
    s = GAME.new(seed=3, options={"side": "german"})
    assert isinstance(s, TankClashState)
    seen_rows = []
    while s.phase == 0:
        seat = s.current_player
        assert seat is not None
        legal = s.legal_actions()
        hexes = [s.field.grid.parse(a.id.split(":")[1]) for a in legal]
        rows = {s.row_of(h, seat) for h in hexes}
        assert len(rows) == 1 and all(s.field.open[h] for h in hexes)
        seen_rows.append((seat, rows.pop()))
        s.apply(legal[0])
    assert sorted(seen_rows) == [(0, 1), (0, 4), (0, 7), (1, 1), (1, 4), (1, 7)]


def test_setup_tanks_alternate_in_own_territory_with_roster_and_armour() -> None:
    s = GAME.new(seed=4, options={"side": "german"})
    assert isinstance(s, TankClashState)
    while s.phase == 0:
        s.apply(s.legal_actions()[0])
    first = s.current_player
    order = []
    while s.phase == 1:
        seat = s.current_player
        assert seat is not None
        order.append(seat)
        for a in s.legal_actions():
            h = s.field.grid.parse(a.id.split(":")[2])
            assert s.territory(h) == seat and s.row_of(h, seat) <= 3 and s.passable[h]
        s.apply(s.legal_actions()[-1])
    assert order == [first, 1 - first] * 5
    for seat in (0, 1):
        kinds = sorted(s.kind[t] for t in s.tanks_of(seat))
        assert kinds == [0, 0, 0, 1, 2]
        for t in s.tanks_of(seat):
            assert s.armour[t] == (2, 3, 1)[s.kind[t]]
    assert {a.id.split(":")[0] for a in s.legal_actions()} == {"ace"}


def test_missions_are_secret_and_may_repeat() -> None:
    s = start_game(far_tanks(0), far_tanks(1), missions=(0, 1, 2, 3, 5, 4))
    assert s.mission == ["ace-1", "ace-2"]  # the same kind twice is allowed
    assert s.observation(0)["mission"]["id"] == "ace-1"
    assert "ace-2" not in str(s.observation(0)) and s.observation(None)["mission"] is None


# -- 3 turns -----------------------------------------------------------------------------------
def test_two_actions_no_tank_moves_twice_or_attacks_twice() -> None:
    s = duel()
    s.apply("move:a2:C2")
    assert s.actions_taken == 1 and not any(a.startswith("move:a2:") for a in ids(s))
    second = sorted(a for a in ids(s) if a.startswith("move:a1:"))
    assert second  # move and move, by two tanks
    s.apply(second[0])
    assert s.active == 1 and s.phase == MAIN  # two actions end the turn
    s.script_chance(1, 1)
    s.apply("attack:b1:a4")
    assert not any(a.startswith("attack:b1:") for a in ids(s))
    assert any(a.startswith("move:b1:") for a in ids(s))  # attack then move
    s.apply("end")
    s.apply("move:a4:J5")
    assert any(a.startswith("attack:a4:") for a in ids(s))  # move then attack


def test_move_and_attack_in_one_turn_are_one_tanks() -> None:
    """3.1 the rulebook's four pairs: a move and an attack in one turn belong to the same tank."""
    s = duel(b_hex="I7")
    s.apply("move:a5:K1")  # the destroyer moves ...
    assert "attack:a4:b1" not in ids(s)  # ... so the heavy tank may not fire
    with pytest.raises(IllegalActionError):
        s.apply("attack:a4:b1")
    s.apply("end")
    s.apply("end")
    assert "move:a1:A2" in ids(s)
    s.script_chance(1, 1, 1)
    s.apply("attack:a4:b1")  # the heavy tank fires (a miss) ...
    assert not any(a.startswith("move:a1:") for a in ids(s))  # ... so only it may move
    assert any(a.startswith("move:a4:") for a in ids(s))
    with pytest.raises(IllegalActionError):
        s.apply("move:a1:A2")


def test_illegal_action_changes_nothing() -> None:
    s = duel()
    fp = s.fingerprint()
    for bad in ("move:a4:J9", "attack:a4:b2", "move:b1:J9", "nonsense", "place:heavy:A1"):
        with pytest.raises(IllegalActionError):
            s.apply(bad)
    assert s.fingerprint() == fp


# -- 4 movement ---------------------------------------------------------------------------------
def test_movement_up_to_speed_and_blocked_by_river_and_house() -> None:
    s = duel()
    g = s.field.grid
    for t in (0, 3):
        speed = s.stats(t)[2]
        for h in s.movement_range(t):
            assert g.distance(s.hex[t], h) <= speed
            assert s.passable[h] and s.occupant[h] < 0
    river = [h for h in range(g.size) if s.field.terrain[h] in ("river", "house")]
    for t in range(10):
        if s.hex[t] >= 0:
            assert not set(s.movement_range(t)) & set(river)


def test_forest_stops_a_move_and_limits_a_move_from_it() -> None:
    s = duel()
    g = s.field.grid
    # a Sherman on F1 (speed 3): the forest on E2 can be entered, but nothing is reached through it
    put(s, 0, "F1")
    reach = {g.name(h) for h in s.movement_range(0)}
    assert "E2" in reach
    assert s.field.forest[g.parse("E2")]
    # a tank in a forest moves one hex only, whatever its speed
    put(s, 0, "E2")
    assert s.movement_range(0) and all(g.distance(g.parse("E2"), h) == 1 for h in s.movement_range(0))
    # entering the forest ends the move: from F1 (3 moves) D4, E4 and F4 lie within 3 hexes on
    # open ground, but every way there crosses the forest on row 3, so none is reached
    put(s, 0, "F1")
    reach = {g.name(h) for h in s.movement_range(0)}
    for n in ("D4", "E4", "F4"):
        h = g.parse(n)
        assert g.distance(g.parse("F1"), h) <= 3 and s.passable[h] and not s.field.forest[h]
        assert n not in reach
    assert {"E3", "F3"} <= reach and all(s.field.forest[g.parse(n)] for n in ("E3", "F3"))


def test_enemy_tanks_block_friendly_tanks_do_not() -> None:
    s = duel()
    g = s.field.grid
    put(s, 0, "A1")  # a Sherman in the corner; its only ways out are A2 and B1
    put(s, 1, "B1")
    put(s, 5, "A2")  # an enemy Panzer
    reach = {g.name(h) for h in s.movement_range(0)}
    assert "A3" not in reach and "A2" not in reach and "B1" not in reach  # enemy blocks the short way
    assert "D1" in reach  # through the friendly tanks on B1 and C1
    put(s, 5, "I8")
    put(s, 2, "A2")  # now a friendly tank: A3 is reached through it
    assert "A3" in {g.name(h) for h in s.movement_range(0)}


# -- 4.5 / 5 attacks ------------------------------------------------------------------------------
def test_range_is_firepower() -> None:
    s = duel("I5", "I8")  # distance 3: the Pershing (firepower 3) reaches, the Panzer (2) does not
    assert "attack:a4:b1" in ids(s)
    s.apply("end")
    assert "attack:b1:a4" not in ids(s)


def test_house_blocks_fire_river_does_not() -> None:
    s = duel()
    g = s.field.grid
    house = g.parse("B2")
    assert s.field.terrain[house] == "house"
    assert not s.can_target(g.parse("A2"), g.parse("C2"), 3)  # straight through the house
    river = g.parse("G3")
    assert s.field.terrain[river] == "river"
    assert s.can_target(g.parse("G2"), g.parse("G4"), 3)  # across the river


def test_both_in_forest_only_adjacent() -> None:
    s = duel()
    g = s.field.grid
    a, b = g.parse("B6"), g.parse("C8")
    assert s.field.forest[a] and s.field.forest[b] and g.distance(a, b) == 2
    assert g.line_of_sight(a, b, s.blocks_fire)
    assert not s.can_target(a, b, 4)
    adj = [n for n in g.neighbours(a) if s.field.forest[n]]
    assert adj and s.can_target(a, adj[0], 1)


@pytest.mark.parametrize(
    ("dice", "armour", "damage", "result"),
    [
        ((6, 1, 1), 1, 0, "critical hit"),
        ((5, 1, 1), 1, 0, "hit"),
        ((4, 1, 1), 2, 2, "heavy damage"),
        ((3, 1, 1), 2, 1, "light damage"),
        ((1, 1, 1), 2, 0, "miss"),
    ],
)
def test_dice_table(dice: tuple[int, ...], armour: int, damage: int, result: str) -> None:
    s = duel()
    s.script_chance(*dice)
    events = s.apply("attack:a4:b1")
    assert [e["result"] for e in events if e["type"] == "attack_result"] == [result]
    assert (s.armour[5], s.damage[5]) == (armour, damage)
    assert len(s.hands[0]) == (1 if result == "critical hit" else 0)


def test_scare_attacker_chooses_the_retreat_hex() -> None:
    s = duel()
    s.script_chance(2, 1, 1)
    s.apply("attack:a4:b1")
    assert s.phase == SCARE and s.current_player == 0
    options = [a.id for a in s.legal_actions()]
    g = s.field.grid
    assert all(g.distance(g.parse(o.split(":")[1]), g.parse("I8")) == 1 for o in options)
    s.apply(options[-1])
    assert s.hex_name(s.hex[5]) == options[-1].split(":")[1]


def test_three_damage_tokens_cost_an_armour_token_and_no_armour_means_destroyed() -> None:
    s = duel()
    s.damage[5] = 2
    s.script_chance(3, 1, 1)
    s.apply("attack:a4:b1")
    assert (s.armour[5], s.damage[5]) == (1, 0)
    s.armour[5] = 0
    s.apply("end")
    s.apply("end")
    s.script_chance(5, 1, 1)
    s.apply("attack:a4:b1")
    assert s.destroyed[5] and s.hex[5] == -1


def test_ace_adds_one_and_checkpoint_defender_subtracts_one() -> None:
    s = duel(aces=("a4", "b5"))
    s.script_chance(4, 1, 1)  # 4 + 1 (ace) = 5: a hit
    s.apply("attack:a4:b1")
    assert s.armour[5] == 1
    s2 = duel("H6", "H8")  # H8 is seat 1's row-7 checkpoint
    assert s2.cp_at.get(s2.field.grid.parse("H8")) is not None
    s2.script_chance(5, 1, 1)  # 5 - 1 = 4: heavy damage only
    s2.apply("attack:a4:b1")
    assert (s2.armour[5], s2.damage[5]) == (2, 2)


def test_alternative_ace_rerolls_one_die() -> None:
    s = duel(aces=("a4", "b5"), options={"ace_reroll": True})
    s.script_chance(2, 1, 1)
    s.apply("attack:a4:b1")
    assert {a.id for a in s.legal_actions()} == {"keep", "reroll:1", "reroll:2"}
    s.script_chance(5)
    s.apply("reroll:1")
    assert s.armour[5] == 1  # 5, no +1: the alternative ace replaces the bonus


# -- 6 checkpoints ------------------------------------------------------------------------------
def test_capture_flips_checkpoint_draws_morale_and_repair_at_own_checkpoint() -> None:
    s = duel()
    g = s.field.grid
    put(s, 3, "H7")
    s.apply("move:a4:H8")  # seat 1's row-7 checkpoint
    cp = s.cp_at[g.parse("H8")]
    assert s.cp_holder[cp] == 0 and len(s.hands[0]) == 1
    s.apply("end")
    # seat 1: a damaged tank entering its own checkpoint is repaired; armour is not replenished
    put(s, 5, "G10")
    s.damage[5] = 2
    s.armour[5] = 1
    s.apply("move:b1:G11")
    assert s.damage[5] == 0 and s.armour[5] == 1


def test_recapture_draws_no_card() -> None:
    s = duel()
    g = s.field.grid
    put(s, 3, "H7")
    s.apply("move:a4:H8")
    s.apply("end")
    put(s, 3, "H7")  # the capturer has left; seat 1 walks back in
    put(s, 5, "I9")
    s.apply("move:b1:H8")
    assert s.cp_holder[s.cp_at[g.parse("H8")]] == 1 and len(s.hands[1]) == 0  # own checkpoint: no card


def test_capturing_the_base_camp_wins() -> None:
    st = duel()
    put(st, 3, "F13")
    st.apply("move:a4:F14")
    assert st.is_over and st.winner == 0 and "base camp" in st.reason
    assert st.returns() == [1.0, -1.0]


# -- 8 tactical cards -----------------------------------------------------------------------------
def test_artillery_hits_centre_and_damages_around_without_friendly_fire() -> None:
    s = duel()
    assert "tactical:artillery:I8" in ids(s)
    s.apply("tactical:artillery:I8")
    assert s.armour[5] == 1
    assert "tactical:air:I8" not in ids(s)  # one tactical card per turn
    s.apply("end")
    s.apply("end")
    assert not any(a.startswith("tactical:artillery") for a in ids(s))  # once per game


def test_air_support_pattern_is_the_row() -> None:
    s = duel()
    s.apply("tactical:air:H8")  # J8 is two hexes to the right in the same row
    assert (s.armour[5], s.damage[5]) == (2, 1)


def test_smoke_stops_enemy_attacks_for_one_turn() -> None:
    s = duel()
    s.apply("tactical:smoke")
    s.apply("end")
    assert not any(a.startswith("attack:") for a in ids(s))
    s.apply("end")
    s.apply("end")
    assert any(a.startswith("attack:b1") for a in ids(s))


def test_smoked_player_is_offered_no_strike_card() -> None:
    s = duel()
    s.apply("tactical:smoke")
    s.apply("end")
    offered = {a.split(":")[1] for a in ids(s) if a.startswith("tactical:")}
    assert offered and not offered & {"artillery", "air", "infantry"}
    assert not any(a.startswith("attack:") for a in ids(s))


def test_infantry_adds_a_die_and_activation_roll() -> None:
    s = duel()
    s.apply("tactical:infantry")
    s.script_chance(1, 1, 1, 6)
    s.apply("attack:a4:b1")
    assert len(s.at_dice) == 0 and s.armour[5] == 1  # the fourth die (6) counted
    s2 = duel(options={"tactical_activation": True})
    s2.script_chance(2)
    s2.apply("tactical:artillery:I8")
    assert s2.armour[5] == 2 and "artillery" in s2.tac_used[0]  # failed, still spent


def test_repair_and_mines() -> None:
    s = duel()
    assert not any(a.startswith("tactical:repair") for a in ids(s))
    assert not any(a.startswith("tactical:mines") for a in ids(s))  # no enemy in our territory
    s.armour[3] = 1
    put(s, 5, "I7")
    assert "tactical:repair:a4" in ids(s)
    s.apply("tactical:mines:b1")
    assert s.damage[5] == 2


# -- 10 morale cards ------------------------------------------------------------------------------
def test_hand_limit_forces_a_discard() -> None:
    s = duel()
    give(s, 0, "Sniper", "Conceal", "Refuel")
    s.script_chance(6, 1, 1)
    s.apply("attack:a4:b1")
    s.apply("pass")  # the attacker's own window: it holds cards
    assert s.current_player == 0 and all(a.id.startswith("discard:") for a in s.legal_actions())
    s.apply("discard:Refuel")
    assert len(s.hands[0]) == 3 and "Refuel" in s.morale_discard


def test_morale_windows_sniper_conceal_deflect() -> None:
    s = duel()
    give(s, 0, "Sniper")
    give(s, 1, "Deflect")
    s.script_chance(4, 1, 1)
    s.apply("attack:a4:b1")
    assert s.phase == ATK_RED and "morale:Sniper" in ids(s)
    s.apply("morale:Sniper")  # 4 + 1 = 5
    # Deflect waits for the roll: the defender, holding nothing to play before it, is not asked
    assert s.phase == ATK_DEFLECT and s.current_player == 1
    assert ids(s) == {"pass", "morale:Deflect"}
    s.script_chance(2)
    s.apply("morale:Deflect")  # the 4 (a hit with Sniper) is re-rolled into a 2: 2 + 1 = light damage
    assert (s.armour[5], s.damage[5]) == (2, 1)


def test_attack_timing_asks_the_defender_whatever_it_holds() -> None:
    """``morale_timing = "attacks"`` (records made before the book's timing): the defender's window
    before the roll opens on any card, so a seat holding only Deflect is asked and can only pass."""
    s = duel(options={"morale_timing": "attacks"})
    give(s, 0, "Sniper")
    give(s, 1, "Deflect")
    s.script_chance(4, 1, 1)
    s.apply("attack:a4:b1")
    s.apply("morale:Sniper")
    assert s.phase == ATK_DEF and s.current_player == 1 and ids(s) == {"pass"}
    s.apply("pass")
    assert s.phase == ATK_DEFLECT and "morale:Deflect" in ids(s)


def test_one_morale_card_per_turn() -> None:
    s = duel()
    give(s, 0, "Sabotage", "Overhaul")
    s.damage[3] = 1
    s.apply("morale:Sabotage:b1")
    assert s.damage[5] == 1
    assert not any(a.startswith("morale:") for a in ids(s))


def test_deck_reshuffles_the_discard_pile() -> None:
    s = duel()
    s.morale_discard.extend(s.morale_deck.take_all())
    s.script_chance(6, 1, 1)
    s.apply("attack:a4:b1")
    assert len(s.hands[0]) == 1 and len(s.morale_deck) == 11 and not s.morale_discard


# -- 12 / 13 victory -----------------------------------------------------------------------------
def test_destroying_every_enemy_tank_wins() -> None:
    s = duel()
    for t in (6, 7, 8, 9):
        put(s, t, None)
    s.armour[5] = 0
    s.script_chance(5, 1, 1)
    s.apply("attack:a4:b1")
    assert s.is_over and s.winner == 0 and s.reason == "destroyed every enemy tank"


def test_secret_mission_kill_the_ace() -> None:
    s = duel(aces=("a1", "b1"))  # seat 0's mission (identity shuffle) is ace-2
    assert s.mission[0] == "ace-2"
    s.armour[5] = 0
    s.script_chance(5, 1, 1)
    s.apply("attack:a4:b1")
    assert s.is_over and s.winner == 0 and "mission" in s.reason


def test_victory_points() -> None:
    s = duel(options={"victory_points": True}, aces=("a1", "b1"))
    assert s.mission == [None, None]
    s.armour[5] = 0
    s.script_chance(5, 1, 1)
    s.apply("attack:a4:b1")
    assert s.vp == [2, 0] and not s.is_over  # medium 1 + ace 1
    s.vp[0] = 4
    s.apply("end")
    s.apply("end")
    put(s, 3, "H7")
    s.apply("move:a4:H8")
    assert s.is_over and s.winner == 0 and s.vp[0] == 6


def test_round_limit_ends_in_a_draw() -> None:
    s = duel(options={"round_limit": 1})
    s.apply("end")
    s.apply("end")
    assert s.is_over and s.returns() == [0.0, 0.0]
