"""Position evaluations that let a search stop its playouts early.

A playout of Tank Killers runs hundreds of steps to the end of the game, and
most of its outcome is decided by dice and draws far from the decision being
searched: the signal of one choice drowns in that noise. Cutting a playout
after a few turns and scoring the position by the game's own measure of
progress (casualties towards breaking, victory points) gives the search a
sharper signal for far less work.

An evaluation receives a *determinized* state (one drawn by ``resample`` from
the searching seat's information set), never the true state, so reading its
fields reveals nothing the seat does not already hold as a guess. It returns
one value per seat in ``[0, 1]``: the chance, as far as the position shows,
that the seat does well.

A game can declare its own evaluation as ``Game.evaluate`` (a callable
``state -> list[float]``); it takes precedence over the ones kept here for the
games that do not yet declare one.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from hulldown.engine.game import Game
from hulldown.engine.state import GameState

Evaluator = Callable[[GameState], list[float]]


def tank_clash(state: Any) -> list[float]:
    """Tanks destroyed, hits each side can still take, victory points and checkpoints held (clauses 5.7-5.9, 12, 13).

    Every win condition grows out of these: destroying every enemy tank,
    holding the enemy base camp, five victory points; a tank that can take
    more hits keeps fighting longer. A tank takes ``3 (armour + 1) - damage``
    more damage before it is destroyed (three damage remove an armour token;
    a hit without armour destroys it).
    """
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


def pacific(state: Any) -> list[float]:
    """Wounds on each headquarters (rules §8.2: twelve lose the game), then the hit points of units in play.

    HQ wounds decide the game, and also the time limit (§4.7); units that can
    still take wounds are what deals and absorbs the next ones. Seats are
    scored by their side.
    """
    wounds = state.hq_wounds
    strength = [0, 0]
    for u in state.units.values():
        strength[u.side] += max(u.hp - u.wounds, 0)
    margin = (wounds[1] - wounds[0]) * 0.3 + (strength[0] - strength[1]) * 0.04
    v0 = 0.5 + 0.5 * math.tanh(margin)
    return [v0 if state.slot_side[seat] == 0 else 1.0 - v0 for seat in range(state.players)]


#: Evaluations for games that do not declare their own, by game id.
BUILTIN: dict[str, Evaluator] = {
    "tank-clash": tank_clash,
    "2gm-pacific": pacific,
}


def evaluator_for(game: Game) -> Evaluator | None:
    """The game's declared evaluation, else a built-in one, else None (playouts run to the end)."""
    if game.evaluate is not None:
        return game.evaluate
    return BUILTIN.get(game.id)
