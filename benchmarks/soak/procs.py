"""The players in a process of their own, apart from the hostile clients.

Real players sit at browsers of their own; hostile floods come from elsewhere.
Run in one process, the floods keep that process's event loop busy and every
player's round trip then includes time spent waiting for its own client loop,
not for the server. So the players run in a child process (forked after the
load generator lowered its priority), each process samples how late its own
event loop runs (``loop lag``: what its clients add to every latency they
measure), and the child sends its tally back when the run ends. The game ids it
creates reach the hostile clients over a pipe as they appear.
"""

from __future__ import annotations

import asyncio
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
        if s[q] is not None:
            ctx.tally.figures[f"{name} loop lag {q} ms"] = s[q]


class _Announced(list[str]):
    """The players' game ids, each also sent to the hostile clients' process."""

    def __init__(self, conn: Connection) -> None:
        super().__init__()
        self.conn = conn

    def append(self, gid: str) -> None:
        super().append(gid)
        self.conn.send(("game", gid))


def _players(conn: Connection, ctx_args: dict[str, Any], plans: list[GamePlan], spread: float) -> None:
    """The child: plays every planned game, then sends its tally."""
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
    """The child process of the players, seen from the hostile clients' process."""

    def __init__(self, ctx: Ctx, plans: list[GamePlan], spread: float) -> None:
        self.ctx = ctx
        ours, theirs = multiprocessing.Pipe(duplex=False)
        args = {
            "base": ctx.base, "deadline": ctx.deadline, "think": ctx.think, "poll": ctx.poll,
            "max_steps": ctx.max_steps, "seed": ctx.rng.randrange(2**32),
        }  # fmt: skip
        self.proc = multiprocessing.get_context("fork").Process(
            target=_players, args=(theirs, args, plans, spread), name="soak-players", daemon=True
        )
        self.conn = ours
        self.proc.start()
        theirs.close()

    async def follow(self) -> None:
        """Takes in the game ids as they come, and the tally at the end."""
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        loop.add_reader(self.conn.fileno(), self._receive, done)
        try:
            await done
        finally:
            loop.remove_reader(self.conn.fileno())
            await loop.run_in_executor(None, self.proc.join, 30)

    def _receive(self, done: asyncio.Future[None]) -> None:
        try:
            kind, value = self.conn.recv()
        except EOFError:
            if not done.done():
                self.ctx.tally.findings.append("the players' process ended without its tally")
                done.set_result(None)
            return
        if kind == "game":
            self.ctx.live_games.append(value)
        elif not done.done():
            self.ctx.tally.absorb(value)
            done.set_result(None)


def run_players(ctx: Ctx, plans: list[GamePlan], spread: float) -> Callable[[], Coroutine[Any, Any, None]]:
    """Starts the players' process now; the returned coroutine function waits for its tally."""
    return Players(ctx, plans, spread).follow
