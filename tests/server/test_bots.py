"""Bots from the web: bounded specs, searches in worker processes, loud fallbacks."""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hulldown.agents.limits import CHEAP_BOTS, MAX_SECONDS, run_bounds
from hulldown.engine import registry
from hulldown.server.app import create_app
from tests.server.botgames import BOTS
from tests.server.conftest import auth, create
from tests.server.test_api import room, settle, view


@pytest.fixture
def bots_client(games: None, db_url: str) -> Iterator[TestClient]:
    registry.register(BOTS)
    try:
        with TestClient(create_app(db_url=db_url, bot_delay=0, bot_processes=1)) as c:
            c.app.state.manager.supervisor.warm = False  # type: ignore[attr-defined]
            # a cold worker on a busy machine may take seconds to start: a failure must read as the
            # bot's error, not as an overrun of its time cap (which has tests of its own)
            c.app.state.manager.supervisor.grace = 60.0  # type: ignore[attr-defined]
            yield c
    finally:
        registry.unregister(BOTS.info.id)


def test_ismcts_levels_are_accepted_and_bad_ones_refused(client: TestClient) -> None:
    for level in ("easy", "normal", "hard"):
        create(client, ["human", f"bot:ismcts:level={level}"], game="tank-killers")
    r = client.post("/api/games", json={"game": "tank-killers", "seats": ["human", "bot:ismcts:level=insane"]})
    assert r.status_code == 422
    assert "level" in r.json()["detail"]


def test_a_ranked_root_is_offered_where_the_game_ranks_its_actions(client: TestClient) -> None:
    g = create(client, ["human", "bot:ismcts:level=easy,top=4"], game="tank-clash")
    assert room(client, g["id"]).seats[1].controller.startswith("bot:ismcts:level=easy,top=4")
    g = create(client, ["human", "bot:ismcts:level=easy,tree=2,widen=1"], game="tank-clash")
    assert room(client, g["id"]).seats[1].controller.startswith("bot:ismcts:level=easy,tree=2,widen=1")


@pytest.mark.parametrize(
    ("seats", "takeover", "names"),
    [
        (["human", "bot:ismcts:seconds=100000"], None, ("seats[1]:", "seconds")),
        (["human", "bot:ismcts:iterations=100000000"], None, ("seats[1]:", "iterations")),
        (["bot:ismcts:seconds=inf", "human"], None, ("seats[0]:", "seconds")),
        (["human", "bot:ismcts:worlds=100000"], None, ("seats[1]:", "worlds")),
        (["human", "bot:ismcts:max_rollout_steps=9"], None, ("seats[1]:", "max_rollout_steps")),
        (["human", "bot:heuristic:cards=/etc/passwd"], None, ("seats[1]:", "cards")),
        (["human", "bot:random:x=1"], None, ("seats[1]:", "'x'")),
        (["human", "bot:ismcts:value=learned,depth=end"], None, ("seats[1]:", "value=learned", "depth=N")),
        (["human", "bot:ismcts:value=../models/x.json"], None, ("seats[1]:", "'value'", "names a file")),
        (["human", "bot:ismcts:value=oracle"], None, ("seats[1]:", "value", "hand, learned")),
        (["human", "bot:nonsense"], None, ("seats[1]:", "nonsense")),
        (["human", "bot:ismcts:top=100000"], None, ("seats[1]:", "top")),
        (["human", "bot:ismcts:top=4"], None, ("seats[1]:", "ranks its actions")),
        (["human", "bot:ismcts:tree=2,widen=1e9"], None, ("seats[1]:", "widen")),
        (["human", "bot:ismcts:tree=2,widen=nan"], None, ("seats[1]:", "widen")),
        (["human", "human"], "bot:ismcts:seconds=100000", ("takeover:", "seconds")),
        (["human", "human"], "bot:ismcts:iterations=99999999", ("takeover:", "iterations")),
        (["human", "human"], "bot:heuristic:cards=../../x.json", ("takeover:", "cards")),
        (["human", "human"], "human", ("takeover:",)),
    ],
)
def test_web_bot_specs_are_checked_against_declared_bounds(
    client: TestClient, seats: list[str], takeover: str | None, names: tuple[str, ...]
) -> None:
    body: dict[str, Any] = {"game": "tank-hunter", "seats": seats}
    if takeover is not None:
        body["takeover"] = takeover
    r = client.post("/api/games", json=body)
    assert r.status_code == 422, r.text
    detail = r.json()["detail"]
    assert detail.startswith(names[0]) and all(n in detail for n in names), detail
    assert client.get("/api/games").json()["open"] == []


def test_a_search_bounded_only_by_iterations_gets_the_hard_time_cap(client: TestClient) -> None:
    g = create(client, ["human", "bot:ismcts:iterations=50"], game="tank-killers", takeover="bot:ismcts:iterations=9")
    r = room(client, g["id"])
    cap = f"seconds={MAX_SECONDS:g}"
    assert r.seats[1].controller == f"bot:ismcts:iterations=50,{cap}"
    assert r.row.config["takeover"] == f"bot:ismcts:iterations=9,{cap}"
    # a game's own agents and plain levels are accepted as they are
    g = create(client, ["human", "bot:solo-ai", "bot:ismcts:level=easy"], game="2gm-pacific")
    assert [s.controller for s in room(client, g["id"]).seats[1:]] == ["bot:solo-ai", "bot:ismcts:level=easy"]


