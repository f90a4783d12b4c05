"""The server's hot path: prebuilt statements, incremental logs, headers without a middleware task."""

from __future__ import annotations

from fastapi.testclient import TestClient

from hulldown.engine.registry import load
from hulldown.server.rooms import entries_since, log_mark
from tests.server.conftest import auth, create
from tests.server.test_api import settle, view


def test_security_headers_on_every_answer(client: TestClient) -> None:
    for path, api in (("/api/catalog", True), ("/", False)):
        r = client.get(path)
        assert r.headers["referrer-policy"] == "no-referrer"
        assert r.headers["x-content-type-options"] == "nosniff"
        assert "default-src 'self'" in r.headers["content-security-policy"]
        assert (r.headers.get("cache-control") == "no-store") is api


def test_entries_since_a_mark_are_exactly_the_new_log_entries() -> None:
    state = load("tank-killers").new(seed=5)
    for _ in range(40):
        before = state.log_entries()
        mark = log_mark(state)
        state.apply(state.legal_actions()[-1])
        assert before + entries_since(state, mark) == state.log_entries()


def test_the_incremental_log_matches_a_fresh_one_after_moves_and_undo(client: TestClient) -> None:
    g = create(client, ["human", "bot:random"])
    gid, token = g["id"], g["seats"][0]["token"]
    v = settle(client, gid, token)
    while not v["over"]:
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"action": v["legal_actions"][0]["id"], "version": v["version"]},
            headers=auth(token),
        )
        assert r.status_code == 200
        v = settle(client, gid, token)
        manager = client.app.state.manager  # type: ignore[attr-defined]
        room = manager.rooms[gid]
        cached = v["log"]
        room.log_cache.clear()
        assert view(client, gid, token)["log"] == cached
