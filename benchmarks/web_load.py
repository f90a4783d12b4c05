"""Load on loopback: N bot-vs-bot games plus H human seats driven over WebSocket.

    PYTHONPATH=src:. python benchmarks/web_load.py [--bots 100] [--humans 20] [--seconds 20]
        [--bot-delay 0.6] [--game tank-killers]

Starts the real server (uvicorn, SQLite file in a temp folder) with the test games
registered, then measures moves per second over all games and the latency of the
humans' POST /actions (p50/p99). Games that end are replaced by new ones so the
load stays constant.

``--bot-delay`` is the bots' pace: 0.6 s is what ``hulldown serve`` uses (bots move
at a pace a person can follow), 0 lets every bot move as fast as the server takes
it, a stress test in which the server is saturated by design and latency measures
its queue rather than its service time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from tests.server.test_restart import free_port, start  # noqa: E402


async def human(base: str, game: str, stop: float, lat: list[float], counts: list[int]) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=30) as c:
        while time.monotonic() < stop:
            g = (await c.post("/api/games", json={"game": game, "seats": ["human", "bot:random"]})).json()
            token = g["seats"][0]["token"]
            hdr = {"Authorization": f"Bearer {token}"}
            ws_url = base.replace("http", "ws") + f"/api/games/{g['id']}/ws?token={token}"
            async with websockets.connect(ws_url) as ws:
                while time.monotonic() < stop:
                    try:
                        v = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, stop - time.monotonic())))
                    except TimeoutError:
                        break
                    if v["over"]:
                        break
                    if not v["legal_actions"]:
                        continue
                    t0 = time.perf_counter()
                    r = await c.post(
                        f"/api/games/{g['id']}/actions",
                        json={"action": v["legal_actions"][0]["id"], "version": v["version"]},
                        headers=hdr,
                    )
                    if r.status_code == 200:
                        lat.append(time.perf_counter() - t0)
                        counts[0] += 1


async def bots(base: str, game: str, stop: float, finished: list[int]) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=30) as c:
        while time.monotonic() < stop:
            g = (await c.post("/api/games", json={"game": game, "seats": ["bot:random", "bot:random"]})).json()
            while time.monotonic() < stop:
                await asyncio.sleep(2.0)
                if (await c.get(f"/api/games/{g['id']}/view")).json()["over"]:
                    finished[0] += 1
                    break


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bots", type=int, default=100)
    ap.add_argument("--humans", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--game", default="secret-cards")
    ap.add_argument("--bot-delay", type=float, default=0.6, help="seconds a bot waits before each move")
    ap.add_argument("--profile", help="run the server under cProfile and write its statistics here")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        if a.profile:
            os.environ["HULLDOWN_PROFILE"] = str(Path(a.profile).resolve())
            os.environ["HULLDOWN_PROFILE_SECONDS"] = str(a.seconds)
        proc: subprocess.Popen[bytes] = start(f"sqlite:///{tmp}/load.sqlite3", port, Path(tmp) / "server.log", a.bot_delay)
        try:
            lat: list[float] = []
            human_moves, finished = [0], [0]
            t0 = time.monotonic()
            stop = t0 + a.seconds
            await asyncio.gather(
                *(bots(base, a.game, stop, finished) for _ in range(a.bots)),
                *(human(base, a.game, stop, lat, human_moves) for _ in range(a.humans)),
            )
            elapsed = time.monotonic() - t0
            with sqlite3.connect(f"{tmp}/load.sqlite3") as db:
                moves = db.execute("SELECT count(*) FROM moves").fetchone()[0]
        finally:
            proc.terminate()
            proc.wait(10)
            errors = [ln for ln in (Path(tmp) / "server.log").read_text().splitlines() if "rror" in ln]
            if errors:
                print("server errors:", *errors[-5:], sep="\n  ")
    lat.sort()
    print(f"{a.bots} bot games ({a.game}, bot delay {a.bot_delay} s) + {a.humans} human seats over {elapsed:.1f} s on loopback")
    print(f"moves accepted: {moves} ({moves / elapsed:.0f} moves/s), human moves: {human_moves[0]}")
    if lat:
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))]
        print(f"human action latency: p50 {statistics.median(lat) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms")


if __name__ == "__main__":
    asyncio.run(main())
