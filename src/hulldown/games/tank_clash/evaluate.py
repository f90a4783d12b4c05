"""How far ahead each seat is, for a search that cuts its playouts short (``ismcts:depth=N``)."""

from __future__ import annotations

import math

from hulldown.engine.state import GameState
from hulldown.games.tank_clash.fields import StateFields


def evaluate(state: GameState) -> list[float]:
    """Tanks destroyed, hits each side can still take, victory points and checkpoints held (clauses 5.7-5.9, 12, 13).

    Every win condition grows out of these: destroying every enemy tank,
    holding the enemy base camp, five victory points; a tank that can take
    more hits keeps fighting longer. A tank takes ``3 (armour + 1) - damage``
    more damage before it is destroyed (three damage remove an armour token;
    a hit without armour destroys it).
    """
    assert isinstance(state, StateFields)
    destroyed = state.destroyed
    armour = state.armour
    damage = state.damage
    lost = [0, 0]
    hits = [0, 0]
    for t in range(10):
        side = t // 5
        if destroyed[t]:
            lost[side] += 1
        else:
            hits[side] += 3 * (armour[t] + 1) - damage[t]
    held = [0, 0]
    for cp, holder in enumerate(state.cp_holder):
        owner = cp // 3
        if holder == 1 - owner:
            held[holder] += 2 if cp % 3 == 0 else 1
    vp = state.vp
    margin = (lost[1] - lost[0]) * 0.6 + (hits[0] - hits[1]) * 0.05 + (vp[0] - vp[1]) * 0.25 + (held[0] - held[1]) * 0.3
    v0 = 0.5 + 0.5 * math.tanh(margin)
    return [v0, 1.0 - v0]
