"""Tensor layouts of every game with tensors: fixed shapes, complete action spaces, and no
hidden information: a seat's tensor is unchanged when only what it cannot see is redrawn."""

from __future__ import annotations

import numpy as np
import pytest

from hulldown.engine.rng import SplitMix64
from hulldown.rl.layout import Layout
from tests.rl.conftest import game_configs

CONFIGS = game_configs()
GAMES_PER_CONFIG = 4


def playouts(layout: Layout, games: int = GAMES_PER_CONFIG):  # type: ignore[no-untyped-def]
    """Every state of a few random playouts."""
    for g in range(games):
        state = layout.new_state(seed=1000 + g)
        rng = SplitMix64(g)
        yield state
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            yield state


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_tensor_unchanged_when_others_hidden_information_is_resampled(game_id: str, players: int) -> None:
    layout = Layout(game_id, players)
    rng = SplitMix64(99)
    # Every state of short games; an even spread of about 200 states per playout of long ones.
    stride = max(1, layout.game.info.max_steps // 200)
    checked = 0
    for state in playouts(layout):
        if state.steps % stride and not state.is_over:
            continue
        for seat in range(players):
            mine = layout.encode(state, seat)
            for _ in range(2):
                guess = state.resample(seat, rng)
                assert np.array_equal(layout.encode(guess, seat), mine), (
                    f"{game_id}: seat {seat}'s tensor changed when only hidden information was redrawn "
                    f"after {state.steps} steps"
                )
                checked += 1
    assert checked > 0


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_resampling_does_change_the_state(game_id: str, players: int) -> None:
    """The invariance above must not hold merely because resample changed nothing."""
    layout = Layout(game_id, players)
    if not layout.game.info.hidden_information:
        pytest.skip(f"{game_id} has no hidden information")
    rng = SplitMix64(5)
    for state in playouts(layout, games=1):
        if any(len({state.resample(s, rng).fingerprint() for _ in range(6)}) > 1 for s in range(players)):
            return
    pytest.fail(f"{game_id}: resample never redrew anything in a whole game")


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_shapes_dtypes_and_masks(game_id: str, players: int) -> None:
    layout = Layout(game_id, players)
    for state in playouts(layout, games=2):
        for seat in range(players):
            arr = layout.encode(state, seat)
            assert arr.shape == layout.shape and arr.dtype == np.float32 and np.isfinite(arr).all()
            assert np.all(arr >= layout.low) and np.all(arr <= layout.high)
        mask = layout.mask(state)
        legal = {a.id for a in state.legal_actions()}
        assert {layout.action_ids[i] for i in np.flatnonzero(mask)} == legal


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_tensor_differs_between_seats(game_id: str, players: int) -> None:
    """A seat's own private view is in its tensor (otherwise encoding would ignore the seat)."""
    layout = Layout(game_id, players)
    state = layout.new_state(seed=0)
    encoded = {layout.encode(state, s).tobytes() for s in range(players)}
    assert len(encoded) == players


def test_describe_lists_sizes_actions_and_the_specs_documentation() -> None:
    from hulldown.rl.layout import describe

    text = describe("high-card", players=3)
    assert "3 players" in text and "float32 [69]" in text and "   11  play:11" in text
    assert "own hand, one-hot per card" in text


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_observations_lie_in_the_declared_bounded_space(game_id: str, players: int) -> None:
    from gymnasium import spaces

    layout = Layout(game_id, players)
    space = spaces.Box(layout.low, layout.high, layout.shape, np.float32)
    assert space.is_bounded("below")
    if game_id != "2gm-pacific":  # its accumulating counters have no stated cap (docs/rl.md)
        assert space.is_bounded()
    for state in playouts(layout, games=2):
        for seat in range(players):
            obs = layout.encode(state, seat)
            assert space.contains(obs), (
                f"{game_id}: seat {seat}'s tensor leaves its space after {state.steps} steps at "
                f"{np.flatnonzero((obs < space.low) | (obs > space.high)).tolist()}"
            )
