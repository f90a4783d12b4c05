"""The end of a game as a player meets it: who won and why on the game's page, in English and
German, and the result in words in the lobby.

Two random bots play each game to its end on a server without bot delay; the page is then
opened as a spectator (and the lobby beside it).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.conftest import LiveServer, launch_chromium, serve_app
from tests.web.test_card_pages_browser import CATALOGS, english_found

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
#: the line that says who won and why, on each game's page
END_LINE = "#board .tc-turn.over, #board .game-end"
#: the catalog keys of the reasons a game ends, by game
REASONS = {"tank-killers": ("end.",), "tank-hunter": ("end.",), "tank-clash": ("reason.",), "2gm-pacific": ("end.",)}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One app for the module, whose bots move at once."""
    yield from serve_app(tmp_path_factory.mktemp("end"))


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    yield from launch_chromium()


def _finished(url: str, game: str) -> str:
    """A game two random bots played to its end: its id."""
    made = httpx.post(url + "/api/games", json={"game": game, "seats": ["bot:random", "bot:random"]})
    made.raise_for_status()
    gid: str = made.json()["id"]
    deadline = time.monotonic() + 180
    while not httpx.get(f"{url}/api/games/{gid}/view", timeout=10).json()["over"]:
        assert time.monotonic() < deadline, f"{game}: two random bots did not finish within three minutes"
        time.sleep(0.2)
    return gid


def _patterns(game: str, lang: str) -> list[re.Pattern[str]]:
    """The catalog's sentences of why a game ends, in ``lang``, as patterns of the text shown."""
    cat = json.loads((ROOT / "src/hulldown/games" / CATALOGS[game] / "messages.json").read_text(encoding="utf-8"))
    texts = [v for k, v in cat[lang].items() if k.startswith(REASONS[game])]
    return [re.compile(".+?".join(re.escape(p) for p in re.split(r"\{\w+\}", text))) for text in texts]


@pytest.mark.parametrize("game", list(CATALOGS))
def test_the_end_of_a_game_says_who_won_and_why(server: LiveServer, chromium: Any, game: str) -> None:
    gid = _finished(server.url, game)
    page = chromium.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True).new_page()
    page.goto(f"{server.url}/g/{gid}")
    page.wait_for_selector("body[data-over='true']")
    line = page.locator(END_LINE)
    assert line.count() == 1, f"{game}: no line saying how the game ended"
    text = line.inner_text()
    assert re.search(r"wins|draw|Draw|shared", text), text
    assert any(p.search(text) for p in _patterns(game, "en")), f"{game}: no reason in {text!r}"
    assert "Game over" in page.inner_text("#status")
    page.select_option("#lang", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    german = page.locator(END_LINE).inner_text()
    assert re.search(r"gewinnt|Unentschieden|geteilt", german), german
    assert any(p.search(german) for p in _patterns(game, "de")), f"{game}: no German reason in {german!r}"
    found = english_found(german, game)
    assert not found, f"English in the German end line: {found}"
    # the lobby lists the game with its result in words
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector(f"#list-finished a[href='/g/{gid}']")
    entry = page.locator("#list-finished li", has=page.locator(f"a[href='/g/{gid}']")).inner_text()
    assert re.search(r"hat gewonnen|Unentschieden", entry), entry
    assert "Bot: Zufall · Bot: Zufall" in entry, entry  # the seats, in words
    page.context.close()
