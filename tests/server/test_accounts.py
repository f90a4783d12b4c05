"""Accounts: registration, login sessions, CSRF, rate limits, and what never leaks."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from hulldown.server.app import create_app
from hulldown.server.limits import Limits
from tests.server.conftest import auth, create

PASSWORD = "tank-commander-1944"


def register(client: TestClient, name: str, password: str = PASSWORD) -> None:
    r = client.post("/api/accounts", json={"username": name, "password": password})
    assert r.status_code == 201, r.text
    assert r.json()["username"] == name


def login(client: TestClient, name: str, password: str = PASSWORD) -> dict[str, str]:
    """Logs ``client`` in; the headers its state-changing requests need."""
    r = client.post("/api/session", json={"username": name, "password": password})
    assert r.status_code == 200, r.text
    return {"X-CSRF-Token": client.cookies["csrf"]}


def test_register_login_me_logout(client: TestClient) -> None:
    assert client.get("/api/me").status_code == 401
    register(client, "Gunner_7")
    headers = login(client, "gunner_7")
    me = client.get("/api/me")
    assert me.status_code == 200 and me.json()["username"] == "Gunner_7"
    assert client.delete("/api/session", headers=headers).status_code == 204
    assert client.get("/api/me").status_code == 401


def test_the_session_cookie_is_httponly_and_lax_and_secure_over_https(games: None, db_url: str) -> None:
    app = create_app(db_url=db_url, bot_delay=0, limits=Limits.off())
    with TestClient(app, base_url="https://testserver") as c:
        register(c, "secure-one")
        r = c.post("/api/session", json={"username": "secure-one", "password": PASSWORD})
        cookies = r.headers.get_list("set-cookie")
        session = next(h for h in cookies if h.startswith("hd_session="))
        csrf = next(h for h in cookies if h.startswith("csrf="))
        assert "HttpOnly" in session and "SameSite=lax" in session and "Secure" in session
        assert "HttpOnly" not in csrf and "Secure" in csrf
    with TestClient(app) as c:
        r = c.post("/api/session", json={"username": "secure-one", "password": PASSWORD})
        assert all("Secure" not in h for h in r.headers.get_list("set-cookie"))


def test_names_are_unique_ignoring_case(client: TestClient) -> None:
    register(client, "Panzer")
    r = client.post("/api/accounts", json={"username": "pANZER", "password": PASSWORD})
    assert r.status_code == 409 and "taken" in r.json()["detail"]


@pytest.mark.parametrize(
    "body",
    [
        {"username": "ab", "password": PASSWORD},
        {"username": "x" * 33, "password": PASSWORD},
        {"username": "Robert'); DROP TABLE accounts;--", "password": PASSWORD},
        {"username": "<script>alert(1)</script>", "password": PASSWORD},
        {"username": "bot:random", "password": PASSWORD},
        {"username": "gunner", "password": "short"},
        {"username": "gunner", "password": "p" * 257},
        {"username": "gunner", "password": PASSWORD, "admin": True},
        {"username": 12345, "password": PASSWORD},
    ],
)
def test_bad_registrations_are_refused_without_echo(client: TestClient, body: dict[str, object]) -> None:
    r = client.post("/api/accounts", json=body)
    assert r.status_code == 422
    detail = r.json()["detail"]
    assert str(body["username"]) not in detail and PASSWORD not in detail
    assert client.post("/api/accounts", json={"username": "still-here", "password": PASSWORD}).status_code == 201


def test_sql_and_html_like_names_are_only_text(client: TestClient) -> None:
    """Quotes, tags and spaces are not name characters; what is allowed comes back as it went in."""
    for name in ("drop.table--", "a--.-_", "1.or.1"):
        register(client, name)
        login(client, name)
        assert client.get("/api/me").json()["username"] == name
    assert client.post("/api/session", json={"username": "x' OR '1'='1", "password": PASSWORD}).status_code == 422


def test_wrong_password_and_unknown_name_answer_alike(client: TestClient) -> None:
    register(client, "sniper")
    wrong = client.post("/api/session", json={"username": "sniper", "password": "not-the-password"})
    nobody = client.post("/api/session", json={"username": "nobody-here", "password": "not-the-password"})
    assert wrong.status_code == nobody.status_code == 401
    assert wrong.json() == nobody.json()
    assert "hd_session" not in client.cookies
    assert client.get("/api/me").status_code == 401


def test_a_stolen_session_cookie_without_the_csrf_token_changes_nothing(client: TestClient) -> None:
    register(client, "victim")
    headers = login(client, "victim")
    mine = client.get("/api/me/sessions").json()
    assert len(mine) == 1 and mine[0]["current"]
    # a cross-site request carries the cookies but cannot read csrf to echo it
    bad: dict[str, str] | dict[str, bytes]
    for bad in ({}, {"X-CSRF-Token": "guess"}, {"X-CSRF-Token": "ü".encode("latin-1") * 10}):
        assert client.delete(f"/api/me/sessions/{mine[0]['id']}", headers=bad).status_code == 403
        assert client.delete("/api/session", headers=bad).status_code == 403
    assert client.get("/api/me").status_code == 200
    # the token must belong to this session: a csrf cookie planted alongside does not do
    client.cookies.set("csrf", "planted-by-another-site")
    assert client.delete("/api/session", headers={"X-CSRF-Token": "planted-by-another-site"}).status_code == 403
    client.cookies.set("csrf", headers["X-CSRF-Token"])
    assert client.delete("/api/session", headers=headers).status_code == 204


def test_sessions_are_listed_and_revoked(client: TestClient, games: None) -> None:
    register(client, "commander")
    other = TestClient(client.app)
    login(other, "commander")
    headers = login(client, "commander")
    sessions = client.get("/api/me/sessions").json()
    assert len(sessions) == 2 and sum(s["current"] for s in sessions) == 1
    theirs = next(s["id"] for s in sessions if not s["current"])
    assert other.get("/api/me").status_code == 200
    assert client.delete(f"/api/me/sessions/{theirs}", headers=headers).status_code == 204
    assert other.get("/api/me").status_code == 401
    assert client.delete(f"/api/me/sessions/{theirs}", headers=headers).status_code == 404
    # another account's session cannot be revoked, nor even told apart from none
    register(client, "bystander")
    third = TestClient(client.app)
    login(third, "bystander")
    [foreign] = third.get("/api/me/sessions").json()
    assert client.delete(f"/api/me/sessions/{foreign['id']}", headers=headers).status_code == 404
    assert third.get("/api/me").status_code == 200


def test_guest_play_ignores_the_cookie(client: TestClient) -> None:
    register(client, "guest-host")
    login(client, "guest-host")
    g = create(client, ["human", "human"])
    token = g["seats"][0]["token"]
    v = client.get(f"/api/games/{g['id']}/view", headers=auth(token)).json()
    action = v["legal_actions"][0]["id"]
    r = client.post(
        f"/api/games/{g['id']}/actions", json={"action": action, "version": v["version"]}, headers=auth(token)
    )
    assert r.status_code == 200, r.text


@pytest.fixture
def limited(games: None, db_url: str) -> Iterator[TestClient]:
    limits = Limits.off().but(login_per_minute=60, login_burst=20, login_name_per_minute=1, login_name_burst=3)
    with TestClient(create_app(db_url=db_url, bot_delay=0, limits=limits)) as c:
        yield c


def test_password_guessing_is_limited_per_name(limited: TestClient) -> None:
    register(limited, "target")
    for _ in range(3):
        r = limited.post("/api/session", json={"username": "target", "password": "guess-guess"})
        assert r.status_code == 401
    r = limited.post("/api/session", json={"username": "TARGET", "password": PASSWORD})
    assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
    # another name is a bucket of its own
    register(limited, "other-one")
    login(limited, "other-one")


def test_login_is_limited_per_client(games: None, db_url: str) -> None:
    limits = Limits.off().but(login_per_minute=1, login_burst=2)
    with TestClient(create_app(db_url=db_url, bot_delay=0, limits=limits)) as c:
        codes = [
            c.post("/api/session", json={"username": f"name{i}", "password": PASSWORD}).status_code for i in range(3)
        ]
        assert codes == [401, 401, 429]


def test_no_secret_reaches_an_answer_a_log_or_the_database_in_clear(
    client: TestClient, caplog: pytest.LogCaptureFixture, db_url: str
) -> None:
    caplog.set_level(logging.DEBUG)
    register(client, "quiet")
    r = client.post("/api/session", json={"username": "quiet", "password": PASSWORD})
    secret = client.cookies["hd_session"]
    answers = [r.text, client.get("/api/me").text, client.get("/api/me/sessions").text]
    bad = client.post("/api/session", json={"username": "quiet", "password": PASSWORD + "x"})
    answers.append(bad.text)
    engine = sa.create_engine(db_url)
    with engine.connect() as conn:
        [(stored,)] = conn.execute(sa.text("SELECT password_hash FROM accounts")).all()
        rows = conn.execute(sa.text("SELECT * FROM sessions")).all()
    engine.dispose()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    assert all(secret not in str(tuple(row)) for row in rows)
    for text in [*answers, caplog.text]:
        assert PASSWORD not in text and stored not in text and secret not in text


def test_an_old_database_with_a_game_upgrades_and_plays_on(
    games: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database made by the migration before accounts keeps its games."""
    import sqlalchemy as sa
    from alembic import command
    from alembic.config import Config

    from hulldown.server import db
    from hulldown.server.rooms import Manager

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = db.make_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(db.__file__).parent / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
    # the moves as a server of that time stored them (no explanation column yet)
    columns = {c: sa.bindparam(c) for c in ("n", "seat", "action", "chance")}
    old_insert = db.MOVES.insert().values(**columns, game_id=sa.bindparam("gid"), created_at=sa.bindparam("updated_at"))
    monkeypatch.setattr(db, "_INSERT_MOVE", old_insert)
    store_move = db.Store._store_move
    monkeypatch.setattr(
        db.Store, "_store_move", lambda self, p: store_move(self, {k: v for k, v in p.items() if k != "explanation"})
    )
    manager = Manager(db.Store(engine), bot_delay=0)
    room, tokens = manager.create("secret-cards", {}, ["human", "human"], {"clock": None, "takeover": "bot:random"})
    first = room.state.current_player
    assert first is not None
    manager._apply(room, first, room.state.legal_actions()[0].id)
    manager.store.close()
    engine.dispose()
    monkeypatch.undo()
    with TestClient(create_app(db_url=url, bot_delay=0, limits=Limits.off())) as c:
        seat = room.state.current_player
        assert seat is not None
        v = c.get(f"/api/games/{room.id}/view", headers=auth(tokens[seat])).json()
        assert v["version"] == room.version and len(v["log"]) > 0
        act = {"action": v["legal_actions"][0]["id"], "version": v["version"]}
        assert c.post(f"/api/games/{room.id}/actions", json=act, headers=auth(tokens[seat])).status_code == 200
        register(c, "after-upgrade")
        login(c, "after-upgrade")
