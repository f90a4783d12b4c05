"""Searching bots think in worker processes: the server and other games keep going meanwhile."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from hulldown.server.rooms import CHEAP_BOTS
from tests.server.conftest import create
from tests.server.test_api import room, settle, view


def test_ismcts_levels_are_accepted_and_bad_ones_refused(client: TestClient) -> None:
    for level in ("easy", "normal", "hard"):
        create(client, ["human", f"bot:ismcts:level={level}"], game="tank-killers")
    r = client.post("/api/games", json={"game": "tank-killers", "seats": ["human", "bot:ismcts:level=insane"]})
    assert r.status_code == 422
    assert "level" in r.json()["detail"]


def test_a_search_runs_in_a_worker_process_and_blocks_nothing(client: TestClient) -> None:
    assert "ismcts" not in CHEAP_BOTS
    slow = create(client, ["bot:ismcts:seconds=4", "bot:ismcts:seconds=4"], game="tank-killers")
    time.sleep(0.3)
    manager = client.app.state.manager  # type: ignore[attr-defined]
    fast = create(client, ["human", "bot:random"])
    token = fast["seats"][0]["token"]
    # while the search runs, a whole game against a cheap bot is played, each answer quick
    worst = 0.0
    while True:
        v = settle(client, fast["id"], token)
        if v["over"]:
            break
        t0 = time.monotonic()
        r = client.post(
            f"/api/games/{fast['id']}/actions",
            json={"action": v["legal_actions"][0]["id"], "version": v["version"]},
            headers={"Authorization": f"Bearer {token}"},
        )
        worst = max(worst, time.monotonic() - t0)
        assert r.status_code == 200, r.text
    assert worst < 1.0, f"an answer took {worst:.2f} s"
    assert view(client, slow["id"])["steps"] == 0, "the 4-second search is still under way"
    pool = manager._processes
    assert pool is not None and pool._processes, "the search runs in a worker process"
    assert room(client, slow["id"]).bot_task is not None
