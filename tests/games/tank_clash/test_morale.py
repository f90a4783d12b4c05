"""The twelve morale cards (clause 10; effects marked designed in cards.toml) and crossing rules."""

from __future__ import annotations

from hulldown.agents.registry import make_agent
from hulldown.engine.agent import SeatView
from hulldown.engine.rng import SplitMix64
from hulldown.games.tank_clash import GAME
from hulldown.games.tank_clash.fields import ATK_DEF, ATK_RED, ATK_REROLL, MAIN, MOVE, SCARE, WINDOW
from hulldown.games.tank_clash.state import TankClashState
from tests.games.tank_clash.helpers import far_tanks, give, ids, put, start_game


def duel(**kw: object) -> TankClashState:
    seat0 = far_tanks(0)
    seat0[3] = ("heavy", "I6")
    seat1 = far_tanks(1)
    seat1[0] = ("medium", "I8")
    kw.setdefault("aces", ("a1", "b5"))
    return start_game(seat0, seat1, **kw)  # type: ignore[arg-type]


def test_experience_gives_a_reroll_and_reinforce_a_die() -> None:
    s = duel()
    give(s, 0, "Experience")
    s.script_chance(1, 1, 2)
    s.apply("attack:a4:b1")
    assert s.phase == ATK_RED
    s.apply("morale:Experience")
    assert s.phase == ATK_REROLL and ids(s) == {"keep", "reroll:1", "reroll:2"}
    s.script_chance(5)
    s.apply("reroll:1")
    assert s.armour[5] == 1 and "Experience" in s.morale_discard
    s2 = duel()
    give(s2, 0, "Reinforce")
    s2.script_chance(1, 1, 1, 5)
    s2.apply("attack:a4:b1")
    s2.apply("morale:Reinforce")
    assert s2.armour[5] == 1  # the fourth die


def test_conceal_and_ambush_answer_before_the_roll() -> None:
    s = duel()
    give(s, 1, "Conceal")
    s.script_chance(5, 1, 1)
    s.apply("attack:a4:b1")
    assert s.phase == ATK_DEF and s.current_player == 1
    s.apply("morale:Conceal")  # 5 - 1 = 4: heavy damage instead of a hit
    assert (s.armour[5], s.damage[5]) == (2, 2)
    s2 = duel()
    give(s2, 1, "Ambush")
    s2.script_chance(1, 1, 1)
    s2.apply("attack:a4:b1")
    s2.apply("morale:Ambush")
    assert s2.damage[3] == 1


def test_ambush_can_stop_the_attack() -> None:
    s = duel()
    give(s, 1, "Ambush")
    s.armour[3] = 0
    s.damage[3] = 2
    s.apply("attack:a4:b1")
    s.apply("morale:Ambush")  # the third damage token destroys an attacker without armour
    assert s.destroyed[3] and s.phase == MAIN and s.actions_taken == 1


def test_overhaul_sabotage_demolish_anytime() -> None:
    s = duel()
    give(s, 0, "Overhaul")
    s.damage[3] = 2
    s._legal_cache = None
    s.apply("morale:Overhaul:a4")
    assert s.damage[3] == 0
    s2 = duel()
    give(s2, 0, "Demolish")
    g = s2.field.grid
    assert not s2.can_target(g.parse("A2"), g.parse("C2"), 3)
    s2.apply("morale:Demolish:B2")
    assert s2.can_target(g.parse("A2"), g.parse("C2"), 3) and s2.passable[g.parse("B2")]
    assert s2.observation(1)["terrain"][1][1] == "R"
    s3 = duel()
    give(s3, 1, "Sabotage")
    s3.apply("end")
    s3.apply("morale:Sabotage:a4")
    assert s3.damage[3] == 1


def test_transport_refuel_airdrop_move_further() -> None:
    s = duel()
    give(s, 0, "Transport")
    put(s, 1, "H1")
    s.apply("morale:Transport:a2")
    assert s.phase == MOVE
    g = s.field.grid
    far = [a for a in ids(s) if g.distance(g.parse("H1"), g.parse(a.split(":")[2])) == 5]
    assert far  # speed 3 + 2
    s.apply(far[0])
    assert s.actions_taken == 1 and s.moved[1]
    s2 = duel()
    give(s2, 0, "Airdrop")
    s2.apply("morale:Airdrop:a4")
    assert all(g.distance(g.parse("I6"), g.parse(a.split(":")[2])) <= 2 for a in ids(s2))
    s2.apply(sorted(ids(s2))[0])
    assert s2.actions_taken == 0 and not s2.moved[3]  # a free move: the tank may still move
    assert any(a.startswith("move:a4:") for a in ids(s2))


def test_morale_on_crossing_replaces_critical_hits() -> None:
    s = duel(options={"morale_on_crossing": True})
    s.script_chance(6, 1, 1)
    s.apply("attack:a4:b1")
    assert len(s.hands[0]) == 0  # no card for the critical hit
    # a tank that first enters enemy territory draws one card, once per tank
    s2 = duel(options={"morale_on_crossing": True})
    put(s2, 3, "G7")
    s2.apply("move:a4:G8")
    assert len(s2.hands[0]) == 1 and s2.crossed[3]
    s2.apply("end")
    s2.apply("end")
    s2.apply("move:a4:G7")
    s2.apply("end")
    s2.apply("end")
    s2.apply("move:a4:G8")
    assert len(s2.hands[0]) == 1


def test_three_tanks_in_enemy_territory_score_two_points() -> None:
    s = duel(options={"victory_points": True})
    for t, h in ((0, "B8"), (1, "D8")):
        put(s, t, h)
        s.crossed[t] = True
    put(s, 3, "J7")
    s.apply("move:a4:J8")
    assert s.vp[0] == 2 and s.crossing_scored[0]


