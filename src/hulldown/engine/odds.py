"""An attack's chances as every game states them, so that the browser reads one shape.

Each game computes its odds exactly from its dice (``games/<game>/odds.py``) and
for what the seat to move may know: a chance that depends on something hidden
(a card in a hand, a face-down unit) is left out and the entry says so, rather
than letting the numbers leak it. The server adds an entry to the payload of the
legal actions it concerns, in that seat's view only (docs/web.md, "Odds").
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import comb

from hulldown.engine.state import JSON, ActionId, GameState, Seat

#: One entry per attack action: ``hit`` and ``destroy`` chances (0..1), optional ``damage``
#: (expected), ``before`` ("reaction": cards or choices still to come may change it), ``unseen``
#: (the target is hidden: no numbers that depend on it), ``clause`` (of docs/rules/<game>.md).
OddsEntry = dict[str, JSON]
#: Odds of the seat to move's attack actions, by action id: ``odds(state, seat)``.
OddsFunction = Callable[[GameState, Seat], dict[ActionId, OddsEntry]]


def entry(
    clause: str,
    *,
    hit: Fraction | None = None,
    destroy: Fraction | None = None,
    damage: Fraction | None = None,
    before_reaction: bool = False,
    unseen: bool = False,
) -> OddsEntry:
    """The entry as the browser gets it: chances rounded to four places, exact until then."""
    out: OddsEntry = {"clause": clause}
    if hit is not None:
        out["hit"] = round(float(hit), 4)
    if destroy is not None:
        out["destroy"] = round(float(destroy), 4)
    if damage is not None:
        out["damage"] = round(float(damage), 2)
    if before_reaction:
        out["before"] = "reaction"
    if unseen:
        out["unseen"] = True
    return out


def at_least(n: int, p: Fraction, k: int = 1) -> Fraction:
    """The chance of ``k`` or more successes in ``n`` independent tries of chance ``p`` each."""
    return sum((Fraction(comb(n, i)) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1)), Fraction(0))
