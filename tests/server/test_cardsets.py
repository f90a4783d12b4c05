"""No file path ever comes from a web client: file options and bot file parameters are refused
unread, and custom cards reach web games only as card sets the operator installed."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from hulldown.engine.record import GameRecord
from hulldown.engine.registry import games, replay
from hulldown.server.app import create_app
from hulldown.server.limits import Limits
from tests.server.cardset_helpers import DESERT_UNIT, WINTER_CARD, make_sets, tripwire
from tests.server.conftest import auth

FILE_OPTIONS = {
    ("tank-killers", "tactics_file"),
    ("tank-killers", "german_file"),
    ("tank-killers", "american_file"),
    ("tank-killers", "british_file"),
    ("tank-hunter", "cards"),
    ("tank-clash", "cards_file"),
    ("tank-clash", "tanks_file"),
}


def declared_file_options() -> set[tuple[str, str]]:
    return {(i.id, o.name) for i in games() for o in i.options if getattr(o, "file", None)}


@pytest.fixture
def sets_dir(tmp_path: Path) -> Path:
    return make_sets(tmp_path / "sets")


@pytest.fixture
def web(tmp_path: Path, sets_dir: Path) -> Iterator[TestClient]:
    app = create_app(db_url=f"sqlite:///{tmp_path / 'db.sqlite3'}", bot_delay=0, bot_processes=1, card_sets=sets_dir)
    with TestClient(app) as c:
        # a search on a busy machine may overrun its cap, and its fallback would read as a failure
        # here: the time cap is tested elsewhere
        c.app.state.manager.supervisor.grace = 60.0  # type: ignore[attr-defined]
        yield c


def post_game(client: TestClient, game: str, seats: list[str], **extra: Any) -> httpx.Response:
    return client.post("/api/games", json={"game": game, "seats": seats, **extra})


def until(client: TestClient, gid: str, done: Any, timeout: float = 30.0) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while True:
        v: dict[str, Any] = client.get(f"/api/games/{gid}/view").json()
        if done(v):
            return v
        assert time.monotonic() < end, "the bots did not get there in time"
        time.sleep(0.02)


def card_names(client: TestClient, gid: str) -> set[str]:
    r = client.get(f"/api/games/{gid}/cards")
    assert r.status_code == 200, r.text
    return {c["name"] for c in r.json()["cards"]}


# -- file options ------------------------------------------------------------------
def test_the_file_options_are_declared() -> None:
    assert declared_file_options() >= FILE_OPTIONS


@pytest.mark.parametrize(("game", "option"), sorted(FILE_OPTIONS))
def test_every_file_option_is_refused_over_http_unread(
    web: TestClient, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, game: str, option: str
) -> None:
    secret = tmp_path / "secret.toml"
    secret.write_text("password = 'hunter2'\n", "utf-8")
    with tripwire(monkeypatch, str(secret)) as touched:
        r = post_game(web, game, ["human", "human"], options={option: str(secret)})
        empty = post_game(web, game, ["human", "human"], options={option: ""})
    assert r.status_code == 422 and option in r.json()["detail"], r.text
    assert "hunter2" not in r.text and "password" not in r.text
    assert empty.status_code == 422 and option in empty.json()["detail"]
    assert touched == []


def test_no_text_option_of_any_game_opens_a_path(
    sets_dir: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The class, not the examples: a path in any text option is never opened, declared or not."""
    secret = tmp_path / "secret.toml"
    secret.write_text("password = 'hunter2'\n", "utf-8")
    statuses = {}
    # one game per text option of every game: more than the creation rate limit lets through
    app = create_app(
        db_url=f"sqlite:///{tmp_path / 'db.sqlite3'}", bot_delay=0, card_sets=sets_dir, limits=Limits.off()
    )
    with TestClient(app) as web, tripwire(monkeypatch, str(secret)) as touched:
        for info in games():
            for o in info.options:
                if o.kind is str and o.choices is None:
                    r = post_game(web, info.id, ["human"] * info.default_players, options={o.name: str(secret)})
                    statuses[(info.id, o.name)] = r.status_code
                    assert "hunter2" not in r.text
    assert touched == []
    assert {k: statuses.get(k) for k in FILE_OPTIONS} == dict.fromkeys(FILE_OPTIONS, 422)