@pytest.mark.parametrize(
    ("spec", "runs", "cap"),
    [
        ("ismcts:seconds=100000", "ismcts:seconds=5", 5.0),
        ("ismcts:seconds=nan", "ismcts:seconds=5", 5.0),
        ("ismcts:iterations=1000000", "ismcts:iterations=1000000,seconds=5", 5.0),
        ("ismcts:seconds=0.5", "ismcts:seconds=0.5", 0.5),
        ("ismcts:level=easy", "ismcts:level=easy", 0.25),
        ("ismcts", "ismcts", 0.45),
        ("solo-ai", "solo-ai", 5.0),
    ],
)
def test_stored_specs_run_under_the_web_time_cap(spec: str, runs: str, cap: float) -> None:
    """Games created before the bounds existed keep their bots, but no longer unbounded ones."""
    assert run_bounds(spec) == (runs, cap)


def test_a_search_runs_in_a_worker_process_and_blocks_nothing(client: TestClient) -> None:
    assert "ismcts" not in CHEAP_BOTS
    slow = create(client, ["bot:ismcts:seconds=4", "bot:ismcts:seconds=4"], game="tank-killers")
    manager = client.app.state.manager  # type: ignore[attr-defined]
    end = time.monotonic() + 20
    while not manager.supervisor.pids:
        assert time.monotonic() < end, "no worker started"
        time.sleep(0.05)
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
            headers=auth(token),
        )
        worst = max(worst, time.monotonic() - t0)
        assert r.status_code == 200, r.text
    assert worst < 1.0, f"an answer took {worst:.2f} s"
    assert view(client, slow["id"])["steps"] == 0, "the 4-second search is still under way"
    assert room(client, slow["id"]).bot_task is not None


def test_a_bot_that_fails_in_its_worker_falls_back_loudly(
    bots_client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    client = bots_client
    manager = client.app.state.manager  # type: ignore[attr-defined]
    g = create(client, ["human", "bot:boom"], game="secret-bots")
    t0 = g["seats"][0]["token"]
    with caplog.at_level(logging.ERROR, logger="hulldown.server"):
        v = settle(client, g["id"], t0)
        r = client.post(
            f"/api/games/{g['id']}/actions",
            json={"action": v["legal_actions"][0]["id"], "version": v["version"]},
            headers=auth(t0),
        )
        assert r.status_code == 200, r.text
        v = settle(client, g["id"], t0, timeout=30)
    assert v["steps"] >= 2, "the failed bot's seat still moved"
    failures = [r for r in caplog.records if r.levelno == logging.ERROR and "failed" in r.getMessage()]
    # the move is the game's heuristic's, not a random one
    assert failures and "the game's heuristic plays" in failures[0].getMessage()
    assert "boom" in failures[0].getMessage()
    s1 = room(client, g["id"]).seats[1]
    assert s1.fallbacks >= 1 and manager.bot_fallbacks == s1.fallbacks
    # every seat and every spectator is told, without the bot's internals
    for token in (t0, g["seats"][1]["token"], None):
        shown = view(client, g["id"], token)["bot_fallbacks"]
        assert shown == [{"seat": 1, "count": s1.fallbacks, "reason": "the bot raised an error"}]


def test_a_cheap_bot_that_fails_also_falls_back_loudly(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from hulldown.agents import random_agent

    def broken(self: Any, view: Any) -> Any:
        raise ValueError("broken")

    monkeypatch.setattr(random_agent.RandomAgent, "act", broken)
    g = create(client, ["human", "bot:random"])
    t0 = g["seats"][0]["token"]
    v = settle(client, g["id"], t0)
    client.post(
        f"/api/games/{g['id']}/actions",
        json={"action": v["legal_actions"][0]["id"], "version": v["version"]},
        headers=auth(t0),
    )
    v = settle(client, g["id"], t0)
    assert v["bot_fallbacks"] and v["bot_fallbacks"][0]["seat"] == 1


def test_serve_passes_bot_workers_to_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    import typer
    import uvicorn
    from typer.testing import CliRunner

    from hulldown.server import app as app_module
    from hulldown.server import logqueue
    from hulldown.server.commands import register

    seen: dict[str, Any] = {}
    monkeypatch.setattr(app_module, "create_app", lambda **kw: seen.update(kw) or "app")
    # uvicorn's Config would configure logging for the whole test process (its handlers
    # bound to this runner's captured streams), and the log queue would move the test
    # process's own handlers: both are tested where they run for real, in a process of
    # their own (test_off_the_loop.py, test_restart.py).
    monkeypatch.setattr(uvicorn, "Config", lambda app, **kw: seen.update(config=kw) or app)
    monkeypatch.setattr(logqueue, "logs_off_the_loop", lambda names: contextlib.nullcontext(seen.update(logs=names)))

    class Server:  # uvicorn's, without the listening
        def __init__(self, config: Any) -> None:
            self.started = False

        def run(self) -> None:
            self.started = True

    monkeypatch.setattr(uvicorn, "Server", Server)
    cli = typer.Typer()
    register(cli)

    @cli.command()
    def other() -> None:  # a second command keeps Typer from flattening the app
        pass

    out = CliRunner().invoke(cli, ["serve", "--bot-workers", "7"])
    assert out.exit_code == 0, out.output
    assert seen["bot_processes"] == 7
    assert seen["freeze_startup"] is True  # only the real server sets its start-up objects aside
    assert seen["config"]["ws_max_size"] == 4096 and "uvicorn.access" in seen["logs"]
    assert CliRunner().invoke(cli, ["serve", "--bot-workers", "0"]).exit_code != 0
