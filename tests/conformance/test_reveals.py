"""Every registered game declares what its decisions reveal, and labels its actions distinctly.

For each game a few random games (``Game.conformance.reveal_games``, default 2, times
``HULLDOWN_CONFORMANCE_SCALE``, at least one) run :func:`hulldown.engine.reveals.check_reveals`
on the default options and on every declared option set, cycling the player counts. Undo
trusts these declarations (docs/web.md, "Undo"), so a game that forgets one fails here.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from hulldown.engine import registry
from hulldown.engine.reveals import check_reveals

SCALE = float(os.environ.get("HULLDOWN_CONFORMANCE_SCALE", "1"))


def _cases() -> list[Any]:
    cases = []
    for gid in registry.game_ids():
        game = registry.load(gid)
        sets: list[dict[str, Any]] = [{}, *[dict(o) for o in game.conformance_options]]
        total = max(1, round(game.conformance.reveal_games * SCALE))
        cases.append(pytest.param(gid, sets, total, id=gid))
    return cases


@pytest.mark.parametrize(("game_id", "sets", "total"), _cases())
def test_undeclared_decisions_reveal_nothing(game_id: str, sets: list[dict[str, Any]], total: int) -> None:
    game = registry.load(game_id)
    counts = list(range(game.info.min_players, game.info.max_players + 1))
    checked = 0
    for i, options in enumerate(sets):
        opts = dict(options)
        fixed = opts.pop("players", None)
        for seed in range(total):
            players = fixed if fixed is not None else counts[(seed + i) % len(counts)]
            checked += check_reveals(game, 7919 * i + seed, players=players, options=opts)
    assert checked > 0, "no decision was checked: every one declared a reveal"
