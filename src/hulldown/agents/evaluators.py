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
one plays its playouts to the end. A game may also ship a learned model
(``hulldown.agents.value``), which ``value="learned"`` asks for instead.
"""

from __future__ import annotations

from collections.abc import Callable

from hulldown.agents.value import LearnedEvaluator, ValueModel, load_model
from hulldown.engine.game import Game
from hulldown.engine.state import GameState

Evaluator = Callable[[GameState], list[float]]


def evaluator_for(game: Game, value: str = "hand") -> Evaluator | None:
    """The game's declared evaluation (``hand``) or its shipped learned models (``learned``).

    None: the game has no evaluation, and playouts run to the end.
    """
    if value == "learned":
        models = _shipped(game)
        if not models:
            raise ValueError(f"{game.id} has no learned value model (value=hand)")
        return LearnedEvaluator(game, models)
    return game.evaluate


def has_learned_model(game: Game) -> bool:
    return game.tensors is not None and bool(_shipped(game))


_MODELS: dict[str, dict[int, ValueModel]] = {}


def _shipped(game: Game) -> dict[int, ValueModel]:
    """The game's shipped models by player count, read once per process (every search agent shares them)."""
    if game.id not in _MODELS:
        found: dict[int, ValueModel] = {}
        for players in range(game.info.min_players, game.info.max_players + 1):
            model = load_model(game, players)
            if model is not None:
                found[players] = model
        _MODELS[game.id] = found
    return _MODELS[game.id]
