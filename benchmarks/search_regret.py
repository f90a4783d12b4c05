"""How far a search spec's choices fall from a much longer search's, on the same positions.

A strength run against a bot answers "does this spec win more?" with hundreds of games; this
answers a narrower question in minutes: *under the search's own playouts and evaluation*, how
much does a spec lose by stopping early? Each position is a decision of heuristic self-play
(every ``--every``-th decision with a choice, the acting seat's). A reference search with a far
larger budget (``--reference``, default 30,000 paired iterations over 1,500 worlds) values every
root action; each spec then decides ``--reps`` times with different seeds, and its regret is the
reference value of the best action minus that of the action it chose (0 when it chose the best).

Low regret says the spec finds what its model would find with unlimited time; it says nothing of
whether the model plays well, which only games against an opponent show (``strength.py``). A
spec whose regret is already near 0 cannot gain from more iterations of the same search; where
two specs differ in regret, the cheaper way to close the gap shows here first. Every search sees
only its seat's view (``SeatView``), as in play.

    PYTHONPATH=src:. python benchmarks/search_regret.py tank-killers --positions 150 --every 5 \\
        --specs ismcts:level=normal ismcts:level=normal,worlds=200 --reps 2

Regret is in the units of the search's values, a seat's reward in ``[0, 1]``. The report gives
each spec's mean regret with its 95% interval (over positions and repetitions), the share of
choices with no regret, the mean CPU seconds a decision, and each spec's mean difference from the
first spec on the same positions with its interval. ``--cache FILE`` keeps the reference values,
which cost most of the run, for the next run on the same positions.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from hulldown.agents.registry import make_agent
from hulldown.engine.agent import SeatView
from hulldown.engine.registry import load
from hulldown.engine.rng import derive_seed
from hulldown.engine.state import GameState
from hulldown.sim.compare import paired_difference


def positions(game: Any, count: int, every: int, seed: int, players: int) -> list[GameState]:
    """Every ``every``-th decision with a choice of heuristic self-play games, until ``count``."""
    found: list[GameState] = []
    g = 0
    while len(found) < count:
        state = game.new(seed=derive_seed(seed, "position game", g), players=players)
        bots = [game.heuristic(game, s, derive_seed(seed, "bot", g, s)) for s in range(players)]
        g += 1
        k = 0
        while not state.is_over and len(found) < count:
            seat = state.current_player
            view = SeatView(state, seat)
            if len(view.legal_actions()) > 1:
                k += 1
                if k % every == 0:
                    found.append(state.clone())
            state.apply(bots[seat].act(view))
    return found


def reference_values(game: Any, spec: str, state: GameState, index: int) -> dict[str, float]:
    seat = state.current_player
    agent = make_agent(spec, game, seat, derive_seed(7, "reference", index))
    agent.act(SeatView(state, seat))
    values: dict[str, float] = dict(agent.last_values)
    unvalued = {a.id for a in state.legal_actions()} - set(values)
    if unvalued:
        raise ValueError(f"the reference left {len(unvalued)} legal actions unvisited: give it more iterations")
    return values


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--specs", nargs="+", required=True, help="search specs to compare; the first is the baseline")
    ap.add_argument("--reference", default="ismcts:iterations=30000,worlds=1500")
    ap.add_argument("--positions", type=int, default=150)
    ap.add_argument("--every", type=int, default=5)
    ap.add_argument("--reps", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--cache", type=Path, default=None)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    game = load(args.game)
    states = positions(game, args.positions, args.every, args.seed, args.players)
    cache: dict[str, dict[str, float]] = {}
    if args.cache is not None and args.cache.exists():
        cache = json.loads(args.cache.read_text())
    regrets: dict[str, list[float]] = {s: [] for s in args.specs}
    cpu: dict[str, float] = dict.fromkeys(args.specs, 0.0)
    for i, state in enumerate(states):
        key = f"{args.game}|{args.players}|{args.seed}|{args.every}|{args.reference}|{i}"
        if key not in cache:
            cache[key] = reference_values(game, args.reference, state, i)
            if args.cache is not None:
                args.cache.write_text(json.dumps(cache))
        values = cache[key]
        best = max(values.values())
        seat = state.current_player
        for spec in args.specs:
            for r in range(args.reps):
                agent = make_agent(spec, game, seat, derive_seed(args.seed, "spec", r, i))
                t0 = time.process_time()
                choice = agent.act(SeatView(state, seat))
                cpu[spec] += time.process_time() - t0
                regrets[spec].append(best - values[choice.id])
    report(args, regrets, cpu, len(states))


def report(args: argparse.Namespace, regrets: dict[str, list[float]], cpu: dict[str, float], n: int) -> None:
    base = regrets[args.specs[0]]
    rows = []
    for spec, xs in regrets.items():
        mean = paired_difference(xs)
        diff = paired_difference([x - b for x, b in zip(xs, base, strict=True)])
        rows.append(
            {
                "spec": spec,
                "mean_regret": mean["mean"],
                "ci": mean["high"] - mean["mean"],
                "no_regret": sum(x == 0 for x in xs) / len(xs),
                "cpu_s": cpu[spec] / len(xs),
                "minus_first": diff["mean"],
                "minus_first_ci": diff["high"] - diff["mean"],
            }
        )
    if args.json:
        print(json.dumps({"game": args.game, "positions": n, "reference": args.reference, "rows": rows}))
        return
    print(f"{args.game}: {n} positions, reference {args.reference}, {args.reps} choices per spec and position")
    for row in rows:
        print(
            f"  {row['spec']}: regret {row['mean_regret']:.5f} ± {row['ci']:.5f}, no regret {row['no_regret']:.0%}, "
            f"{row['cpu_s']:.3f} s a decision; "
            f"minus the first spec {row['minus_first']:+.5f} ± {row['minus_first_ci']:.5f}"
        )


if __name__ == "__main__":
    main()
