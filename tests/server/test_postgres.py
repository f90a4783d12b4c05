"""hulldown on PostgreSQL, side by side with SQLite.

Most tests take ``any_db``: once on a SQLite file and once on a fresh PostgreSQL database
(marked ``postgres``), so both backends are held to exactly the same assertions: migrations,
the store's round trip, a game over HTTP to its record, stale versions and concurrent players.
PostgreSQL alone: the SIGKILL restart (test_restart.py does it on SQLite) and connections the
database server closes under the running server.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient

import hulldown
from hulldown.server import db as dbmod
from hulldown.server.app import create_app
from hulldown.server.db import METADATA, GameRow, MoveRow, SeatRow, Store, make_engine, migrate, normalize_url
from tests.server.conftest import auth, create
from tests.server.test_api import settle, view
from tests.server.test_restart import sigkill_and_restart


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def any_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'hulldown.sqlite3'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def store(any_db: str) -> Iterator[Store]:
    engine = make_engine(any_db)
    migrate(engine)
    s = Store(engine)
    yield s
    s.close()
    engine.dispose()


def test_a_bare_postgresql_url_uses_psycopg() -> None:
    assert normalize_url("postgresql://u:p@h/db").drivername == "postgresql+psycopg"
    assert normalize_url("postgres://u@h:5433/db").render_as_string(False) == "postgresql+psycopg://u@h:5433/db"
    assert normalize_url("postgresql+psycopg://u@h/db").drivername == "postgresql+psycopg"
    assert normalize_url("sqlite:///x.sqlite3").drivername == "sqlite"


def test_migrations_upgrade_an_empty_database_to_head(any_db: str) -> None:
    engine = make_engine(any_db)
    try:
        with engine.connect() as conn:
            assert sa.inspect(conn).get_table_names() == []
        migrate(engine)
        migrate(engine)  # a second start changes nothing
        heads = ScriptDirectory(str(Path(dbmod.__file__).parent / "migrations")).get_heads()
        with engine.connect() as conn:
            ctx = MigrationContext.configure(conn)
            assert ctx.get_current_heads() == tuple(heads)
            # the migrated schema is exactly the one the code uses: tables, columns, types, indexes
            assert compare_metadata(ctx, METADATA) == []
            games = {"alembic_version", "games", "seats", "moves"}
            accounts = {"accounts", "sessions", "seat_accounts", "ratings", "rating_history", "account_emails"}
            assert set(sa.inspect(conn).get_table_names()) == games | accounts
    finally:
        engine.dispose()


def _game(gid: str, **over: Any) -> GameRow:
    values: dict[str, Any] = {
        "id": gid,
        "game": "secret-cards",
        "players": 2,
        "seed": 2**62 - 1,  # the largest seed the server draws
        "options": {"hand": 3, "name": "Zwölf ☃ \x00 'quoted' \"too\"", "ratio": 0.1},
        "config": {"nested": {"list": [1, 2.5, None, True]}},
        "setup_chance": [["shuffle", [3, 1, 2, 0]], ["roll", 6]],
        "version": 1,
        "steps": 0,
        "over": False,
        "returns": None,
        "rematch_of": None,
        "rematch_id": None,
        "created_at": 1_700_000_000.123456,
        "updated_at": 1_700_000_000.123456,
    }
    values.update(over)
    return GameRow(**values)


SEATS = [
    SeatRow(0, "human", "human", "a" * 64, False, None),
    SeatRow(1, "bot:random", "bot:random", "b" * 64, True, None),
]


def test_store_round_trips_games_seats_and_moves(store: Store) -> None:
    store.insert_game(_game("g1"), SEATS)
    store.insert_game(_game("g2", created_at=5.0, updated_at=5.0), SEATS)
    moves = [MoveRow(n, n % 2, f"play:{n}", [["roll", n + 1]] if n % 2 else []) for n in range(5)]
    for i, m in enumerate(moves):
        store.add_move("g1", m, 2 + i, False, None, 1_700_000_001.0 + i)
    loaded = store.load_game("g1")
    assert loaded is not None
    row, seats, stored = loaded
    assert row == _game("g1", version=6, steps=5, updated_at=1_700_000_005.0)
    assert seats == SEATS
    assert stored == moves

    # undo, seat changes, the end of the game and a rematch
    store.remove_last_move("g1", 4, 7, 1_700_000_006.0)
    store.update_seat("g1", 0, version=8, joined=True, controller="bot:random")
    store.add_move("g1", moves[4], 9, True, [1.0, -1.0], 1_700_000_007.0)
    store.set_rematch("g1", "g3", {0: "t" * 43})
    row, seats, stored = store.load_game("g1") or pytest.fail("g1 vanished")
    assert (row.version, row.steps, row.over, row.returns, row.rematch_id) == (9, 5, True, [1.0, -1.0], "g3")
    assert (seats[0].joined, seats[0].controller, seats[0].rematch_token) == (True, "bot:random", "t" * 43)
    assert stored == moves
    assert store.load_game("nope") is None
    assert store.running_ids() == ["g2"]
    assert [r.id for r, _ in store.list_games(over=True, limit=10)] == ["g1"]
    listed = store.list_games(over=False, limit=10)
    assert [(r.id, s) for r, s in listed] == [("g2", SEATS)]


def test_a_failed_move_changes_nothing_and_the_next_one_is_stored(store: Store) -> None:
    store.insert_game(_game("g1"), SEATS)
    store.add_move("g1", MoveRow(0, 0, "play:0", []), 2, False, None, 10.0)
    with pytest.raises(sa.exc.IntegrityError):
        store.add_move("g1", MoveRow(0, 1, "play:1", []), 3, False, None, 11.0)  # move 0 exists
    row, _, stored = store.load_game("g1") or pytest.fail("g1 vanished")
    assert (row.version, row.steps, len(stored)) == (2, 1, 1)
    store.add_move("g1", MoveRow(1, 1, "play:1", [["roll", 4]]), 3, False, None, 12.0)
    row, _, stored = store.load_game("g1") or pytest.fail("g1 vanished")
    assert (row.version, row.steps, [m.action for m in stored]) == (3, 2, ["play:0", "play:1"])


def test_a_game_over_http_to_its_end_and_its_record(games: None, any_db: str) -> None:
    with TestClient(create_app(db_url=any_db, bot_delay=0)) as c:
        g = create(c, ["human", "bot:random"])
        gid, t0 = g["id"], g["seats"][0]["token"]
        v = settle(c, gid, t0)
        while not v["over"]:
            r = c.post(
                f"/api/games/{gid}/actions",
                json={"action": v["legal_actions"][-1]["id"], "version": v["version"]},
                headers=auth(t0),
            )
            assert r.status_code == 200, r.text
            v = settle(c, gid, t0)
        record = c.get(f"/api/games/{gid}/record").json()
        state = hulldown.replay(record)
        assert state.is_over and state.returns() == v["returns"]
        assert [g["id"] for g in c.get("/api/games").json()["finished"]] == [gid]
    # a new server on the same database serves the same record
    with TestClient(create_app(db_url=any_db, bot_delay=0)) as c:
        assert c.get(f"/api/games/{gid}/record").json() == record
        assert view(c, gid, t0)["version"] == v["version"]


@pytest.mark.postgres
def test_sigkill_mid_game_and_restart_resume_every_game(postgres_url: str, tmp_path: Path) -> None:
    """As tests/server/test_restart.py does on SQLite: a real uvicorn process, SIGKILLed mid-game."""
    sigkill_and_restart(postgres_url, tmp_path)


def test_stale_versions_and_racing_players(games: None, any_db: str) -> None:
    """Eight requests with the same version at once: one is accepted, seven get 409, one move is stored."""
    with TestClient(create_app(db_url=any_db, bot_delay=0)) as c:
        g = create(c, ["human", "human"])
        gid, t0 = g["id"], g["seats"][0]["token"]
        v = view(c, gid, t0)
        body = {"action": v["legal_actions"][0]["id"], "version": v["version"]}
        codes: list[int] = []
        barrier = threading.Barrier(8)

        def post() -> None:
            barrier.wait()
            codes.append(c.post(f"/api/games/{gid}/actions", json=body, headers=auth(t0)).status_code)

        threads = [threading.Thread(target=post) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(codes) == [200] + [409] * 7
        stale = c.post(f"/api/games/{gid}/actions", json=body, headers=auth(t0))
        assert stale.status_code == 409 and "stale version" in stale.json()["detail"]
    engine = make_engine(any_db)
    try:
        row, _, moves = Store(engine).load_game(gid) or pytest.fail("game vanished")
        assert (row.version, row.steps, len(moves)) == (v["version"] + 1, 1, 1)
    finally:
        engine.dispose()


def test_many_games_at_once_are_all_stored_and_resumed(games: None, any_db: str) -> None:
    """Bot games and human players in threads, all at once; every game is stored move by move."""
    with TestClient(create_app(db_url=any_db, bot_delay=0)) as c:
        bots = [create(c, ["bot:random", "bot:random"], game="tank-killers")["id"] for _ in range(4)]
        humans = [create(c, ["human", "bot:random"]) for _ in range(4)]
        errors: list[str] = []

        def play(g: dict[str, Any]) -> None:
            gid, token = g["id"], g["seats"][0]["token"]
            v = settle(c, gid, token, timeout=60)
            while not v["over"]:
                r = c.post(
                    f"/api/games/{gid}/actions",
                    json={"action": v["legal_actions"][0]["id"], "version": v["version"]},
                    headers=auth(token),
                )
                if r.status_code != 200:
                    errors.append(r.text)
                    return
                v = settle(c, gid, token, timeout=60)

        threads = [threading.Thread(target=play, args=(g,)) for g in humans]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        ids = bots + [g["id"] for g in humans]
        end = time.monotonic() + 120
        while not all(view(c, gid)["over"] for gid in ids):
            assert time.monotonic() < end, "bot games did not finish"
            time.sleep(0.1)
        records = {gid: c.get(f"/api/games/{gid}/record").json() for gid in ids}
    with TestClient(create_app(db_url=any_db, bot_delay=0)) as c:
        for gid, record in records.items():
            assert c.get(f"/api/games/{gid}/record").json() == record
            assert hulldown.replay(record).is_over


@pytest.mark.postgres
def test_moves_go_on_after_postgresql_drops_every_connection(games: None, postgres_url: str) -> None:
    """A restarted PostgreSQL (or an idle timeout) closes the kept connection: the next move still lands."""
    with TestClient(create_app(db_url=postgres_url, bot_delay=0)) as c:
        g = create(c, ["human", "human"])
        gid, tokens = g["id"], [s["token"] for s in g["seats"]]
        for seat in (0, 1):
            admin = make_engine(postgres_url)
            with admin.connect() as conn:
                killed = conn.execute(
                    sa.text(
                        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                        " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                    )
                ).scalar()
            admin.dispose()
            assert killed
            v = view(c, gid, tokens[seat])
            r = c.post(
                f"/api/games/{gid}/actions",
                json={"action": v["legal_actions"][0]["id"], "version": v["version"]},
                headers=auth(tokens[seat]),
            )
            assert r.status_code == 200, r.text
    engine = make_engine(postgres_url)
    try:
        row, _, moves = Store(engine).load_game(gid) or pytest.fail("game vanished")
        assert (row.steps, len(moves)) == (2, 2)
    finally:
        engine.dispose()