# -- 10.8 blue and purple cards out of turn ---------------------------------------------------------
def _a_move(s: TankClashState, tank: str) -> str:
    return sorted(a for a in ids(s) if a.startswith(f"move:{tank}:"))[0]


def test_sabotage_is_offered_in_the_opponents_turn_and_works() -> None:
    s = duel()
    give(s, 1, "Sabotage")
    s.apply(_a_move(s, "a1"))
    assert s.phase == WINDOW and s.current_player == 1
    assert ids(s) == {"pass"} | {f"morale:Sabotage:a{i}" for i in range(1, 6)}
    assert s.last_decision_revealed  # whether seat 1 was asked depends on its hand
    s.apply("morale:Sabotage:a4")
    assert s.damage[3] == 1 and s.morale_used[1] and "Sabotage" in s.morale_discard
    # seat 0's turn goes on: its second action (a1 moved, so only a1 may attack)
    assert s.phase == MAIN and s.current_player == 0 and s.actions_taken == 1


def test_overhaul_answers_a_hit_before_the_next_action() -> None:
    s = duel()
    give(s, 1, "Overhaul")
    s.script_chance(4, 1, 1)  # heavy damage
    s.apply("attack:a4:b1")
    # before the roll b1 has no damage for Overhaul to take away: seat 1 is not asked
    assert s.damage[5] == 2 and s.phase == WINDOW and s.current_player == 1
    assert ids(s) == {"pass", "morale:Overhaul:b1"}
    s.apply("morale:Overhaul:b1")
    assert s.damage[5] == 0 and s.current_player == 0 and s.actions_taken == 1


def test_demolish_after_the_second_action_comes_before_the_turn_passes() -> None:
    s = duel()
    give(s, 1, "Demolish")
    s.apply(_a_move(s, "a1"))
    s.apply("pass")
    assert s.phase == MAIN and s.current_player == 0
    s.apply(_a_move(s, "a2"))
    assert s.phase == WINDOW and s.active == 0 and "morale:Demolish:B2" in ids(s)
    s.apply("morale:Demolish:B2")
    assert s.active == 1 and s.current_player == 1 and s.phase == MAIN
    # a new turn: seat 1 may play another card (one per turn, 10.2)
    assert not s.morale_used[1]


def test_windows_follow_tactical_and_morale_cards_but_not_the_end_of_a_turn() -> None:
    s = duel()
    give(s, 1, "Sabotage")
    s.apply("tactical:smoke")
    assert s.phase == WINDOW
    s.apply("pass")
    give(s, 0, "Demolish")
    s.apply("morale:Demolish:B2")
    assert s.phase == WINDOW
    s.apply("pass")
    s.apply("end")
    assert s.active == 1 and s.phase == MAIN


def test_a_seat_with_nothing_playable_is_never_asked() -> None:
    s = duel()
    # movement and attack cards wait for the holder's own turn, Deflect for a hit
    give(s, 1, "Transport", "Sniper", "Deflect")
    s.script_chance(2, 1, 1)  # a scare: no hit for Deflect
    s.apply("attack:a4:b1")
    assert s.phase == SCARE and s.current_player == 0
    s.apply(sorted(a for a in ids(s) if a.startswith("retreat:"))[0])
    assert s.phase == MAIN and s.current_player == 0
    s.apply(_a_move(s, "a4"))
    assert s.active == 1 and s.current_player == 1 and s.phase == MAIN


def test_a_seat_that_played_its_card_this_turn_is_not_asked_again() -> None:
    s = duel()
    give(s, 1, "Sabotage", "Demolish")
    s.apply(_a_move(s, "a1"))
    s.apply("morale:Sabotage:a4")
    s.apply(_a_move(s, "a2"))  # one morale card a turn (10.2): no window now
    assert s.active == 1 and s.phase == MAIN


def test_the_attack_timing_of_old_records_has_no_window_between_actions() -> None:
    s = duel(options={"morale_timing": "attacks"})
    give(s, 1, "Sabotage")
    s.apply(_a_move(s, "a1"))
    assert s.phase == MAIN and s.current_player == 0
    assert not s.last_decision_revealed  # nobody was asked on account of a hidden hand


def test_the_heuristic_passes_unless_the_card_tips_a_tank() -> None:
    s = duel()
    give(s, 1, "Sabotage")
    s.apply(_a_move(s, "a1"))
    bot = make_agent("heuristic", GAME, 1, 5)
    assert bot.act(SeatView(s, 1)).id == "pass"
    s2 = duel()
    give(s2, 1, "Sabotage")
    s2.damage[3] = 2  # a third token costs a4 an armour token
    s2.apply(_a_move(s2, "a1"))
    assert make_agent("heuristic", GAME, 1, 5).act(SeatView(s2, 1)).id == "morale:Sabotage:a4"


def test_search_plays_through_the_windows() -> None:
    s = duel()
    give(s, 1, "Sabotage")
    s.apply(_a_move(s, "a1"))
    bot = make_agent("ismcts:iterations=30", GAME, 1, 3)
    choice = bot.act(SeatView(s, 1))
    assert choice.id in ids(s)


def test_the_quick_playability_test_agrees_with_the_offered_cards() -> None:
    """``_anytime_playable`` decides at every step whether a window opens; it must say exactly
    whether ``_anytime_actions`` would offer a card."""
    compared = 0
    for seed in range(12):
        s = GAME.new(seed=seed)
        assert isinstance(s, TankClashState)
        rng = SplitMix64(seed)
        while not s.is_over:
            if s.phase >= MAIN:
                for seat in (0, 1):
                    assert s._anytime_playable(seat) == bool(s._anytime_actions(seat))
                    compared += s.hands[seat].cards != []
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
    assert compared > 200
