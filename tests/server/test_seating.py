"""Seats held by accounts: the cookie opens them, my games, open seats, claims, rematches."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.conftest import auth, create
from tests.server.secretgame import hidden_from
from tests.server.test_accounts import login, register


def account(client: TestClient, name: str) -> tuple[TestClient, dict[str, str]]:
    """A browser of its own (its own cookies) logged in as a new account ``name``."""
    browser = TestClient(client.app)
    register(browser, name)
    return browser, login(browser, name)


def new_game(browser: TestClient, csrf: dict[str, str], seats: list[str]) -> dict[str, Any]:
    r = browser.post("/api/games", json={"game": "secret-cards", "seats": seats}, headers=csrf)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def play(browser: TestClient, gid: str, csrf: dict[str, str] | None = None, via: TestClient | None = None) -> Any:
    """Sends a legal action of the seat to move (as ``via`` sees it; default ``browser``) as ``browser``."""
    v = (via or browser).get(f"/api/games/{gid}/view").json()
    body = {"action": v["legal_actions"][0]["id"], "version": v["version"]}
    return browser.post(f"/api/games/{gid}/actions", json=body, headers=csrf or {})


def test_the_cookie_opens_the_accounts_seat_and_only_it(client: TestClient) -> None:
    alice, alice_csrf = account(client, "alice")
    bob, bob_csrf = account(client, "bob")
    g = new_game(alice, alice_csrf, ["me", "open"])
    assert g["seats"][1]["token"] is None and g["seats"][0]["token"]
    assert bob.post(f"/api/games/{g['id']}/join", json={"seat": 1}, headers=bob_csrf).status_code == 200
    room = client.app.state.manager.rooms[g["id"]]  # type: ignore[attr-defined]
    for browser, seat in ((alice, 0), (bob, 1)):
        r = browser.get(f"/api/games/{g['id']}/view")
        assert r.json()["seat"] == seat
        # never another seat's hidden cards, in any answer
        assert not any(name in r.text for name in hidden_from(room.state, seat))
    first = room.state.current_player
    mover, other = ((alice, alice_csrf), (bob, bob_csrf))[:: 1 if first == 0 else -1]
    # acting for a seat the account does not hold: the cookie opens no seat there to act for
    assert play(other[0], g["id"], other[1], via=mover[0]).status_code == 422
    # a stolen cookie without the CSRF token cannot move
    assert play(mover[0], g["id"]).status_code == 403
    assert play(mover[0], g["id"], {"X-CSRF-Token": "wrong"}).status_code == 403
    assert play(mover[0], g["id"], mover[1]).status_code == 200


def test_a_logged_out_browser_is_a_spectator(client: TestClient) -> None:
    alice, csrf = account(client, "carol")
    g = new_game(alice, csrf, ["me", "human"])
    stranger = TestClient(client.app)
    assert stranger.get(f"/api/games/{g['id']}/view").json()["seat"] is None
    stranger.cookies.set("hd_session", "forged")
    assert stranger.get(f"/api/games/{g['id']}/view").json()["seat"] is None
    room = client.app.state.manager.rooms[g["id"]]  # type: ignore[attr-defined]
    token = g["seats"][room.state.current_player]["token"]
    v = client.get(f"/api/games/{g['id']}/view", headers=auth(token)).json()
    body = {"action": v["legal_actions"][0]["id"], "version": v["version"]}
    assert stranger.post(f"/api/games/{g['id']}/actions", json=body).status_code == 403
    r = stranger.post("/api/games", json={"game": "secret-cards", "seats": ["me", "human"]})
    assert r.status_code == 401
    assert alice.post("/api/games", json={"game": "secret-cards", "seats": ["me", "human"]}).status_code == 403
    r = alice.post("/api/games", json={"game": "secret-cards", "seats": ["me", "me"]}, headers=csrf)
    assert r.status_code == 422


def test_joining_open_seats(client: TestClient) -> None:
    host, host_csrf = account(client, "host")
    g = new_game(host, host_csrf, ["me", "open"])
    assert [s["seat"] for s in client.get("/api/open-seats").json() if s["id"] == g["id"]] == [1]
    assert client.post(f"/api/games/{g['id']}/join", json={"seat": 1}).status_code == 401
    assert host.post(f"/api/games/{g['id']}/join", json={"seat": 1}, headers=host_csrf).status_code == 409
    one, one_csrf = account(client, "first-in")
    two, two_csrf = account(client, "second-in")
    assert one.post(f"/api/games/{g['id']}/join", json={"seat": 1}).status_code == 403
    assert one.post(f"/api/games/{g['id']}/join", json={"seat": 1}, headers=one_csrf).status_code == 200
    assert two.post(f"/api/games/{g['id']}/join", json={"seat": 1}, headers=two_csrf).status_code == 409
    assert two.post(f"/api/games/{g['id']}/join", json={"seat": 0}, headers=two_csrf).status_code == 409
    assert two.post("/api/games/nope/join", json={"seat": 0}, headers=two_csrf).status_code == 404
    assert not [s for s in client.get("/api/open-seats").json() if s["id"] == g["id"]]


def test_my_games_lists_your_turn_first(client: TestClient) -> None:
    dee, csrf = account(client, "dee")
    games = [new_game(dee, csrf, ["me", "human"]) for _ in range(3)]
    mine = dee.get("/api/me/games").json()
    assert {m["id"] for m in mine} == {g["id"] for g in games}
    assert [m["your_turn"] for m in mine] == sorted((m["your_turn"] for m in mine), reverse=True)
    assert all(m["url"] == f"/g/{m['id']}" and m["seat"] == 0 and not m["over"] for m in mine)
    assert all(m["your_turn"] == (m["current_player"] == 0) for m in mine)
    assert TestClient(client.app).get("/api/me/games").status_code == 401


def test_a_guest_claims_a_seat_by_its_token(client: TestClient) -> None:
    g = create(client, ["human", "human"])
    token = g["seats"][1]["token"]
    eve, csrf = account(client, "eve")
    path = f"/api/games/{g['id']}/claim"
    assert eve.post(path, headers=auth(token)).status_code == 403  # no CSRF token
    assert eve.post(path, headers=csrf).status_code == 403  # no seat token
    assert eve.post(path, headers={**csrf, **auth("not-a-token")}).status_code == 403
    r = eve.post(path, headers={**csrf, **auth(token)})
    assert r.status_code == 200 and r.json()["seat"] == 1
    assert eve.get(f"/api/games/{g['id']}/view").json()["seat"] == 1
    frank, frank_csrf = account(client, "frank")
    assert frank.post(path, headers={**frank_csrf, **auth(token)}).status_code == 409
    # the guest's token still works exactly as before
    assert client.get(f"/api/games/{g['id']}/view", headers=auth(token)).json()["seat"] == 1


def test_the_websocket_opens_the_accounts_seat_only_from_this_site(client: TestClient) -> None:
    gus, csrf = account(client, "gus")
    g = new_game(gus, csrf, ["me", "human"])
    with gus.websocket_connect(f"/api/games/{g['id']}/ws") as ws:
        assert ws.receive_json()["seat"] == 0
    hostile = {"origin": "http://evil.example"}
    with gus.websocket_connect(f"/api/games/{g['id']}/ws", headers=hostile) as ws:
        assert ws.receive_json()["seat"] is None
    with pytest.raises(WebSocketDisconnect), gus.websocket_connect(f"/api/games/{g['id']}/ws?token=wrong") as ws:
        ws.receive_json()


def test_a_rematch_seats_the_same_accounts(client: TestClient) -> None:
    hal, hal_csrf = account(client, "hal")
    ivy, ivy_csrf = account(client, "ivy")
    g = new_game(hal, hal_csrf, ["me", "open"])
    ivy.post(f"/api/games/{g['id']}/join", json={"seat": 1}, headers=ivy_csrf)
    players = {0: (hal, hal_csrf), 1: (ivy, ivy_csrf)}
    room = client.app.state.manager.rooms[g["id"]]  # type: ignore[attr-defined]
    while not room.state.is_over:
        browser, csrf = players[room.state.current_player]
        assert play(browser, g["id"], csrf).status_code == 200
    r = ivy.post(f"/api/games/{g['id']}/rematch", headers=ivy_csrf)
    assert r.status_code == 200
    new = r.json()["id"]
    assert hal.get(f"/api/games/{new}/view").json()["seat"] == 0
    assert ivy.get(f"/api/games/{new}/view").json()["seat"] == 1
    assert {m["id"] for m in hal.get("/api/me/games").json()} == {g["id"], new}
