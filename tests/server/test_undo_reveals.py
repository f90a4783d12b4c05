"""Undo never takes back a decision that showed anyone anything, in a real game over HTTP."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import auth, create
from tests.server.test_api import room, view


def test_a_formation_card_turned_up_cannot_be_undone(client: TestClient) -> None:
    g = create(client, ["human", "human"], game="tank-killers")
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    state = room(client, gid).state
    seat = state.current_player
    v = view(client, gid, tokens[seat])
    # the opening decision of a turn: with nothing to play, the maneuver phase is a plain pass
    assert [a["id"] for a in v["legal_actions"]] == ["pass"]
    r = client.post(
        f"/api/games/{gid}/actions", json={"action": "pass", "version": v["version"]}, headers=auth(tokens[seat])
    )
    assert r.status_code == 200, r.text
    v = r.json()
    turned = [e for e in v["log"] if e["type"] == "attacker"]
    assert turned and turned[-1]["card"] == v["observation"]["attack"]["attacker"]
    assert v["current_player"] == seat  # still this seat's decision (the target): only undo could take it back
    assert not v["can_undo"]
    u = client.post(f"/api/games/{gid}/undo", json={"version": v["version"]}, headers=auth(tokens[seat]))
    assert u.status_code == 409
    assert view(client, gid, tokens[seat])["steps"] == 1


def test_a_decision_that_revealed_nothing_can_be_undone(client: TestClient) -> None:
    g = create(client, ["human", "human"], game="tank-killers")
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    for _ in range(300):  # the last choice is often a plain pass of the modifier round: no reveal
        v = view(client, gid)
        assert not v["over"], "no undoable decision came up"
        seat = v["current_player"]
        mine = view(client, gid, tokens[seat])
        choice = mine["legal_actions"][-1]["id"]
        r = client.post(
            f"/api/games/{gid}/actions", json={"action": choice, "version": mine["version"]}, headers=auth(tokens[seat])
        )
        assert r.status_code == 200, r.text
        after = r.json()
        assert after["can_undo"] == (not room(client, gid).state.last_decision_revealed)
        if after["can_undo"]:
            break
    steps = after["steps"]
    u = client.post(f"/api/games/{gid}/undo", json={"version": after["version"]}, headers=auth(tokens[seat]))
    assert u.status_code == 200 and u.json()["steps"] == steps - 1
    assert any(a["id"] == choice for a in u.json()["legal_actions"])  # the same choice is offered again
