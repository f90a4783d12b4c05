"""How far ahead each seat is, for a search that cuts its playouts short (``ismcts:depth=N``)."""

from __future__ import annotations

import math

from hulldown.engine.state import GameState
from hulldown.games.tank_hunter.fields import StateFields


def evaluate(state: GameState) -> list[float]:
    """Victory points scored (§12), plus a little for every own unit still in play.

    Units in play break ties at the end and can still score, so they count for
    a fraction of a point; each seat is scored by its lead over the best other
    seat, squashed into [0, 1].
    """
    assert isinstance(state, StateFields)
    n = state.players
    values = [state.points(p) + 0.3 * len(state.units_of(p)) for p in range(n)]
    out: list[float] = []
    for p in range(n):
        best_other = max(values[q] for q in range(n) if q != p)
        out.append(0.5 + 0.5 * math.tanh((values[p] - best_other) / 3.0))
    return out
