"""Clauses of docs/rules/tank-clash.md that test_rules.py leaves out, each built through the
public API (set-up from a fresh game, play from a scripted position) and checked against the book."""

from __future__ import annotations

from hulldown.games.tank_clash import GAME
from hulldown.games.tank_clash.data import MORALE_NAMES
from hulldown.games.tank_clash.state import TankClashState
from tests.games.tank_clash.helpers import far_tanks, ids, put, start_game
from tests.games.tank_clash.test_rules import duel


def fresh(seed: int, **options: object) -> TankClashState:
    s = GAME.new(seed=seed, options={"side": "german", **options})
    assert isinstance(s, TankClashState)
    return s


def through_setup(s: TankClashState, until: int) -> None:
    """Take the first legal choice until the set-up reaches phase ``until``."""
    while s.phase < until:
        s.apply(s.legal_actions()[0])


# -- 2 set-up -------------------------------------------------------------------------------------
def test_sides_are_chosen_or_drawn() -> None:
    """2.1 option ``side`` gives seat 0's side; ``random`` draws it, and the other seat plays the other."""
    assert fresh(1).observation(0)["sides"] == ["german", "american"]
    assert fresh(1, side="american").observation(0)["sides"] == ["american", "german"]
    drawn = {tuple(fresh(k, side="random").observation(0)["sides"]) for k in range(12)}
    assert drawn == {("german", "american"), ("american", "german")}


def test_the_insignia_token_draws_the_first_player() -> None:
    """2.3 the first player is drawn, and places the first checkpoint."""
    firsts = set()
    for k in range(12):
        s = fresh(k)
        assert s.current_player == s.observation(0)["first_player"]
        firsts.add(s.current_player)
    assert firsts == {0, 1}


def test_the_morale_deck_is_shuffled_and_the_tactical_cards_lie_face_up() -> None:
    """2.4 the twelve morale cards in a shuffled deck, no hand dealt; each player's six tactical
    cards face up, all of them playable at the first turn's start."""
    orders = set()
    for k in range(4):
        s = fresh(k)
        assert sorted(s.morale_deck.cards) == sorted(MORALE_NAMES) and len(MORALE_NAMES) == 12
        orders.add(tuple(s.morale_deck.cards))
        assert s.observation(0)["hand_sizes"] == [0, 0]
    assert len(orders) > 1
    s = duel("I6", "I8")
    put(s, 5, "I7")  # an enemy tank in seat 0's territory, for Mines
    s.armour[3] = 2  # a tank that has lost armour, for Repair
    s._legal_cache = None
    offered = {a.split(":")[1] for a in ids(s) if a.startswith("tactical:")}
    assert offered == {"artillery", "air", "infantry", "smoke", "repair", "mines"}
    assert s.observation(1)["tactical_used"] == [[], []]


def test_aces_are_assigned_first_player_first_each_to_an_own_tank() -> None:
    """2.8 after the tanks, each player puts the ace under one of their own tanks, the first player
    first; then the first player's turn begins."""
    for seed in (3, 4):
        s = fresh(seed)
        through_setup(s, 2)
        first = s.first
        assert s.current_player == first
        assert ids(s) == {f"ace:{'ab'[first]}{k}" for k in range(1, 6)}
        s.apply(f"ace:{'ab'[first]}2")
        assert s.current_player == 1 - first
        assert ids(s) == {f"ace:{'ab'[1 - first]}{k}" for k in range(1, 6)}
        s.apply(f"ace:{'ab'[1 - first]}4")
        assert s.observation(0)["phase"] == "actions" and s.active == first
        assert s.ace == [1, 8] if first == 0 else s.ace == [3, 6]


# -- 3 turns --------------------------------------------------------------------------------------
def test_ending_the_turn_early_gives_up_the_remaining_actions() -> None:
    """3.2 ``end`` passes the turn at once, after one action or before any."""
    s = duel()
    s.apply("move:a2:C2")
    s.apply("end")
    assert s.active == 1 and s.actions_taken == 0 and s.hex_name(s.hex[1]) == "C2"
    s.apply("end")
    assert s.active == 0 and s.actions_taken == 0
    assert any(a.startswith("move:a2:") for a in ids(s))  # a new turn: the tank moves again


