"""Parallel speed-up of ``simulate``: 2 local worker processes against 1, and Ray 2 workers against 1.

Run: ``PYTHONPATH=src:. python benchmarks/bench_simulate.py [GAME] [--games N] [--agents A,B] [--no-ray]
[--repeat K] [--address ADDR]``.
With ``--address`` the Ray runs go to a cluster already started (``ray start --head``
here, ``ray start --address=...`` on each further node) instead of a private one.
Rates count games played after the workers have started and loaded the game
(interpreter, imports and Ray start-up are reported separately, in ``wall_s``);
the aggregate wins are checked to be identical across every configuration.
``--repeat K`` measures every configuration K times, in turn, and reports each
run's speed-ups and their median: on a shared or virtual machine one run says
little about another.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from _common import games_from

from hulldown.sim.commands import split_agents
from hulldown.sim.simulate import simulate


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game", nargs="?")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--agents", default="random")
    ap.add_argument("--no-ray", action="store_true")
    ap.add_argument("--repeat", type=int, default=1, help="measure every configuration K times, in turn")
    ap.add_argument("--address", help="a running Ray cluster (ray start) for the Ray runs")
    args = ap.parse_args()
    if args.repeat < 1:
        ap.error("--repeat must be at least 1")
    game = games_from([args.game] if args.game else [])[0]
    agents = split_agents(args.agents)
    configs = [("local", 1), ("local", 2)] + ([] if args.no_ray else [("ray", 1), ("ray", 2)])
    out: dict[str, object] = {"game": game.id, "games": args.games, "agents": agents}
    wins = set()
    runs: list[dict[str, object]] = []
    speedups: dict[str, list[float]] = {"speedup_local": [], "speedup_ray": []}
    for _ in range(args.repeat):
        run: dict[str, object] = {}
        rates: dict[str, float] = {}
        for backend, workers in configs:
            t0 = time.perf_counter()
            address = args.address if backend == "ray" else None
            r = simulate(game, agents, args.games, seed=1, workers=workers, backend=backend, address=address)
            wall = time.perf_counter() - t0
            s = r.summary()
            key = f"{backend}x{workers}"
            rates[key] = s["games_per_s"]
            wins.add(json.dumps(s["wins"]))
            run[key] = {"games_per_s": s["games_per_s"], "steps_per_s": s["steps_per_s"], "wall_s": round(wall, 2)}
        speedups["speedup_local"].append(round(rates["localx2"] / rates["localx1"], 3))
        if not args.no_ray:
            speedups["speedup_ray"].append(round(rates["rayx2"] / rates["rayx1"], 3))
        runs.append(run)
    out["runs"] = runs
    for key, values in speedups.items():
        if values:
            out[key] = values
            out[f"median_{key}"] = statistics.median(values)
    out["identical_aggregates"] = len(wins) == 1
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
