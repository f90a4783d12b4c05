"""Secret Cards with bots that fail in the ways a server must survive (tests only).

The game travels pickled to the search workers, and its agents with it (by
module and name), so these bots fail inside a worker process exactly as a
real search would.
"""

from __future__ import annotations

import dataclasses
import pickle
import time
from typing import Any

from hulldown.engine import Action, Game
from hulldown.engine.agent import SeatView
from tests.server.secretgame import SECRET


class Boom:
    """Raises on every decision."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def act(self, view: SeatView) -> Action:
        raise RuntimeError("boom: this bot always fails")


class Stall:
    """Thinks far past any deadline."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def act(self, view: SeatView) -> Action:
        time.sleep(60)
        return view.legal_actions()[0]


class Lowest:
    """The rule of thumb: the first legal action (the lowest card)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def act(self, view: SeatView) -> Action:
        return view.legal_actions()[0]


def make_lowest(game: Game, seat: int, seed: int, **params: str) -> Any:
    return Lowest(seat)


def make_boom(game: Game, seat: int, seed: int, **params: str) -> Any:
    return Boom(seat)


def make_stall(game: Game, seat: int, seed: int, **params: str) -> Any:
    return Stall(seat)


BOTS = dataclasses.replace(
    SECRET,
    info=dataclasses.replace(SECRET.info, id="secret-bots", name="Secret Cards with failing bots"),
    heuristic=make_lowest,
    agents={"boom": make_boom, "stall": make_stall},
)


def legal_ids_of(blob: bytes) -> list[str]:
    """In a fresh process (this module imports little): the legal action ids of a pickled state."""
    state = pickle.loads(blob)
    return [a.id for a in state.legal_actions()]
