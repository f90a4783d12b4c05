"""Fixtures: a server on an in-memory or file database with the test games registered.

``postgres_url`` gives a fresh, empty PostgreSQL database per test: in the cluster named by
``HULLDOWN_TEST_POSTGRES_URL`` if set (its role needs CREATEDB), else in a throwaway cluster
started once per test session (tests/server/pgcluster.py). Without PostgreSQL or psycopg those
tests skip and say why. Select them with ``pytest -m postgres``.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hulldown.engine import registry
from hulldown.server.app import create_app
from hulldown.server.limits import Limits
from tests.engine.toygame import TOY
from tests.server.secretgame import BLIND, SECRET


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "postgres: runs against a PostgreSQL server (started by the tests if need be)")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A SQLAlchemy URL of a PostgreSQL server whose role may create databases."""
    pytest.importorskip("psycopg", reason="psycopg (the PostgreSQL driver) is not installed")
    given = os.environ.get("HULLDOWN_TEST_POSTGRES_URL")
    if given:
        yield given
        return
    from tests.server.pgcluster import Cluster, ClusterUnavailable

    try:
        cluster = Cluster()
        cluster.start()
    except ClusterUnavailable as e:
        pytest.skip(f"PostgreSQL unavailable: {e}")
    try:
        yield cluster.url
    finally:
        cluster.stop()


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """A new empty database in that server, dropped after the test."""
    import sqlalchemy as sa

    from hulldown.server.db import make_engine

    name = f"hulldown_test_{uuid.uuid4().hex[:12]}"
    admin = make_engine(postgres_server)
    try:
        with admin.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
        yield admin.url.set(database=name).render_as_string(hide_password=False)
        with admin.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.execute(sa.text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


@pytest.fixture
def games() -> Iterator[None]:
    registry.register(TOY)
    registry.register(SECRET)
    registry.register(BLIND)
    yield
    registry.unregister(TOY.info.id)
    registry.unregister(SECRET.info.id)
    registry.unregister(BLIND.info.id)


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'hulldown.sqlite3'}"


@pytest.fixture
def client(games: None, db_url: str) -> Iterator[TestClient]:
    app = create_app(db_url=db_url, bot_delay=0, limits=Limits.off())
    with TestClient(app) as c:
        yield c


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, seats: list[str], game: str = "secret-cards", **extra: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"game": game, "options": {}, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    return body
