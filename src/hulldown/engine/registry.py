"""The game registry: every package under ``hulldown.games`` that exposes ``GAME``.

Discovery instead of a hand-kept list means adding a game touches no shared
file; games are imported on first use only, by name, so the kernel depends on
none of them (a game is a plugin of the kernel, never the other way round).
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from hulldown.engine.errors import RecordError, UnknownGameError
from hulldown.engine.game import Game, GameInfo
from hulldown.engine.record import GameRecord
from hulldown.engine.state import GameState

#: The package whose subpackages are the games.
GAMES_PACKAGE = "hulldown.games"

_GAMES: dict[str, Game] | None = None


def _discover() -> dict[str, Game]:
    global _GAMES
    if _GAMES is None:
        pkg = importlib.import_module(GAMES_PACKAGE)
        found: dict[str, Game] = {}
        for mod in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
            if not mod.ispkg or mod.name.startswith("_"):
                continue
            module = importlib.import_module(f"{GAMES_PACKAGE}.{mod.name}")
            game = getattr(module, "GAME", None)
            if isinstance(game, Game):
                found[game.info.id] = game
        _GAMES = found
    return _GAMES


def register(game: Game) -> None:
    """Register a game that lives outside ``hulldown.games`` (plugins, tests)."""
    _discover()[game.info.id] = game


def unregister(game_id: str) -> None:
    _discover().pop(game_id, None)


def games() -> list[GameInfo]:
    return [g.info for g in _discover().values()]


def game_ids() -> list[str]:
    return list(_discover())


def load(game_id: str) -> Game:
    found = _discover()
    try:
        return found[game_id]
    except KeyError:
        known = ", ".join(found) or "none"
        raise UnknownGameError(f"no game {game_id!r} (games: {known})") from None


def replay(record: GameRecord | dict[str, Any] | str, *, upto: int | None = None) -> GameState:
    """Replay a record of whichever registered game it names (see :meth:`Game.replay`)."""
    if isinstance(record, str):
        record = GameRecord.from_json(record)
    elif isinstance(record, dict):
        record = GameRecord.from_dict(record)
    try:
        game = load(record.game)
    except UnknownGameError as exc:
        raise RecordError(str(exc)) from None
    return game.replay(record, upto=upto)
