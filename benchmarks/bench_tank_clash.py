"""Random-playout throughput of Tank Clash: decisions per second on one core.

    PYTHONPATH=src python benchmarks/bench_tank_clash.py [games] [option=value ...]

Counts every decision (set-up included) of uniformly random games and reports
steps per second of process time, so other load on the machine distorts it less.

The game keeps per-process tables shared by all its states (reaches per terrain and
nearby tanks, sight and fire masks per terrain), filled as play asks for them. The
figure is the steady state of a long run (search, simulation, conformance): 50 games
on other seeds fill the tables first, and the first-run ("cold") figure is printed
beside it.
"""

from __future__ import annotations

import sys
import time

import hulldown
from hulldown.engine.rng import SplitMix64


def run(games: int, options: dict[str, object], first_seed: int = 0) -> tuple[int, float]:
    game = hulldown.load("tank-clash")
    steps = 0
    t0 = time.process_time()
    for seed in range(first_seed, first_seed + games):
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
    run(1, options, 10**6)  # imports, data files, action objects
    cold_steps, cold_dt = run(50, options, 10**6 + 1)  # fills the shared tables
    steps, dt = run(games, options)
    print(
        f"tank-clash {options or 'default'}: {games} games, {steps} steps, {dt:.2f}s, {steps / dt:,.0f} steps/s"
        f" (the first 50 games, tables filling: {cold_steps / cold_dt:,.0f} steps/s)"
    )


if __name__ == "__main__":
    main()
