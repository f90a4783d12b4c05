"""The tutorials in the system Chromium, played by clicking the board as a player would."""

from __future__ import annotations

from typing import Any

import pytest

from hulldown.tutorials import TUTORIALS, tutorial
from tests.web.conftest import LiveServer

pytestmark = [pytest.mark.browser]


def click_move(page: Any, action: str) -> None:
    """Clicks the board piece that offers ``action`` (opening its menu when it offers several),
    else the decision panel's button: what a player sees, never a request made by hand."""
    answers = page.get_attribute("body", "data-answers") or "0"
    piece = page.locator(f"#board [data-actions~='{action}']").first
    if piece.count():
        several = (piece.get_attribute("data-actions") or "").split() != [action]
        piece.click()
        if several:
            piece.locator(f".card-menu button[data-action='{action}']").click()
    else:
        page.locator(f"#actions button.action[data-action='{action}']").click()
    page.wait_for_function(f"(document.body.dataset.answers || '0') !== '{answers}'")


def open_lesson(live: LiveServer, browser: Any, game: str, lang: str = "en") -> Any:
    page = browser.new_context(bypass_csp=True).new_page()  # wait_for_function evaluates strings
    page.add_init_script(f"localStorage.setItem('hulldown.lang', '{lang}')")
    page.goto(f"{live.url}/learn/{game}")
    page.wait_for_selector("body[data-ready='1']")
    return page


@pytest.mark.parametrize("game", list(TUTORIALS))
def test_a_player_completes_the_tutorial_by_clicking(live: LiveServer, browser: Any, game: str) -> None:
    page = open_lesson(live, browser, game)
    tut = tutorial(game)
    for n, step in enumerate(tut.steps, 1):
        assert page.get_attribute("body", "data-step") == str(n)
        assert page.inner_text("#lesson-do") == step.do.en
        assert page.get_attribute("#lesson-clause", "href") == f"/rules/{game}#clause-{step.clause}"
        click_move(page, step.action)
        assert page.get_attribute("body", "data-wrong") == "false"
    assert page.get_attribute("body", "data-done") == "true"
    assert page.inner_text("#lesson-finish") == tut.finish.en
    assert page.locator("#actions button.action").count() == 0


def test_a_wrong_move_is_explained_in_german_and_nothing_is_applied(live: LiveServer, browser: Any) -> None:
    page = open_lesson(live, browser, "tank-killers", lang="de")
    step = tutorial("tank-killers").steps[0]
    assert page.inner_text("#lesson-do") == step.do.de
    board = page.inner_html("#board")
    wrong = next(iter(step.wrong))
    click_move(page, wrong)
    assert page.is_visible("#lesson-wrong")
    assert page.inner_text("#lesson-wrong-text") == step.wrong[wrong].de
    assert page.get_attribute("body", "data-version") == "0" and page.get_attribute("body", "data-step") == "1"
    assert page.inner_html("#board") == board
    # the player tries again, and the right move goes on
    click_move(page, step.action)
    assert page.get_attribute("body", "data-step") == "2" and not page.is_visible("#lesson-wrong")


def test_the_lobby_links_each_games_tutorial(live: LiveServer, browser: Any) -> None:
    page = browser.new_context(bypass_csp=True).new_page()
    page.goto(live.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game-select", "tank-clash")
    page.click("#learn-link")
    page.wait_for_selector("body[data-ready='1']")
    assert page.url == f"{live.url}/learn/tank-clash"
    assert page.inner_text("#lesson-title") == tutorial("tank-clash").title.en
