"""The HTTP API: creation, views, actions and every error code, undo, clocks, records."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

import hulldown
from tests.server.conftest import auth, create
from tests.server.secretgame import NAMES, hidden_from


def view(client: TestClient, gid: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}/view", headers=auth(token) if token else {})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def settle(client: TestClient, gid: str, token: str | None = None, timeout: float = 10.0) -> dict[str, Any]:
    """The view once no bot has a move to make."""
    end = time.monotonic() + timeout
    while True:
        v = view(client, gid, token)
        cp = v["current_player"]
        if v["over"] or v["seats"][cp]["controller"] == "human":
            return v
        assert time.monotonic() < end, "bots did not finish"
        time.sleep(0.01)


def room(client: TestClient, gid: str) -> Any:
    return client.app.state.manager.rooms[gid]  # type: ignore[attr-defined]


def test_create_returns_unique_tokens_and_spectator_url(client: TestClient) -> None:
    g = create(client, ["human", "human"])
    tokens = [s["token"] for s in g["seats"]]
    assert [s["seat"] for s in g["seats"]] == [0, 1]
    assert len(set(tokens)) == 2 and all(len(t) >= 32 for t in tokens)
    assert g["spectator_url"].endswith(f"/g/{g['id']}")
    assert not any(t in g["spectator_url"] for t in tokens)


@pytest.mark.parametrize(
    "body",
    [
        {"game": "no-such-game", "seats": ["human", "human"]},
        {"game": "secret-cards", "seats": ["human"]},
        {"game": "secret-cards", "seats": ["human", "robot"]},
        {"game": "secret-cards", "seats": ["human", "bot:nonsense"]},
        {"game": "secret-cards", "seats": ["human", "human"], "options": {"hand": 9}},
        {"game": "secret-cards", "seats": ["human", "human"], "options": {"colour": "red"}},
        {"game": "secret-cards", "seats": ["human", "human"], "surprise": 1},
        {"game": "secret-cards", "seats": ["human", "human"], "clock": -5},
        {"seats": ["human", "human"]},
    ],
)
def test_create_rejects_bad_requests(client: TestClient, body: dict[str, Any]) -> None:
    r = client.post("/api/games", json=body)
    assert r.status_code == 422, r.text
    assert client.get("/api/games").json() == {"open": [], "running": [], "finished": []}


def test_seat_sees_own_hand_spectator_sees_none(client: TestClient) -> None:
    g = create(client, ["human", "human"])
    gid, (t0, t1) = g["id"], [s["token"] for s in g["seats"]]
    v0, v1, vs = view(client, gid, t0), view(client, gid, t1), view(client, gid)
    state = room(client, gid).state
    assert v0["observation"]["hand"] == sorted(NAMES[c] for c in state.hands[0])
    assert v1["observation"]["hand"] == sorted(NAMES[c] for c in state.hands[1])
    assert vs["observation"]["hand"] is None
    assert [a["id"] for a in v0["legal_actions"]] == [a.id for a in state.legal_actions()]
    assert v1["legal_actions"] == [] and vs["legal_actions"] == []
    for seat, v in ((0, v0), (1, v1), (None, vs)):
        text = json.dumps(v)
        assert not any(name in text for name in hidden_from(state, seat))
        assert t0 not in text and t1 not in text


def test_action_error_codes_leave_game_unchanged(client: TestClient) -> None:
    g = create(client, ["human", "human"])
    gid, (t0, t1) = g["id"], [s["token"] for s in g["seats"]]
    before = view(client, gid, t0)
    fp = room(client, gid).state.fingerprint()
    good = before["legal_actions"][0]["id"]
    url = f"/api/games/{gid}/actions"
    cases = [
        (403, {}, {"action": good, "version": before["version"]}),
        (403, auth("not-a-token"), {"action": good, "version": before["version"]}),
        (403, {"Authorization": "Basic abc"}, {"action": good, "version": before["version"]}),
        (409, auth(t0), {"action": good, "version": before["version"] - 1}),
        (409, auth(t0), {"action": good, "version": before["version"] + 5}),
        (422, auth(t0), {"action": "play:99", "version": before["version"]}),
        (422, auth(t0), {"action": "", "version": before["version"]}),
        (422, auth(t1), {"action": good, "version": before["version"]}),  # not seat 1's decision
        (422, auth(t0), {"action": good}),
        (422, auth(t0), {"action": good, "version": "one"}),
        (422, auth(t0), {"action": good, "version": before["version"], "seat": 1}),
    ]
    for status, headers, body in cases:
        r = client.post(url, json=body, headers=headers)
        assert r.status_code == status, (body, r.text)
        assert room(client, gid).state.fingerprint() == fp
        assert view(client, gid, t0)["version"] == before["version"]
    assert (
        client.post(url, content=b"{not json", headers={**auth(t0), "Content-Type": "application/json"}).status_code
        == 422
    )
    r = client.post(url, json={"action": good, "version": before["version"]}, headers=auth(t0))
    assert r.status_code == 200
    after = r.json()
    assert after["version"] == before["version"] + 1 and after["legal_actions"] == []


def test_unknown_game_is_404(client: TestClient) -> None:
    assert client.get("/api/games/nope/view").status_code == 404
    assert client.post("/api/games/nope/actions", json={"action": "x", "version": 1}).status_code == 404
    assert client.get("/api/games/" + "x" * 200 + "/view").status_code == 404


def test_request_body_size_limit(client: TestClient) -> None:
    g = create(client, ["human", "human"])
    big = {"action": "x" * 100_000, "version": 1}
    r = client.post(f"/api/games/{g['id']}/actions", json=big, headers=auth(g["seats"][0]["token"]))
    assert r.status_code == 413


def test_game_against_bot_to_the_end_then_record_and_replay(client: TestClient) -> None:
    g = create(client, ["human", "bot:random"])
    gid, t0 = g["id"], g["seats"][0]["token"]
    assert client.get(f"/api/games/{gid}/record").status_code == 409
    assert client.get(f"/api/games/{gid}/replay").status_code == 409
    v = settle(client, gid, t0)
    while not v["over"]:
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"action": v["legal_actions"][-1]["id"], "version": v["version"]},
            headers=auth(t0),
        )
        assert r.status_code == 200, r.text
        v = settle(client, gid, t0)
    assert v["returns"] is not None and v["legal_actions"] == []
    rolls = [e for e in v["log"] if e["type"] == "roll"]
    assert len(rolls) == 3  # one per trick, every die roll is in the log
    record = client.get(f"/api/games/{gid}/record").json()
    state = hulldown.replay(record)
    assert state.is_over and state.returns() == v["returns"]
    first = client.get(f"/api/games/{gid}/replay", params={"upto": 0}).json()
    assert first["upto"] == 0 and first["decisions"] == 6 and first["observation"]["hand"] is None
    assert first["observation"]["taken"] == []
    last = client.get(f"/api/games/{gid}/replay", params={"upto": 99}).json()
    assert last["upto"] == 6 and last["over"] and len(last["observation"]["taken"]) == 6
    closed = client.post(
        f"/api/games/{gid}/actions", json={"action": "play:0", "version": v["version"]}, headers=auth(t0)
    )
    assert closed.status_code == 422


def test_lists_open_running_finished(client: TestClient) -> None:
    a = create(client, ["human", "human"])
    b = create(client, ["human", "bot:random"])
    view(client, b["id"], b["seats"][0]["token"])  # seat 0 joins: running
    lists = client.get("/api/games").json()
    assert [g["id"] for g in lists["open"]] == [a["id"]]
    assert [g["id"] for g in lists["running"]] == [b["id"]]
    assert "token" not in json.dumps(lists)
    assert client.get("/api/games", params={"status": "open"}).json()["running"] == []


def test_undo_own_decision_only_until_chance_or_other_seat(client: TestClient) -> None:
    g = create(client, ["human", "human"], game="blind-cards")
    gid, (t0, t1) = g["id"], [s["token"] for s in g["seats"]]
    v = view(client, gid, t0)
    fp0 = room(client, gid).state.fingerprint()
    assert not v["can_undo"]
    assert client.post(f"/api/games/{gid}/undo", json={"version": v["version"]}, headers=auth(t0)).status_code == 409
    v = client.post(
        f"/api/games/{gid}/actions",
        json={"action": v["legal_actions"][0]["id"], "version": v["version"]},
        headers=auth(t0),
    ).json()
    assert v["can_undo"]
    assert not view(client, gid, t1)["can_undo"]  # never another seat's decision
    assert client.post(f"/api/games/{gid}/undo", json={"version": v["version"]}, headers=auth(t1)).status_code == 409
    assert client.post(f"/api/games/{gid}/undo", json={"version": v["version"]}).status_code == 403
    assert (
        client.post(f"/api/games/{gid}/undo", json={"version": v["version"] - 1}, headers=auth(t0)).status_code == 409
    )
    u = client.post(f"/api/games/{gid}/undo", json={"version": v["version"]}, headers=auth(t0))
    assert u.status_code == 200 and u.json()["version"] == v["version"] + 1
    assert room(client, gid).state.fingerprint() == fp0 and u.json()["steps"] == 0
    # seat 0 plays, seat 1 completes the trick (a die is rolled): neither may undo now
    v = client.post(
        f"/api/games/{gid}/actions",
        json={"action": u.json()["legal_actions"][0]["id"], "version": u.json()["version"]},
        headers=auth(t0),
    ).json()
    v1 = view(client, gid, t1)
    v1 = client.post(
        f"/api/games/{gid}/actions",
        json={"action": v1["legal_actions"][0]["id"], "version": v1["version"]},
        headers=auth(t1),
    ).json()
    assert room(client, gid).moves[-1].chance  # the roll
    assert not v1["can_undo"] and not view(client, gid, t0)["can_undo"]


def test_undo_survives_restart_and_reveals_block_it(games: None, db_url: str) -> None:
    from hulldown.server.app import create_app

    def act(c: TestClient, gid: str, token: str) -> dict[str, Any]:
        v = view(c, gid, token)
        r = c.post(
            f"/api/games/{gid}/actions",
            json={"action": v["legal_actions"][0]["id"], "version": v["version"]},
            headers=auth(token),
        )
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out

    def undo(c: TestClient, gid: str, token: str) -> int:
        v = view(c, gid, token)
        return c.post(f"/api/games/{gid}/undo", json={"version": v["version"]}, headers=auth(token)).status_code

    with TestClient(create_app(db_url=db_url, bot_delay=0)) as c:
        g = create(c, ["human", "human"], game="blind-cards")  # a card laid face down shows nothing
        gid, t0 = g["id"], g["seats"][0]["token"]
        assert act(c, gid, t0)["can_undo"]
        fp = room(c, gid).state.fingerprint()
        shown = create(c, ["human", "human"])  # secret-cards: a card played is shown to everyone
        sid, s0 = shown["id"], shown["seats"][0]["token"]
        assert not act(c, sid, s0)["can_undo"]
        assert undo(c, sid, s0) == 409
    with TestClient(create_app(db_url=db_url, bot_delay=0)) as c:
        assert view(c, gid, t0)["can_undo"] and room(c, gid).state.fingerprint() == fp
        assert undo(c, gid, t0) == 200
        assert view(c, gid, t0)["steps"] == 0
        assert not view(c, sid, s0)["can_undo"] and undo(c, sid, s0) == 409
        assert view(c, sid, s0)["steps"] == 1


def test_clock_runs_out_and_a_bot_takes_over(client: TestClient) -> None:
    g = create(client, ["human", "bot:random"], clock=0.2, takeover="bot:random")
    gid, t0 = g["id"], g["seats"][0]["token"]
    v = view(client, gid, t0)
    assert v["clock"]["seat"] == 0 and 0 < v["clock"]["remaining"] <= 0.2
    end = time.monotonic() + 10
    while not view(client, gid, t0)["over"]:
        assert time.monotonic() < end
        time.sleep(0.05)
    v = view(client, gid, t0)
    assert v["seats"][0]["controller"] == "bot:random"


def test_leave_and_come_back(client: TestClient) -> None:
    g = create(client, ["human", "human"])
    gid, (t0, t1) = g["id"], [s["token"] for s in g["seats"]]
    v = client.post(f"/api/games/{gid}/control", json={"by": "bot"}, headers=auth(t1)).json()
    assert v["seats"][1]["controller"] == "bot:random"
    v0 = view(client, gid, t0)
    v0 = client.post(
        f"/api/games/{gid}/actions",
        json={"action": v0["legal_actions"][0]["id"], "version": v0["version"]},
        headers=auth(t0),
    ).json()
    v0 = settle(client, gid, t0)
    assert v0["steps"] == 2  # the bot played seat 1
    v1 = client.post(f"/api/games/{gid}/control", json={"by": "human"}, headers=auth(t1)).json()
    assert v1["seats"][1]["controller"] == "human"
    assert client.post(f"/api/games/{gid}/control", json={"by": "bot"}).status_code == 403
    assert client.post(f"/api/games/{gid}/control", json={"by": "robot"}, headers=auth(t1)).status_code == 422


def test_rematch_gives_each_seat_its_own_new_token(client: TestClient) -> None:
    g = create(client, ["human", "human"])
    gid, (t0, t1) = g["id"], [s["token"] for s in g["seats"]]
    assert client.post(f"/api/games/{gid}/rematch", headers=auth(t0)).status_code == 409
    tokens = {0: t0, 1: t1}
    v = view(client, gid, t0)
    while not v["over"]:
        seat = v["current_player"]
        v = view(client, gid, tokens[seat])
        v = client.post(
            f"/api/games/{gid}/actions",
            json={"action": v["legal_actions"][0]["id"], "version": v["version"]},
            headers=auth(tokens[seat]),
        ).json()
    r = client.post(f"/api/games/{gid}/rematch", headers=auth(t0)).json()
    again = client.post(f"/api/games/{gid}/rematch", headers=auth(t0)).json()
    assert again == r
    other = view(client, gid, t1)["rematch"]
    assert other["id"] == r["id"] and other["token"] != r["token"]
    assert view(client, gid)["rematch"] == {"id": r["id"]}
    assert r["token"] not in json.dumps(view(client, gid, t1))
    new0, new1 = view(client, r["id"], r["token"]), view(client, r["id"], other["token"])
    assert new0["seat"] == 0 and new1["seat"] == 1


def test_websocket_pushes_views_and_hides_other_hands(client: TestClient) -> None:
    g = create(client, ["human", "human"])
    gid, (t0, t1) = g["id"], [s["token"] for s in g["seats"]]
    with (
        client.websocket_connect(f"/api/games/{gid}/ws?token={t1}") as ws1,
        client.websocket_connect(f"/api/games/{gid}/ws") as wss,
    ):
        frames1 = [ws1.receive_text()]
        framess = [wss.receive_text()]
        v = view(client, gid, t0)
        state = room(client, gid).state
        hidden1, hidden_s = hidden_from(state, 1), hidden_from(state, None)
        client.post(
            f"/api/games/{gid}/actions",
            json={"action": v["legal_actions"][0]["id"], "version": v["version"]},
            headers=auth(t0),
        )
        while json.loads(frames1[-1])["version"] < v["version"] + 1:
            frames1.append(ws1.receive_text())
        while json.loads(framess[-1])["version"] < v["version"] + 1:
            framess.append(wss.receive_text())
        assert json.loads(frames1[-1])["legal_actions"]
        # the card seat 0 played is public now; the rest of seat 0's hand is not
        still_hidden = hidden_from(state, 1)
        for f in frames1:
            assert not any(n in f for n in still_hidden) and t0 not in f
        for f in framess:
            assert not any(n in f for n in hidden_from(state, None)) and t0 not in f and t1 not in f
        assert hidden1 >= still_hidden and hidden_s >= still_hidden
    # reconnecting restores the seat
    with client.websocket_connect(f"/api/games/{gid}/ws?token={t1}") as ws:
        again = json.loads(ws.receive_text())
        assert again["seat"] == 1 and again["legal_actions"]


def test_websocket_refuses_a_wrong_token(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    g = create(client, ["human", "human"])
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(f"/api/games/{g['id']}/ws?token=wrong") as ws:
        ws.receive_text()


def test_openapi_documents_the_api(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    for path in (
        "/api/games",
        "/api/games/{game_id}/view",
        "/api/games/{game_id}/actions",
        "/api/games/{game_id}/record",
    ):
        assert path in spec["paths"]
    post = spec["paths"]["/api/games/{game_id}/actions"]["post"]
    assert {"403", "409", "422"} <= set(post["responses"])


def test_pages_and_catalog(client: TestClient) -> None:
    assert "hulldown" in client.get("/").text
    assert 'src="/static/game.js"' in client.get("/g/anything").text
    assert client.get("/static/render.js").status_code == 200
    cat = client.get("/api/catalog").json()
    ids = {g["id"] for g in cat["games"]}
    assert {"high-card", "secret-cards"} <= ids


def test_tokens_redacted_from_logs() -> None:
    import logging

    from hulldown.server.app import RedactTokens

    rec = logging.LogRecord(
        "uvicorn.error",
        logging.INFO,
        "",
        0,
        '%s - "WebSocket %s" [accepted]',
        ("1.2.3.4", "/api/games/x/ws?token=SECRET123&a=1"),
        None,
    )
    RedactTokens().filter(rec)
    assert "SECRET123" not in rec.getMessage() and "token=***" in rec.getMessage()


def test_serve_command_is_registered() -> None:
    import typer
    from typer.testing import CliRunner

    from hulldown.server.commands import register

    app = typer.Typer()
    register(app)

    @app.command()
    def other() -> None:  # a second command keeps Typer from flattening the app
        pass

    out = CliRunner().invoke(app, ["serve", "--help"])
    assert out.exit_code == 0
    for opt in ("--host", "--port", "--db", "--bot-delay"):
        assert opt in out.output
