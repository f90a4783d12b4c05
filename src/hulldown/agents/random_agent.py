"""The uniform random bot: the baseline every other bot must beat."""

from __future__ import annotations

from typing import Any

from hulldown.engine.agent import SeatView
from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import Action


class RandomAgent:
    """Picks uniformly among the legal actions with its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = SplitMix64(seed)

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if not legal:
            raise ValueError("random agent asked to act when its seat has no decision")
        return legal[self._rng.below(len(legal))]


def make_random(game: Any, seat: int, seed: int, **params: str) -> RandomAgent:
    if params:
        raise TypeError(f"random takes no parameters (got {', '.join(params)})")
    return RandomAgent(seed)
