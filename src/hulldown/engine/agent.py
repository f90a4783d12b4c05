"""What a bot is, and what it may see (the kernel's side of the agent protocol).

A bot receives a :class:`SeatView`, never the state: the view exposes the
seat's observation, its legal actions and ``resample`` (a full state consistent
with what the seat knows, for search). This enforces DESIGN rule 3 for every
agent by construction instead of by review.
"""

from __future__ import annotations

from typing import Any, Protocol

from hulldown.engine.state import Action, GameState, Observation, RngLike, Seat


class SeatView:
    """One seat's window onto a running game."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: GameState, seat: Seat) -> None:
        self._state = state
        self.seat = seat

    @property
    def game_id(self) -> str:
        return self._state.game_id

    @property
    def players(self) -> int:
        return self._state.players

    @property
    def options(self) -> dict[str, Any]:
        return self._state.options

    @property
    def current_player(self) -> Seat | None:
        return self._state.current_player

    @property
    def steps(self) -> int:
        return self._state.steps

    def observation(self) -> Observation:
        return self._state.observation(self.seat)

    def observation_part(self, key: str) -> object:
        """``observation()[key]``, cheaper where the game builds that entry alone."""
        return self._state.observation_part(self.seat, key)

    def legal_actions(self) -> list[Action]:
        if self._state.current_player != self.seat:
            return []
        return self._state.legal_actions()

    def resample(self, rng: RngLike) -> GameState:
        """A complete state this seat cannot tell apart from the real one."""
        return self._state.resample(self.seat, rng)


class Agent(Protocol):
    """A bot for one seat of one game."""

    name: str

    def act(self, view: SeatView) -> Action:
        """Choose one of ``view.legal_actions()``."""
        ...
