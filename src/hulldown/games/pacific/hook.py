"""§12 Solo mode: what the rules ask of the AI that plays side 1 of a 1-player game.

The rules never reach into the AI's tables: at each point where the rulebook hands a decision
to the AI they call one method of the :class:`SoloProcedure` in force (:func:`active`). The game
declares the rulebook's procedure when it is loaded (:func:`declare`, from the package
``hulldown.games.pacific``); another procedure (a different table, a test double) is installed for
a stretch of play with :func:`installed`. This module imports nothing of the game, so the rules
can depend on it while the procedure itself depends on the rules.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from hulldown.engine import Event

#: the game state the procedure plays on (``PacificState``); a parameter, so that the rules can
#: import this module without it importing the rules' state back
S = TypeVar("S", contravariant=True)


class SoloProcedure(Protocol[S]):
    """§12 The AI's decisions, each called by the rules at the moment the rulebook names
    (``SoloProcedure[PacificState]``)."""

    def deck(self, st: S, counts: dict[str, int] | None = None) -> list[str]:
        """§12.1 The card ids of the AI deck, built when a solo game is set up."""
        ...

    def pre_battle(self, st: S, events: list[Event]) -> None:
        """§12.11 The AI's terrain and Starting Deployment before a historical scenario's battle."""
        ...

    def bid(self, st: S, events: list[Event]) -> int:
        """§12.1 The AP the AI bids for the initiative (the player's bid is in ``st.bids[0]``)."""
        ...

    def terrain(self, st: S, side: int, events: list[Event]) -> None:
        """§12.1 The AI places all its terrain cards (and §3.5 units on them) in one go."""
        ...

    def turn(self, st: S, events: list[Event]) -> None:
        """§12.2-§12.8 The AI's whole turn; it stops after the Deployment phase with ``st.ai_resume``
        set when the player must answer first (paratroopers' AA, Smoke Grenades)."""
        ...

    def turn_rest(self, st: S, b: str, t: str, events: list[Event]) -> None:
        """§12.6-§12.8 The rest of the turn from ``st.ai_resume == (b, t)``; it sets ``ai_resume``
        again when its Shooting phase waits for the player."""
        ...

    def air_reaction(self, st: S, phase: str, events: list[Event]) -> None:
        """§12 Air: the AI's answer to ``st.pending_air`` in phase intercept, escort or aa."""
        ...


#: the procedure installed for a stretch of play (None: the declared rulebook's)
_ACTIVE: ContextVar[SoloProcedure[Any] | None] = ContextVar("pacific_solo_procedure", default=None)
_DECLARED: list[SoloProcedure[Any]] = []


def declare(procedure: SoloProcedure[Any]) -> None:
    """§12 The rulebook's procedure, declared once by the game; a solo game plays it by default."""
    _DECLARED[:] = [procedure]


def active() -> SoloProcedure[Any]:
    """§12 The procedure the rules call now: the declared one unless another is installed."""
    p = _ACTIVE.get()
    if p is not None:
        return p
    if not _DECLARED:
        raise RuntimeError("no solo procedure declared: import hulldown.games.pacific, which declares it")
    return _DECLARED[0]


@contextmanager
def installed(procedure: SoloProcedure[Any]) -> Iterator[SoloProcedure[Any]]:
    """§12 Play under ``procedure`` inside the ``with`` block (the previous one comes back after)."""
    token = _ACTIVE.set(procedure)
    try:
        yield procedure
    finally:
        _ACTIVE.reset(token)
