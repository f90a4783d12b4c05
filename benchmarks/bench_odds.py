"""What the odds add to a seat's view: its legal actions built with and without them.

    PYTHONPATH=src python benchmarks/bench_odds.py [games] [repeats]

For each game, plays ``games`` random games and keeps the decision with the most
attack actions (the costliest for the odds); there it times what a view of the
seat to move costs, its observation and its legal actions as JSON, without the
odds and with them (``server.rooms.legal_json``), best of ``repeats`` runs of
process time. The server builds the list once per position, so this is paid
once per move, not per poll.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

import hulldown
from hulldown.engine.game import Game
from hulldown.engine.odds import OddsFunction
from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import GameState
from hulldown.server.rooms import legal_json


def busiest(game: Game, games: int) -> tuple[GameState, int]:
    """The decision of random games with the most attack actions that get odds."""
    assert game.odds is not None
    best: tuple[int, GameState | None] = (-1, None)
    for seed in range(games):
        s = game.new(seed=seed)
        rng = SplitMix64(seed)
        while not s.is_over and s.steps < 3000:
            seat = s.current_player
            assert seat is not None
            n = len(game.odds(s, seat))
            if n > best[0]:
                best = (n, s.clone())
            legal = s.legal_actions()
            s.apply(legal[rng.next64() % len(legal)])
    assert best[1] is not None
    return best[1], best[0]


def best_us(f: Callable[[], Any], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.process_time()
        for _ in range(20):
            f()
        times.append((time.process_time() - t0) / 20)
    return min(times) * 1e6


def main(games: int, repeats: int) -> None:
    print("| game | attack actions | legal actions | view without odds µs | view with odds µs | odds alone µs |")
    print("|---|---|---|---|---|---|")
    for gid in ("tank-killers", "tank-hunter", "tank-clash", "2gm-pacific"):
        game = hulldown.load(gid)
        s, n = busiest(game, games)
        seat = s.current_player
        assert seat is not None and game.odds is not None
        odds = game.odds
        g = game

        def plain(s: GameState = s, seat: int = seat) -> object:
            s._legal_cache = None
            return s.observation(seat), [a.to_json() for a in s.legal_actions()]

        def full(s: GameState = s, seat: int = seat, g: Game = g) -> object:
            s._legal_cache = None
            return s.observation(seat), legal_json(g, s, seat)

        def alone(s: GameState = s, seat: int = seat, odds: OddsFunction = odds) -> object:
            s._legal_cache = None
            return odds(s, seat)

        without, with_, only = best_us(plain, repeats), best_us(full, repeats), best_us(alone, repeats)
        print(f"| {gid} | {n} | {len(s.legal_actions())} | {without:,.0f} | {with_:,.0f} | {only:,.0f} |")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20, int(sys.argv[2]) if len(sys.argv) > 2 else 5)
