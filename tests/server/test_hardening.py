"""Malformed requests: each class gets one clear 4xx ``{"detail": str}``, never a 500, never an echo."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hulldown.server.guard import safe_text, strict_loads
from tests.server.conftest import auth, create

JSON = {"Content-Type": "application/json"}


def post(client: TestClient, url: str, raw: bytes, headers: dict[str, str] | None = None) -> Any:
    return client.post(url, content=raw, headers={**JSON, **(headers or {})})


def problem(r: Any, status: int) -> str:
    """The detail of an error answer, after checking its status and shape."""
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"detail"} and isinstance(body["detail"], str), body
    r.content.decode("utf-8")  # always encodes
    detail: str = body["detail"]
    return detail


@pytest.fixture
def game(client: TestClient) -> tuple[str, str, int]:
    g = create(client, ["human", "human"])
    gid, token = g["id"], g["seats"][0]["token"]
    version = client.get(f"/api/games/{gid}/view", headers=auth(token)).json()["version"]
    return gid, token, version


CREATE_BAD = [
    # (raw body, words the detail must hold)
    (b'{"game": "secret-cards", "seats": ["human", "human"], "clock": NaN}', ["NaN"]),
    (b'{"game": "secret-cards", "seats": ["human", "human"], "clock": Infinity}', ["Infinity"]),
    (b'{"game": "secret-cards", "seats": ["human", "human"], "clock": -Infinity}', ["Infinity"]),
    (b'{"game": "secret-cards", "seats": ["human", "human"], "clock": 1e400}', ["out of range"]),
    (b'{"game": "secret-cards", "seats": ["human", "human"], "options": {"hand": NaN}}', ["NaN"]),
    (b'{"game": "\\ud800", "seats": ["human", "human"]}', ["surrogate"]),
    (b'{"game": "secret-cards", "seats": ["human", "\\udfff"]}', ["surrogate"]),
    (b'{"\\ud800": 1, "game": "secret-cards", "seats": ["human", "human"]}', ["surrogate"]),
    (b'{"game": "secret-cards", "seats": ["human", "human"], "undo": "\xff\xfe"}', ["UTF-8"]),
    (b'{"game": "secret-cards", "seats": ' + b"[" * 5000 + b"]" * 5000 + b"}", ["nested"]),
    (
        b'{"game": "secret-cards", "seats": ["human", "human"], "options": ' + b'{"a":' * 40 + b"1" + b"}" * 41,
        ["nested"],
    ),
    (b'{"game": "secret-cards", "seats": ["human", "human"], "clock": ' + b"9" * 100_00 + b"}", ["number"]),
    (b"[1, 2, 3]", ["body", "dict"]),
    (b'"a string"', ["body"]),
    (b"null", ["body"]),
    (b"", ["body", "required"]),
    (b"{not json", ["invalid JSON"]),
    (b'{"game": "secret-cards", "seats": ["human", "human"], "surprise": 1}', ["surprise", "Extra"]),
    (b'{"game": "secret-cards", "seats": ["human", "human"], "clock": -5}', ["clock", "greater than 0"]),
    (b'{"game": "secret-cards", "seats": ["human", "human"], "undo": "yes"}', ["undo", "boolean"]),
    (b'{"game": "secret-cards", "seats": ["human", "robot"]}', ["seats[1]", "pattern"]),
]


@pytest.mark.parametrize(("raw", "words"), CREATE_BAD, ids=range(len(CREATE_BAD)))
def test_malformed_creation_is_a_clear_422(client: TestClient, raw: bytes, words: list[str]) -> None:
    detail = problem(post(client, "/api/games", raw), 413 if len(raw) > 64 * 1024 else 422)
    for word in words:
        assert word in detail, detail
    assert client.get("/api/games").json() == {"open": [], "running": [], "finished": []}


def test_a_refused_field_is_named_never_echoed(client: TestClient, game: tuple[str, str, int]) -> None:
    gid, token, version = game
    secret = "Z" * 300 + "\ud800"
    for body in ({"action": 5, "version": version}, {"action": "x", "version": secret[:-1]}):
        detail = problem(client.post(f"/api/games/{gid}/actions", json=body, headers=auth(token)), 422)
        assert "ZZZZ" not in detail and detail.split(":")[0] in ("action", "version")
    raw = json.dumps({"action": secret, "version": version}).encode()  # ensure_ascii: "\ud800" escaped
    detail = problem(post(client, f"/api/games/{gid}/actions", raw, auth(token)), 422)
    assert "ZZZZ" not in detail and "surrogate" in detail


@pytest.mark.parametrize(
    ("body", "status"),
    ids=["nan", "1e400", "100k-digits", "4000-digits", "1e30", "true", "string", "1.5", "empty-action"],
    argvalues=[
        (b'{"action": "x", "version": NaN}', 422),
        (b'{"action": "x", "version": 1e400}', 422),
        (b'{"action": "x", "version": ' + b"1" * 100_000 + b"}", 413),
        (b'{"action": "x", "version": ' + b"1" * 4000 + b"}", 422),
        (b'{"action": "x", "version": 1e30}', 422),
        (b'{"action": "x", "version": true}', 422),
        (b'{"action": "x", "version": "1"}', 422),
        (b'{"action": "x", "version": 1.5}', 422),
        (b'{"action": "", "version": 1}', 422),
    ],
)
def test_numbers_the_server_cannot_hold_are_refused(
    client: TestClient, game: tuple[str, str, int], body: bytes, status: int
) -> None:
    gid, token, _ = game
    problem(post(client, f"/api/games/{gid}/actions", body, auth(token)), status)


def test_a_whole_float_is_a_version(client: TestClient, game: tuple[str, str, int]) -> None:
    """JSON Schema counts 3.0 as an integer, so the server does too (here: stale, so 409)."""
    gid, token, version = game
    r = post(client, f"/api/games/{gid}/undo", f'{{"version": {version}.0}}'.encode(), auth(token))
    assert "nothing to undo" in problem(r, 409)


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "application/xml", ""])
def test_a_body_not_sent_as_json_is_415(client: TestClient, content_type: str) -> None:
    raw = b'{"game": "secret-cards", "seats": ["human", "human"]}'
    r = client.post("/api/games", content=raw, headers={"Content-Type": content_type})
    assert "application/json" in problem(r, 415)
    ok = client.post("/api/games", content=raw, headers={"Content-Type": "application/json; charset=utf-8"})
    assert ok.status_code == 201, ok.text


def test_odd_header_bytes_are_a_403(client: TestClient, game: tuple[str, str, int]) -> None:
    gid, _, version = game
    for value in (b"Bearer \xff\xfe\x80", b"Bearer " + b"\xe9" * 5000, b"\xff\xff", b"Bearer"):
        r = client.post(
            f"/api/games/{gid}/actions", json={"action": "x", "version": version}, headers={"Authorization": value}
        )  # type: ignore[dict-item]
        problem(r, 403)


@pytest.mark.parametrize("gid", ["x" * 10_000, "%ED%A0%80", "..%2F..%2Fetc", "\u00e9\u00e9"])
def test_odd_or_over_long_game_ids_are_404(client: TestClient, gid: str) -> None:
    problem(client.get(f"/api/games/{gid}/view"), 404)
    problem(client.get(f"/api/games/{gid}/record"), 404)
    assert len(client.app.state.manager.rooms) == 0  # type: ignore[attr-defined]


def test_405_lists_exactly_the_methods_of_the_path(client: TestClient) -> None:
    r = client.delete("/api/games")
    problem(r, 405)
    assert r.headers["allow"] == "GET, POST"
    r = client.put("/api/games/abc/actions")
    problem(r, 405)
    assert r.headers["allow"] == "POST"
    r = client.options("/api/games/abc/view")
    assert r.headers["allow"] == "GET"


def test_openapi_says_what_the_server_accepts_and_answers(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    body = spec["components"]["schemas"]["CreateGame"]["properties"]
    assert "secret-cards" in body["game"]["enum"] and "" not in body["game"]["enum"]
    assert body["seats"]["items"]["pattern"]
    version = spec["components"]["schemas"]["ActionIn"]["properties"]["version"]
    assert version["minimum"] == 0 and version["maximum"] == 2**53
    paths = spec["paths"]
    expect = {
        ("/api/games", "post"): {"201", "401", "403", "413", "415", "422", "429"},
        ("/api/session", "post"): {"200", "401", "413", "415", "422", "429"},
        ("/api/me/sessions/{session_id}", "delete"): {"204", "401", "403", "404", "422", "429"},
        ("/api/games/{game_id}/join", "post"): {"200", "401", "403", "404", "409", "413", "415", "422", "429"},
        ("/api/games/{game_id}/actions", "post"): {"200", "403", "404", "409", "413", "415", "422", "429"},
        ("/api/games/{game_id}/rematch", "post"): {"200", "403", "404", "409", "422", "429"},
        ("/api/games/{game_id}/view", "get"): {"200", "403", "404", "422"},
        ("/api/games/{game_id}/replay", "get"): {"200", "404", "409", "422"},
    }
    for (path, method), codes in expect.items():
        answers = paths[path][method]["responses"]
        assert set(answers) == codes, (path, set(answers))
        for code in codes - {"200", "201", "204"}:
            assert answers[code]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Problem"}
    assert "Retry-After" in paths["/api/games"]["post"]["responses"]["429"]["headers"]


def test_strict_loads_and_safe_text() -> None:
    assert strict_loads(b'{"a": [1, 2.5, "\\ud83d\\ude00"]}') == {"a": [1, 2.5, "\U0001f600"]}
    for raw in (b"NaN", b"[1e999]", b'"\\udc00"', b"[" * 40 + b"]" * 40, b"\xc3\x28"):
        with pytest.raises(json.JSONDecodeError):
            strict_loads(raw)
    assert safe_text("a\ud800b").encode("utf-8") == "a\ufffdb".encode()
    assert len(safe_text("x" * 10_000)) == 400


def test_every_answer_says_how_long_the_server_took(client: TestClient) -> None:
    for r in (client.get("/api/catalog"), client.get("/api/games/nope/view"), client.post("/api/games", content=b"x")):
        name, _, dur = r.headers["server-timing"].partition(";dur=")
        assert name == "app" and float(dur) >= 0, r.headers["server-timing"]
