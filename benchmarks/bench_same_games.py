"""The same random games, timed on CPU time: a speed comparison of two checkouts that plays identical games.

Run: ``PYTHONPATH=src:. python benchmarks/bench_same_games.py [GAME ...] [--games N] [--repeat K]``.
``hulldown bench`` plays for a fixed time, so two checkouts play different games,
and its wall-clock figure moves with whatever else the machine does. Here game
``i`` is seed ``i`` with uniformly random moves from one ``SplitMix64(1)`` stream:
code that plays the same games (the rules unchanged, only faster or slower) makes
the same decisions, and the printed decision count proves it. CPU time, best of
``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import json
import time

from _common import games_from

from hulldown.engine.game import Game
from hulldown.engine.rng import SplitMix64


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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("games_", nargs="*", metavar="GAME")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    for game in games_from(args.games_):
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
