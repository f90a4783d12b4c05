"""Each game's state encoder (engine/tensor.py) writes exactly the tensor of its reference encoding.

The adapters encode straight from the state for speed; the layout and what a seat may see are
defined by ``encode(observation(seat))``. Every seat's tensor is compared with that reference on
every state of random games, for every player count and for option sets that change the layout or
what the observation holds; resampled states too, since search hands those to the encoder. That
the fast path sees nothing hidden is also checked by tests/rl/test_tensors.py, which redraws what
a seat cannot see through the same ``Layout.encode``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hulldown.engine.rng import SplitMix64
from hulldown.rl.layout import Layout, tensor_game_ids
from tests.rl.conftest import game_configs
from tests.rl.toyspec import TOY_RL

#: Option sets beyond the defaults that change what the tensor holds.
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "tank-killers": [
        {"random_factor": True},
        {"deck0": "british", "deck1": "german", "turn_limit": 30},
        {"deck0": "american", "deck1": "american"},
    ],
    # Fog of war hides enemy tanks' types; the other settings move the board and the checkpoints.
    "tank-clash": [
        {"fog_of_war": True, "side": "german"},
        {"fog_of_war": True, "board_placement": "random", "victory_points": True, "side": "american"},
        {"board_placement": "swapped", "tactical_activation": True},
    ],
    # Commanders, evading and charges add slots and values; tanks-only and single copies other cards.
    "tank-hunter": [
        {"commanders": True, "evading": True, "charge": True},
        {"setup": "tanks-only", "single_copies": True, "deck_end": "last-card"},
    ],
    # Night combat lays units face down; weather, mud and the scenarios change the board.
    "2gm-pacific": [
        {"night": True, "weather": "rolled", "scenario": "island-landing"},
        {"scenario": "inland-defence", "large_field": True, "smoke_canister": True, "deck": "random"},
    ],
}

#: Random games per case: more with the default options, which most training uses.
GAMES, GAMES_WITH_OPTIONS = 10, 4


def cases() -> list[tuple[str, int, dict[str, Any]]]:
    out = []
    for game_id, players in game_configs():
        for options in [{}, *OPTIONS.get(game_id, [])]:
            out.append((game_id, players, options))
    return out


def assert_same(layout: Layout, state: Any, seat: int, where: str) -> None:
    fast = layout.encode(state, seat)
    ref = layout.encode_observation(state, seat)
    assert fast.dtype == np.float32 and fast.shape == layout.shape, where
    if not np.array_equal(fast, ref):
        diff = np.flatnonzero(fast != ref).tolist()[:10]
        pytest.fail(f"{where}: seat {seat}'s fast tensor differs at {diff}: {fast[diff]} != {ref[diff]}")


@pytest.mark.parametrize(("game_id", "players", "options"), cases())
def test_state_encoder_equals_the_observation_encoding(game_id: str, players: int, options: dict[str, Any]) -> None:
    layout = Layout(game_id, players, options)
    if layout._fast is None:
        pytest.skip(f"{game_id} has no state encoder")
    rng = SplitMix64(len(options) + players)
    checked = 0
    games = GAMES_WITH_OPTIONS if options else GAMES
    for g in range(games):
        state = layout.new_state(seed=500 + g)
        while True:
            where = f"{game_id} {players}p {options} game {g} step {state.steps}"
            for seat in range(players):
                assert_same(layout, state, seat, where)
                checked += 1
            if state.steps % 17 == 0:
                seat = rng.below(players)
                assert_same(layout, state.resample(seat, rng), seat, where + " (resampled)")
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    assert checked > games


@pytest.mark.parametrize("game_id", sorted(set(tensor_game_ids()) - {TOY_RL.id}))
def test_state_encoder_is_exact_when_games_take_turns(game_id: str) -> None:
    """Encoders keep blocks of the last tensor they wrote: three games stepped in turn through one
    layout (as a vector of environments does) must each still get their own tensor."""
    layout = Layout(game_id)
    assert callable(getattr(layout.spec, "state_encoder", None)), f"{game_id} has no state encoder"
    states = [layout.new_state(seed=70 + k) for k in range(3)]
    rng = SplitMix64(7)
    for step in range(150):
        for k, state in enumerate(states):
            if state.is_over:
                continue
            seat = state.current_player
            assert seat is not None
            assert_same(layout, state, seat, f"{game_id} game {k} step {step}")
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])


def test_state_encoder_refuses_a_seat_outside_the_game() -> None:
    layout = Layout("tank-killers")
    with pytest.raises(ValueError, match="seat 2 does not exist"):
        layout.encode(layout.new_state(seed=1), 2)
