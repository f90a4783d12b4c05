"""The rules' way into the solo AI (rules §12) until they call the hook
:class:`hulldown.games.pacific.solo.SoloProcedure` themselves: each function asks the procedure in
force (:func:`hulldown.games.pacific.solo.active`). The AI itself lives in the package
:mod:`hulldown.games.pacific.solo`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hulldown.games.pacific.solo import active

if TYPE_CHECKING:
    from hulldown.engine import Event
    from hulldown.games.pacific.state import PacificState

__all__ = ["ai_air_reaction", "ai_bid", "ai_terrain", "ai_turn", "ai_turn_rest", "build_ai_deck", "pre_battle"]


def build_ai_deck(st: PacificState, counts: dict[str, int] | None = None) -> list[str]:
    """§12.1 The AI deck."""
    return active().deck(st, counts)


def pre_battle(st: PacificState, events: list[Event]) -> None:
    """§12.11 The AI's terrain and units before a historical scenario's battle."""
    active().pre_battle(st, events)


def ai_bid(st: PacificState, events: list[Event]) -> int:
    """§12.1 The AI's initiative bid."""
    return active().bid(st, events)


def ai_terrain(st: PacificState, side: int, events: list[Event]) -> None:
    """§12.1 The AI's terrain cards."""
    active().terrain(st, side, events)


def ai_turn(st: PacificState, events: list[Event]) -> None:
    """§12.2-§12.8 The AI's turn."""
    active().turn(st, events)


def ai_turn_rest(st: PacificState, b: str, t: str, events: list[Event]) -> None:
    """§12.6-§12.8 The AI's turn after a pause for the player."""
    active().turn_rest(st, b, t, events)


def ai_air_reaction(st: PacificState, phase: str, events: list[Event]) -> None:
    """§12 Air: the AI's interception, escort and AA."""
    active().air_reaction(st, phase, events)
