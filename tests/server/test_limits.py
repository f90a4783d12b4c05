"""Per-client limits (429 with Retry-After, websockets) and quiet rooms leaving memory."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from hulldown.server import evict
from hulldown.server.app import create_app
from hulldown.server.evict import sweep
from hulldown.server.limits import Limits, RateLimiter, TooManyRequests
from tests.server.conftest import auth, create

BODY = {"game": "secret-cards", "seats": ["human", "human"]}


@pytest.fixture
def make(games: None, db_url: str) -> Iterator[Any]:
    """``make(limits)``: an app with those limits, and a client for it from address ``host``."""
    opened: list[TestClient] = []
    apps: dict[Limits, Any] = {}

    def client(limits: Limits, host: str = "10.0.0.1") -> TestClient:
        if limits not in apps:
            apps[limits] = create_app(db_url=db_url, bot_delay=0, limits=limits)
        c = TestClient(apps[limits], client=(host, 50000))
        c.__enter__()
        opened.append(c)
        return c

    yield client
    for c in reversed(opened):
        c.__exit__(None, None, None)


def too_many(r: Any) -> str:
    assert r.status_code == 429, r.text
    assert int(r.headers["retry-after"]) >= 1
    detail: str = r.json()["detail"]
    assert "retry in" in detail
    return detail


def test_creation_is_limited_per_client(make: Any) -> None:
    limits = Limits.off().but(create_per_minute=1, create_burst=2)
    a = make(limits)
    assert [a.post("/api/games", json=BODY).status_code for _ in range(2)] == [201, 201]
    assert "game creations" in too_many(a.post("/api/games", json=BODY))
    assert int(a.post("/api/games", json=BODY).headers["retry-after"]) <= 60
    # the flood spends its own tokens: a malformed creation is refused as too many too
    too_many(a.post("/api/games", content=b"{nonsense", headers={"Content-Type": "application/json"}))
    b = make(limits, host="10.0.0.2")  # another client of the same server
    assert b.post("/api/games", json=BODY).status_code == 201


def test_actions_undo_control_rematch_share_one_bucket(make: Any) -> None:
    c = make(Limits.off().but(actions_per_second=0.01, actions_burst=4))
    g = create(c, ["human", "human"])
    gid, t0 = g["id"], g["seats"][0]["token"]
    v = c.get(f"/api/games/{gid}/view", headers=auth(t0)).json()
    answers = [
        c.post(f"/api/games/{gid}/actions", json={"action": "nope", "version": v["version"]}, headers=auth(t0)),
        c.post(f"/api/games/{gid}/undo", json={"version": v["version"]}, headers=auth(t0)),
        c.post(f"/api/games/{gid}/control", json={"by": "human"}, headers=auth(t0)),
        c.post(f"/api/games/{gid}/rematch", headers=auth(t0)),
    ]
    assert [r.status_code for r in answers] == [422, 409, 200, 409]
    for url in ("actions", "undo", "control", "rematch"):
        too_many(c.post(f"/api/games/{gid}/{url}", json={}, headers=auth(t0)))
    # reading is not limited
    assert c.get(f"/api/games/{gid}/view", headers=auth(t0)).status_code == 200


def test_a_bucket_refills_at_its_rate_and_forgets_idle_clients() -> None:
    now = [0.0]
    limiter = RateLimiter("things", rate=2.0, burst=3, max_clients=3, clock=lambda: now[0])
    for _ in range(3):
        limiter.take("a")
    with pytest.raises(TooManyRequests) as refused:
        limiter.take("a")
    assert refused.value.status == 429 and refused.value.retry_after == 1
    now[0] += 0.5  # one token back
    limiter.take("a")
    with pytest.raises(TooManyRequests):
        limiter.take("a")
    for client in ("b", "c", "d", "e"):
        limiter.take(client)
    assert len(limiter.buckets) <= 3  # bounded memory, however many clients come
    now[0] += 100
    limiter.take("a")  # full again, as a new client would be


def test_websockets_per_client_and_per_room(make: Any) -> None:
    limits = Limits.off().but(ws_per_client=1, ws_per_room=2)
    a = make(limits)
    gid = create(a, ["human", "human"])["id"]
    with a.websocket_connect(f"/api/games/{gid}/ws") as first:
        first.receive_text()
        with pytest.raises(WebSocketDisconnect) as refused, a.websocket_connect(f"/api/games/{gid}/ws") as ws:
            ws.receive_text()
        assert refused.value.code == 4429
        b = make(limits, host="10.0.0.2")
        with b.websocket_connect(f"/api/games/{gid}/ws") as second:
            second.receive_text()
            c = make(limits, host="10.0.0.3")
            with pytest.raises(WebSocketDisconnect) as full, c.websocket_connect(f"/api/games/{gid}/ws") as ws:
                ws.receive_text()
            assert full.value.code == 4429
    with a.websocket_connect(f"/api/games/{gid}/ws") as again:  # closed ones no longer count
        again.receive_text()
    assert a.app.state.guard.websockets.open == {}  # type: ignore[attr-defined]


def finished_game(c: TestClient) -> str:
    gid: str = create(c, ["bot:random", "bot:random"])["id"]
    end = time.monotonic() + 10
    while not c.get(f"/api/games/{gid}/view").json()["over"]:
        assert time.monotonic() < end, "bots did not finish"
        time.sleep(0.01)
    return gid


def test_idle_finished_rooms_leave_memory_and_load_again(make: Any) -> None:
    limits = Limits.off().but(idle_room_seconds=60)
    c = make(limits)
    manager = c.app.state.manager  # type: ignore[attr-defined]
    done = finished_game(c)
    before = c.get(f"/api/games/{done}/view").json()
    running = create(c, ["human", "human"])["id"]
    watched = finished_game(c)
    with c.websocket_connect(f"/api/games/{watched}/ws") as ws:
        ws.receive_text()
        assert sweep(manager, limits) == []  # nothing idle yet
        later = time.monotonic() + 61
        assert sweep(manager, limits, now=later) == [done]  # not the running one, not the watched one
    assert set(manager.rooms) == {running, watched}
    after = c.get(f"/api/games/{done}/view").json()
    # loaded again from the database; a reloaded room starts a new log epoch (docs/web.md)
    assert after.pop("log_epoch") != before.pop("log_epoch")
    assert after == before
    assert c.get(f"/api/games/{done}/record").status_code == 200
    assert done in manager.rooms


def test_the_room_cap_evicts_the_least_recently_used_quiet_rooms(make: Any) -> None:
    limits = Limits.off().but(max_rooms=3)
    c = make(limits)
    manager = c.app.state.manager  # type: ignore[attr-defined]
    old, new = finished_game(c), finished_game(c)
    running = create(c, ["human", "human"])["id"]
    c.get(f"/api/games/{old}/view")  # old is now more recently used than new
    later = time.monotonic() + evict.GRACE + 1
    manager.rooms[running].touched = manager.rooms[new].touched = manager.rooms[old].touched = later - 2 * evict.GRACE
    manager.rooms[old].touched += 1
    create(c, ["human", "human"])  # four rooms: creation sweeps, but all are too recent
    assert len(manager.rooms) == 4
    assert sweep(manager, limits, now=later) == [new]  # finished before running, least recent first
    assert c.get(f"/api/games/{new}/view").json()["over"]


def test_the_periodic_sweep_runs(make: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(evict, "GRACE", 0.0)
    c = make(Limits.off().but(idle_room_seconds=0.01))
    manager = c.app.state.manager  # type: ignore[attr-defined]
    gid = finished_game(c)
    end = time.monotonic() + 10
    while gid in manager.rooms:
        assert time.monotonic() < end, "the sweep never ran"
        time.sleep(0.05)


def test_behind_a_trusted_proxy_each_forwarded_address_is_a_client(games: None, db_url: str) -> None:
    """uvicorn believes X-Forwarded-For from 127.0.0.1 only (its default, and ``hulldown serve``'s)."""
    import httpx
    import uvicorn

    app = create_app(db_url=db_url, bot_delay=0, limits=Limits.off().but(create_per_minute=1, create_burst=1))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        end = time.monotonic() + 20
        while not server.started:
            assert time.monotonic() < end, "server did not start"
            time.sleep(0.02)
        url = f"http://127.0.0.1:{port}/api/games"
        with httpx.Client(timeout=10) as h:
            first = h.post(url, json=BODY, headers={"X-Forwarded-For": "203.0.113.7"})
            second = h.post(url, json=BODY, headers={"X-Forwarded-For": "203.0.113.8"})
            again = h.post(url, json=BODY, headers={"X-Forwarded-For": "203.0.113.7"})
        assert (first.status_code, second.status_code) == (201, 201)
        too_many(again)
    finally:
        server.should_exit = True
        thread.join(10)


def test_a_crowded_server_sweeps_within_seconds(make: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Games loaded by reads (not only created ones) are held to the cap by the periodic sweep."""
    monkeypatch.setattr(evict, "GRACE", 0.0)
    c = make(Limits.off().but(max_rooms=1))
    manager = c.app.state.manager  # type: ignore[attr-defined]
    games = [finished_game(c), finished_game(c)]
    manager.rooms.clear()
    for gid in games:  # two reads load two games
        assert c.get(f"/api/games/{gid}/view").status_code == 200
    end = time.monotonic() + 10
    while len(manager.rooms) > 1:
        assert time.monotonic() < end, "the sweep never ran"
        time.sleep(0.05)
