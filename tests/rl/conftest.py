"""The toy game with tensors is registered around every RL test (and only then), so the
adapters are exercised on it alongside every real game that declares tensors."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hulldown.engine import registry
from hulldown.rl.layout import tensor_game_ids
from tests.rl.toyspec import TOY_RL

#: Every game the adapters must support: the registered games with tensors, plus the toy game.
GAME_IDS = sorted({*tensor_game_ids(), TOY_RL.id})


@pytest.fixture(autouse=True)
def _toy_with_tensors() -> Iterator[None]:
    registry.register(TOY_RL)
    yield
    registry.unregister(TOY_RL.id)


def player_counts(game_id: str) -> list[int]:
    info = TOY_RL.info if game_id == TOY_RL.id else registry.load(game_id).info
    return sorted({info.min_players, info.default_players, info.max_players})


def game_configs() -> list[tuple[str, int]]:
    """(game id, players) pairs to test: each game at its smallest, default and largest size."""
    return [(g, n) for g in GAME_IDS for n in player_counts(g)]
