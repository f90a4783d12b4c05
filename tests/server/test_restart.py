"""SIGKILL the real server mid-game, start it again: every game resumes at its last accepted action."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start(db: str, port: int, log: Path, delay: float = 0.0) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{ROOT}"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.server.toyserver", db, str(port), str(delay)],
        cwd=ROOT,
        env=env,
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
    )
    end = time.monotonic() + 30
    while time.monotonic() < end:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/catalog", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("server did not start: " + log.read_text())


def test_sigkill_and_restart_resumes_every_game(tmp_path: Path) -> None:
    sigkill_and_restart(f"sqlite:///{tmp_path / 'var' / 'hulldown.sqlite3'}", tmp_path)


def sigkill_and_restart(db: str, tmp_path: Path) -> None:
    """Plays games to different points on a real server at ``db``, SIGKILLs it, restarts, checks and goes on."""
    log = tmp_path / "server.log"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start(db, port, log, delay=0.1)
    try:
        c = httpx.Client(base_url=base, timeout=10)
        games: dict[str, tuple[str, dict[str, Any]]] = {}
        # three games at different points: fresh, one move in, two moves in
        for moves in range(3):
            g = c.post("/api/games", json={"game": "secret-cards", "seats": ["human", "human"]}).json()
            tokens = [s["token"] for s in g["seats"]]
            for i in range(moves):
                v = c.get(f"/api/games/{g['id']}/view", headers={"Authorization": f"Bearer {tokens[i % 2]}"}).json()
                r = c.post(
                    f"/api/games/{g['id']}/actions",
                    json={"action": v["legal_actions"][0]["id"], "version": v["version"]},
                    headers={"Authorization": f"Bearer {tokens[i % 2]}"},
                )
                assert r.status_code == 200
            games[g["id"]] = (
                tokens[moves % 2],
                c.get(f"/api/games/{g['id']}/view", headers={"Authorization": f"Bearer {tokens[moves % 2]}"}).json(),
            )
        # a game against a paced bot, killed while the bot may be thinking
        b = c.post("/api/games", json={"game": "secret-cards", "seats": ["bot:random", "bot:random"]}).json()
        time.sleep(0.35)
        mid = c.get(f"/api/games/{b['id']}/view").json()
        assert not mid["over"]  # killed mid-game
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    proc = start(db, port, log, delay=0.1)
    try:
        c = httpx.Client(base_url=base, timeout=10)
        for gid, (token, before) in games.items():
            after = c.get(f"/api/games/{gid}/view", headers={"Authorization": f"Bearer {token}"}).json()
            assert after["version"] == before["version"]
            assert after["observation"] == before["observation"]
            assert after["legal_actions"] == before["legal_actions"]
            assert after["log"] == before["log"]
            # and play continues from there
            r = c.post(
                f"/api/games/{gid}/actions",
                json={"action": after["legal_actions"][0]["id"], "version": after["version"]},
                headers={"Authorization": f"Bearer {token}"},
            )
            assert r.status_code == 200
        # the bot game was resumed by the restarted server and finishes
        end = time.monotonic() + 20
        while not c.get(f"/api/games/{b['id']}/view").json()["over"]:
            assert time.monotonic() < end
            time.sleep(0.05)
        record = c.get(f"/api/games/{b['id']}/record").json()
        import hulldown
        from hulldown.engine import registry
        from tests.server.secretgame import SECRET

        registry.register(SECRET)
        try:
            assert hulldown.replay(record).is_over
        finally:
            registry.unregister(SECRET.info.id)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(10)
    text = log.read_text()
    assert "WebSocket" not in text or "token=***" in text
    for _gid, (token, _v) in games.items():
        assert token not in text
