"""How far ahead each seat is, for a search that cuts its playouts short (``ismcts:depth=N``)."""

from __future__ import annotations

import math

from hulldown.engine.state import GameState
from hulldown.games.pacific.fields import PacificFields


def evaluate(state: GameState) -> list[float]:
    """Wounds on each headquarters (rules §8.2: twelve lose the game), then the hit points of units in play.

    HQ wounds decide the game, and also the time limit (§4.7); units that can
    still take wounds are what deals and absorbs the next ones. Seats are
    scored by their side.
    """
    assert isinstance(state, PacificFields)
    wounds = state.hq_wounds
    strength = [0, 0]
    for u in state.units.values():
        strength[u.side] += max(u.hp - u.wounds, 0)
    margin = (wounds[1] - wounds[0]) * 0.3 + (strength[0] - strength[1]) * 0.04
    v0 = 0.5 + 0.5 * math.tanh(margin)
    return [v0 if state.slot_side[seat] == 0 else 1.0 - v0 for seat in range(state.players)]