def post_within(client: TestClient, body: dict[str, Any], seconds: float, fifo: Path | None = None) -> httpx.Response:
    """POST in a thread; if it has not answered in time, open the FIFO's other end so the server can finish."""
    out: list[httpx.Response] = []
    worker = threading.Thread(target=lambda: out.append(client.post("/api/games", json=body)), daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        if fifo is not None:
            with contextlib.suppress(OSError):
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            worker.join(10)
        raise AssertionError("the server did not answer in time")
    return out[0]


def test_fifo_and_dev_zero_answer_422_fast(web: TestClient, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    r = post_within(
        web, {"game": "tank-killers", "seats": ["human"] * 2, "options": {"tactics_file": str(fifo)}}, 10, fifo
    )
    assert r.status_code == 422 and "tactics_file" in r.json()["detail"]
    # /dev/zero behind the tripwire: a regression fails here instead of eating memory
    with tripwire(monkeypatch, "/dev/zero") as touched:
        r = post_within(web, {"game": "tank-hunter", "seats": ["human"] * 2, "options": {"cards": "/dev/zero"}}, 10)
    assert r.status_code == 422 and "cards" in r.json()["detail"]
    assert touched == []


def test_bot_spec_with_a_file_is_refused_unread(web: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    with tripwire(monkeypatch, "/etc/passwd", "passwd") as touched:
        seat = post_game(web, "tank-hunter", ["human", "bot:heuristic:cards=/etc/passwd"])
        takeover = post_game(web, "tank-hunter", ["human", "human"], takeover="bot:heuristic:cards=/etc/passwd")
        relative = post_game(web, "tank-hunter", ["human", "bot:heuristic:cards=passwd"])
        pathlike = post_game(web, "tank-killers", ["human", "bot:ismcts:level=easy,rollout=../../etc/passwd"])
    for r in (seat, takeover, relative, pathlike):
        assert r.status_code == 422, r.text
    assert "seats[1]" in seat.json()["detail"] and "cards" in seat.json()["detail"]
    assert "takeover" in takeover.json()["detail"]
    assert touched == []


# -- card sets -----------------------------------------------------------------------
def test_catalog_lists_good_sets_and_no_file_options(web: TestClient) -> None:
    cat = web.get("/api/catalog").json()
    by_id = {g["id"]: g for g in cat["games"]}
    assert by_id["tank-killers"]["card_sets"] == ["winter"]
    assert by_id["tank-hunter"]["card_sets"] == ["desert"]
    assert by_id["tank-clash"]["card_sets"] == []
    offered = {(g["id"], o["name"]) for g in cat["games"] for o in g["options"]}
    assert not offered & declared_file_options()
    assert all("file" not in o for g in cat["games"] for o in g["options"])


def test_broken_sets_are_logged_and_skipped(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="hulldown.server")
    create_app(db_url=f"sqlite:///{tmp_path / 'db.sqlite3'}", card_sets=make_sets(tmp_path / "s"))
    text = caplog.text
    for name in ("broken", "Bad.Name", "empty", "fifo"):
        assert f"tank-killers/{name} skipped" in text, name


def test_a_game_with_a_set_plays_with_its_cards(web: TestClient) -> None:
    r = post_game(web, "tank-killers", ["human", "human"], card_set="winter")
    assert r.status_code == 201, r.text
    assert WINTER_CARD in card_names(web, r.json()["id"])
    assert web.get(f"/api/games/{r.json()['id']}/view").json()["card_set"] == "winter"
    plain = post_game(web, "tank-killers", ["human", "human"]).json()
    assert web.get(f"/api/games/{plain['id']}/view").json()["card_set"] is None
    assert WINTER_CARD not in card_names(web, plain["id"])
    assert "Panther" in card_names(web, plain["id"])


@pytest.mark.parametrize("name", ["../x", "/etc", "a/b", "nope", "", "Winter", "winter/../winter", "x" * 65])
def test_unknown_or_pathlike_set_names_are_422(web: TestClient, name: str) -> None:
    r = post_game(web, "tank-killers", ["human", "human"], card_set=name)
    assert r.status_code == 422, r.text


def test_set_of_another_game_is_422(web: TestClient) -> None:
    r = post_game(web, "tank-hunter", ["human", "human"], card_set="winter")
    assert r.status_code == 422 and "winter" in r.json()["detail"]


def test_tank_hunter_bots_play_with_the_set_and_no_file(web: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="hulldown.server")
    r = post_game(web, "tank-hunter", ["bot:ismcts:level=easy", "bot:heuristic"], card_set="desert")
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    assert DESERT_UNIT in card_names(web, gid)
    v = until(web, gid, lambda v: v["over"] or v["steps"] >= 6, timeout=180)
    assert v["steps"] >= 6
    assert "failed" not in caplog.text and "refused" not in caplog.text


def test_restart_resumes_with_the_set_and_a_lost_set_is_a_clear_error(
    tmp_path: Path, sets_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    with TestClient(create_app(db_url=db, bot_delay=0, card_sets=sets_dir)) as c:
        g = post_game(c, "tank-killers", ["human", "human"], card_set="winter").json()
        gid, tokens = g["id"], [s["token"] for s in g["seats"]]
        v = c.get(f"/api/games/{gid}/view").json()
        seat = v["current_player"]
        mine = c.get(f"/api/games/{gid}/view", headers=auth(tokens[seat])).json()
        body = {"action": mine["legal_actions"][0]["id"], "version": mine["version"]}
        assert c.post(f"/api/games/{gid}/actions", json=body, headers=auth(tokens[seat])).status_code == 200
        before = c.get(f"/api/games/{gid}/view").json()
    with TestClient(create_app(db_url=db, bot_delay=0, card_sets=sets_dir)) as c:
        after = c.get(f"/api/games/{gid}/view").json()
        assert after["observation"] == before["observation"] and after["version"] == before["version"]
        assert WINTER_CARD in card_names(c, gid)
    # the set is gone (or changed): that game cannot load, the server goes on
    caplog.set_level(logging.ERROR, logger="hulldown.server")
    shutil.rmtree(sets_dir / "tank-killers" / "winter")
    with TestClient(create_app(db_url=db, bot_delay=0, card_sets=sets_dir)) as c:
        r = c.get(f"/api/games/{gid}/view")
        assert r.status_code == 409 and "card set 'winter'" in r.json()["detail"]
        assert str(sets_dir) not in r.text
        assert c.get("/api/catalog").status_code == 200
    assert f"game {gid} cannot be loaded" in caplog.text
    make_sets(tmp_path / "other")
    winter = tmp_path / "other" / "tank-killers" / "winter"
    shutil.copytree(winter, sets_dir / "tank-killers" / "winter")
    (sets_dir / "tank-killers" / "winter" / "tactics.toml").unlink()  # same name, other cards
    with TestClient(create_app(db_url=db, bot_delay=0, card_sets=sets_dir)) as c:
        r = c.get(f"/api/games/{gid}/view")
        assert r.status_code == 409 and "changed" in r.json()["detail"]


def test_record_names_the_set_not_the_path_and_rematch_keeps_it(
    web: TestClient, sets_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    r = post_game(web, "tank-killers", ["bot:heuristic", "bot:heuristic"], card_set="winter", options={"turn_limit": 2})
    assert r.status_code == 201, r.text
    g = r.json()
    gid = g["id"]
    until(web, gid, lambda v: v["over"])
    rec = web.get(f"/api/games/{gid}/record")
    assert rec.status_code == 200
    assert str(sets_dir) not in rec.text and str(sets_dir.resolve()) not in rec.text
    record = GameRecord.from_dict(rec.json())  # the checksum still holds
    assert record.options["german_file"] == "winter/german.toml"
    assert record.options["tactics_file"] == "winter/tactics.toml"
    assert record.options["british_file"] == ""
    monkeypatch.chdir(sets_dir / "tank-killers")  # a copy of the sets replays it by those names
    assert replay(rec.json()).is_over
    assert web.get(f"/api/games/{gid}/replay", params={"upto": 1}).status_code == 200
    views = [web.get(f"/api/games/{gid}/view", headers=auth(s["token"])).text for s in g["seats"]]
    assert not any(str(sets_dir.resolve()) in v for v in views)
    again = web.post(f"/api/games/{gid}/rematch", headers=auth(g["seats"][0]["token"]))
    assert again.status_code == 200, again.text
    assert WINTER_CARD in card_names(web, again.json()["id"])


def test_without_card_sets_the_catalog_offers_none(client: TestClient) -> None:
    cat = client.get("/api/catalog").json()
    assert all(g["card_sets"] == [] for g in cat["games"])
    r = post_game(client, "tank-killers", ["human", "human"], card_set="winter")
    assert r.status_code == 422 and "installed: none" in r.json()["detail"]


def test_a_stored_game_naming_a_file_is_not_opened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A game stored by an older server with a client's path in its options stays unloaded, its file unread."""
    import sqlalchemy as sa

    from hulldown.server.db import GAMES, make_engine

    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    with TestClient(create_app(db_url=db, bot_delay=0)) as c:
        gid = post_game(c, "tank-killers", ["human", "human"]).json()["id"]
    secret = tmp_path / "secret.toml"
    secret.write_text("password = 'hunter2'\n", "utf-8")
    engine = make_engine(db)
    with engine.begin() as conn:
        options = json.loads(conn.execute(sa.select(GAMES.c.options).where(GAMES.c.id == gid)).scalar_one())
        options["tactics_file"] = str(secret)
        conn.execute(sa.update(GAMES).where(GAMES.c.id == gid).values(options=json.dumps(options)))
    engine.dispose()
    caplog.set_level(logging.ERROR, logger="hulldown.server")
    with tripwire(monkeypatch, str(secret)) as touched, TestClient(create_app(db_url=db, bot_delay=0)) as c:
        r = c.get(f"/api/games/{gid}/view")
    assert r.status_code == 409 and "tactics_file" in r.json()["detail"] and "hunter2" not in r.text
    assert touched == []
    assert f"game {gid} cannot be" in caplog.text


def test_serve_takes_a_card_sets_folder() -> None:
    import typer
    from typer.testing import CliRunner

    from hulldown.server.commands import register

    app = typer.Typer()
    register(app)

    @app.command()
    def other() -> None:  # a second command keeps Typer from flattening the app
        pass

    result = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "200"})
    assert "--card-sets" in result.stdout
    missing = CliRunner().invoke(app, ["serve", "--card-sets", "/no/such/folder"])
    assert missing.exit_code == 2