# -- 4 movement -----------------------------------------------------------------------------------
def test_a_bridge_carries_a_move_over_the_river() -> None:
    """4.2 the river blocks a move, the bridge carries it."""
    s = duel()
    g = s.field.grid
    assert s.field.terrain[g.parse("I3")] == "bridge" and s.field.terrain[g.parse("J3")] == "river"
    put(s, 0, "I2")
    reach = {g.name(h) for h in s.movement_range(0)}
    assert "I3" in reach and "J3" not in reach and "I4" in reach
    s.apply("move:a1:I4")
    assert s.hex_name(s.hex[0]) == "I4"


# -- 5 attacks ------------------------------------------------------------------------------------
def test_attacks_offered_are_the_enemy_tanks_in_range_and_sight() -> None:
    """5.1 one tank attacks one enemy tank: the engine offers exactly the enemy tanks that tank has
    in range (5.2) and line of sight (5.3, 4.5), and no friendly tank."""
    seat0 = [("medium", "H6"), ("medium", "E6"), ("medium", "C1"), ("heavy", "I6"), ("destroyer", "F5")]
    seat1 = [("medium", "I8"), ("medium", "G8"), ("medium", "J9"), ("heavy", "D8"), ("destroyer", "A14")]
    s = start_game(seat0, seat1)
    offered = {a for a in ids(s) if a.startswith("attack:")}
    expected = set()
    for t in range(5):
        for e in range(5, 10):
            if s.can_target(s.hex[t], s.hex[e], s.stats(t)[0]):
                expected.add(f"attack:a{t + 1}:b{e - 4}")
    assert offered == expected
    assert {a.split(":")[1] for a in offered} >= {"a1", "a4", "a5"}  # several tanks have a target
    assert "attack:a4:b3" in offered and "attack:a1:b3" not in offered  # J9: in the heavy's range only


def test_dice_are_the_firepower_and_the_result_is_held_between_1_and_6() -> None:
    """5.4 the attacker rolls as many dice as its firepower (medium 2, heavy 3, destroyer 4) and
    keeps the highest; modifiers never take the result past 6 or below 1."""
    for slot, n in ((0, 2), (3, 3), (4, 4)):  # a1 a medium, a4 the heavy, a5 the destroyer
        seat0 = far_tanks(0)
        seat0[slot] = (seat0[slot][0], "I6")
        s = start_game(seat0, [("medium", "I8"), *far_tanks(1)[1:]], aces=("a2", "b5"))
        s.script_chance(*([1] * (n - 1)), 4)
        events = s.apply(f"attack:a{slot + 1}:b1")
        dice = next(e["dice"] for e in events if e["type"] == "dice")
        assert len(dice) == n
        assert [e["result"] for e in events if e["type"] == "attack_result"] == ["heavy damage"]
    s = duel(aces=("a4", "b5"))
    s.script_chance(6, 6, 6)  # 6 + 1 (ace): still a critical hit
    events = s.apply("attack:a4:b1")
    assert [e["result"] for e in events if e["type"] == "attack_result"] == ["critical hit"]
    s = duel("H6", "H8")  # H8: seat 1's checkpoint, so 1 - 1 stays a miss
    s.script_chance(1, 1, 1)
    events = s.apply("attack:a4:b1")
    assert [e["result"] for e in events if e["type"] == "attack_result"] == ["miss"]


# -- 6 checkpoints --------------------------------------------------------------------------------
def test_a_checkpoint_changes_hands_any_number_of_times() -> None:
    """6.1 a checkpoint can be captured, lost and recaptured any number of times; each capture
    of an enemy checkpoint draws a morale card, a recapture none."""
    s = duel()
    g = s.field.grid
    cp = s.cp_at[g.parse("H8")]
    put(s, 3, "H7")
    s.apply("move:a4:H8")
    assert s.cp_holder[cp] == 0 and len(s.hands[0]) == 1
    s.apply("end")
    put(s, 3, "H6")
    put(s, 5, "I9")
    s.apply("move:b1:H8")
    assert s.cp_holder[cp] == 1 and len(s.hands[1]) == 0
    s.apply("end")
    put(s, 5, "I9")  # the defender has gone again
    put(s, 3, "H7")
    s.apply("move:a4:H8")
    assert s.cp_holder[cp] == 0 and len(s.hands[0]) == 2  # captured a second time: a second card


