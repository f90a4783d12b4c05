"""Tank Killers random playouts beside OpenSpiel's Python Kuhn poker, in the same run.

OpenSpiel's Python games are the usual yardstick for a game written in Python;
Kuhn poker is the smallest of them (three cards, two bets), so its steps are
as cheap as a Python game's steps get. Both are played the same way: each step
picks uniformly among the legal actions (for Kuhn's chance nodes, among the
chance outcomes, which are equally likely) and applies it, on process time.
Kuhn's figure counts its chance steps (the deal) as steps, as its
``apply_action`` takes them; the decisions-only rate is printed too.

The two games alternate, round by round, so a machine whose speed drifts
slows both alike; the ratio of each round's rates is reported with the median.

    PYTHONPATH=src python benchmarks/bench_kuhn.py [--seconds 2] [--rounds 5] [--json]
    PYTHONPATH=build/compiled python benchmarks/bench_kuhn.py   # Tank Killers compiled (make compiled)

The output says which build of Tank Killers ran.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from hulldown.compiled import compiled_modules
from hulldown.engine.registry import load


def tank_killers(seconds: float, seed: int) -> tuple[int, float]:
    """Random Tank Killers playouts for ``seconds`` of process time: (steps, seconds)."""
    game = load("tank-killers")
    pick = random.Random(seed).random
    steps = 0
    g = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        st = game.new(seed=seed + g)
        g += 1
        while not st.is_over:
            legal = st.legal_actions()
            st.apply(legal[int(pick() * len(legal))])
            steps += 1
    return steps, time.process_time() - t0


def kuhn(seconds: float, seed: int) -> tuple[int, int, float]:
    """Random Python Kuhn poker games for ``seconds`` of process time: (steps, decisions, seconds)."""
    import open_spiel.python.games  # noqa: F401  (registers python_kuhn_poker)
    import pyspiel

    game = pyspiel.load_game("python_kuhn_poker")
    pick = random.Random(seed).random
    steps = decisions = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        st = game.new_initial_state()
        while not st.is_terminal():
            if st.is_chance_node():
                outcomes = st.chance_outcomes()
                st.apply_action(outcomes[int(pick() * len(outcomes))][0])
            else:
                legal = st.legal_actions()
                st.apply_action(legal[int(pick() * len(legal))])
                decisions += 1
            steps += 1
    return steps, decisions, time.process_time() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=2.0, help="process time per game per round")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    tank_killers(0.2, 99)  # load the game and warm its tables
    kuhn(0.2, 99)
    rows = []
    for r in range(args.rounds):
        tk_steps, tk_s = tank_killers(args.seconds, r)
        k_steps, k_dec, k_s = kuhn(args.seconds, r)
        row = {"tank_killers": tk_steps / tk_s, "kuhn": k_steps / k_s, "kuhn_decisions": k_dec / k_s}
        row["ratio"] = row["tank_killers"] / row["kuhn"]
        rows.append(row)
        if not args.json:
            print(
                f"round {r + 1}: Tank Killers {row['tank_killers']:,.0f} steps/s, Kuhn poker {row['kuhn']:,.0f} "
                f"steps/s ({row['kuhn_decisions']:,.0f} decisions/s): {row['ratio']:.2f}x"
            )
    median = {k: statistics.median(row[k] for row in rows) for k in rows[0]}
    build = compiled_modules()
    if args.json:
        print(json.dumps({"compiled": build, "rounds": rows, "median": median}, indent=1))
    else:
        print(
            f"median ({'compiled build, ' + str(len(build)) + ' modules' if build else 'plain Python'}): "
            f"Tank Killers {median['tank_killers']:,.0f} steps/s, Kuhn poker {median['kuhn']:,.0f} "
            f"steps/s, ratio {median['ratio']:.2f}x"
        )


if __name__ == "__main__":
    main()
