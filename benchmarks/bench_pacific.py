"""Random playouts of 2GM Pacific: decisions per second on one core (report the figure)."""

from __future__ import annotations

import sys
import time

from hulldown.engine import registry
from hulldown.engine.rng import SplitMix64


def main(games: int = 20, players: int = 2) -> float:
    game = registry.load("2gm-pacific")
    steps = 0
    t0 = time.perf_counter()
    for seed in range(games):
        st = game.new(seed=seed, players=players)
        rng = SplitMix64(seed)
        while not st.is_over:
            legal = st.legal_actions()
            st.apply(legal[rng.below(len(legal))])
            steps += 1
    rate = steps / (time.perf_counter() - t0)
    print(f"2gm-pacific, {players} players: {games} games, {steps} decisions, {rate:.0f} steps/s")
    return rate


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20, int(sys.argv[2]) if len(sys.argv) > 2 else 2)
