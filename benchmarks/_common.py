"""Shared helpers of the simulation benchmarks: which games to measure."""

from __future__ import annotations

from hulldown.engine.game import Game
from hulldown.engine.registry import game_ids
from hulldown.sim.runner import resolve_game

TOY = "tests.engine.toygame:TOY"


def games_from(names: list[str]) -> list[Game]:
    """Named games (ids or ``module:attribute``); none named: every registered game, else the toy game."""
    if names:
        return [resolve_game(n) for n in names]
    ids = game_ids()
    return [resolve_game(i) for i in ids] if ids else [resolve_game(TOY)]
