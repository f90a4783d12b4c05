"""The twelve morale cards (clause 10; effects marked designed in cards.toml) and crossing rules."""

from __future__ import annotations

from hulldown.games.tank_clash.fields import ATK_DEF, ATK_RED, ATK_REROLL, MAIN, MOVE
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
