"""Odds in views: in the payload of the seat to move's attack actions, and nowhere else."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from hulldown.engine import registry
from hulldown.engine.rng import SplitMix64
from tests.server.conftest import auth, create
from tests.server.test_api import room, view


def test_only_the_seat_to_move_gets_the_odds_of_its_attacks(client: TestClient) -> None:
    g = create(client, ["human", "human"], game="tank-clash")
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    rng = SplitMix64(3)
    game = registry.load("tank-clash")
    for _ in range(400):
        state = room(client, gid).state
        seat = state.current_player
        assert seat is not None and game.odds is not None
        mine, other, spectator = view(client, gid, tokens[seat]), view(client, gid, tokens[1 - seat]), view(client, gid)
        assert other["legal_actions"] == [] and spectator["legal_actions"] == []
        assert '"odds"' not in json.dumps(other) and '"odds"' not in json.dumps(spectator)
        with_odds = {a["id"]: a["payload"]["odds"] for a in mine["legal_actions"] if "odds" in a["payload"]}
        if with_odds:
            assert with_odds == game.odds(state, seat)
            assert all(a["payload"]["kind"] == "attack" for a in mine["legal_actions"] if a["id"] in with_odds)
            return
        legal = mine["legal_actions"]
        pick = legal[rng.next64() % len(legal)]["id"]
        r = client.post(
            f"/api/games/{gid}/actions", json={"action": pick, "version": mine["version"]}, headers=auth(tokens[seat])
        )
        assert r.status_code == 200, r.text
    raise AssertionError("no attack came up in 400 random moves")
