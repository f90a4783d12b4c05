"""Every registered game, every declared option set, through the same checks.

Each game declares its option sets (``Game.conformance_options``) and how many
random games each set plays (``Game.conformance.games``); the first
few games of each set (``Game.conformance.deep_games``, default 12) run the
deep per-step checks. ``HULLDOWN_CONFORMANCE_SCALE``
scales the counts (e.g. 0.1 for a quick local run).
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from hulldown.engine import registry
from hulldown.engine.conformance import check_game

SCALE = float(os.environ.get("HULLDOWN_CONFORMANCE_SCALE", "1"))
DEEP_GAMES = 12
CHUNKS = 4  # split each option set so pytest-xdist can spread it over cores


def _cases() -> list[Any]:
    cases = []
    for gid in registry.game_ids():
        game = registry.load(gid)
        sets: list[dict[str, Any]] = [{}, *[dict(o) for o in game.conformance_options]]
        total = max(1, int(game.conformance.games * SCALE))
        for i, opts in enumerate(sets):
            for chunk in range(CHUNKS):
                label = f"{gid}-set{i}-part{chunk}"
                cases.append(pytest.param(gid, opts, total, chunk, id=label))
    return cases


@pytest.mark.parametrize(("game_id", "options", "total", "chunk"), _cases())
def test_random_games_conform(game_id: str, options: dict[str, Any], total: int, chunk: int) -> None:
    game = registry.load(game_id)
    vocabulary = frozenset(game.event_vocabulary)
    players_cycle = list(range(game.info.min_players, game.info.max_players + 1))
    opts = dict(options)
    players = opts.pop("players", None)
    # a game whose deep checks cost seconds a game (every step resampled and replayed) runs fewer
    deep_games = game.conformance.deep_games
    for seed in range(chunk, total, CHUNKS):
        n = players if players is not None else players_cycle[seed % len(players_cycle)]
        check_game(game, seed, players=n, options=opts, deep=seed < deep_games, vocabulary=vocabulary)
