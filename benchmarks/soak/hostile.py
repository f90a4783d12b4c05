"""The hostile clients: floods, malformed bodies, file names, bot budgets, bad actions, bad websockets.

Each kind tallies its answers under its own name. Hostile clients never wait
out a 429 (they are not polite); several of them share one address so a limit
keyed by address meets both one noisy address and many.
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import httpx
from benchmarks.soak.common import Ctx, address, request
from benchmarks.soak.payloads import (
    GAMES,
    LEAK_MARKS,
    MAX_BUDGET,
    CreateProbe,
    Raw,
    file_probes,
    malformed,
    unbounded_probes,
)

#: The address several hostile clients share.
SHARED = "10.66.0.1"
HOSTILE = 66


@dataclass
class Sizes:
    """How much of each hostile kind one run sends."""

    flood: int = 2000
    flood_clients: int = 8
    malformed_rounds: int = 3
    max_budget_games: int = 3
    action_flood: int = 3000
    action_clients: int = 6
    silent_ws: int = 40
    big_frame_ws: int = 6


def hostile_address(ctx: Ctx, i: int) -> str:
    """Every other hostile client shares one address; the rest each have their own."""
    return SHARED if i % 2 == 0 else address(HOSTILE, 1 + i)


async def hostile_game(ctx: Ctx, c: httpx.AsyncClient) -> tuple[str, list[str]]:
    """A human-vs-human game of the hostile client's own, to aim malformed actions at (polite to get it)."""
    body = {"game": "tank-clash", "seats": ["human", "human"]}
    r = await request(ctx, c, "hostile setup", "POST", "/api/games", json=body, retries=20)
    if r is None or r.status_code != 201:
        # refused (a creation limit the flood used up): aim at a game that does not exist instead
        return secrets.token_urlsafe(12), [secrets.token_urlsafe(24)] * 2
    g = r.json()
    return g["id"], [s["token"] for s in g["seats"]]


async def create_flood(ctx: Ctx, n: int, i: int) -> None:
    async with ctx.client(hostile_address(ctx, i)) as c:
        for k in range(n):
            game = GAMES[k % len(GAMES)]
            await request(
                ctx,
                c,
                "create flood",
                "POST",
                "/api/games",
                retries=0,
                json={"game": game, "seats": ["human", "human"]},
            )


async def _chunks(body: bytes) -> AsyncIterator[bytes]:
    for k in range(0, len(body), 16384):
        yield body[k : k + 16384]


async def send_malformed(ctx: Ctx, rounds: int) -> None:
    """Each body from an address and a connection of its own, so that what the server says is about that body.

    A rate limit would otherwise refuse most of the catalogue (429) before any of it is parsed, and a
    server that drops a connection after a bad body would seem to fail the next one.
    """
    async with ctx.client(address(HOSTILE, 200)) as c:
        gid, tokens = await hostile_game(ctx, c)
    n = 0
    for _ in range(rounds):
        for raw in malformed():
            n += 1
            async with ctx.client(address(HOSTILE + 1, n), tokens[0]) as c:
                await _send_raw(ctx, c, raw, gid)


async def _send_raw(ctx: Ctx, c: httpx.AsyncClient, raw: Raw, gid: str) -> None:
    url = "/api/games" if raw.target == "create" else f"/api/games/{gid}/actions"
    headers = {"Content-Type": raw.content_type}
    content = _chunks(raw.body) if raw.chunked else raw.body
    r = await request(ctx, c, "malformed", "POST", url, retries=0, name=raw.name, content=content, headers=headers)
    if r is not None and r.status_code < 400:
        ctx.tally.findings.append(f"malformed body {raw.name!r} accepted ({r.status_code})")


def _probe_file(tmp: Path) -> CreateProbe:
    """A readable, valid tactics file: a server that still opens client-named files accepts it (201)."""
    src = Path(__file__).resolve().parents[2] / "src/hulldown/games/tank_killers/data/tactics.toml"
    dst = tmp / "probe-tactics.toml"
    dst.write_bytes(src.read_bytes())
    return CreateProbe(
        "tactics-file-readable",
        {"game": "tank-killers", "seats": ["human", "bot:random"], "options": {"tactics_file": str(dst)}},
    )


async def send_probes(ctx: Ctx, kind: str, probes: list[CreateProbe], c: httpx.AsyncClient) -> list[int]:
    """Sends each probe once; anything but a 4xx refusal (and any file text echoed back) is a finding."""
    statuses = []
    for p in probes:
        r = await request(ctx, c, kind, "POST", "/api/games", retries=3, name=p.name, json=p.body)
        if r is None:
            statuses.append(0)
            continue
        statuses.append(r.status_code)
        if r.status_code in (200, 201):
            ctx.tally.findings.append(f"{kind}: {p.name} accepted ({r.status_code})")
        if any(m in r.text for m in LEAK_MARKS):
            ctx.tally.findings.append(f"{kind}: {p.name}: the answer holds a file's text")
    return statuses


async def file_options(ctx: Ctx, tmp: Path) -> None:
    async with ctx.client(address(HOSTILE, 201)) as c:
        (first,) = await send_probes(ctx, "file options", [_probe_file(tmp)], c)
        probes = file_probes()
        if first in (200, 201, 0):
            # the server reads what clients name: /dev/zero would eat the machine's memory
            ctx.tally.count("file options", "skipped (dangerous)")
            probes = [p for p in probes if not p.dangerous]
        await send_probes(ctx, "file options", probes, c)


async def budgets(ctx: Ctx, max_games: int) -> None:
    async with ctx.client(address(HOSTILE, 202)) as c:
        for k in range(max_games):
            body = {"game": GAMES[k % len(GAMES)], "seats": [MAX_BUDGET, MAX_BUDGET]}
            await request(ctx, c, "max budget", "POST", "/api/games", retries=3, json=body)
        await send_probes(ctx, "unbounded budget", unbounded_probes(), c)


async def action_flood(ctx: Ctx, n: int, i: int) -> None:
    """Wrong tokens, no token, stale versions, illegal ids, unknown games: none may change a game."""
    async with ctx.client(hostile_address(ctx, i)) as c:
        gid, tokens = await hostile_game(ctx, c)
        mine = {"Authorization": f"Bearer {tokens[0]}"}
        r = await request(ctx, c, "hostile setup", "GET", f"/api/games/{gid}/view", headers=mine)
        now = r.json()["version"] if r is not None and r.status_code == 200 else 1
        for k in range(n):
            players = ctx.live_games[k % len(ctx.live_games)] if ctx.live_games else gid
            variant = k % 8
            url, headers, body = f"/api/games/{gid}/actions", mine, {"action": "nope", "version": now}
            if variant == 0:
                headers = {"Authorization": f"Bearer {secrets.token_urlsafe(24)}"}
            elif variant == 1:
                url, headers = f"/api/games/{players}/actions", {}
            elif variant == 2:
                url, headers = f"/api/games/{players}/actions", {"Authorization": f"Bearer {tokens[0]}"}
            elif variant == 3:
                body = {"action": "nope", "version": 0}
            elif variant == 4:
                body = {"action": "x" * 400, "version": now}
            elif variant == 5:
                url = f"/api/games/{secrets.token_urlsafe(12)}/actions"
            elif variant == 6:
                url = f"/api/games/{'g' * 4000}/actions"
            else:
                headers = {"Authorization": "Basic " + tokens[0]}
            await request(ctx, c, "action flood", "POST", url, retries=0, json=body, headers=headers)
