"""The same random games, timed on CPU time: a speed comparison of two checkouts that plays identical games.

Run: ``PYTHONPATH=src:benchmarks python benchmarks/bench_same_games.py [GAME ...] [--games N] [--repeat K]``.
``hulldown bench`` plays for a fixed time, so two checkouts play different games,
and its wall-clock figure moves with whatever else the machine does. Here game
``i`` is seed ``i`` with uniformly random moves from one ``SplitMix64(1)`` stream:
code that plays the same games (the rules unchanged, only faster or slower) makes
the same decisions, and the printed decision count proves it. CPU time, best of
``--repeat`` runs.

``--against OTHER/src`` compares this checkout with another one on a shared, busy
machine: two worker processes, one importing each checkout, play the same games
in alternation, ``--repeat`` times each, so both see the same load; it prints
each side's best and median and the median of the paired ratios (above 1: this
checkout is faster).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from _common import games_from

from hulldown.engine.game import Game
from hulldown.engine.rng import SplitMix64

HERE = Path(__file__).resolve().parent


def play(game: Game, games: int) -> int:
    rng = SplitMix64(1)
    decisions = 0
    for seed in range(games):
        state = game.new(seed=seed)
        while True:
            legal = state.legal_actions()
            if not legal:
                break
            state.apply(legal[rng.below(len(legal))])
            decisions += 1
    return decisions


def worker(name: str, games: int) -> None:
    """Play the games each time a line arrives on stdin; answer ``[decisions, cpu seconds]``."""
    game = games_from([name])[0]
    play(game, 1)  # load the card data before the first timed run
    for _ in sys.stdin:
        start = time.process_time()
        decisions = play(game, games)
        print(json.dumps([decisions, time.process_time() - start]), flush=True)


def against(name: str, games: int, repeat: int, other: str) -> dict[str, object]:
    """This checkout's ``src`` and ``other``, timed in alternation (the order flips every round)."""
    this = str(Path(sys.modules["hulldown"].__file__ or "").resolve().parent.parent)
    procs = {}
    for side, src in (("this", this), ("other", other)):
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([src, str(HERE)]))
        cmd = [sys.executable, __file__, name, "--games", str(games), "--worker"]
        procs[side] = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    times: dict[str, list[float]] = {"this": [], "other": []}
    decisions: dict[str, int] = {}
    for r in range(max(1, repeat)):
        for side in ("this", "other") if r % 2 == 0 else ("other", "this"):
            p = procs[side]
            assert p.stdin is not None and p.stdout is not None
            p.stdin.write("go\n")
            p.stdin.flush()
            decisions[side], seconds = json.loads(p.stdout.readline())
            times[side].append(seconds)
    for p in procs.values():
        assert p.stdin is not None
        p.stdin.close()
        p.wait()
    row: dict[str, object] = {"game": name, "games": games, "runs": len(times["this"])}
    for side in ("this", "other"):
        row[f"{side}_decisions"] = decisions[side]
        row[f"{side}_best_steps_per_s"] = round(decisions[side] / min(times[side]))
        row[f"{side}_median_steps_per_s"] = round(decisions[side] / statistics.median(times[side]))
    row["speedup"] = round(statistics.median(o / t for o, t in zip(times["other"], times["this"], strict=True)), 3)
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("games_", nargs="*", metavar="GAME")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--against", metavar="SRC", help="the src folder of another checkout to compare with")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.games_[0], args.games)
        return
    for game in games_from(args.games_):
        if args.against:
            print(json.dumps(against(game.id, args.games, args.repeat, args.against)))
            continue
        best = float("inf")
        decisions = 0
        for _ in range(max(1, args.repeat)):
            start = time.process_time()
            decisions = play(game, args.games)
            best = min(best, time.process_time() - start)
        row = {"game": game.id, "games": args.games, "decisions": decisions, "steps_per_s": decisions / best}
        print(json.dumps(row))


if __name__ == "__main__":
    main()
