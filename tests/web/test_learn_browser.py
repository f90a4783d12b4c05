"""The tutorials in the system Chromium, played by clicking the board as a player would."""

from __future__ import annotations

from typing import Any

import pytest

from hulldown.tutorials import TUTORIALS, tutorial
from tests.web.conftest import LiveServer

pytestmark = [pytest.mark.browser]

#: games played on their board, whose decision panel keeps only the choices with no place there
BOARD_GAMES = ("tank-clash", "2gm-pacific")


#: board pieces that a click selects, so that the targets of their moves light up
SELECTABLE = "#board .tc-selectable, #board .pf-selectable"
#: how a selectable piece is named on the page, to click it again after the board is drawn anew
PIECE_NAME = """(els) => els.map((e) => {
  for (const n of ['hex', 'space', 'card', 'bay']) if (e.dataset[n]) return `[data-${n}="${e.dataset[n]}"]`;
  return '';
})"""


def select_source(page: Any, action: str) -> None:
    """Selects, on the board, the unit or card whose targets include ``action`` (trying each
    selectable piece in turn, as a learner looking for the move would)."""
    piece = page.locator(f"#board [data-actions~='{action}']")
    tried: set[str] = set()
    while not piece.count():
        names = [n for n in page.eval_on_selector_all(SELECTABLE, PIECE_NAME) if n and n not in tried]
        if not names:
            return
        tried.add(names[0])
        page.locator(f"#board :is(.tc-selectable, .pf-selectable){names[0]}").first.click()


def click_move(page: Any, action: str) -> None:
    """Clicks the board piece that offers ``action`` (selecting the unit or card it starts from
    first, opening the piece's menu when it offers several), else the decision panel's button:
    what a player sees, never a request made by hand."""
    answers = page.get_attribute("body", "data-answers") or "0"
    select_source(page, action)
    piece = page.locator(f"#board [data-actions~='{action}']").first
    if piece.count():
        several = (piece.get_attribute("data-actions") or "").split() != [action] or piece.get_attribute("data-menu")
        piece.click()
        if several:
            piece.locator(f".card-menu button[data-action='{action}']").click()
    else:
        page.locator(f"#actions > button.action[data-action='{action}']").click()
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
    on_board = 0  # steps whose choices the panel leaves to the board
    for n, step in enumerate(tut.steps, 1):
        assert page.get_attribute("body", "data-step") == str(n)
        assert page.inner_text("#lesson-do") == step.do.en
        assert page.get_attribute("#lesson-clause", "href") == f"/rules/{game}#clause-{step.clause}"
        if game in BOARD_GAMES:  # the board is how the learner acts: a sentence, not a wall of buttons
            assert len(page.inner_text("#status").split()) > 3, page.inner_text("#status")
            panel = page.locator("#actions > button.action").count()
            listed = page.locator("#actions details.all-choices button.action").count()
            assert panel <= 6 and (listed == 0 or panel < listed), (panel, listed)
            on_board += listed > panel
        click_move(page, step.action)
        assert page.get_attribute("body", "data-wrong") == "false"
    assert page.get_attribute("body", "data-done") == "true"
    assert page.inner_text("#lesson-finish") == tut.finish.en
    assert game not in BOARD_GAMES or on_board == len(tut.steps), on_board
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
    page.wait_for_url(f"{live.url}/learn/tank-clash")  # the lobby is ready too
    page.wait_for_selector("body[data-ready='1']")
    assert page.inner_text("#lesson-title") == tutorial("tank-clash").title.en
