"""Hints for the seat to move and explanations of bot moves: shape, rules and secrecy."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hulldown.agents.worker import search_explained
from hulldown.engine import registry
from hulldown.engine.rng import SplitMix64, derive_seed
from hulldown.server.accountdb import AccountStore
from hulldown.server.app import create_app
from hulldown.server.limits import Limits
from hulldown.server.ratings import Ratings
from tests.server.conftest import auth, create
from tests.server.test_api import room, settle, view


@pytest.fixture
def hint_client(games: None, db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url=db_url, bot_delay=0, bot_processes=1, limits=Limits.off())) as c:
        c.app.state.manager.supervisor.warm = False  # type: ignore[attr-defined]
        # a cold worker on a busy machine may take seconds to start: the time cap is not tested here
        c.app.state.manager.supervisor.grace = 60.0  # type: ignore[attr-defined]
        yield c


def _to_move(client: TestClient, g: dict[str, Any]) -> tuple[int, str, dict[str, Any]]:
    v = view(client, g["id"])
    seat = v["current_player"]
    token = g["seats"][seat]["token"]
    return seat, token, view(client, g["id"], token)


def test_a_hint_names_the_seats_own_legal_moves_with_visits_and_win_chances(hint_client: TestClient) -> None:
    g = create(hint_client, ["human", "human"], hints=True)
    _, token, v = _to_move(hint_client, g)
    assert v["hints"] is True
    r = hint_client.post(f"/api/games/{g['id']}/hint", json={"version": v["version"]}, headers=auth(token))
    assert r.status_code == 200, r.text
    hint = r.json()
    assert hint["version"] == v["version"] and hint["iterations"] > 0
    legal = {a["id"]: a for a in v["legal_actions"]}
    assert 1 <= len(hint["suggestions"]) <= 3
    assert len(hint["suggestions"]) == min(3, len(legal))
    for s in hint["suggestions"]:
        assert s["action"] == legal[s["action"]["id"]]  # as the view gives it: message, args, payload
        assert 0 <= s["win"] <= 1 and s["visits"] >= 0
    assert [s["visits"] for s in hint["suggestions"][1:]] == sorted(
        (s["visits"] for s in hint["suggestions"][1:]), reverse=True
    )
    # asking changed nothing
    assert view(hint_client, g["id"], token)["version"] == v["version"]


def test_only_the_seat_to_move_gets_a_hint_and_only_when_the_game_offers_them(hint_client: TestClient) -> None:
    g = create(hint_client, ["human", "human"], hints=True)
    seat, token, v = _to_move(hint_client, g)
    url = f"/api/games/{g['id']}/hint"
    other = g["seats"][1 - seat]["token"]
    assert hint_client.post(url, json={"version": v["version"]}, headers=auth(other)).status_code == 409
    assert hint_client.post(url, json={"version": v["version"]}).status_code == 403
    assert hint_client.post(url, json={"version": v["version"]}, headers=auth("nope" * 8)).status_code == 403
    assert hint_client.post(url, json={"version": v["version"] + 1}, headers=auth(token)).status_code == 409
    assert hint_client.post(url, json={"version": "1"}, headers=auth(token)).status_code == 422
    assert hint_client.post(f"/api/games/{'x' * 16}/hint", json={"version": 1}, headers=auth(token)).status_code == 404
    plain = create(hint_client, ["human", "human"])
    _, token, v = _to_move(hint_client, plain)
    assert v["hints"] is False
    r = hint_client.post(f"/api/games/{plain['id']}/hint", json={"version": v["version"]}, headers=auth(token))
    assert r.status_code == 409 and "without hints" in r.json()["detail"]


def test_hints_are_rate_limited_per_client(games: None, db_url: str) -> None:
    limits = Limits.off().but(hints_per_minute=1, hints_burst=1)
    with TestClient(create_app(db_url=db_url, bot_delay=0, bot_processes=1, limits=limits)) as c:
        c.app.state.manager.supervisor.warm = False  # type: ignore[attr-defined]
        # a cold worker on a busy machine may take seconds to start: the time cap is not tested here
        c.app.state.manager.supervisor.grace = 60.0  # type: ignore[attr-defined]
        g = create(c, ["human", "human"], hints=True)
        _, token, v = _to_move(c, g)
        url = f"/api/games/{g['id']}/hint"
        assert c.post(url, json={"version": v["version"]}, headers=auth(token)).status_code == 200
        r = c.post(url, json={"version": v["version"]}, headers=auth(token))
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1


def test_one_hint_at_a_time_per_seat(hint_client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    g = create(hint_client, ["human", "human"], hints=True)
    _, token, v = _to_move(hint_client, g)
    supervisor = hint_client.app.state.manager.supervisor  # type: ignore[attr-defined]
    go = threading.Event()
    started = threading.Event()

    async def slow(*args: Any) -> tuple[str, dict[str, Any]]:
        started.set()
        while not go.is_set():
            await asyncio.sleep(0.01)
        return "x", {"kind": "search", "iterations": 1, "alternatives": []}

    monkeypatch.setattr(supervisor, "search_explained", slow)
    url = f"/api/games/{g['id']}/hint"
    first: list[int] = []
    t = threading.Thread(
        target=lambda: first.append(
            hint_client.post(url, json={"version": v["version"]}, headers=auth(token)).status_code
        )
    )
    t.start()
    assert started.wait(10)
    r = hint_client.post(url, json={"version": v["version"]}, headers=auth(token))
    assert r.status_code == 409 and "already" in r.json()["detail"]
    go.set()
    t.join(10)
    assert first == [200]


def test_a_game_with_hints_is_never_rated(hint_client: TestClient) -> None:
    manager = hint_client.app.state.manager  # type: ignore[attr-defined]
    ratings = Ratings(manager.store.engine, AccountStore(manager.store.engine))
    g = create(hint_client, ["human", "human"], hints=True)
    assert room(hint_client, g["id"]).row.config["hints"] is True
    assert ratings.players(room(hint_client, g["id"])) is None
    # a game created without hints has none
    assert "hints" not in room(hint_client, create(hint_client, ["human", "human"])["id"]).row.config


# -- secrecy ---------------------------------------------------------------------
def _positions(game_id: str, seeds: int) -> Iterator[tuple[Any, Any, int, int]]:
    """Decisions of random games, each with a state its seat cannot tell from the real one."""
    game = registry.load(game_id)
    for seed in range(seeds):
        state = game.new(seed=seed)
        rng = SplitMix64(seed)
        for step in range(30):
            if state.is_over:
                break
            seat = state.current_player
            legal = state.legal_actions()
            if step % 3 == 0 and len(legal) > 1:
                twin = state.resample(seat, SplitMix64(derive_seed(seed, step, "twin")))
                assert twin.observation(seat) == state.observation(seat)
                yield game, state, twin, seat
            state.apply(legal[rng.below(len(legal))].id)


@pytest.mark.parametrize("game_id", ["secret-cards", "tank-killers", "tank-hunter"])
def test_a_hint_depends_only_on_what_the_seat_can_see(games: None, game_id: str) -> None:
    """As the information-invariance check of the conformance suite does for resampling: from two
    states the seat cannot tell apart (the second resampled for it), the same search gives the
    same hint; the hidden cards differ between the two."""
    differed = 0
    for game, state, twin, seat in _positions(game_id, 3):
        differed += twin.fingerprint() != state.fingerprint()
        a = search_explained(game, state.clone(), seat, "ismcts:iterations=60", 11)
        b = search_explained(game, twin, seat, "ismcts:iterations=60", 11)
        assert a == b
    assert differed, "no position hid anything"


@pytest.mark.parametrize(
    ("game_id", "spec"),
    [
        ("2gm-pacific", "solo-ai"),
        ("2gm-pacific", "heuristic"),
        ("tank-killers", "heuristic"),
        ("tank-hunter", "heuristic"),
        ("tank-clash", "heuristic"),
    ],
)
def test_a_rule_of_thumb_explanation_depends_only_on_what_the_seat_can_see(game_id: str, spec: str) -> None:
    """The reason in words (its message and English text) too: worked out from the seat's view,
    it is the same from two states the seat cannot tell apart, whose hidden cards differ."""
    differed = 0
    keys: set[str] = set()
    for game, state, twin, seat in _positions(game_id, 2):
        differed += twin.fingerprint() != state.fingerprint()
        mine = search_explained(game, state.clone(), seat, spec, 5)
        assert mine == search_explained(game, twin, seat, spec, 5)
        why = mine[1]
        assert why["kind"] == "rule" and why["rule"] and why["message"]["key"] in game.messages.keys("en")
        keys.add(why["rule"])
    assert differed, "no position hid anything"
    assert len(keys) > 1, keys  # more than one reason was met


def _bot_game(client: TestClient) -> dict[str, Any]:
    g = create(client, ["human", "bot:ismcts:iterations=40,seconds=5"], hints=True)
    settle(client, g["id"])
    return g


def test_a_bot_explains_its_move_to_its_own_seat_only_until_the_game_is_over(hint_client: TestClient) -> None:
    g = _bot_game(hint_client)
    gid = g["id"]
    r = room(hint_client, gid)
    bot_steps = [n + 1 for n, m in enumerate(r.moves) if m.seat == 1]
    person, bot = g["seats"][0]["token"], g["seats"][1]["token"]
    end = time.monotonic() + 30
    while not bot_steps:  # the bot may not have moved first: play the person's card
        v = view(hint_client, gid, person)
        hint_client.post(
            f"/api/games/{gid}/actions",
            json={"action": v["legal_actions"][0]["id"], "version": v["version"]},
            headers=auth(person),
        )
        settle(hint_client, gid)
        bot_steps = [n + 1 for n, m in enumerate(r.moves) if m.seat == 1]
        assert time.monotonic() < end
    step = bot_steps[0]
    url = f"/api/games/{gid}/moves/{step}/explanation"
    mine = hint_client.get(url, headers=auth(bot))
    assert mine.status_code == 200, mine.text
    why = mine.json()
    assert why["step"] == step and why["seat"] == 1 and why["kind"] == "search" and why["iterations"] > 0
    assert why["alternatives"] and all(0 <= a["win"] <= 1 for a in why["alternatives"])
    assert view(hint_client, gid, bot)["explained"] == bot_steps
    # another seat and a spectator: neither the explanation nor a sign of it, nor on the websocket
    for headers in (auth(person), {}):
        assert hint_client.get(url, headers=headers).status_code == 403
        body = hint_client.get(f"/api/games/{gid}/view", headers=headers).text
        assert '"explained":[]' in body and "alternatives" not in body
    with hint_client.websocket_connect(f"/api/games/{gid}/ws?token={person}") as ws:
        frame = ws.receive_text()
        assert '"explained":[]' in frame and "alternatives" not in frame
    assert hint_client.get(f"/api/games/{gid}/moves/{step + 500}/explanation").status_code == 404
    person_steps = [n + 1 for n, m in enumerate(r.moves) if m.seat == 0]
    if person_steps:
        assert hint_client.get(f"/api/games/{gid}/moves/{person_steps[0]}/explanation").status_code == 404
    # once the game is over (its record public), everyone may read it
    while not (v := view(hint_client, gid, person))["over"]:
        hint_client.post(
            f"/api/games/{gid}/actions",
            json={"action": v["legal_actions"][0]["id"], "version": v["version"]},
            headers=auth(person),
        )
        settle(hint_client, gid)
    assert hint_client.get(url).json() == why
    assert step in view(hint_client, gid)["explained"]
    # stored with the move: a game loaded again from the database still explains it
    hint_client.app.state.manager.rooms.pop(gid)  # type: ignore[attr-defined]
    assert hint_client.get(url).json() == why


def test_a_rule_of_thumb_bot_says_so(hint_client: TestClient) -> None:
    g = create(hint_client, ["bot:random", "human"])
    settle(hint_client, g["id"])
    r = hint_client.get(f"/api/games/{g['id']}/moves/1/explanation", headers=auth(g["seats"][0]["token"]))
    assert r.status_code == 200, r.text
    assert r.json()["kind"] == "rule" and r.json()["agent"] == "random" and r.json()["alternatives"] == []


def test_the_solo_ai_names_the_rulebook_clauses_it_followed() -> None:
    game = registry.load("2gm-pacific")
    state = game.new(seed=3)
    seat = state.current_player
    action_id, why = search_explained(game, state.clone(), seat, "solo-ai", 1)
    assert action_id in {a.id for a in state.legal_actions()}
    assert why["kind"] == "rule" and why["agent"] == "solo-ai" and "12." in why["rule"]
