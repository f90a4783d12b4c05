"""Environment steps per second of each RL adapter next to the raw engine, per game.

    python benchmarks/bench_rl.py                 # every registered game with tensors
    python benchmarks/bench_rl.py --games tank-clash --seconds 5
    python benchmarks/bench_rl.py --toy           # include the kernel's toy game (from tests/)

Every row plays uniformly random legal actions for about ``--seconds`` seconds:

- ``engine``: ``legal_actions()`` + ``apply()`` only, the floor every adapter adds to;
- ``engine+tensors``: the same plus the mover's observation tensor and action mask,
  the work every adapter must do per step;
- ``pettingzoo``: AEC ``last()`` + ``step()``; every seat's decision is one step;
- ``gymnasium``: ``step()`` of one seat against random bots; one step is one
  decision of the learner (the bots' decisions happen inside it, so this rate
  counts fewer, heavier steps);
- ``openspiel``: ``legal_actions()`` + ``observation_tensor()`` + ``apply_action()``
  through pyspiel.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
for p in (ROOT / "src", ROOT):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from hulldown.engine.rng import SplitMix64  # noqa: E402
from hulldown.rl.layout import Layout, tensor_game_ids  # noqa: E402


def timed(run_episode: Callable[[int], int], seconds: float) -> tuple[float, int]:
    """Steps per second over whole episodes played for at least ``seconds``."""
    steps = episodes = 0
    start = time.perf_counter()
    while True:
        steps += run_episode(episodes)
        episodes += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps / elapsed, episodes


def bench_engine(layout: Layout, tensors: bool) -> Callable[[int], int]:
    rng = SplitMix64(1)

    def episode(i: int) -> int:
        state = layout.new_state(seed=i)
        n = 0
        while not state.is_over:
            if tensors:
                seat = state.current_player
                assert seat is not None
                layout.encode(state, seat)
                layout.mask(state)
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            n += 1
        return n

    return episode


def bench_pettingzoo(game_id: str, players: int) -> Callable[[int], int]:
    from hulldown.rl.pettingzoo import env as make

    env = make(game_id, players=players)
    rng = np.random.default_rng(1)

    def episode(i: int) -> int:
        env.reset(seed=i)
        n = 0
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            n += 1
        return n

    return episode


def bench_gymnasium(game_id: str, players: int) -> Callable[[int], int]:
    from hulldown.rl.gymnasium import HulldownEnv

    env = HulldownEnv(game_id, players=players, opponents="random")
    rng = np.random.default_rng(1)

    def episode(i: int) -> int:
        _, info = env.reset(seed=i)
        n, done = 0, False
        while not done:
            _, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            done = term or trunc
            n += 1
        return n

    return episode


def bench_openspiel(game_id: str, players: int) -> Callable[[int], int]:
    import pyspiel

    from hulldown.rl.openspiel import register_game

    game = pyspiel.load_game(register_game(game_id), {"players": players})
    rng = np.random.default_rng(1)

    def episode(i: int) -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            n += 1
        return n

    return episode


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="RL adapter throughput per game")
    parser.add_argument("--games", nargs="*", help="game ids (default: every registered game with tensors)")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--toy", action="store_true", help="also measure the kernel's toy game (tests/rl/toyspec.py)")
    args = parser.parse_args(argv)
    if args.toy:
        from tests.rl.toyspec import TOY_RL

        from hulldown.engine import registry

        registry.register(TOY_RL)
    games = args.games or tensor_game_ids()
    if not games:
        parser.error("no registered game declares tensors (try --toy)")
    print(f"{'game':<16} {'players':>7} {'adapter':<15} {'steps/s':>10} {'vs engine':>9} {'episodes':>8}")
    for game_id in games:
        layout = Layout(game_id)
        n = layout.players
        rows: list[tuple[str, Callable[[int], int]]] = [
            ("engine", bench_engine(layout, tensors=False)),
            ("engine+tensors", bench_engine(layout, tensors=True)),
            ("pettingzoo", bench_pettingzoo(game_id, n)),
            ("gymnasium", bench_gymnasium(game_id, n)),
            ("openspiel", bench_openspiel(game_id, n)),
        ]
        base = 0.0
        for name, run in rows:
            rate, episodes = timed(run, args.seconds)
            base = base or rate
            print(f"{game_id:<16} {n:>7} {name:<15} {rate:>10,.0f} {rate / base:>9.2f} {episodes:>8}")


if __name__ == "__main__":
    main()
