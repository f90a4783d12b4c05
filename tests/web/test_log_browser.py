"""The game log on a German page: sentences from the catalog, dice as dice, no raw fields."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.web.conftest import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.slow]

GAMES = ["tank-killers", "tank-hunter", "tank-clash", "2gm-pacific"]
#: the generic line of an event without a sentence: "type — field: value, ..."
RAW = re.compile(r"—\s*[a-z_ ]+: ")
#: words that only a German sentence of the log has
GERMAN = re.compile(r"\b(zieht|spielt|ist am Zug|setzt|wird|beendet|greift|Seite|Platz|Sitz|du)\b")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_german_page_shows_the_log_as_german_sentences(live: LiveServer, browser: Any, game_id: str) -> None:
    g = httpx.post(live.url + "/api/games", json={"game": game_id, "seats": ["human", "bot:random"]}).json()
    page = browser.new_context(bypass_csp=True).new_page()
    page.add_init_script("localStorage.setItem('hulldown.lang', 'de')")
    page.goto(f"{live.url}/g/{g['id']}#t={g['seats'][0]['token']}")
    page.wait_for_selector("body[data-ready='1']")
    for _ in range(6):
        room = live.room(g["id"])
        if room.state.is_over:
            break
        if room.state.current_player != 0:
            page.wait_for_function(f"Number(document.body.dataset.version) > {room.version}")
            continue
        version = room.version
        page.wait_for_selector("#status[data-state='decide']")
        panel = page.locator("#actions > button.action")
        if panel.count():
            panel.first.click()
        else:  # a board game's decision that only the board offers (through a menu where several)
            page.locator("#board .can-act").first.click()
            menu = page.locator("#board .card-menu button[data-action]")
            if menu.count():
                menu.first.click()
        page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
    lines = page.locator("#log li")
    assert lines.count() >= 3
    texts = lines.all_inner_texts()
    generic = page.locator("#log li:not(.sentence)").count()
    assert generic == 0, [t for t in texts if not t]
    assert not [t for t in texts if RAW.search(t)], texts
    assert any(GERMAN.search(t) for t in texts), texts
    # a die shows its number to screen readers; a rule reference opens the clause
    for die in page.locator("#log .die-face").all():
        assert re.fullmatch(r"d(6|10): \d+", die.get_attribute("aria-label") or "")
    for link in page.locator("#log a.clause").all():
        assert re.fullmatch(rf"/rules/{game_id}#clause-[\d.]+", link.get_attribute("href") or "")
