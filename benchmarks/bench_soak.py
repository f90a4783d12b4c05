"""Soak: a real server, a hundred games of players, and hostile clients mixed in.

    PYTHONPATH=src:. python benchmarks/bench_soak.py [--games 100] [--seconds 300] [--json PATH]
    PYTHONPATH=src:. python benchmarks/bench_soak.py --smoke        # a handful of games, about 20 s

Starts ``hulldown serve`` from this checkout on a free loopback port with a fresh
SQLite file and bots at full speed (``--bot-delay 0``), then runs at once:
players (each game created by its human, played with random legal actions until
it ends or hits the step cap, waiting for its turn on the websocket or by polling)
and hostile clients (a creation flood, malformed bodies, client-named files, the
largest and unbounded bot budgets, floods of wrong actions, websockets that never
read or send huge frames), each from an X-Forwarded-For address of its own, some
sharing one. It reports the players' latencies, the answers each hostile kind got
by status, the server's memory, and whether SIGTERM stopped it cleanly. It exits
non-zero on any 5xx answer, on anything hostile the server obeyed, and on an
unclean stop.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import platform
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from benchmarks.soak import hostile, humans, procs, report, sockets  # noqa: E402
from benchmarks.soak.common import Ctx  # noqa: E402
from benchmarks.soak.payloads import GAMES, plan_games  # noqa: E402
from benchmarks.soak.server import Server, serve_flags  # noqa: E402
from benchmarks.soak.stats import Tally  # noqa: E402
from tests.server.test_restart import free_port  # noqa: E402

SMOKE = hostile.Sizes(
    flood=60, flood_clients=3, malformed_rounds=1, max_budget_games=1, action_flood=120, action_clients=2,
    silent_ws=3, big_frame_ws=1,
)  # fmt: skip


#: How much lower than the players the hostile clients run, once they have a process of their own.
HOSTILE_NICE = 5


def parse(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100, help="games of players (default 100)")
    ap.add_argument("--seconds", type=float, default=300, help="wall-clock cap of the load (default 300)")
    ap.add_argument("--max-steps", type=int, default=400, help="actions a player takes at most in one game")
    ap.add_argument("--think", type=float, default=0.05, help="mean seconds a player thinks before acting")
    ap.add_argument("--poll", type=float, default=0.25, help="mean seconds between a polling player's view fetches")
    ap.add_argument("--no-hostile", action="store_true", help="players only (a reference run)")
    ap.add_argument("--smoke", action="store_true", help="4 games, 20 s, a little of each hostile kind")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--grace", type=float, default=5.0, help="seconds the server has to stop after SIGTERM")
    ap.add_argument("--serve-arg", action="append", default=[], help="--flag=value for 'hulldown serve' if it has it")
    ap.add_argument("--json", type=Path, help="also write the report here")
    ap.add_argument("--player-procs", type=int, default=4, help="processes the players are spread over (default 4)")
    ap.add_argument(
        "--one-process",
        action="store_true",
        help="players and hostile clients share one process and event loop (by default the players"
        " run in a process of their own, as they sit at browsers of their own)",
    )
    ap.add_argument("--server-src", type=Path, default=ROOT / "src", help="the server's code (default: this checkout)")
    ap.add_argument("--keep-log", type=Path, help="copy the server's output here at the end")
    ap.add_argument(
        "--client-nice",
        type=int,
        default=5,
        help="CPU niceness of this load generator once the server runs (default 5: the clients yield the CPU"
        " to the server, as they would on machines of their own; 0 to compete with it)",
    )
    a = ap.parse_args(argv)
    if a.smoke:
        a.games, a.seconds, a.max_steps = min(a.games, 4), min(a.seconds, 20), min(a.max_steps, 80)
    return a


def clients(
    ctx: Ctx, a: argparse.Namespace, games: list[str], tmp: Path, players_apart: bool
) -> list[Coroutine[Any, Any, None]]:
    """Every client coroutine of this process: the players first (unless apart), then the hostile kinds."""
    out: list[Coroutine[Any, Any, None]] = []
    if not players_apart:
        out += [humans.human_game(ctx, p) for p in plan_games(a.games, games, a.seed)]
    if a.no_hostile:
        return out
    z = SMOKE if a.smoke else hostile.Sizes()
    out += [hostile.create_flood(ctx, z.flood // z.flood_clients, i) for i in range(z.flood_clients)]
    out += [hostile.action_flood(ctx, z.action_flood // z.action_clients, i) for i in range(z.action_clients)]
    out += [hostile.send_malformed(ctx, z.malformed_rounds), hostile.file_options(ctx, tmp)]
    out += [hostile.budgets(ctx, z.max_budget_games)]
    out += [sockets.silent(ctx, i) for i in range(z.silent_ws)]
    out += [sockets.big_frames(ctx, i) for i in range(z.big_frame_ws)]
    return out


async def staggered(ctx: Ctx, delay: float, coro: Coroutine[Any, Any, None]) -> None:
    """Starts ``coro`` after ``delay`` seconds, so arrivals spread like real ones do."""
    await asyncio.sleep(delay)
    if ctx.left() > 0:
        await coro


async def sample_rss(server: Server, peak: list[int], stop: asyncio.Event) -> None:
    while not stop.is_set():
        own, total = server.rss()
        peak[0], peak[1] = max(peak[0], own), max(peak[1], total)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 1.0)


def spread(a: argparse.Namespace) -> float:
    """Seconds over which the clients arrive."""
    return min(10.0, a.seconds / 6)


async def load(
    ctx: Ctx,
    a: argparse.Namespace,
    server: Server,
    games: list[str],
    tmp: Path,
    peak: list[int],
    players: Callable[[], Coroutine[Any, Any, None]] | None,
) -> None:
    stop = asyncio.Event()
    sampler = asyncio.create_task(sample_rss(server, peak, stop))
    everyone = clients(ctx, a, games, tmp, players is not None)
    tasks = [asyncio.create_task(staggered(ctx, ctx.rng.uniform(0, spread(a)), c)) for c in everyone]
    tasks.append(asyncio.create_task(procs.sample_lag(ctx, "hostile clients'" if players else "clients'")))
    if players is not None:
        tasks.append(asyncio.create_task(players()))
    try:
        _, pending = await asyncio.wait(tasks, timeout=max(0.0, ctx.left()) + 20)
        for t in pending:  # a request still hanging 20 s past the deadline
            t.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        for t in tasks:
            if not t.cancelled() and t.exception() is not None:
                ctx.tally.findings.append(f"a client crashed: {t.exception()!r:.200}")
    finally:
        stop.set()
        await sampler


def machine(src: Path) -> dict[str, Any]:
    model = ""
    with open("/proc/cpuinfo") as fh:
        model = next((ln.split(":", 1)[1].strip() for ln in fh if ln.startswith("model name")), "")
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=src, capture_output=True, text=True)
    return {"cpus": os.cpu_count(), "cpu": model, "python": platform.python_version(), "commit": commit.stdout.strip()}


def run(a: argparse.Namespace) -> dict[str, Any]:
    src = a.server_src.resolve()
    flags = serve_flags(src)
    extra = [x for x in a.serve_arg if x.split("=")[0] in flags]
    out: dict[str, Any] = {"games": a.games, "seconds": a.seconds, "smoke": a.smoke, "serve_flags": sorted(flags)}
    out["client_nice"] = a.client_nice
    out["players_apart"] = not a.one_process
    out["player_procs"] = 0 if a.one_process else a.player_procs
    out["hostile_nice"] = a.client_nice + (0 if a.one_process else HOSTILE_NICE)
    out["serve_args"], out["serve_args_dropped"] = extra, [x for x in a.serve_arg if x not in extra]
    out["server_src"] = str(src)
    out["machine"], out["load_before"] = machine(src), " ".join(f"{x:.2f}" for x in os.getloadavg())
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="soak-") as tmp:
        server = Server(f"sqlite:///{tmp}/soak.sqlite3", free_port(), Path(tmp) / "server.log", extra, src)
        rss_start = rss_end = peak = [0, 0]
        t0 = time.monotonic()
        try:
            server.wait_ready()
            os.nice(a.client_nice)  # after the server started: it keeps its own priority
            t0 = time.monotonic()  # the load's time, not the server's start
            rss_start = list(server.rss())
            peak = list(rss_start)
            catalog = httpx.get(f"{server.base}/api/catalog", timeout=30).json()
            games = [g for g in GAMES if g in {x["id"] for x in catalog["games"]}]
            ctx = Ctx(
                server.base, time.monotonic() + a.seconds, tally, random.Random(a.seed), a.think, a.poll, a.max_steps
            )
            plans = plan_games(a.games, games, a.seed)
            # forked before this process starts its event loop
            players = None if a.one_process else procs.run_players(ctx, plans, spread(a), a.player_procs)
            if players is not None:
                os.nice(HOSTILE_NICE)  # the attackers' machines are not the players' either
            procs.quiet_collector()
            asyncio.run(load(ctx, a, server, games, Path(tmp), peak, players))
            rss_end = list(server.rss())
        except KeyboardInterrupt:
            out["interrupted"] = True
        finally:
            out["elapsed_s"] = round(time.monotonic() - t0, 1)
            shutdown = server.stop(a.grace)
            if a.keep_log:
                shutil.copyfile(server.log, a.keep_log)
            out["server"] = {
                "rss_start": rss_start, "rss_end": rss_end, "rss_peak": peak,
                "shutdown": shutdown.as_dict(), "log_problems": dict(Counter(server.log_problems()).most_common(20)),
            }  # fmt: skip
    out["load"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    out["tally"] = tally.as_dict()
    out["failures"] = report.failures(out)
    return out


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt  # stop the clients, then the server, as Ctrl-C does


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGTERM, _interrupt)
    a = parse(argv)
    out = run(a)
    report.show(out)
    if a.json:
        report.write(out, a.json)
    return 1 if out["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
