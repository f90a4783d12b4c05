"""Cut-off evaluations: one value per seat in [0, 1], moving with the game's own measure of progress."""

from __future__ import annotations

from typing import Any

import hulldown
from hulldown.agents.evaluators import evaluator_for
from hulldown.engine import Game
from tests.engine.toygame import TOY


def test_tank_killers_values_casualties_towards_breaking() -> None:
    game = hulldown.load("tank-killers")
    evaluate = evaluator_for(game)
    assert evaluate is not None
    state: Any = game.new(seed=1)
    v = evaluate(state)
    assert len(v) == 2 and abs(sum(v) - 1.0) < 1e-9
    assert abs(v[0] - v[1]) < 0.2  # only the hand sizes differ at the start
    hurt: Any = state.clone()
    for _ in range(6):  # six German cards become casualties
        hurt.casualty[0].append(hurt.fdeck[0].pop())
    w = evaluate(hurt)
    assert w[1] > v[1] + 0.3 and all(0.0 <= x <= 1.0 for x in w)


def test_tank_hunter_values_points_for_every_seat() -> None:
    game = hulldown.load("tank-hunter")
    evaluate = evaluator_for(game)
    assert evaluate is not None
    state: Any = game.new(seed=2, players=3)
    v = evaluate(state)
    assert len(v) == 3 and all(0.0 <= x <= 1.0 for x in v)
    rng_state = state
    while not rng_state.is_over and max(rng_state.points(p) for p in range(3)) == 0:
        rng_state.apply(rng_state.legal_actions()[0])
    assert max(rng_state.points(p) for p in range(3)) > 0
    leader = max(range(3), key=rng_state.points)
    w = evaluate(rng_state)
    assert w[leader] == max(w) and w[leader] > 0.5


def test_a_declared_evaluation_wins_and_games_without_one_have_none() -> None:
    def mine(state: Any) -> list[float]:
        return [0.5] * state.players

    assert evaluator_for(TOY) is None
    assert evaluator_for(Game(info=TOY.info, state_class=TOY.state_class, evaluate=mine)) is mine


def test_tank_clash_values_destroyed_tanks_hits_points_and_checkpoints() -> None:
    game = hulldown.load("tank-clash")
    evaluate = evaluator_for(game)
    assert evaluate is not None
    state: Any = game.new(seed=4)
    v = evaluate(state)
    assert len(v) == 2 and abs(sum(v) - 1.0) < 1e-9 and abs(v[0] - 0.5) < 1e-9
    hurt: Any = state.clone()
    hurt.destroyed[5] = True  # one of seat 1's tanks
    assert evaluate(hurt)[0] > v[0] + 0.1
    scored: Any = state.clone()
    scored.vp[1] += 2
    assert evaluate(scored)[1] > v[1]
    taken: Any = state.clone()
    taken.cp_holder[3] = 0  # seat 0 holds seat 1's base camp
    assert evaluate(taken)[0] > v[0]


def test_pacific_values_hq_wounds_and_units_by_side() -> None:
    game = hulldown.load("2gm-pacific")
    evaluate = evaluator_for(game)
    assert evaluate is not None
    state: Any = game.new(seed=5)
    v = evaluate(state)
    assert len(v) == 2 and all(0.0 <= x <= 1.0 for x in v)
    wounded: Any = state.clone()
    side0_seat = state.slot_side.index(0)
    wounded.hq_wounds = [wounded.hq_wounds[0] + 4, wounded.hq_wounds[1]]
    w = evaluate(wounded)
    assert w[side0_seat] < v[side0_seat] - 0.2
    assert abs(sum(w) - 1.0) < 1e-9
