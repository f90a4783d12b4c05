"""ISMCTS search speed per game: iterations per second and the time a ``normal`` decision takes.

Run: ``PYTHONPATH=src:. python benchmarks/bench_ismcts.py [GAME ...] [--positions N] [--games G]``
(no game: every registered game; ``tests.engine.toygame:TOY`` for the test game).

* Iterations per second, for the default search (``ismcts``: heuristic
  playouts cut off and evaluated, reused determinizations) and for plain
  ISMCTS (random playouts to the end of the game), measured on positions taken
  from random games at several depths.
* Decision time at ``level=normal`` over whole games against the heuristic
  (random where a game has none): mean and maximum wall time over every
  decision with more than one legal action.
* CPU seconds that ``normal``'s iteration count takes without its time cap,
  on the same positions: the time on one free core.

Everything runs on one core in this process; on a loaded machine the times
grow and a level's seconds cap binds before its iteration count.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from _common import games_from

from hulldown.agents.ismcts import ISMCTSAgent
from hulldown.agents.ismcts_spec import LEVELS
from hulldown.agents.registry import make_agent
from hulldown.engine.agent import SeatView
from hulldown.engine.game import Game
from hulldown.engine.rng import SplitMix64, derive_seed
from hulldown.engine.state import GameState

PLAIN = "ismcts:rollout=random,depth=end,worlds=0,bias=0"


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


def speed(game: Game, states: list[GameState], spec: str) -> dict[str, float]:
    """Iterations per second of ``spec`` over the positions: median by wall time, overall by CPU time."""
    rates = []
    iterations = 0
    cpu = 0.0
    for i, state in enumerate(states):
        seat = state.current_player
        assert seat is not None
        agent = make_agent(spec, game, seat, i)
        assert isinstance(agent, ISMCTSAgent)
        t0 = time.process_time()
        agent.act(SeatView(state, seat))
        cpu += time.process_time() - t0
        iterations += agent.last_iterations
        rates.append(agent.last_iterations / max(agent.last_seconds, 1e-9))
    return {"wall": statistics.median(rates) if rates else 0.0, "cpu": iterations / max(cpu, 1e-9)}


def cpu_per_decision(game: Game, states: list[GameState], iterations: int) -> list[float]:
    """CPU seconds of a decision of ``iterations`` iterations (no time cap): what one free core needs.

    CPU time, unlike wall time, does not grow when other processes share the
    core, so this is the figure that says whether a level's iteration count
    fits in its time cap on an unloaded core.
    """
    out = []
    for i, state in enumerate(states):
        seat = state.current_player
        assert seat is not None
        agent = make_agent(f"ismcts:iterations={iterations}", game, seat, i)
        t0 = time.process_time()
        agent.act(SeatView(state, seat))
        out.append(time.process_time() - t0)
    return out


def decision_times(game: Game, games: int) -> list[float]:
    """Seconds of every real ``normal`` decision in whole games against the heuristic (or random)."""
    opponent = "heuristic" if game.heuristic is not None else "random"
    players = game.info.default_players
    times: list[float] = []
    for i in range(games):
        seat = i % players
        state = game.new(seed=derive_seed(99, i), players=players)
        agents = [
            make_agent("ismcts:level=normal" if k == seat else opponent, game, k, derive_seed(98, i))
            for k in range(players)
        ]
        while not state.is_over:
            p = state.current_player
            assert p is not None
            view = SeatView(state, p)
            real = p == seat and len(state.legal_actions()) > 1
            t0 = time.perf_counter()
            action = agents[p].act(view)
            if real:
                times.append(time.perf_counter() - t0)
            state.apply(action)
    return times


def measure(game: Game, count: int, iterations: int, games: int) -> dict[str, object]:
    states = positions(game, count)
    times = decision_times(game, games)
    cpu = cpu_per_decision(game, states, LEVELS["normal"][0])
    return {
        "game": game.id,
        "positions": len(states),
        "iterations_per_s": speed(game, states, f"ismcts:iterations={iterations}"),
        "plain_iterations_per_s": speed(game, states, f"{PLAIN},iterations={max(iterations // 4, 20)}"),
        "normal_level": {"iterations": LEVELS["normal"][0], "cap_s": LEVELS["normal"][1]},
        "normal_games": games,
        "normal_decisions": len(times),
        "normal_decision_s": {"mean": statistics.fmean(times) if times else 0.0, "max": max(times, default=0.0)},
        "normal_within_1s": all(t <= 1.0 for t in times),
        "normal_iterations_cpu_s": {"mean": statistics.fmean(cpu) if cpu else 0.0, "max": max(cpu, default=0.0)},
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("games", nargs="*")
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--iterations", type=int, default=300, help="iterations for the speed measurement")
    ap.add_argument("--games", dest="whole", type=int, default=1, help="whole games for the normal decision times")
    args = ap.parse_args()
    for game in games_from(args.games):
        print(json.dumps(measure(game, args.positions, args.iterations, args.whole)))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
