"""What every soak client shares: the run's deadline, the tally, addresses, and one tallied request."""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from benchmarks.soak.stats import Tally, error_label


@dataclass
class Ctx:
    base: str
    deadline: float
    tally: Tally
    rng: random.Random
    think: float = 0.05
    poll: float = 0.25
    max_steps: int = 400
    #: ids of the players' games, for hostile clients to aim at
    live_games: list[str] = field(default_factory=list)

    def left(self) -> float:
        return self.deadline - time.monotonic()

    def client(self, address: str, token: str | None = None, timeout: float = 30) -> httpx.AsyncClient:
        """A client of its own (own connections) that the server sees as coming from ``address``."""
        headers = {"X-Forwarded-For": address}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        return httpx.AsyncClient(base_url=self.base, headers=headers, timeout=timeout)

    @property
    def ws_base(self) -> str:
        return "ws" + self.base[4:]


def address(group: int, i: int) -> str:
    """A distinct private IPv4 address per (group, i): the server keys its limits by it."""
    return f"10.{group}.{i // 250 % 250}.{i % 250 + 1}"


def retry_after(r: httpx.Response) -> float:
    try:
        return max(0.0, float(r.headers.get("retry-after", "1")))
    except ValueError:
        return 1.0


def server_seconds(header: str) -> float:
    """The server's own time from its ``Server-Timing: app;dur=<ms>`` header (NaN without one)."""
    for part in header.split(";"):
        if part.strip().startswith("dur="):
            try:
                return float(part.strip()[4:]) / 1000
            except ValueError:
                break
    return float("nan")


async def request(
    ctx: Ctx,
    c: httpx.AsyncClient,
    kind: str,
    method: str,
    url: str,
    latencies: list[float] | None = None,
    retries: int = 5,
    name: str | None = None,
    **kw: Any,
) -> httpx.Response | None:
    """One request, tallied under ``kind``; a 429 is waited out (Retry-After, at most 5 s) up to ``retries`` times.

    ``name`` also tallies the answer under that request's name (see ``Tally.by_request``).
    Returns None on a transport error, when the run's time is up, or when retries are spent.
    """
    for _ in range(retries + 1):
        if ctx.left() <= 0:
            return None
        t0 = time.perf_counter()
        try:
            r = await c.request(method, url, **kw)
        except httpx.HTTPError as exc:
            ctx.tally.count(kind, error_label(exc))
            if name is not None:
                ctx.tally.note(kind, name, error_label(exc))
            return None
        if latencies is not None:
            latencies.append(time.perf_counter() - t0)
            if latencies is ctx.tally.action_latency:
                ctx.tally.action_server.append(server_seconds(r.headers.get("server-timing", "")))
        ctx.tally.count(kind, str(r.status_code))
        if name is not None:
            ctx.tally.note(kind, name, str(r.status_code))
        if r.status_code != 429:
            return r
        await asyncio.sleep(min(retry_after(r), 5.0, max(0.0, ctx.left())))
    return None
