"""Interrupt windows: moments where any seat may act out of turn, asking only seats that could.

docs/engine.md, "Interrupts: any seat may play here". Rulebooks let players play
cards at moments of another's turn ("anytime", "during a player's turn ... all
players"); asking every seat at every such moment would make two-player and bot
games stop at every step. So a window asks, in the rulebook's order of priority,
only a seat that holds something it may do now; the others pass by themselves.

Which seats hold cards at all is public (hand sizes are on the table), so a seat
with none passes without telling anyone anything. Whether what a seat holds is
playable now depends on its hidden hand: a window that opens, or does not,
tells the others something, so that step is declared a reveal
(:meth:`GameState.declare_reveal`) and is never undone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from hulldown.engine.state import GameState


def first_asked(
    state: GameState,
    seats: Iterable[int],
    may_act: Callable[[int], bool],
    playable: Callable[[int], bool] | None,
) -> tuple[int, int]:
    """The first of ``seats`` (in priority order) a window asks, and how many passed before it.

    ``may_act(seat)`` answers from public facts alone (the seat is in the game,
    holds cards, has not used up what the rules allow it); a seat for which it
    is False passes and nothing is revealed. ``playable(seat)`` answers from the
    seat's hidden hand; asking it declares a reveal. ``playable=None`` asks every
    seat that ``may_act``: a window whose opening depends on public facts only.
    The seat is -1 when nobody is asked.
    """
    passed = 0
    for seat in seats:
        if may_act(seat):
            if playable is None:
                return seat, passed
            state.declare_reveal()
            if playable(seat):
                return seat, passed
        passed += 1
    return -1, passed
