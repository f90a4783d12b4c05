"""A room's data: one live game of the server with its seats, moves and listeners.

Kept apart from the manager that changes rooms (``hulldown.server.rooms``) so
that the parts the manager delegates to (bots, eviction) can name a room
without importing the manager.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from hulldown.engine.agent import Agent
from hulldown.engine.game import Game
from hulldown.engine.record import LogEntry
from hulldown.engine.state import Event, GameState
from hulldown.server.db import GameRow

HUMAN = "human"


class ApiError(Exception):
    """An error with an HTTP status; the game is unchanged when it is raised."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _entry(step: list[Any]) -> LogEntry:
    return (step[0], step[1], tuple(step[2]) if step[0] == "shuffle" else step[2])


def _step(entry: LogEntry) -> list[Any]:
    return [entry[0], entry[1], list(entry[2]) if entry[0] == "shuffle" else entry[2]]


@dataclass(slots=True)
class SeatInfo:
    seat: int
    kind: str
    controller: str
    token_hash: str
    joined: bool
    rematch_token: str | None
    agent: Agent | None = None
    connections: int = 0
    #: moves its bot failed to give since the server started, and why the latest failed
    fallbacks: int = 0
    fallback_reason: str = ""

    @property
    def bot_spec(self) -> str | None:
        return self.controller[4:] if self.controller.startswith("bot:") else None


@dataclass(slots=True)
class Move:
    seat: int
    action: str
    chance: list[list[Any]]
    events: list[Event]
    #: why a bot chose it (server/hints.py); None for a person's move
    explanation: dict[str, Any] | None = None


class Listener:
    """One websocket: only the newest view matters, so a slow client skips stale ones.

    ``log_sent``/``log_epoch`` say how much of the seat's log this socket has already
    carried, so each push sends only the entries after it (see ``Manager.view``).
    """

    __slots__ = ("changed", "log_epoch", "log_sent", "seat")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.changed = asyncio.Event()
        self.log_sent = 0
        self.log_epoch = -1


@dataclass(slots=True)
class Room:
    id: str
    game: Game
    state: GameState
    row: GameRow
    seats: list[SeatInfo]
    moves: list[Move]
    setup_events: list[Event] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[Listener] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    clock_task: asyncio.Task[None] | None = None
    deadline: float | None = None
    record_cache: dict[str, Any] | None = None
    #: per seat (None: spectator): how many moves its log covers, and the log so far
    log_cache: dict[int | None, tuple[int, list[dict[str, Any]]]] = field(default_factory=dict)
    #: the legal actions as JSON, with the version they belong to
    legal_json: tuple[int, list[dict[str, Any]]] | None = None
    #: changes whenever the log shrinks (undo) and each time the room is loaded: a client's
    #: copy of another epoch is replaced, never extended
    log_epoch: int = field(default_factory=lambda: secrets.randbelow(2**30))
    #: when a request last asked for this room (time.monotonic), for evicting quiet rooms
    touched: float = field(default_factory=time.monotonic)

    @property
    def version(self) -> int:
        return self.row.version

    def seat_for_token(self, token: str | None) -> int | None:
        """The seat a token opens; ``None`` for no token; ApiError 403 for a wrong one."""
        if token is None:
            return None
        digest = hash_token(token)
        found = None
        for s in self.seats:
            if hmac.compare_digest(s.token_hash, digest):
                found = s.seat
        if found is None:
            raise ApiError(403, "this token opens no seat of this game")
        return found

    def status(self) -> str:
        if self.row.over:
            return "finished"
        return "open" if any(s.kind == HUMAN and not s.joined for s in self.seats) else "running"
