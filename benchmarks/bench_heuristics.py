"""The same heuristic-against-heuristic games, timed on CPU time, or profiled: where a balance study's time goes.

Run: ``PYTHONPATH=src:. python benchmarks/bench_heuristics.py [GAME ...] [--games N] [--repeat K] [--profile]``.
Game ``i`` is the ``i``-th game ``hulldown bench`` plays (seed
``derive_seed(0, "heuristic", i)``, the default players and options), every seat
the game's heuristic. Code that plays the same games makes the same decisions,
and the printed decision count and digest of the moves prove it, so two
checkouts compare on identical work: run it from each checkout in turn and
compare ``games_per_s`` (CPU time, best of ``--repeat``). ``--profile`` prints
the functions that take the most time instead (cProfile, cumulative and own).
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import json
import pstats
import time

from _common import games_from

from hulldown.agents.registry import make_agent
from hulldown.engine.agent import SeatView
from hulldown.engine.game import Game
from hulldown.engine.rng import derive_seed


def play(game: Game, games: int) -> tuple[int, str]:
    """Decisions made and the digest of every game's moves (the same on any checkout with the same bots)."""
    n = game.info.default_players
    decisions = 0
    digest = hashlib.sha256()
    for i in range(games):
        seed = derive_seed(0, "heuristic", i)
        state = game.new(seed=seed, players=n)
        agents = [make_agent("heuristic", game, seat, seed) for seat in range(n)]
        views = [SeatView(state, seat) for seat in range(n)]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state.apply(agents[seat].act(views[seat]))
        decisions += state.steps
        digest.update("\n".join(e[2] for e in state.log_entries() if e[0] == "action").encode())
    return decisions, digest.hexdigest()[:16]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("games_", nargs="*", metavar="GAME")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--profile", action="store_true", help="print the top functions by cumulative and own time")
    args = ap.parse_args()
    for game in games_from(args.games_):
        if args.profile:
            prof = cProfile.Profile()
            prof.runcall(play, game, args.games)
            stats = pstats.Stats(prof)
            print(f"== {game.id}")
            stats.sort_stats("cumulative").print_stats(25)
            stats.sort_stats("tottime").print_stats(25)
            continue
        best = float("inf")
        decisions, digest = 0, ""
        for _ in range(max(1, args.repeat)):
            start = time.process_time()
            decisions, digest = play(game, args.games)
            best = min(best, time.process_time() - start)
        row = {
            "game": game.id,
            "games": args.games,
            "decisions": decisions,
            "moves": digest,
            "games_per_s": round(args.games / best, 1),
        }
        print(json.dumps(row))


if __name__ == "__main__":
    main()
