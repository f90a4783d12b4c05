"""hulldown: WW2 tank tabletop games by computer.

The public API (DESIGN.md)::

    import hulldown
    hulldown.games()
    game = hulldown.load("tank-killers")
    state = game.new(seed=7, players=2)
    hulldown.replay(state.record())
"""

from __future__ import annotations

from hulldown.engine.errors import (
    DataFileError,
    GameOverError,
    HulldownError,
    IllegalActionError,
    OptionError,
    RecordError,
    UnknownGameError,
)
from hulldown.engine.game import Game, GameInfo
from hulldown.engine.record import GameRecord
from hulldown.engine.registry import games, load, replay
from hulldown.engine.state import Action, GameState
from hulldown.engine.version import __version__

__all__ = [
    "Action",
    "DataFileError",
    "Game",
    "GameInfo",
    "GameOverError",
    "GameRecord",
    "GameState",
    "HulldownError",
    "IllegalActionError",
    "OptionError",
    "RecordError",
    "UnknownGameError",
    "__version__",
    "games",
    "load",
    "replay",
]
