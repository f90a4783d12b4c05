"""``Game.rank``, the root candidates of ``ismcts:top=K``: every legal action, the playout policy's choice first."""

from __future__ import annotations

import pickle

import pytest

from hulldown.engine.registry import load
from hulldown.engine.rng import SplitMix64

RANKED = ["tank-clash", "2gm-pacific"]


@pytest.mark.parametrize("game_id", RANKED)
def test_rank_orders_every_legal_action_with_the_policys_choice_first(game_id: str) -> None:
    game = load(game_id)
    rank, factory = game.rank, game.rollout
    assert rank is not None and factory is not None
    policy = factory(game, 0)
    checked = several = 0
    for seed in range(3):
        state = game.new(seed=seed)
        rng = SplitMix64(seed)
        while not state.is_over and state.steps < 400:
            legal = state.legal_actions()
            ranked = rank(state)
            assert sorted(a.id for a in ranked) == sorted(a.id for a in legal)
            assert ranked[0].id == policy(state).id
            checked += 1
            several += len(legal) > 5
            state.apply(legal[rng.below(len(legal))])
    assert checked > 100 and several > 20


def test_only_games_with_a_ranking_declare_one() -> None:
    assert [g for g in ("tank-killers", "tank-hunter", *RANKED) if load(g).rank is not None] == RANKED


@pytest.mark.parametrize("game_id", RANKED)
def test_a_ranking_travels_to_a_worker_process(game_id: str) -> None:
    """Games are pickled to the bot workers, their ranking with them."""
    game = load(game_id)
    rank = pickle.loads(pickle.dumps(game.rank))
    state = game.new(seed=1)
    assert [a.id for a in rank(state)] == [a.id for a in game.rank(state)]  # type: ignore[misc]
