"""The players: each creates or joins a game and plays random legal actions until it ends.

Two ways to wait for one's turn, as real front ends do: the websocket (the
browser's way: the server pushes each new view) or polling the view. Pollers
are the ones whose view fetches are timed; every action is timed. Like the
browser, a player keeps the game log it has seen and asks only for newer
entries (``log_from``/``log_epoch``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import httpx
import websockets
from benchmarks.soak.common import Ctx, address, request
from benchmarks.soak.payloads import GamePlan
from benchmarks.soak.stats import error_label


class LogCopy:
    """How much of the seat's log a player holds, kept as the browser keeps its copy."""

    def __init__(self) -> None:
        self.count = 0
        self.epoch: int | None = None

    def query(self) -> str:
        return "" if self.epoch is None else f"?log_from={self.count}&log_epoch={self.epoch}"

    def take(self, v: dict[str, Any] | None) -> dict[str, Any] | None:
        """The view, its log piece joined; None when the piece leaves a gap (fetch the view whole)."""
        if v is None:
            return None
        if v["log_epoch"] != self.epoch:
            if v["log_from"] != 0:
                self.epoch = None
                return None
            self.epoch, self.count = v["log_epoch"], len(v["log"])
        elif v["log_from"] <= self.count:
            self.count = max(self.count, v["log_from"] + len(v["log"]))
        return v


async def fetch_view(ctx: Ctx, c: httpx.AsyncClient, gid: str, held: LogCopy) -> dict[str, Any] | None:
    for _ in range(2):
        url = f"/api/games/{gid}/view{held.query()}"
        r = await request(ctx, c, "human view", "GET", url, ctx.tally.view_latency)
        v = held.take(r.json() if r is not None and r.status_code == 200 else None)
        if v is not None or r is None or r.status_code != 200:
            return v
    return None


class Waiter:
    """The next view worth acting on: pushed over the websocket, or polled when there is none."""

    def __init__(self, ctx: Ctx, c: httpx.AsyncClient, gid: str, token: str, use_ws: bool) -> None:
        self.ctx, self.c, self.gid, self.token = ctx, c, gid, token
        self.use_ws = use_ws
        self.ws: Any = None
        self.held = LogCopy()

    async def open(self) -> None:
        if not self.use_ws:
            return
        url = f"{self.ctx.ws_base}/api/games/{self.gid}/ws?token={self.token}"
        headers = dict(self.c.headers)  # the same X-Forwarded-For as the player's requests
        headers.pop("authorization", None)
        try:
            self.ws = await asyncio.wait_for(
                websockets.connect(url, additional_headers={"X-Forwarded-For": headers["x-forwarded-for"]}),
                timeout=max(0.1, min(30.0, self.ctx.left())),
            )
            self.ctx.tally.count("human ws", "101")
        except (OSError, TimeoutError, websockets.WebSocketException) as exc:
            label = f"rejected {exc.response.status_code}" if hasattr(exc, "response") else error_label(exc)
            self.ctx.tally.count("human ws", label)
            self.ws = None  # poll instead

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), 5)

    async def next(self, after: int) -> dict[str, Any] | None:
        """A view newer than version ``after`` (or the same one when nothing newer came before the deadline)."""
        while self.ctx.left() > 0:
            if self.ws is None:
                await asyncio.sleep(self.ctx.poll * (0.5 + self.ctx.rng.random()))
                v = await fetch_view(self.ctx, self.c, self.gid, self.held)
            else:
                try:
                    pushed = json.loads(await asyncio.wait_for(self.ws.recv(), max(0.1, self.ctx.left())))
                    v = self.held.take(pushed) or await fetch_view(self.ctx, self.c, self.gid, self.held)
                except TimeoutError:
                    return None  # the run's time is up
                except websockets.WebSocketException as exc:
                    self.ctx.tally.count("human ws", error_label(exc))
                    self.ws = None  # poll from now on
                    continue
            if v is None:
                return None
            # a pushed view can be older than the answer to one's own last action: skip it
            if v["version"] > after or (v["version"] == after and (v["over"] or v["legal_actions"])):
                return v
        return None


async def play(ctx: Ctx, gid: str, token: str, addr: str, use_ws: bool) -> str:
    """Plays one seat to the end, the step cap or the deadline; returns which of them it was."""
    async with ctx.client(addr, token) as c:
        waiter = Waiter(ctx, c, gid, token, use_ws)
        await waiter.open()
        try:
            held = waiter.held
            view = await fetch_view(ctx, c, gid, held)
            steps = failures = 0
            while ctx.left() > 0:
                if view is None:  # the view could not be had: a broken connection, a refusal
                    failures += 1
                    if failures > 5:
                        return "error"
                    await asyncio.sleep(0.5)
                    view = await fetch_view(ctx, c, gid, held)
                    continue
                if view["over"]:
                    return "finished"
                if steps >= ctx.max_steps:
                    return "step cap"
                if not view["legal_actions"]:
                    view = await waiter.next(view["version"])
                    continue
                await asyncio.sleep(ctx.think * (0.5 + ctx.rng.random()))
                action = ctx.rng.choice(view["legal_actions"])["id"]
                body = {"action": action, "version": view["version"]}
                url = f"/api/games/{gid}/actions{held.query()}"
                r = await request(ctx, c, "human action", "POST", url, ctx.tally.action_latency, json=body)
                steps += 1
                # 409: someone else moved first (a bot, the clock); no answer: the connection broke. Look again.
                answer = held.take(r.json()) if r is not None and r.status_code == 200 else None
                view = answer or await fetch_view(ctx, c, gid, held)
            return "deadline"
        finally:
            await waiter.close()


async def human_game(ctx: Ctx, plan: GamePlan) -> None:
    """Creates the planned game and plays each of its human seats from an address of its own."""
    async with ctx.client(address(1, plan.index)) as c:
        body = {"game": plan.game, "seats": list(plan.seats)}
        r = await request(ctx, c, "human create", "POST", "/api/games", json=body)
    if r is None or r.status_code != 201:
        ctx.tally.games["not created"] += 1
        return
    g = r.json()
    ctx.live_games.append(g["id"])
    humans = [i for i, s in enumerate(plan.seats) if s == "human"]
    outcomes = await asyncio.gather(
        *(
            play(ctx, g["id"], g["seats"][seat]["token"], address(1 + n, plan.index), (plan.index + n) % 3 != 0)
            for n, seat in enumerate(humans)
        )
    )
    ctx.tally.games["finished" if "finished" in outcomes else outcomes[0]] += 1
