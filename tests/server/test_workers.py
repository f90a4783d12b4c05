"""Search workers: states survive the trip, deadlines hold, and workers die with their server."""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import pickle
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hulldown.agents.ismcts_spec import LEVELS
from hulldown.agents.limits import MAX_SECONDS
from hulldown.agents.registry import make_agent
from hulldown.agents.worker import NICE, english
from hulldown.engine.agent import SeatView
from hulldown.engine.registry import load
from hulldown.engine.state import GameState
from hulldown.server.app import create_app
from hulldown.server.workers import BotFailure, Supervisor
from tests.server.botgames import BOTS, legal_ids_of
from tests.server.conftest import create

GAMES = ("tank-killers", "tank-hunter", "tank-clash", "2gm-pacific")


def mid_game(game_id: str, steps: int = 15) -> tuple[Any, GameState]:
    game = load(game_id)
    state = game.new(seed=3, players=2)
    agents = [make_agent("random", game, s, 1) for s in range(state.players)]
    while state.steps < steps and not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(SeatView(state, seat)).id)
    return game, state


def test_pickled_states_keep_their_legal_actions_in_a_fresh_process() -> None:
    """A state unpickled where its game never ran setup rebuilds what its rules lean on."""
    blobs = {(g, n): pickle.dumps(mid_game(g, n)[1]) for g in GAMES for n in (6, 15, 30, 45)}
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        got = {k: pool.apply_async(legal_ids_of, (b,)).get(timeout=120) for k, b in blobs.items()}
    for k, blob in blobs.items():
        assert got[k] == [a.id for a in pickle.loads(blob).legal_actions()], k
        assert got[k], k


def test_a_long_game_pickles() -> None:
    """The log is a chain as deep as the game; pickle's recursion must not meet it."""
    state = load("tank-killers").new(seed=1)
    for _ in range(5000):
        state.roll(6)
    back = pickle.loads(pickle.dumps(state.clone()))
    assert back.log_entries() == state.log_entries()
    assert [a.id for a in back.legal_actions()] == [a.id for a in state.legal_actions()]


def test_every_game_searches_through_a_worker() -> None:
    async def run() -> dict[str, tuple[str, list[str]]]:
        sup = Supervisor(1)
        try:
            out = {}
            for g in GAMES:
                game, state = mid_game(g)
                seat = state.current_player
                assert seat is not None
                aid = await sup.search(game, state.clone(), seat, "ismcts:iterations=20", 7, 30.0)
                out[g] = (aid, [a.id for a in state.legal_actions()])
            return out
        finally:
            await sup.close()

    for g, (aid, legal) in asyncio.run(asyncio.wait_for(run(), 180)).items():
        assert aid in legal, g


def test_a_worker_gives_the_move_alone_or_with_its_explanation() -> None:
    """The old five-field job still answers the move alone; the sixth field asks for the reasons too."""

    async def run() -> tuple[str, tuple[str, dict[str, Any]], tuple[str, dict[str, Any]]]:
        sup = Supervisor(1)
        try:
            steps = 15
            game, state = mid_game("tank-killers", steps)
            while len(state.legal_actions()) < 2:  # a choice to explain
                steps += 1
                game, state = mid_game("tank-killers", steps)
            seat = state.current_player
            assert seat is not None
            plain = await sup.search(game, state.clone(), seat, "ismcts:iterations=30", 7, 30.0)
            searched = await sup.search_explained(game, state.clone(), seat, "ismcts:iterations=30", 7, 30.0)
            ruled = await sup.search_explained(game, state.clone(), seat, "heuristic", 7, 30.0)
            return plain, searched, ruled
        finally:
            await sup.close()

    plain, (aid, why), (_, rule) = asyncio.run(asyncio.wait_for(run(), 120))
    assert aid == plain and why["kind"] == "search" and why["iterations"] == 30
    assert why["alternatives"][0]["action"]["id"] == aid and len(why["alternatives"]) <= 3
    # a heuristic names its rule of thumb: a message of the catalog, and the same sentence in English
    assert rule["kind"] == "rule" and rule["agent"] == "heuristic" and rule["message"]["key"].startswith("why.")
    assert rule["rule"] == english(load("tank-killers").messages, rule["message"])


def test_workers_run_below_the_server_in_the_scheduler() -> None:
    async def run() -> list[int]:
        sup = Supervisor(1, warm=False)
        try:
            state = BOTS.new(seed=1)
            await sup.search(BOTS, state.clone(), 0, "random", 1, 5.0)
            return [os.getpriority(os.PRIO_PROCESS, pid) for pid in sup.pids]
        finally:
            await sup.close()

    niceness = asyncio.run(asyncio.wait_for(run(), 60))
    assert niceness and all(n >= min(19, os.getpriority(os.PRIO_PROCESS, 0) + NICE) for n in niceness), niceness


