"""Where games run: this process, local worker processes, or a Ray cluster.

Every backend plays the same chunks of the same jobs and the results are put
back in game-index order, and every game's seed depends only on the batch
seed and its index, so the aggregate is identical whatever the backend or the
number of workers. Only timings differ.

Interrupting (Ctrl-C, or SIGTERM) stops scheduling, abandons the games in
flight and returns every game already finished, marked ``interrupted``.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from hulldown.sim.runner import GameResult, Job, play_chunk, resolve_game, warm_up

Progress = Callable[[int], None]
"""Called with the number of games just finished."""

Sink = Callable[[int, list[GameResult]], None]
"""Called with a job's index and games of it just finished, in the order they finish.

A sink lets a long run put its games on disk as they come instead of holding a
million results in memory until the end (see ``sim/stream.py``).
"""

#: What to play of a job: its first ``n`` games, or exactly these game indices
#: (the ones a resumed run still lacks).
Games = int | Sequence[int]

BACKENDS = ("local", "ray")


@dataclass(slots=True)
class RunOutcome:
    results: list[list[GameResult]]
    seconds: float
    interrupted: bool
    workers: int
    backend: str


class _Chunker:
    """Hands out chunks of games, sized from how long games turn out to take.

    The first chunks hold one game each; then a chunk aims at about half a
    second of play, capped so every worker still gets some sixteen chunks.
    Small chunks keep the progress bar moving and lose little on Ctrl-C; big
    ones keep inter-process traffic negligible for fast games.
    """

    __slots__ = ("cap", "job", "jobs", "next_index", "size")

    def __init__(self, jobs: Sequence[tuple[Job, Sequence[int]]], workers: int) -> None:
        total = sum(len(indices) for _, indices in jobs)
        self.jobs = jobs
        self.cap = max(1, min(200, total // max(1, workers * 16)))
        self.size = 1
        self.job = 0
        self.next_index = 0

    def take(self) -> tuple[int, list[int]] | None:
        while self.job < len(self.jobs) and self.next_index >= len(self.jobs[self.job][1]):
            self.job += 1
            self.next_index = 0
        if self.job >= len(self.jobs):
            return None
        indices = self.jobs[self.job][1]
        start = self.next_index
        self.next_index = min(len(indices), start + self.size)
        return self.job, list(indices[start : self.next_index])

    def observe(self, results: Sequence[GameResult]) -> None:
        if not results:
            return
        per_game = max(1e-6, sum(r.seconds for r in results) / len(results))
        self.size = max(1, min(self.cap, int(0.5 / per_game)))


class _Finished:
    """Where finished games go: kept for the caller, handed to a sink, or both."""

    __slots__ = ("done", "keep", "progress", "sink")

    def __init__(self, progress: Progress | None, sink: Sink | None, keep: bool) -> None:
        self.done: dict[int, list[GameResult]] = {}
        self.progress, self.sink, self.keep = progress, sink, keep

    def add(self, job: int, results: list[GameResult]) -> None:
        if self.keep:
            self.done.setdefault(job, []).extend(results)
        if self.sink is not None:
            self.sink(job, results)
        if self.progress:
            self.progress(len(results))


def _as_indices(games: Games) -> Sequence[int]:
    return range(games) if isinstance(games, int) else games


def _collect(jobs: Sequence[tuple[Job, Sequence[int]]], done: dict[int, list[GameResult]]) -> list[list[GameResult]]:
    out: list[list[GameResult]] = []
    for j in range(len(jobs)):
        rs = done.get(j, [])
        rs.sort(key=lambda r: r.index)
        out.append(rs)
    return out


def run_jobs(
    jobs: Sequence[tuple[Job, Games]],
    *,
    backend: str = "local",
    workers: int = 1,
    address: str | None = None,
    progress: Progress | None = None,
    sink: Sink | None = None,
    keep: bool = True,
) -> RunOutcome:
    """Play the games of each ``(job, games)``; results per job in index order.

    With ``keep=False`` the outcome holds no games (each job's list is empty):
    the ``sink`` is then the only place they went.
    """
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r:.40}")
    if workers < 1:
        raise ValueError("workers must be at least 1")
    for job, _ in jobs:
        resolve_game(job.game)  # fail here, in one clear line, not in a worker
    plan = [(job, _as_indices(games)) for job, games in jobs]
    chunks = _Chunker(plan, workers)
    finished = _Finished(progress, sink, keep)
    with _terminate_as_interrupt():
        if backend == "ray":
            return _run_ray(plan, chunks, workers, address, finished)
        if workers == 1:
            return _run_inline(plan, finished)
        return _run_processes(plan, chunks, workers, finished)


@contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """A SIGTERM (what ``kill``, a batch scheduler or a container's stop sends) stops the run as
    Ctrl-C does: the workers are stopped and the finished games kept, so ``--resume`` goes on
    from them. Without it the parent dies at once and its worker processes play on, orphaned.
    Only the main thread may set a signal handler; elsewhere (a web worker thread) the run keeps
    the process's own handling."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def _run_inline(jobs: Sequence[tuple[Job, Sequence[int]]], finished: _Finished) -> RunOutcome:
    interrupted = False
    start = time.perf_counter()
    try:
        for j, (job, indices) in enumerate(jobs):
            for i in indices:  # one game at a time so Ctrl-C loses at most one
                finished.add(j, play_chunk(job, [i]))
    except KeyboardInterrupt:
        interrupted = True
    return RunOutcome(_collect(jobs, finished.done), time.perf_counter() - start, interrupted, 1, "local")


def _worker_init(path: list[str]) -> None:
    # The parent handles Ctrl-C and decides what to keep; workers must not die mid-write.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for p in reversed(path):
        if p not in sys.path:
            sys.path.insert(0, p)


#: Seconds a warm-up task holds its worker, so the next one goes to another worker.
WARM_HOLD = 0.2


def _run_processes(
    jobs: Sequence[tuple[Job, Sequence[int]]],
    chunks: _Chunker,
    workers: int,
    finished: _Finished,
) -> RunOutcome:
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")  # fork is unsafe with threads (Ray, Rich)
    done = finished.done
    interrupted = False
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=ctx, initializer=_worker_init, initargs=(list(sys.path),)
    )
    start = time.perf_counter()
    try:
        # Start and load every worker before the clock starts: interpreter
        # start-up and imports are not play.
        plain = [job for job, _ in jobs]
        list(pool.map(warm_up, [plain] * workers, [WARM_HOLD] * workers))
        start = time.perf_counter()
        pending: dict[Future[list[GameResult]], int] = {}
        for _ in range(workers * 3):
            first = chunks.take()
            if first is None:
                break
            pending[pool.submit(play_chunk, jobs[first[0]][0], first[1])] = first[0]
        while pending:
            ready, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in ready:
                j = pending.pop(fut)
                rs = fut.result()
                finished.add(j, rs)
                chunks.observe(rs)
                nxt = chunks.take()
                if nxt is not None:
                    pending[pool.submit(play_chunk, jobs[nxt[0]][0], nxt[1])] = nxt[0]
        seconds = time.perf_counter() - start
    except KeyboardInterrupt:
        interrupted = True
        seconds = time.perf_counter() - start
        for proc in list(getattr(pool, "_processes", {}).values()):
            proc.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        return RunOutcome(_collect(jobs, done), seconds, interrupted, workers, "local")
    pool.shutdown(wait=True)
    return RunOutcome(_collect(jobs, done), seconds, interrupted, workers, "local")


def _run_ray(
    jobs: Sequence[tuple[Job, Sequence[int]]],
    chunks: _Chunker,
    workers: int,
    address: str | None,
    finished: _Finished,
) -> RunOutcome:
    try:
        import ray
    except ImportError:  # pragma: no cover - ray is in the sim extra
        raise ValueError("the ray backend needs Ray: pip install 'hulldown[sim]'") from None

    started_here = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "logging_level": "ERROR"}
        if address:
            kwargs["address"] = address
        else:
            # A private local cluster sized to the request; its workers find
            # hulldown (and plug-in games) on the driver's path. "local" starts
            # one even where a cluster already runs on this machine, which
            # ray.init would otherwise join (and refuse, being given num_cpus).
            kwargs["address"] = "local"
            kwargs["num_cpus"] = workers
            kwargs["runtime_env"] = {"env_vars": {"PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}}
        try:
            ray.init(**kwargs)
        except ConnectionError as exc:
            raise ValueError(f"cannot reach the Ray cluster at {address}: {exc}") from None
        started_here = True
    remote = ray.remote(num_cpus=1, max_retries=0)(play_chunk)
    done = finished.done
    interrupted = False
    refs: dict[Any, int] = {}
    # On a cluster, ``workers`` is the number of games in flight; locally the
    # private cluster has exactly ``workers`` CPUs and a short queue keeps them busy.
    in_flight = workers if address else workers * 3
    start = time.perf_counter()
    try:
        if jobs:
            # Every worker loads the games before the clock starts.
            warm = ray.remote(num_cpus=1, max_retries=0)(warm_up)
            plain = [job for job, _ in jobs]
            ray.get([warm.remote(plain, WARM_HOLD) for _ in range(workers)])
        start = time.perf_counter()
        for _ in range(in_flight):
            first = chunks.take()
            if first is None:
                break
            refs[remote.remote(jobs[first[0]][0], first[1])] = first[0]
        while refs:
            ready, _ = ray.wait(list(refs), num_returns=1)
            for ref in ready:
                j = refs.pop(ref)
                rs = ray.get(ref)
                finished.add(j, rs)
                chunks.observe(rs)
                nxt = chunks.take()
                if nxt is not None:
                    refs[remote.remote(jobs[nxt[0]][0], nxt[1])] = nxt[0]
        seconds = time.perf_counter() - start
    except KeyboardInterrupt:
        interrupted = True
        seconds = time.perf_counter() - start
        for ref in refs:
            ray.cancel(ref, force=True)
    finally:
        if started_here:
            ray.shutdown()
    return RunOutcome(_collect(jobs, done), seconds, interrupted, workers, "ray")