def test_a_tank_on_its_checkpoint_is_repaired_only_by_coming_back_and_only_at_its_own() -> None:
    """6.4 a damaged tank standing on its own checkpoint stays damaged until it moves out and back
    in; armour is never restored there; a captured enemy checkpoint repairs nothing, one's own
    checkpoint recaptured from the enemy repairs."""
    s = duel()
    put(s, 5, "G11")  # seat 1's row-4 checkpoint
    s.damage[5] = 2
    s.apply("end")
    s.apply("end")  # seat 1 stays put: no repair
    assert s.damage[5] == 2
    s.apply("end")
    s.apply("move:b1:G10")
    s.apply("end")
    s.apply("end")
    s.armour[5] = 1
    s.apply("move:b1:G11")
    assert (s.damage[5], s.armour[5]) == (0, 1)
    s.apply("end")
    # seat 0's damaged tank captures seat 1's checkpoint: no repair there
    put(s, 5, "J12")
    put(s, 3, "H7")
    s.damage[3] = 1
    s.apply("move:a4:H8")
    cp = s.cp_at[s.field.grid.parse("H8")]
    assert s.cp_holder[cp] == 0 and s.damage[3] == 1
    s.apply("end")
    # seat 1 walks back onto its own checkpoint the enemy holds: recaptured, and repaired
    put(s, 3, "H6")
    put(s, 5, "I9")
    s.damage[5] = 1
    s.apply("move:b1:H8")
    assert s.cp_holder[cp] == 1 and s.damage[5] == 0


# -- 7 aces ---------------------------------------------------------------------------------------
def test_the_ace_stays_with_its_tank_and_dies_with_it() -> None:
    """7.1 the ace never changes tanks: no action moves it once play begins; 7.2 only its tank adds
    1; 7.4 it leaves the game with that tank."""
    s = duel(aces=("a1", "b1"))
    assert not any(a.startswith("ace:") for a in ids(s))
    s.script_chance(4, 1, 1)
    s.apply("attack:a4:b1")  # the heavy has no ace: a 4 is heavy damage, not a hit
    assert (s.armour[5], s.damage[5]) == (2, 2)
    s.apply("end")
    s.apply("end")
    s.armour[5] = 0
    s.damage[5] = 0
    s.script_chance(5, 1, 1)
    s.apply("attack:a4:b1")
    assert s.destroyed[5] and s.observation(0)["aces_killed"] == [False, True]


# -- 8 tactical cards -----------------------------------------------------------------------------
def test_artillery_damages_the_enemy_tanks_around_the_hex_and_no_friendly_one() -> None:
    """8.1 artillery: the enemy tank on the hex loses an armour token; enemy tanks on the six hexes
    around take a damage token each; a friendly tank there takes nothing."""
    s = duel()
    put(s, 6, "H8")  # an enemy beside I8
    put(s, 0, "I7")  # a friendly tank beside I8
    g = s.field.grid
    assert g.distance(g.parse("H8"), g.parse("I8")) == 1 and g.distance(g.parse("I7"), g.parse("I8")) == 1
    s.apply("tactical:artillery:I8")
    assert (s.armour[5], s.damage[5]) == (1, 0)
    assert (s.armour[6], s.damage[6]) == (2, 1)
    assert (s.armour[0], s.damage[0]) == (2, 0)


def test_repair_gives_back_one_lost_armour_token() -> None:
    """8.4 repair: one own tank that has lost armour gets one token back, never above its armour."""
    s = duel()
    s.armour[3] = 1
    s._legal_cache = None
    assert {a for a in ids(s) if a.startswith("tactical:repair")} == {"tactical:repair:a4"}
    s.apply("tactical:repair:a4")
    assert s.armour[3] == 2 and "repair" in s.tac_used[0]