def test_an_overrunning_search_is_killed_and_its_worker_replaced() -> None:
    async def run() -> None:
        sup = Supervisor(1, grace=0.3, warm=False)
        try:
            state = BOTS.new(seed=1)
            with pytest.raises(BotFailure, match="overran"):
                await sup.search(BOTS, state.clone(), 0, "stall", 1, 0.2)
            assert sup.overruns == 1 and sup.pids == []
            # the slot is free again: a new worker answers the next search
            aid = await sup.search(BOTS, state.clone(), 0, "random", 1, 5.0)
            assert aid in [a.id for a in state.legal_actions()]
            with pytest.raises(BotFailure, match="raised an error") as failure:
                await sup.search(BOTS, state.clone(), 0, "boom", 1, 5.0)
            assert "boom" in failure.value.detail
            assert len(sup.pids) == 1, "a bot's error does not cost its worker"
        finally:
            await sup.close()

    asyncio.run(asyncio.wait_for(run(), 120))


def test_searches_beyond_the_workers_wait_their_turn_first_come_first_served() -> None:
    async def run() -> list[str]:
        sup = Supervisor(1, warm=False)
        order: list[str] = []
        state = BOTS.new(seed=1)

        async def one(name: str, delay: float) -> None:
            await asyncio.sleep(delay)
            await sup.search(BOTS, state.clone(), 0, "random", 1, 30.0)
            order.append(name)

        try:
            await sup.search(BOTS, state.clone(), 0, "random", 1, 30.0)  # one worker, started
            await asyncio.gather(*(one(n, i * 0.001) for i, n in enumerate("abcdef")))
        finally:
            await sup.close()
        return order

    assert asyncio.run(asyncio.wait_for(run(), 120)) == list("abcdef")


def test_an_idle_worker_exits_and_a_new_one_starts_when_needed() -> None:
    async def run() -> None:
        sup = Supervisor(1, warm=False, idle_seconds=0.2)
        try:
            state = BOTS.new(seed=1)
            await sup.search(BOTS, state.clone(), 0, "random", 1, 30.0)
            first = sup.pids
            assert len(first) == 1
            await asyncio.sleep(0.6)
            assert sup.pids == []
            await sup.search(BOTS, state.clone(), 0, "random", 1, 30.0)
            assert len(sup.pids) == 1 and sup.pids != first
        finally:
            await sup.close()

    asyncio.run(asyncio.wait_for(run(), 120))


def test_closing_does_not_wait_for_a_search() -> None:
    async def run() -> float:
        sup = Supervisor(2, warm=False)
        state = BOTS.new(seed=1)
        task = asyncio.ensure_future(sup.search(BOTS, state.clone(), 0, "stall", 1, 60.0))
        end = time.monotonic() + 60
        while not sup.in_flight:
            assert time.monotonic() < end
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.3)
        t0 = time.monotonic()
        task.cancel()
        await sup.close()
        return time.monotonic() - t0

    assert asyncio.run(asyncio.wait_for(run(), 120)) < 3.0


