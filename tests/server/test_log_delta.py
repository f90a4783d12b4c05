"""Views carry only the log entries a client lacks; joined up they equal the whole log, per seat."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import auth, create


def _view(client: TestClient, gid: str, token: str | None, query: str = "") -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}/view{query}", headers=auth(token) if token else {})
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def _play_once(client: TestClient, gid: str, tokens: list[str], query: str = "") -> dict[str, Any] | None:
    """The current seat takes its first legal action; the answer (None when the game is over)."""
    for t in tokens:
        v = _view(client, gid, t)
        if v["over"]:
            return None
        if v["legal_actions"]:
            body = {"action": v["legal_actions"][0]["id"], "version": v["version"]}
            r = client.post(f"/api/games/{gid}/actions{query}", json=body, headers=auth(t))
            assert r.status_code == 200, r.text
            answer: dict[str, Any] = r.json()
            return answer
    raise AssertionError("nobody may act in a running game")


def test_an_answer_carries_only_the_entries_after_the_clients_copy(client: TestClient) -> None:
    g = create(client, ["human", "human"], game="tank-killers")
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    copies: dict[str | None, list[dict[str, Any]]] = {}
    for who in (*tokens, None):
        first = _view(client, gid, who)
        assert first["log_from"] == 0
        copies[who] = first["log"]
    epoch = first["log_epoch"]
    for _ in range(40):
        if _play_once(client, gid, tokens) is None:
            break
        for who, copy in copies.items():
            piece = _view(client, gid, who, f"?log_from={len(copy)}&log_epoch={epoch}")
            assert piece["log_from"] == len(copy) and piece["log_epoch"] == epoch
            copy.extend(piece["log"])
            # what each seat pieces together is exactly its whole log, hidden entries left out alike
            assert copy == _view(client, gid, who)["log"]
    assert any(len(c) > 2 for c in copies.values())
    # each seat saw its own draws, which the spectator's log leaves out
    assert len(copies[tokens[0]]) > len(copies[None]) and len(copies[tokens[1]]) > len(copies[None])


def test_a_copy_that_cannot_be_continued_gets_the_whole_log(client: TestClient) -> None:
    g = create(client, ["human", "human"])
    gid, t0 = g["id"], g["seats"][0]["token"]
    whole = _view(client, gid, t0)
    n, epoch = len(whole["log"]), whole["log_epoch"]
    for query in (
        f"?log_from={n + 1}&log_epoch={epoch}",
        f"?log_from=0&log_epoch={(epoch + 1) % 2**30}",
        f"?log_from={n}",
    ):
        again = _view(client, gid, t0, query)
        assert again["log_from"] == 0 and again["log"] == whole["log"], query
    assert _view(client, gid, t0, f"?log_from={n}&log_epoch={epoch}")["log"] == []
    for bad in ("?log_from=-1", "?log_from=x", f"?log_epoch={2**40}"):
        assert client.get(f"/api/games/{gid}/view{bad}", headers=auth(t0)).status_code == 422, bad


def test_undo_starts_a_new_epoch(client: TestClient) -> None:
    g = create(client, ["human", "human"], game="blind-cards")
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    before = _view(client, gid, tokens[0])
    after = _play_once(client, gid, tokens, f"?log_from={len(before['log'])}&log_epoch={before['log_epoch']}")
    assert after is not None and after["log_from"] == len(before["log"]) and after["can_undo"]
    copy = before["log"] + after["log"]
    r = client.post(
        f"/api/games/{gid}/undo?log_from={len(copy)}&log_epoch={after['log_epoch']}",
        json={"version": after["version"]},
        headers=auth(tokens[0]),
    )
    assert r.status_code == 200, r.text
    undone = r.json()
    # the log shrank: the client's copy is of the old epoch, so the answer is whole
    assert undone["log_epoch"] != after["log_epoch"] and undone["log_from"] == 0
    assert undone["log"] == before["log"]


def test_websocket_pushes_carry_each_entry_once(client: TestClient) -> None:
    g = create(client, ["human", "human"])
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[1]}") as ws:
        first = json.loads(ws.receive_text())
        assert first["log_from"] == 0
        copy = list(first["log"])
        version = first["version"]
        for _ in range(6):
            if _play_once(client, gid, tokens) is None:
                break
            target = _view(client, gid, tokens[1])
            while version < target["version"]:
                frame = json.loads(ws.receive_text())
                assert frame["log_from"] == len(copy), "a push starts where the socket's last one ended"
                copy.extend(frame["log"])
                version = frame["version"]
            assert copy == target["log"]
