"""The published observation schemas: one per game, describing what the server actually sends."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from hulldown.engine import registry
from tests.server.conftest import auth

jsonschema = pytest.importorskip("jsonschema")

GAMES = ["tank-killers", "tank-hunter", "tank-clash", "2gm-pacific"]


@pytest.mark.parametrize("game", GAMES)
def test_a_served_view_validates_against_the_published_schema(client: TestClient, game: str) -> None:
    r = client.get(f"/api/catalog/{game}/observation-schema")
    assert r.status_code == 200, r.text
    schema = r.json()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["additionalProperties"] is False and "phase" in schema["properties"]
    players = registry.load(game).info.default_players
    created = client.post("/api/games", json={"game": game, "seats": ["human"] * players})
    assert created.status_code == 201, created.text
    body = created.json()
    seat0 = client.get(f"/api/games/{body['id']}/view", headers=auth(body["seats"][0]["token"])).json()
    spectator = client.get(f"/api/games/{body['id']}/view").json()
    validator = jsonschema.Draft202012Validator(schema)
    for view in (seat0, spectator):
        validator.validate(view["observation"])
    wrong = dict(seat0["observation"], surplus=1)
    assert not validator.is_valid(wrong)


def test_a_game_without_a_declared_observation_or_not_installed_is_404(client: TestClient) -> None:
    assert client.get("/api/catalog/no-such-game/observation-schema").status_code == 404
    # the test server's toy games declare no observation type
    assert client.get("/api/catalog/secret-cards/observation-schema").status_code == 404


def test_the_schema_is_in_the_openapi_document(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert "/api/catalog/{game}/observation-schema" in paths


def test_the_view_models_name_the_observation_types(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    for model in ("View", "ReplayStep"):
        refs = [s.get("$ref") for s in schemas[model]["properties"]["observation"]["anyOf"]]
        assert "#/components/schemas/TankKillersObservation" in refs
        assert "#/components/schemas/PacificObservation" in refs
        assert {"type": "object"} in schemas[model]["properties"]["observation"]["anyOf"]  # a toy game's
    assert schemas["TankClashObservation"]["additionalProperties"] is False