# -- scheduling: one game's long searches do not hold up another game's bot ---------------
def test_a_hard_search_does_not_delay_another_games_easy_bot(
    games: None, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Game A's bots search for the longest time allowed, back to back; game B's easy bot keeps its pace."""
    from hulldown.server import bots

    times: dict[str, list[float]] = {}
    others_searching: list[int] = []
    decide = bots.decide

    async def timed(manager: Any, room: Any, seat: int, spec: str, state: Any) -> Any:
        if room.id == easy:
            others_searching.append(manager.supervisor.in_flight)
        t0 = time.monotonic()
        try:
            return await decide(manager, room, seat, spec, state)
        finally:
            times.setdefault(room.id, []).append(time.monotonic() - t0)

    monkeypatch.setattr(bots, "decide", timed)
    easy = ""
    with TestClient(create_app(db_url=db_url, bot_delay=0)) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        create(client, [f"bot:ismcts:seconds={MAX_SECONDS:g}"] * 2, game="tank-killers")
        end = time.monotonic() + 60
        while not manager.supervisor.in_flight:
            assert time.monotonic() < end, "game A never searched"
            time.sleep(0.05)
        easy = create(client, ["bot:ismcts:level=easy"] * 2, game="tank-killers")["id"]
        # the first move of B also starts B's worker; then eight moves are timed
        while len(times.get(easy, [])) < 9:
            assert time.monotonic() < end, f"game B made {len(times.get(easy, []))} moves"
            time.sleep(0.02)
        b_moves = times[easy][1:9]
        assert sum(n >= 1 for n in others_searching[1:9]) >= 4, "game A was searching meanwhile"
        assert max(b_moves) < LEVELS["easy"][1] + 2.0, f"game B's moves took {b_moves}"
        assert manager.bot_fallbacks == 0


# -- workers die with their server --------------------------------------------------------
ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _children(pid: int) -> list[int]:
    """Live (not zombie) processes whose parent is ``pid``."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                stat = (entry / "stat").read_text()
                fields = stat[stat.rindex(")") + 2 :].split()
                if int(fields[1]) == pid and fields[0] != "Z":
                    out.append(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


def _serve(db: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    cmd = [sys.executable, "-m", "hulldown", "serve", "--port", str(port), "--db", db, "--bot-delay", "0"]
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    end = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/catalog", timeout=2):
                return proc
        except OSError:
            if proc.poll() is not None or time.monotonic() > end:
                proc.kill()
                pytest.fail(f"the server did not start: {log.read_text()[-2000:]}")
            time.sleep(0.1)


def _post(port: int, path: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def _wait_for_workers(server: subprocess.Popen[bytes]) -> list[int]:
    end = time.monotonic() + 60
    while not _children(server.pid):
        assert server.poll() is None and time.monotonic() < end, "no worker process started"
        time.sleep(0.1)
    time.sleep(1.5)  # past the worker's start: it is searching now
    return _children(server.pid)


def _gone(pids: list[int], within: float) -> list[int]:
    end = time.monotonic() + within
    while (alive := [p for p in pids if _alive(p)]) and time.monotonic() < end:
        time.sleep(0.05)
    return alive


needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to find processes")


@needs_proc
def test_workers_die_with_a_killed_server(tmp_path: Path) -> None:
    port = _free_port()
    server = _serve(f"sqlite:///{tmp_path / 's.sqlite3'}", port, tmp_path / "server.log")
    try:
        _post(port, "/api/games", {"game": "tank-hunter", "seats": ["bot:ismcts:level=hard"] * 2})
        workers = _wait_for_workers(server)
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        assert _gone(workers, 5.0) == [], "workers outlived their server"
    finally:
        server.kill()
        for pid in _children(server.pid):
            os.kill(pid, signal.SIGKILL)


@needs_proc
def test_sigterm_stops_the_server_at_once_even_mid_search(tmp_path: Path) -> None:
    """A game stored with a long search (from before the web bounds) is resumed, then SIGTERM."""
    db = f"sqlite:///{tmp_path / 's.sqlite3'}"
    with TestClient(create_app(db_url=db, bot_delay=0)) as client:
        gid = create(client, ["human", "human"], game="tank-killers")["id"]
    with sqlite3.connect(tmp_path / "s.sqlite3") as conn:
        legacy = "bot:ismcts:seconds=60"
        conn.execute("UPDATE seats SET kind = ?, controller = ? WHERE game_id = ?", [legacy, legacy, gid])
    port = _free_port()
    server = _serve(db, port, tmp_path / "server.log")
    try:
        workers = _wait_for_workers(server)
        t0 = time.monotonic()
        server.send_signal(signal.SIGTERM)
        server.wait(15)
        took = time.monotonic() - t0
        assert took < 5.0, f"the server took {took:.1f} s to stop"
        assert _gone(workers, 2.0) == [], "workers outlived their server"
    finally:
        server.kill()
        for pid in _children(server.pid):
            os.kill(pid, signal.SIGKILL)


def test_a_worker_exits_when_its_parent_changes_or_its_job_pipe_closes() -> None:
    """The portable half of dying with the server, without the Linux parent-death signal."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    watch = (
        "import threading, time; from hulldown.agents.worker import NICE, _watchdog; "
        "threading.Thread(target=_watchdog, args=(-1,), daemon=True).start(); time.sleep(60)"
    )
    t0 = time.monotonic()
    assert subprocess.run([sys.executable, "-c", watch], env=env, timeout=30).returncode == 1
    assert time.monotonic() - t0 < 20
    boot = "from hulldown.agents.worker import worker_main; import os; worker_main(os.getppid(), False)"
    done = subprocess.run(
        [sys.executable, "-c", boot], env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert pickle.loads(done.stdout[4:])[0] == "ready"
