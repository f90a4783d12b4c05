"""Tank Killers throughput: random playouts (steps/s, games/s) and the cost of clone().

The random agent picks uniformly among ``state.legal_actions()`` and ``apply``
is included in the timing, as in search and batch simulation. Run:

    PYTHONPATH=src python benchmarks/bench_tank_killers.py [--games N] [--profile] [--heuristic N]

``--heuristic N`` plays only N fixed games of the heuristic against itself (what a balance study
plays), for instruction counts: run it under ``valgrind --tool=callgrind`` with N and with 0, and
subtract the start-up.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from hulldown.engine.registry import load


def playouts(games: int, options: dict[str, Any], seed: int = 0) -> tuple[int, float]:
    game = load("tank-killers")
    pick = random.Random(seed).random  # uniform over the legal actions
    steps = 0
    t0 = time.process_time()
    for g in range(games):
        st = game.new(seed=seed + g, options=options)
        while not st.is_over:
            legal = st.legal_actions()
            st.apply(legal[int(pick() * len(legal))])
            steps += 1
    return steps, time.process_time() - t0


def clone_cost(n: int = 20000) -> float:
    game = load("tank-killers")
    st = game.new(seed=1)
    rnd = random.Random(1)
    for _ in range(200):  # a mid-game position
        legal = st.legal_actions()
        st.apply(legal[rnd.randrange(len(legal))])
    t0 = time.process_time()
    for _ in range(n):
        st.clone()
    return (time.process_time() - t0) / n * 1e6


def heuristic_games(n: int) -> tuple[int, float]:
    from hulldown.engine.rng import derive_seed
    from hulldown.sim.bench import heuristic_game

    game = load("tank-killers")
    steps = 0
    t0 = time.process_time()
    for i in range(n):
        steps += heuristic_game(game, derive_seed(3, "h", i), 2, {}).steps
    return steps, time.process_time() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--heuristic", type=int, default=None, metavar="N", help="only N heuristic games")
    args = ap.parse_args()
    if args.heuristic is not None:
        steps, dt = heuristic_games(args.heuristic)
        print(f"{args.heuristic} heuristic games, {steps} steps, {dt:.2f} CPU s")
        return
    playouts(5, {})  # load data and warm the legality tables
    if args.profile:
        import cProfile
        import pstats

        cProfile.runctx("playouts(args.games, {})", globals(), {"args": args, "playouts": playouts}, "/tmp/tk.prof")
        pstats.Stats("/tmp/tk.prof").sort_stats("tottime").print_stats(15)
        return
    for label, opts in (("default (german vs american)", {}), ("random factor", {"random_factor": True})):
        steps, dt = playouts(args.games, opts)
        print(
            f"{label:30s} {args.games} games, {steps / args.games:.0f} steps/game: "
            f"{steps / dt:,.0f} steps/s, {args.games / dt:,.1f} games/s"
        )
    print(f"clone: {clone_cost():.1f} us")


if __name__ == "__main__":
    main()
