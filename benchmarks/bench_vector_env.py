"""Gymnasium vector environments against one environment, for one game.

    python benchmarks/bench_vector_env.py                       # tank-killers, 2 copies
    python benchmarks/bench_vector_env.py --game tank-clash --envs 8 --workers 2 --rounds 5

Rows: ``single`` (one HulldownEnv stepped in a loop), ``sync`` (SyncVectorEnv, the
copies stepped one after another in this process), ``async`` (AsyncVectorEnv, one
worker process per copy) and ``hulldown.rl.vector.make_vector_env`` with ``--workers``
processes in all, each stepping its share of the copies and answering with one
message: ``batched local`` (this process steps a share too, beside ``--workers`` - 1
worker processes) and ``batched workers`` (``--workers`` worker processes, this
process only waits). Steps/s counts learner steps of all copies together; each
row also reports learner steps per CPU second of its busiest process (``per
cpu-s``), what it would reach with an idle core per process: on a loaded machine
a round trip waits for the scheduler, which costs wall time but no CPU time (an
upper bound: wake-up latency is left out). Start-up (spawning the workers and
importing hulldown in each) is timed separately from stepping. ``--rounds``
repeats every row that many times, the rows alternating within each round, and
reports each row's median, so that a machine whose load changes during the run
affects every row alike.
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
    """One random legal action per copy (action 0 where a mask is empty)."""
    out = np.zeros(len(masks), dtype=np.int64)
    for k, m in enumerate(masks):
        legal = np.flatnonzero(m)
        out[k] = rng.choice(legal) if legal.size else 0
    return out


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` (Linux ``/proc``), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_vector(env: Any, seconds: float, pids: list[int]) -> tuple[float, float]:
    """Learner steps per second over all copies, and per CPU second of the busiest process.

    The second figure is what the environment would reach with an idle core per
    process: on a loaded machine a round trip waits for the scheduler, and that wait
    costs wall time but no CPU time. It is an upper bound (wake-up latency is left out).
    """
    rng = np.random.default_rng(1)
    _, info = env.reset(seed=0)
    steps = 0
    start, cpu = time.perf_counter(), [cpu_seconds(p) for p in pids] + [time.process_time()]
    while time.perf_counter() - start < seconds:
        _, _, _, _, info = env.step(masked_actions(info["action_mask"], rng))
        steps += env.num_envs
    wall = time.perf_counter() - start
    used = [cpu_seconds(p) - c for p, c in zip(pids, cpu, strict=False)] + [time.process_time() - cpu[-1]]
    return steps / wall, steps / max(max(used), 1e-9)


def run_single(game_id: str, seconds: float) -> tuple[float, float]:
    env = make_env(game_id)()
    rng = np.random.default_rng(1)
    _, info = env.reset(seed=0)
    steps = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        _, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        steps += 1
        if term or trunc:
            _, info = env.reset()
    return steps / (time.perf_counter() - start), steps / max(time.process_time() - cpu, 1e-9)


def one_round(game_id: str, envs: int, workers: int, seconds: float) -> dict[str, float]:
    """Each row once, in a fixed order: learner steps/s, per CPU second of the busiest process, start-ups."""
    import gymnasium as gym

    from hulldown.rl.vector import make_vector_env

    out: dict[str, float] = {}
    out["single"], out["single per cpu-s"] = run_single(game_id, seconds)
    thunks = [make_env(game_id) for _ in range(envs)]
    sync = gym.vector.SyncVectorEnv(thunks)
    out["sync"], out["sync per cpu-s"] = run_vector(sync, seconds, [])
    sync.close()
    start = time.perf_counter()
    asynchronous = gym.vector.AsyncVectorEnv(thunks)
    asynchronous.reset(seed=0)
    out["async start-up s"] = time.perf_counter() - start
    out["async"], out["async per cpu-s"] = run_vector(asynchronous, seconds, [p.pid for p in asynchronous.processes])
    asynchronous.close()
    for name, n, local in (("batched local", workers - 1, True), ("batched workers", workers, False)):
        start = time.perf_counter()
        batched = make_vector_env(game_id, envs, workers=n, local=local, opponents="random")
        batched.reset(seed=0)
        out[f"{name} start-up s"] = time.perf_counter() - start
        out[name], out[f"{name} per cpu-s"] = run_vector(batched, seconds, batched.worker_pids)
        batched.close()
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="one Gymnasium env against Sync/Async/batched vector envs")
    parser.add_argument("--game", default="tank-killers")
    parser.add_argument("--envs", type=int, default=2, help="copies in each vector env")
    parser.add_argument("--workers", type=int, default=2, help="processes stepping the batched vector env")
    parser.add_argument("--seconds", type=float, default=3.0, help="stepping time per row")
    parser.add_argument("--rounds", type=int, default=1, help="rounds of all rows; medians are reported")
    args = parser.parse_args(argv)
    print(f"{args.game}, {args.envs} copies, batched in {args.workers} workers, {os.cpu_count()} CPUs")
    rounds = []
    for r in range(args.rounds):
        rounds.append(one_round(args.game, args.envs, args.workers, args.seconds))
        row = ", ".join(f"{k} {v:,.0f}" if "start-up" not in k else f"{k} {v:.2f}" for k, v in rounds[-1].items())
        print(f"round {r + 1} (load {os.getloadavg()[0]:.2f}): {row}")
    for key in rounds[0]:
        median = float(np.median([r[key] for r in rounds]))
        print(f"{key:<20} {median:>10.2f}" if "start-up" in key else f"{key:<20} {median:>10,.0f} steps/s")


if __name__ == "__main__":
    main()
