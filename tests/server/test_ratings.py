"""Ratings: games between accounts (and bots as players of their own) are rated once, at the end."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import create
from tests.server.test_seating import account, new_game


def finish(client: TestClient, gid: str, players: dict[int, tuple[TestClient, dict[str, str]]]) -> Any:
    """Plays the game to its end, each seat through its own browser; the finished room."""
    room = client.app.state.manager.rooms[gid]  # type: ignore[attr-defined]
    end = time.monotonic() + 20
    while not room.state.is_over:
        assert time.monotonic() < end, "the game did not end"
        seat = room.state.current_player
        if seat not in players:
            time.sleep(0.01)  # a bot's move
            continue
        browser, csrf = players[seat]
        v = browser.get(f"/api/games/{gid}/view").json()
        body = {"action": v["legal_actions"][0]["id"], "version": v["version"]}
        assert browser.post(f"/api/games/{gid}/actions", json=body, headers=csrf).status_code == 200
    return room


def test_a_game_between_accounts_is_rated_once(client: TestClient) -> None:
    ann = account(client, "ann")
    ben = account(client, "ben")
    g = new_game(ann[0], ann[1], ["me", "open"])
    ben[0].post(f"/api/games/{g['id']}/join", json={"seat": 1}, headers=ben[1])
    room = finish(client, g["id"], {0: ann, 1: ben})
    board = client.get("/api/ratings/secret-cards").json()
    assert {r["player"] for r in board} == {"ann", "ben"}
    assert all(r["games"] == 1 for r in board)
    assert [r["rating"] for r in board] == sorted((r["rating"] for r in board), reverse=True)
    winner = 0 if room.row.returns[0] > room.row.returns[1] else 1
    if room.row.returns[0] != room.row.returns[1]:
        assert board[0]["player"] == ("ann", "ben")[winner]
    # a second call of the hook (a retry, say) changes nothing
    client.app.state.manager.on_finish[0](room)  # type: ignore[attr-defined]
    assert client.get("/api/ratings/secret-cards").json() == board
    profile = client.get("/api/players/ANN").json()
    assert profile["username"] == "ann"
    assert [h["game_id"] for h in profile["history"]] == [g["id"]]
    assert [f["id"] for f in profile["finished"]] == [g["id"]]
    assert profile["ratings"][0]["game"] == "secret-cards"


def test_bots_are_players_of_their_own_and_guests_are_not_rated(client: TestClient) -> None:
    cyd = account(client, "cyd")
    g = new_game(cyd[0], cyd[1], ["me", "bot:random"])
    finish(client, g["id"], {0: cyd})
    players = {r["player"] for r in client.get("/api/ratings/secret-cards").json()}
    assert players == {"cyd", "bot:random"}
    assert client.get("/api/players/bot:random").json()["history"][0]["game_id"] == g["id"]
    # a guest seat: not rated
    dot = account(client, "dot")
    g2 = new_game(dot[0], dot[1], ["me", "human"])
    token = g2["seats"][1]["token"]
    guest = TestClient(client.app)
    guest.headers["Authorization"] = f"Bearer {token}"
    finish(client, g2["id"], {0: dot, 1: (guest, {})})
    assert "dot" not in {r["player"] for r in client.get("/api/ratings/secret-cards").json()}
    # and no account at all: not rated either
    g3 = create(client, ["human", "human"])
    ratings = client.app.state.manager.on_finish[0].__self__  # type: ignore[attr-defined]
    assert ratings.players(client.app.state.manager.rooms[g3["id"]]) is None  # type: ignore[attr-defined]


def test_leaderboard_and_profile_errors(client: TestClient) -> None:
    assert client.get("/api/ratings/no-such-game").status_code == 404
    assert client.get("/api/ratings/secret-cards").json() == []
    assert client.get("/api/players/nobody").status_code == 404
    assert client.get("/api/players/bot:never-played").status_code == 404
    r = client.get("/api/players/<script>")
    assert r.status_code == 422 and "<script>" not in r.text
