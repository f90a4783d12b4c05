"""A game's playout policy against its heuristic bot: how well the search's playouts model that opponent.

Run: ``PYTHONPATH=src:. python benchmarks/playout_policy.py GAME [--games N] [--seed S]``.
A search plays its playouts with ``Game.rollout`` in both seats, standing in for
the heuristic bot it is usually matched against; the closer the policy plays to
the heuristic, the better the playouts judge both its own continuation and the
opponent's. This plays the policy (on the full state, as playouts do) in one seat
and the heuristic (on its seat's view) in the other, the policy's seat
alternating game by game, and prints as JSON the policy's score (a win 1, a draw
0.5) with its 95% Wilson interval, overall and by seat, and the mean
microseconds per decision of each side (CPU time): near 50% at a fraction of the
heuristic's cost is the aim.
"""

from __future__ import annotations

import argparse
import json
import time

from hulldown.agents.registry import make_agent
from hulldown.engine.agent import SeatView
from hulldown.engine.rng import derive_seed
from hulldown.sim.runner import resolve_game
from hulldown.sim.stats import rate


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game", help="a game with a playout policy (tank-clash, tank-killers, 2gm-pacific)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    game = resolve_game(args.game)
    if game.rollout is None:
        raise SystemExit(f"{args.game} has no playout policy")
    score = 0.0
    by_seat = [0.0, 0.0]
    games_by_seat = [0, 0]
    spent = [0.0, 0.0]  # CPU seconds: the policy's, the heuristic's
    choices = [0, 0]
    clock = time.process_time
    for i in range(args.games):
        seat = i % 2
        state = game.new(seed=derive_seed(args.seed, "game", i), players=2)
        policy = game.rollout(game, derive_seed(args.seed, "policy", i))
        bot = make_agent("heuristic", game, 1 - seat, derive_seed(args.seed, "heuristic", i))
        view = SeatView(state, 1 - seat)
        while not state.is_over:
            who = 0 if state.current_player == seat else 1
            t0 = clock()
            action = policy(state) if who == 0 else bot.act(view)
            spent[who] += clock() - t0
            choices[who] += 1
            state.apply(action)
        r = state.returns()
        value = 1.0 if r[seat] > r[1 - seat] else 0.5 if r[seat] == r[1 - seat] else 0.0
        score += value
        by_seat[seat] += value
        games_by_seat[seat] += 1
    print(
        json.dumps(
            {
                "game": args.game,
                "games": args.games,
                "seed": args.seed,
                "score": rate(score, args.games),
                "by_seat": [rate(by_seat[s], games_by_seat[s]) for s in (0, 1)],
                "us_per_choice": {
                    "policy": 1e6 * spent[0] / max(choices[0], 1),
                    "heuristic": 1e6 * spent[1] / max(choices[1], 1),
                },
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
