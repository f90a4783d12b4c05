"""The rules pages in the system Chromium: the Rules links, the clause search, the anchors."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import LiveServer

pytestmark = [pytest.mark.browser]


def _shown(page: Any) -> list[str]:
    """The clause numbers the page shows (every ancestor visible)."""
    return list(
        page.eval_on_selector_all(
            "#rules-body .clause", "els => els.filter(e => e.offsetParent !== null).map(e => e.dataset.clause)"
        )
    )


def test_the_lobby_links_the_rules_and_the_search_box_filters_clauses(live: LiveServer, browser: Any) -> None:
    page = browser.new_context().new_page()
    page.goto(live.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game-select", "high-card")
    assert page.locator("#rules-link").is_hidden(), "a game without a document has no Rules link"
    page.select_option("#game-select", "tank-killers")
    assert page.inner_text("#rules-link") == "Rules"
    page.click("#rules-link")
    page.wait_for_selector("body[data-ready='1']")
    assert page.url == live.url + "/rules/tank-killers"
    everything = _shown(page)
    assert "5.2" in everything and len(everything) > 40
    page.fill("#rules-search", "hand limit")
    page.wait_for_function("document.getElementById('rules-count').textContent !== ''")
    found = _shown(page)
    assert "4.2" in found and 0 < len(found) < len(everything) / 4
    for n in found:
        text = page.inner_text(f"[id='clause-{n}']").lower()
        assert "hand" in text and "limit" in text, "every word of the query is in each clause shown"
    assert page.locator(".rules-note").first.is_hidden(), "text that is no clause is hidden while searching"
    page.fill("#rules-search", "no such words anywhere")
    page.wait_for_function("document.getElementById('rules-count').textContent.startsWith('0')")
    assert _shown(page) == []
    page.fill("#rules-search", "")
    assert _shown(page) == everything
    page.select_option("#lang", "de")
    assert page.inner_text("label[for='rules-search']") == "Regeln durchsuchen"
    page.fill("#rules-search", "5.2")
    assert "5.2" in _shown(page)
    page.select_option("#lang", "en")


def test_a_clause_anchor_opens_at_the_clause(live: LiveServer, browser: Any) -> None:
    page = browser.new_context().new_page()
    page.goto(live.url + "/rules/2gm-pacific#clause-7.1")
    page.wait_for_selector("body[data-ready='1']")
    assert page.eval_on_selector(":target", "e => e.dataset.clause") == "7.1"
    assert page.eval_on_selector(":target", "e => e.getBoundingClientRect().top") < 200
    page.goto(live.url + "/rules/no-such-game")
    assert "No rules" in page.inner_text("main")


def test_the_game_page_links_its_rules(live: LiveServer, browser: Any) -> None:
    import httpx

    made = httpx.post(f"{live.url}/api/games", json={"game": "tank-clash", "seats": ["human", "human"]}, timeout=10)
    page = browser.new_context().new_page()
    page.goto(made.json()["spectator_url"])
    page.wait_for_selector("body[data-ready='1']")
    assert page.get_attribute("#rules-link", "href") == "/rules/tank-clash"
    assert page.get_attribute("#rules-link", "target") == "_blank"
    assert page.inner_text("#rules-link") == "Rules"
