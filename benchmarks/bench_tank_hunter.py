"""Random-playout throughput of Tank Hunter (decisions per second, one core).

Run: PYTHONPATH=src python benchmarks/bench_tank_hunter.py [games] [players...]
"""

from __future__ import annotations

import sys
import time

from hulldown.engine import registry
from hulldown.engine.rng import SplitMix64


def bench(games: int, players: int, options: dict[str, object] | None = None) -> tuple[float, float]:
    game = registry.load("tank-hunter")
    steps = 0
    start = time.process_time()
    for seed in range(games):
        state = game.new(seed=seed, players=players, options=options or {})
        rng = SplitMix64(seed)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            steps += 1
    elapsed = time.process_time() - start
    return steps / elapsed, steps / games


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    seats = [int(a) for a in sys.argv[2:]] or [2, 3, 4, 6]
    for n in seats:
        rate, length = bench(games, n)
        print(f"tank-hunter {n} players: {rate:,.0f} steps/s, {length:.0f} decisions per game")


if __name__ == "__main__":
    main()
