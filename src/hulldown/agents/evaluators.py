"""Position evaluations that let a search stop its playouts early.

A playout of Tank Killers runs hundreds of steps to the end of the game, and
most of its outcome is decided by dice and draws far from the decision being
searched: the signal of one choice drowns in that noise. Cutting a playout
after a few turns and scoring the position by the game's own measure of
progress (casualties towards breaking, victory points) gives the search a
sharper signal for far less work.

An evaluation receives a *determinized* state (one drawn by ``resample`` from
the searching seat's information set), never the true state, so reading its
fields reveals nothing the seat does not already hold as a guess. It returns
one value per seat in ``[0, 1]``: the chance, as far as the position shows,
that the seat does well.

Each game declares its evaluation as ``Game.evaluate`` (a callable
``state -> list[float]``, in the game's ``evaluate`` module); a game without
one plays its playouts to the end.
"""

from __future__ import annotations

from collections.abc import Callable

from hulldown.engine.game import Game
from hulldown.engine.state import GameState

Evaluator = Callable[[GameState], list[float]]


def evaluator_for(game: Game) -> Evaluator | None:
    """The game's declared evaluation, else None (playouts run to the end)."""
    return game.evaluate
