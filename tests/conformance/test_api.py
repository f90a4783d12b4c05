"""The shared API test (Pgx style): every registered game honours the same public protocol."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

import hulldown
from hulldown.agents.registry import make_agent
from hulldown.engine import registry
from hulldown.engine.agent import SeatView
from hulldown.engine.errors import OptionError
from hulldown.engine.rng import SplitMix64

GAMES = registry.game_ids()


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest) -> Any:
    return registry.load(request.param)


def test_declared_facts(game: Any) -> None:
    info = game.info
    assert info.min_players <= info.default_players <= info.max_players
    assert info.max_steps > 0 and info.summary and info.name
    assert info.rules_doc.startswith("docs/rules/"), "every game links its rules document"
    assert game.heuristic is not None, "every game has a heuristic bot"
    assert game.render_text is not None and game.card_database is not None
    json.dumps(info.describe())


def test_bad_options_raise_value_error(game: Any) -> None:
    with pytest.raises(OptionError):
        game.new(seed=1, options={"no_such_option": 1})
    with pytest.raises(ValueError):
        game.new(seed=1, players=game.info.max_players + 1)
    for spec in game.info.options:
        if spec.choices:
            with pytest.raises(ValueError):
                game.new(seed=1, options={spec.name: "\x00bogus"})


def test_public_api_round_trip(game: Any) -> None:
    state = hulldown.load(game.id).new(seed=7)
    assert state.current_player is not None
    legal = state.legal_actions()
    assert legal and all(a.id and a.label for a in legal)
    events = state.apply(legal[0].id)
    assert all(e["to"] == "all" or isinstance(e["to"], list) for e in events)
    for seat in [None, *range(state.players)]:
        json.dumps(state.observation(seat))
    clone = state.clone()
    assert clone.fingerprint() == state.fingerprint()
    rebuilt = hulldown.replay(state.record())
    assert rebuilt.fingerprint() == state.fingerprint()
    cards = game.cards({})
    json.dumps(cards)
    assert game.render_text(state.observation(0), 0)


def test_heuristic_plays_whole_games(game: Any) -> None:
    for seed in range(3):
        state = game.new(seed=seed)
        bots = [make_agent("heuristic", game, s, seed) for s in range(state.players)]
        while not state.is_over:
            seat = state.current_player
            state.apply(bots[seat].act(SeatView(state, seat)))
        assert len(state.returns()) == state.players


def test_tensors_have_fixed_shapes(game: Any) -> None:
    spec = game.tensors
    if spec is None:
        pytest.fail(f"{game.id} declares no TensorSpec")
    state = game.new(seed=3)
    opts = state.options
    ids = spec.action_ids(state.players, opts)
    assert len(ids) == len(set(ids))
    shape = spec.observation_shape(state.players, opts)
    rng = SplitMix64(3)
    index = set(ids)
    for _ in range(200):
        if state.is_over:
            break
        seat = state.current_player
        legal = state.legal_actions()
        assert {a.id for a in legal} <= index, "every legal action is in the fixed action space"
        arr = spec.encode(state.observation(seat), seat, state.players, opts)
        assert arr.shape == shape and arr.dtype == np.float32
        state.apply(legal[rng.below(len(legal))])
