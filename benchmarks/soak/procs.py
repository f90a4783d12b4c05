"""The players in processes of their own, apart from the hostile clients.

Real players sit at browsers of their own; hostile floods come from elsewhere.
Run in one process, the floods keep that process's event loop busy and every
player's round trip then includes time spent waiting for its own client loop,
not for the server. So the players run in child processes (forked after the
load generator lowered its priority; a few, as a hundred players' HTTP
clients keep one Python process most of a core busy), each process samples how late its own
event loop runs (``loop lag``: what its clients add to every latency they
measure), and the child sends its tally back when the run ends. The game ids it
creates reach the hostile clients over a pipe as they appear.
"""

from __future__ import annotations

import asyncio
import gc
import multiprocessing
import random
import time
from collections.abc import Callable, Coroutine
from multiprocessing.connection import Connection
from typing import Any

from benchmarks.soak import humans
from benchmarks.soak.common import Ctx
from benchmarks.soak.payloads import GamePlan
from benchmarks.soak.stats import Tally, summary_ms

LAG_TICK = 0.01


async def sample_lag(ctx: Ctx, name: str) -> None:
    """Records how much later than asked this process's event loop wakes up, until the deadline."""
    lags: list[float] = []
    while ctx.left() > 0:
        t0 = time.perf_counter()
        await asyncio.sleep(LAG_TICK)
        lags.append(max(0.0, time.perf_counter() - t0 - LAG_TICK))
    s = summary_ms(lags, (50, 99, 100))
    for q in ("p50", "p99", "max"):
        if s[q] is not None:  # several processes of one name: the worst of them
            key = f"{name} loop lag {q} ms"
            ctx.tally.figures[key] = max(s[q], ctx.tally.figures.get(key, 0.0))


class _Announced(list[str]):
    """The players' game ids, each also sent to the hostile clients' process."""

    def __init__(self, conn: Connection) -> None:
        super().__init__()
        self.conn = conn

    def append(self, gid: str) -> None:
        super().append(gid)
        self.conn.send(("game", gid))


def quiet_collector() -> None:
    """Few and short collector pauses in a load generator: they would be counted as the server's latency.

    A browser has no such pauses; a client process holding a hundred games' views
    had full collections of over 100 ms. What exists when the clients start is
    never walked again, and young objects are collected in larger, rarer batches.
    (Switching the collector off instead let the clients' memory grow, and the
    fresh pages cost more than the pauses.)
    """
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def _players(conn: Connection, ctx_args: dict[str, Any], plans: list[GamePlan], spread: float) -> None:
    """The child: plays every planned game, then sends its tally."""
    quiet_collector()
    tally = Tally()
    ctx = Ctx(tally=tally, rng=random.Random(ctx_args.pop("seed")), **ctx_args)
    ctx.live_games = _Announced(conn)

    async def main() -> None:
        async def later(delay: float, coro: Coroutine[Any, Any, None]) -> None:
            await asyncio.sleep(delay)
            if ctx.left() > 0:
                await coro

        lag = asyncio.create_task(sample_lag(ctx, "players'"))
        games = [later(ctx.rng.uniform(0, spread), humans.human_game(ctx, p)) for p in plans]
        done = await asyncio.gather(*games, return_exceptions=True)
        tally.findings += [f"a player crashed: {d!r:.200}" for d in done if isinstance(d, BaseException)]
        await lag

    try:
        asyncio.run(main())
    finally:
        conn.send(("tally", tally.raw()))
        conn.close()


class Players:
    """The players' child processes, seen from the hostile clients' process."""

    def __init__(self, ctx: Ctx, plans: list[GamePlan], spread: float, processes: int) -> None:
        self.ctx = ctx
        self.conns: list[Connection] = []
        self.procs: list[multiprocessing.process.BaseProcess] = []
        fork = multiprocessing.get_context("fork")
        for k in range(processes):
            ours, theirs = multiprocessing.Pipe(duplex=False)
            args = {
                "base": ctx.base, "deadline": ctx.deadline, "think": ctx.think, "poll": ctx.poll,
                "max_steps": ctx.max_steps, "seed": ctx.rng.randrange(2**32),
            }  # fmt: skip
            proc = fork.Process(
                target=_players, args=(theirs, args, plans[k::processes], spread), name=f"soak-players-{k}", daemon=True
            )
            proc.start()
            theirs.close()
            self.conns.append(ours)
            self.procs.append(proc)

    async def follow(self) -> None:
        """Takes in the game ids as they come, and each process's tally at the end."""
        loop = asyncio.get_running_loop()
        waiting = []
        for conn in self.conns:
            done = loop.create_future()
            loop.add_reader(conn.fileno(), self._receive, conn, done)
            waiting.append(done)
        try:
            await asyncio.gather(*waiting)
        finally:
            for conn in self.conns:
                loop.remove_reader(conn.fileno())
            for proc in self.procs:
                await loop.run_in_executor(None, proc.join, 30)

    def _receive(self, conn: Connection, done: asyncio.Future[None]) -> None:
        try:
            kind, value = conn.recv()
        except EOFError:
            if not done.done():
                self.ctx.tally.findings.append("a players' process ended without its tally")
                done.set_result(None)
            return
        if kind == "game":
            self.ctx.live_games.append(value)
        elif not done.done():
            self.ctx.tally.absorb(value)
            done.set_result(None)


def run_players(
    ctx: Ctx, plans: list[GamePlan], spread: float, processes: int
) -> Callable[[], Coroutine[Any, Any, None]]:
    """Starts the players' processes now; the returned coroutine function waits for their tallies."""
    return Players(ctx, plans, spread, processes).follow
