"""ISMCTS search speed per game: iterations per second and the time a ``normal`` decision takes.

Run: ``PYTHONPATH=src:. python benchmarks/bench_ismcts.py [GAME ...] [--positions N]``
(no game: every registered game; ``tests.engine.toygame:TOY`` for the test game).
Positions are taken from random games at several depths; each decision runs on
one core in this process.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from _common import games_from

from hulldown.agents.base import SeatView
from hulldown.agents.ismcts import LEVELS, ISMCTSAgent
from hulldown.engine.game import Game
from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import GameState


def positions(game: Game, count: int) -> list[GameState]:
    """Decision points with a real choice, spread over the course of random games."""
    out: list[GameState] = []
    rng = SplitMix64(12345)
    seed = 0
    while len(out) < count and seed < count * 20:
        state = game.new(seed=seed)
        seed += 1
        trail = []
        while not state.is_over:
            if len(state.legal_actions()) > 1:
                trail.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        if trail:
            out.append(trail[(seed * 7) % len(trail)])
    return out


def measure(game: Game, count: int, iterations: int) -> dict[str, object]:
    states = positions(game, count)
    rates = []
    normal = []
    for i, state in enumerate(states):
        seat = state.current_player
        assert seat is not None
        agent = ISMCTSAgent(game, seat, seed=i, iterations=iterations)
        agent.act(SeatView(state, seat))
        rates.append(agent.last_iterations / max(agent.last_seconds, 1e-9))
        it, secs = LEVELS["normal"]
        t0 = time.perf_counter()
        ISMCTSAgent(game, seat, seed=i, iterations=it, seconds=secs).act(SeatView(state, seat))
        normal.append(time.perf_counter() - t0)
    return {
        "game": game.id,
        "positions": len(states),
        "iterations_per_s": statistics.median(rates) if rates else 0.0,
        "normal_level": {"iterations": LEVELS["normal"][0], "cap_s": LEVELS["normal"][1]},
        "normal_decision_s": {"mean": statistics.fmean(normal) if normal else 0.0, "max": max(normal, default=0.0)},
        "normal_within_1s": all(t <= 1.0 for t in normal),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("games", nargs="*")
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--iterations", type=int, default=300, help="iterations for the speed measurement")
    args = ap.parse_args()
    for game in games_from(args.games):
        print(json.dumps(measure(game, args.positions, args.iterations)))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
