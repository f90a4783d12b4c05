"""Dropping quiet rooms from memory; the database keeps them and the next request loads them again.

A room may go only when nothing of it lives outside the database: nobody
listens, no bot or clock task runs and its lock is free. A room asked for in
the last :data:`GRACE` seconds stays, so that a request holding it between two
awaits never finds a second copy loaded beside it.
"""

from __future__ import annotations

import asyncio
import logging
import time

from hulldown.server.limits import Limits
from hulldown.server.room import Room
from hulldown.server.rooms import Manager

log = logging.getLogger("hulldown.server")

GRACE = 5.0


def _running(task: asyncio.Task[None] | None) -> bool:
    return task is not None and not task.done()


def quiet(room: Room, now: float) -> bool:
    return (
        not room.listeners
        and not _running(room.bot_task)
        and not _running(room.clock_task)
        and not room.lock.locked()
        and now - room.touched >= GRACE
    )


def sweep(manager: Manager, limits: Limits, now: float | None = None) -> list[str]:
    """Evict finished rooms idle past ``idle_room_seconds``, then the least recently used
    quiet rooms (finished ones first) while more than ``max_rooms`` are held. The evicted ids."""
    now = time.monotonic() if now is None else now
    gone: list[str] = []
    idle = limits.idle_room_seconds
    if idle > 0:
        gone = [gid for gid, r in manager.rooms.items() if r.row.over and now - r.touched >= idle and quiet(r, now)]
    excess = len(manager.rooms) - len(gone) - limits.max_rooms
    if limits.max_rooms > 0 and excess > 0:
        dropped = set(gone)
        candidates = sorted(
            (r for gid, r in manager.rooms.items() if gid not in dropped and quiet(r, now)),
            key=lambda r: (not r.row.over, r.touched),
        )
        gone.extend(r.id for r in candidates[:excess])
    for gid in gone:
        del manager.rooms[gid]
    if gone:
        log.info("%d quiet games left memory; %d remain", len(gone), len(manager.rooms))
    return gone


async def sweep_forever(manager: Manager, limits: Limits) -> None:
    """The periodic sweep of one server (its lifespan starts and cancels it): every ``period``
    seconds, and within a second whenever more than ``max_rooms`` games are in memory."""
    idle = limits.idle_room_seconds
    period = min(30.0, max(1.0, idle / 4)) if idle > 0 else 30.0
    last = time.monotonic()
    while not manager.closed:
        await asyncio.sleep(1.0)
        now = time.monotonic()
        crowded = 0 < limits.max_rooms < len(manager.rooms)
        if not crowded and now - last < period:
            continue
        last = now
        try:
            sweep(manager, limits, now)
        except Exception:
            log.exception("the sweep of quiet games failed; it runs again in %.0f s", period)
