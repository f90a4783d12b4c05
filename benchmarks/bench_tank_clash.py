"""Random-playout throughput of Tank Clash: decisions per second on one core.

    PYTHONPATH=src python benchmarks/bench_tank_clash.py [games] [option=value ...]

Counts every decision (set-up included) of uniformly random games and reports
steps per second of process time, so other load on the machine distorts it less.
"""

from __future__ import annotations

import sys
import time

import hulldown
from hulldown.engine.rng import SplitMix64


def run(games: int, options: dict[str, object]) -> tuple[int, float]:
    game = hulldown.load("tank-clash")
    steps = 0
    t0 = time.process_time()
    for seed in range(games):
        s = game.new(seed=seed, options=options)
        rng = SplitMix64(seed)
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
            steps += 1
    return steps, time.process_time() - t0


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    options: dict[str, object] = {}
    for arg in sys.argv[2:]:
        key, _, value = arg.partition("=")
        options[key] = value
    run(5, options)  # warm the caches (reach tables, line cache, action objects)
    steps, dt = run(games, options)
    print(f"tank-clash {options or 'default'}: {games} games, {steps} steps, {dt:.2f}s, {steps / dt:,.0f} steps/s")


if __name__ == "__main__":
    main()
