"""Hostile websockets: ones that connect and never read, and ones that send frames far too big.

A silent client's receive queue is one message deep, so once it is full the
client stops reading its socket and the server's pushes back up; a server that
keeps up must drop or close such a client rather than buffer for it forever.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

import websockets
from benchmarks.soak.common import Ctx, address
from benchmarks.soak.hostile import HOSTILE, hostile_address
from benchmarks.soak.stats import error_label

#: Frames the big-frame clients send, in bytes (the last is past uvicorn's default 16 MiB cap).
FRAMES = (64 << 10, 1 << 20, 4 << 20, 17 << 20)


async def _connect(ctx: Ctx, kind: str, gid: str, addr: str) -> Any:
    url = f"{ctx.ws_base}/api/games/{gid}/ws"
    try:
        ws = await asyncio.wait_for(
            websockets.connect(
                url, additional_headers={"X-Forwarded-For": addr}, max_queue=1, ping_interval=None, max_size=None
            ),
            timeout=max(0.1, min(20.0, ctx.left())),
        )
    except (OSError, TimeoutError, websockets.WebSocketException) as exc:
        response = getattr(exc, "response", None)
        ctx.tally.count(kind, f"rejected {response.status_code}" if response is not None else error_label(exc))
        return None
    ctx.tally.count(kind, "101")
    return ws


async def _target(ctx: Ctx) -> str | None:
    """A players' game to listen to (they change often); waits a little for the first to exist."""
    for _ in range(100):
        if ctx.live_games:
            return ctx.live_games[ctx.rng.randrange(len(ctx.live_games))]
        await asyncio.sleep(0.2)
    return None


async def _drain(ws: Any, seconds: float) -> tuple[str, int]:
    """Reads what waits for ``seconds`` at most: did the server close the connection, and how many bytes were read.

    Only reading shows a close: a client that stopped reading never sees the close frame.
    """
    got = 0
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            got += len(await asyncio.wait_for(ws.recv(), max(0.05, end - time.monotonic())))
    except TimeoutError:
        pass
    except websockets.ConnectionClosed:
        return f"closed {ws.close_code}", got
    return "open at the end", got


async def silent(ctx: Ctx, i: int) -> None:
    gid = await _target(ctx)
    if gid is None:
        return
    ws = await _connect(ctx, "silent ws", gid, hostile_address(ctx, 100 + i))
    if ws is None:
        return
    try:
        await asyncio.sleep(max(0.0, ctx.left()))
        label, got = await _drain(ws, 3.0)
        ctx.tally.count("silent ws", label)
        ctx.tally.figures["silent ws: most KiB waiting for one client"] = max(
            ctx.tally.figures.get("silent ws: most KiB waiting for one client", 0.0), got / 1024
        )
    finally:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(ws.close(), 2)


async def big_frames(ctx: Ctx, i: int) -> None:
    gid = await _target(ctx)
    if gid is None:
        return
    ws = await _connect(ctx, "big frames ws", gid, address(HOSTILE, 150 + i))
    if ws is None:
        return
    try:
        for size in FRAMES:
            if ctx.left() <= 0:
                break
            try:
                await asyncio.wait_for(ws.send("x" * size), max(0.1, min(30.0, ctx.left())))
                await asyncio.sleep(0.5)
            except (TimeoutError, websockets.WebSocketException) as exc:
                ctx.tally.count("big frames ws", f"{error_label(exc)} at {size >> 10} KiB")
                break
        for _ in range(2000):  # then many small ones, as fast as the socket takes them
            if ws.close_code is not None or ctx.left() <= 0:
                break
            with contextlib.suppress(websockets.WebSocketException):
                await ws.send("{}")
        # a server that refuses the frames has closed the connection by now
        ctx.tally.count("big frames ws", (await _drain(ws, 5.0))[0])
    finally:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(ws.close(), 2)
