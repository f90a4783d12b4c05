"""Random playouts of 2GM Pacific: decisions per second on one core (report the figure).

``python bench_pacific.py [GAMES] [PLAYERS]`` plays the games; ``python bench_pacific.py clone``
times one ``clone()`` of states 200 random decisions into 8 games (best of 5 rounds of process
time, so other work on the machine weighs less): what search pays at every iteration.
"""

from __future__ import annotations

import sys
import time

from hulldown.engine import registry
from hulldown.engine.rng import SplitMix64


def main(games: int = 20, players: int = 2) -> float:
    game = registry.load("2gm-pacific")
    steps = 0
    t0 = time.perf_counter()
    for seed in range(games):
        st = game.new(seed=seed, players=players)
        rng = SplitMix64(seed)
        while not st.is_over:
            legal = st.legal_actions()
            st.apply(legal[rng.below(len(legal))])
            steps += 1
    rate = steps / (time.perf_counter() - t0)
    print(f"2gm-pacific, {players} players: {games} games, {steps} decisions, {rate:.0f} steps/s")
    return rate


def clone_cost(rounds: int = 5, repeat: int = 300) -> float:
    game = registry.load("2gm-pacific")
    states = []
    for seed in range(8):
        st = game.new(seed=seed, players=2)
        rng = SplitMix64(seed)
        for _ in range(200):
            if st.is_over:
                break
            legal = st.legal_actions()
            st.apply(legal[rng.below(len(legal))])
        states.append(st)
    best = float("inf")
    for _ in range(rounds):
        t0 = time.process_time()
        for _ in range(repeat):
            for st in states:
                st.clone()
        best = min(best, (time.process_time() - t0) / (repeat * len(states)))
    print(f"2gm-pacific clone: {best * 1e6:.1f} us")
    return best


if __name__ == "__main__" and sys.argv[1:2] == ["clone"]:
    clone_cost()
elif __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20, int(sys.argv[2]) if len(sys.argv) > 2 else 2)
