"""Gymnasium vector environments against one environment, for one game.

    python benchmarks/bench_vector_env.py                       # tank-killers, 2 copies
    python benchmarks/bench_vector_env.py --game tank-clash --envs 4 --seconds 5

Rows: ``single`` (one HulldownEnv stepped in a loop), ``sync`` (SyncVectorEnv, the
copies stepped one after another in this process) and ``async`` (AsyncVectorEnv, one
worker process per copy). Steps/s counts learner steps of all copies together. The
``async`` start-up (spawning the workers and importing hulldown in each) is timed
separately from stepping: each step costs a round trip per worker (pickle the
actions, step, pickle observations and infos back), which an environment as fast as
these games pays for many times over; worker processes pay off only when each copy
has a core of its own and a step costs milliseconds (strong bots inside the step).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
for p in (ROOT / "src", ROOT):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))


def make_env(game_id: str) -> Callable[[], Any]:
    def thunk() -> Any:
        from hulldown.rl.gymnasium import HulldownEnv

        return HulldownEnv(game_id, opponents="random")

    return thunk


def masked_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One random legal action per copy (a finished copy's all-zero mask gets action 0)."""
    out = np.zeros(len(masks), dtype=np.int64)
    for k, m in enumerate(masks):
        legal = np.flatnonzero(m)
        out[k] = rng.choice(legal) if legal.size else 0
    return out


def run_vector(env: Any, seconds: float) -> float:
    """Learner steps per second over all copies; finished copies reset themselves."""
    rng = np.random.default_rng(1)
    _, info = env.reset(seed=0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _, _, _, _, info = env.step(masked_actions(info["action_mask"], rng))
        steps += env.num_envs
    return steps / (time.perf_counter() - start)


def run_single(game_id: str, seconds: float) -> float:
    env = make_env(game_id)()
    rng = np.random.default_rng(1)
    _, info = env.reset(seed=0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        steps += 1
        if term or trunc:
            _, info = env.reset()
    return steps / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    import gymnasium as gym

    parser = argparse.ArgumentParser(description="one Gymnasium env against Sync/AsyncVectorEnv")
    parser.add_argument("--game", default="tank-killers")
    parser.add_argument("--envs", type=int, default=2, help="copies in each vector env")
    parser.add_argument("--seconds", type=float, default=3.0, help="stepping time per row")
    args = parser.parse_args(argv)
    print(f"{args.game}, {args.envs} copies, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}")
    print(f"single  {run_single(args.game, args.seconds):>10,.0f} steps/s")
    thunks = [make_env(args.game) for _ in range(args.envs)]
    sync = gym.vector.SyncVectorEnv(thunks)
    print(f"sync    {run_vector(sync, args.seconds):>10,.0f} steps/s")
    sync.close()
    start = time.perf_counter()
    asynchronous = gym.vector.AsyncVectorEnv(thunks)
    asynchronous.reset(seed=0)
    print(f"async start-up {time.perf_counter() - start:.2f} s")
    print(f"async   {run_vector(asynchronous, args.seconds):>10,.0f} steps/s")
    asynchronous.close()


if __name__ == "__main__":
    main()
