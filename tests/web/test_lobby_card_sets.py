"""The lobby offers installed card sets by name and no input for a file path."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.cardset_helpers import WINTER_CARD, make_sets
from tests.web.conftest import LiveServer

pytestmark = [pytest.mark.browser]


@pytest.fixture
def live_sets(tmp_path: Path) -> Iterator[LiveServer]:
    from hulldown.server.app import create_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = create_app(db_url=f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0, card_sets=make_sets(tmp_path / "s"))
    with LiveServer(app, port) as server:
        yield server


def test_lobby_picks_a_card_set_and_shows_no_path_input(live_sets: LiveServer, browser: Any) -> None:
    page = browser.new_context().new_page()
    page.goto(live_sets.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game-select", "tank-killers")
    assert page.locator("[data-option='tactics_file'], [data-option='german_file']").count() == 0
    assert page.locator("[data-option='turn_limit']").count() == 1
    offered = page.eval_on_selector_all("#card-set option", "os => os.map(o => o.value)")
    assert offered == ["", "winter"]
    page.select_option("#card-set", "winter")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "bot:random")
    page.click("#create-btn")
    page.wait_for_selector("#created:not([hidden])")
    gid = page.get_attribute("#spectator-link", "href").rsplit("/", 1)[-1]
    cards = httpx.get(f"{live_sets.url}/api/games/{gid}/cards", timeout=10).json()["cards"]
    assert WINTER_CARD in {c["name"] for c in cards}
    page.select_option("#game-select", "tank-clash")
    assert page.locator("#card-set").count() == 0
