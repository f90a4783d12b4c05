"""Reviews of a finished game's decisions: rules, shape, limits and secrecy."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hulldown.agents.worker import search_explained
from hulldown.server.app import create_app
from hulldown.server.limits import Limits
from hulldown.server.review import judged, review_seed
from tests.server.conftest import auth, create
from tests.server.test_api import room, view
from tests.server.test_hints import _positions


def _client(db_url: str, limits: Limits) -> TestClient:
    c = TestClient(create_app(db_url=db_url, bot_delay=0, bot_processes=1, limits=limits))
    return c


@pytest.fixture
def review_client(games: None, db_url: str) -> Iterator[TestClient]:
    with _client(db_url, Limits.off()) as c:
        c.app.state.manager.supervisor.warm = False  # type: ignore[attr-defined]
        # a cold worker on a busy machine may take seconds to start: the time cap is not tested here
        c.app.state.manager.supervisor.grace = 60.0  # type: ignore[attr-defined]
        yield c


def _play(client: TestClient, g: dict[str, Any], moves: int | None = None) -> None:
    """Plays the first legal move for whoever is to move, ``moves`` times or to the end."""
    while moves is None or moves > 0:
        v = view(client, g["id"])
        if v["over"]:
            return
        token = g["seats"][v["current_player"]]["token"]
        mine = view(client, g["id"], token)
        r = client.post(
            f"/api/games/{g['id']}/actions",
            json={"action": mine["legal_actions"][-1]["id"], "version": mine["version"]},
            headers=auth(token),
        )
        assert r.status_code == 200, r.text
        moves = None if moves is None else moves - 1


def _finished(client: TestClient) -> dict[str, Any]:
    g = create(client, ["human", "human"])
    _play(client, g)
    return g


def test_a_review_names_the_choice_and_the_move_played_with_win_chances(review_client: TestClient) -> None:
    g = _finished(review_client)
    moves = room(review_client, g["id"]).moves
    r = review_client.post(f"/api/games/{g['id']}/review/0")
    assert r.status_code == 200, r.text
    review = r.json()
    assert review["step"] == 0 and review["seat"] == moves[0].seat and review["choice"] is True
    assert review["iterations"] > 0
    # the first position as the replay shows it, seen by the seat that moved
    bot, played = review["bot"], review["played"]
    assert played["action"]["id"] == moves[0].action and "message" in played["action"]
    assert 0 <= bot["win"] <= 1 and bot["visits"] > 0
    if played["win"] is None:
        assert played["visits"] == 0 and review["swing"] is None
    else:
        assert played["visits"] > 0
        assert review["swing"] == pytest.approx(played["win"] - bot["win"], abs=1e-3)
    if bot["action"]["id"] == played["action"]["id"]:
        assert review["swing"] == 0
    # asking again gives the same review: its seed is fixed by the position
    assert review_client.post(f"/api/games/{g['id']}/review/0").json() == review


def test_the_last_card_is_no_choice(review_client: TestClient) -> None:
    g = _finished(review_client)
    last = len(room(review_client, g["id"]).moves) - 1
    r = review_client.post(f"/api/games/{g['id']}/review/{last}")
    assert r.status_code == 200, r.text
    assert r.json()["choice"] is False and r.json()["bot"] is None and r.json()["swing"] is None
    assert r.json()["played"]["action"]["id"] == room(review_client, g["id"]).moves[last].action


def test_only_a_finished_game_is_reviewed_and_only_its_decisions(review_client: TestClient) -> None:
    g = create(review_client, ["human", "human"])
    _play(review_client, g, 2)
    r = review_client.post(f"/api/games/{g['id']}/review/0")
    assert r.status_code == 409 and "over" in r.json()["detail"]
    _play(review_client, g)
    decisions = len(room(review_client, g["id"]).moves)
    for bad, status in ((decisions, 422), (decisions + 9, 422), (-1, 422), ("x", 422)):
        r = review_client.post(f"/api/games/{g['id']}/review/{bad}")
        assert r.status_code == status, (bad, r.text)
    assert "step" in review_client.post(f"/api/games/{g['id']}/review/{decisions}").json()["detail"]
    assert review_client.post(f"/api/games/{'x' * 16}/review/0").status_code == 404
    assert review_client.get(f"/api/games/{g['id']}/review/0").status_code == 405


def test_reviews_share_the_hints_rate_limit(games: None, db_url: str) -> None:
    limits = Limits.off().but(hints_per_minute=1, hints_burst=1)
    with _client(db_url, limits) as c:
        c.app.state.manager.supervisor.warm = False  # type: ignore[attr-defined]
        c.app.state.manager.supervisor.grace = 60.0  # type: ignore[attr-defined]
        g = _finished(c)
        assert c.post(f"/api/games/{g['id']}/review/0").status_code == 200
        r = c.post(f"/api/games/{g['id']}/review/1")
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1


def test_one_review_at_a_time_per_client(review_client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    g = _finished(review_client)
    supervisor = review_client.app.state.manager.supervisor  # type: ignore[attr-defined]
    go, started = threading.Event(), threading.Event()

    async def slow(*args: Any) -> tuple[str, dict[str, Any]]:
        started.set()
        while not go.is_set():
            await asyncio.sleep(0.01)
        return "x", {"kind": "search", "iterations": 1, "alternatives": []}

    monkeypatch.setattr(supervisor, "search_explained", slow)
    url = f"/api/games/{g['id']}/review/0"
    first: list[int] = []
    t = threading.Thread(target=lambda: first.append(review_client.post(url).status_code))
    t.start()
    assert started.wait(10)
    r = review_client.post(url)
    assert r.status_code == 409 and "already" in r.json()["detail"]
    go.set()
    t.join(10)
    assert first == [200]


# -- secrecy ---------------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["secret-cards", "tank-killers"])
def test_a_review_depends_only_on_what_the_seat_could_see(games: None, game_id: str) -> None:
    """Two games that differ only in cards the reviewed seat could not see at that decision (the
    second resampled for it) give the same review of the same move: the same seed, the same search."""
    differed = 0
    for n, (game, state, twin, seat) in enumerate(_positions(game_id, 3)):
        played = state.legal_actions()[-1].id
        seed = review_seed(state, seat, n)
        assert review_seed(twin, seat, n) == seed
        differed += twin.fingerprint() != state.fingerprint()
        a = search_explained(game, state.clone(), seat, "ismcts:iterations=60", seed, played)
        b = search_explained(game, twin, seat, "ismcts:iterations=60", seed, played)
        assert a == b
        assert judged(n, seat, a[1]["kept"]["action"], a[1]) == judged(n, seat, b[1]["kept"]["action"], b[1])
    assert differed, "no position hid anything"


def test_a_move_the_search_never_tried_has_no_win_chance() -> None:
    choice = {"action": {"id": "a"}, "visits": 9, "win": 0.6}
    why = {"iterations": 9, "alternatives": [choice], "kept": {"action": {"id": "b"}, "visits": 0, "win": None}}
    review = judged(3, 1, {"id": "b"}, why)
    assert review.played.win is None and review.swing is None and review.bot is not None
    tried = dict(why, kept={"action": {"id": "b"}, "visits": 2, "win": 0.45})
    assert judged(3, 1, {"id": "b"}, tried).swing == pytest.approx(-0.15)
