"""Playing strength: ISMCTS against the random bot and against the game's heuristic.

Run: ``PYTHONPATH=src:. python benchmarks/strength.py [GAME ...] [--games N] [--ismcts SPEC] [--workers W]``.
Each pairing plays ``N`` games, half with ISMCTS in the first seat; the
report gives ISMCTS's win and score rates (a draw scores one half) with 95%
Wilson intervals, and whether the interval excludes 50%.
"""

from __future__ import annotations

import argparse
import json

from _common import games_from

from hulldown.sim.simulate import simulate
from hulldown.sim.stats import rate


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("games", nargs="*")
    ap.add_argument("--games", dest="n", type=int, default=200)
    ap.add_argument("--ismcts", default="ismcts:level=normal")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    for game in games_from(args.games):
        opponents = ["random"] + (["heuristic"] if game.heuristic is not None else [])
        for opp in opponents:
            wins = score = games = 0.0
            for seat in (0, 1):
                specs = [opp] * game.info.default_players
                specs[seat] = args.ismcts
                half = args.n // 2 + (args.n % 2 if seat == 0 else 0)
                r = simulate(game, specs, half, seed=args.seed + seat, workers=args.workers)
                for g in r.results:
                    games += 1
                    won = seat in g.winners
                    wins += won
                    score += 1.0 if won else 0.5 if g.draw else 0.0
            w = rate(wins, int(games))
            s = rate(score, int(games))
            print(
                json.dumps(
                    {
                        "game": game.id,
                        "ismcts": args.ismcts,
                        "opponent": opp,
                        "games": int(games),
                        "win_rate": w,
                        "score": s,
                        "beats_opponent": s["low"] > 0.5,
                    }
                )
            )


if __name__ == "__main__":
    main()
