"""Fixtures: a server on an in-memory or file database with the test games registered."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hulldown.engine import registry
from hulldown.server.app import create_app
from tests.engine.toygame import TOY
from tests.server.secretgame import SECRET


@pytest.fixture
def games() -> Iterator[None]:
    registry.register(TOY)
    registry.register(SECRET)
    yield
    registry.unregister(TOY.info.id)
    registry.unregister(SECRET.info.id)


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'hulldown.sqlite3'}"


@pytest.fixture
def client(games: None, db_url: str) -> Iterator[TestClient]:
    app = create_app(db_url=db_url, bot_delay=0)
    with TestClient(app) as c:
        yield c


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, seats: list[str], game: str = "secret-cards", **extra: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"game": game, "options": {}, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    return body
