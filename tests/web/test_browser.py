"""The real front end in the system Chromium: a whole game by clicking, and two seats' secrecy."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import httpx
import pytest

import hulldown
from tests.server.secretgame import hidden_from
from tests.web.conftest import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: games with their own page, whose cards take actions when clicked
RENDERED = {p.stem for p in (Path(__file__).parents[2] / "src/hulldown/web/games").glob("*.js")}
#: games whose page draws a board (hexes or a grid of spaces) that takes actions when clicked
BOARD_GAMES = {"tank-clash", "2gm-pacific"}
BOTTED = ["secret-cards", *[g.id for g in hulldown.games() if g.id not in ("secret-cards", "high-card")]]


def _result_words(returns: list[float]) -> str:
    """What the page says of a two-seat game seat 0 played against ``bot:random``."""
    winners = [i for i, r in enumerate(returns) if r == max(returns)]
    if len(winners) == len(returns):
        return "Draw"
    return "You won" if winners == [0] else f"Seat {winners[0]} (bot random) won"


@pytest.mark.parametrize("game_id", BOTTED)
def test_complete_game_against_a_bot_by_clicking(live: LiveServer, browser: Any, game_id: str) -> None:
    page = browser.new_context(bypass_csp=True).new_page()  # wait_for_function evaluates strings
    page.goto(live.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#lang", "de")
    assert page.inner_text("#create h2") == "Neues Spiel"
    page.select_option("#lang", "en")
    page.select_option("#game-select", game_id)
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "bot:random")
    page.click("#create-btn")
    page.click("a.open-seat[data-seat='0']")
    page.wait_for_url("**/g/*")  # the lobby is ready too
    page.wait_for_selector("body[data-ready='1']")
    info = next(g for g in hulldown.games() if g.id == game_id)
    card_clicks = 0
    board_clicks = 0  # on a hex of an SVG board or a space of a grid
    for clicks in range(info.max_steps + 1):
        page.wait_for_selector("#status[data-state='decide'], body[data-over='true']")
        if page.get_attribute("body", "data-over") == "true":
            break
        version = page.get_attribute("body", "data-version")
        # every other decision by clicking a card that offers exactly one action, if there is one
        on_card = page.locator("#board .can-act:not([data-actions*=' ']):not([data-menu])")
        panel = page.locator("#actions > button.action")
        if (clicks % 2 or not panel.count()) and on_card.count():
            board_clicks += on_card.first.evaluate("e => e.closest('svg, .pf-grid') ? 1 : 0")
            on_card.first.click()
            card_clicks += 1
        elif panel.count():
            panel.first.click()
        else:  # a board game's decision that only the board offers, through a menu there
            page.locator("#board .can-act").first.click()
            page.locator("#board .card-menu button[data-action]").first.click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert page.get_attribute("body", "data-over") == "true"
    assert "Game over" in page.inner_text("#status")
    if info.id in RENDERED:
        assert card_clicks > 0, "no decision was ever offered on a card"
    if game_id in BOARD_GAMES:
        assert board_clicks > 0, "no decision was ever taken by clicking the board"
    if game_id == "secret-cards":
        assert page.locator("#log li[data-type='roll']").count() == 3
    # the log the page pieced together from answers and pushes is the seat's whole log, once each
    gid = page.url.split("/g/")[1].split("#")[0]
    token = page.url.split("#t=")[1]
    final = httpx.get(f"{live.url}/api/games/{gid}/view", headers={"Authorization": f"Bearer {token}"}).json()
    assert page.locator("#log li").count() == len(final["log"])
    # the result in words, from the reader's seat
    assert _result_words(final["returns"]) in page.inner_text("#status")
    # the replay viewer steps through the finished game
    page.wait_for_selector("#replay:not([hidden])")
    page.click("#rp-last")
    page.wait_for_function("document.getElementById('rp-step').textContent.match(/(\\d+) of \\1$/)")
    page.click("#rp-first")
    page.wait_for_function("document.getElementById('rp-step').textContent.startsWith('Decision 0 ')")
    page.click("#rp-next")
    page.wait_for_function("document.getElementById('rp-step').textContent.startsWith('Decision 1 ')")


def test_two_seats_never_see_each_others_hidden_cards(live: LiveServer, browser: Any) -> None:
    g = httpx.post(live.url + "/api/games", json={"game": "secret-cards", "seats": ["human", "human"]}).json()
    gid = g["id"]
    tokens = [s["token"] for s in g["seats"]]
    pages: list[Any] = []
    traffic: list[list[str]] = [[], []]
    for seat in (0, 1):
        page = browser.new_context(bypass_csp=True).new_page()  # wait_for_function evaluates strings
        seen = traffic[seat]

        def on_response(resp: Any, seen: list[str] = seen) -> None:
            with contextlib.suppress(Exception):  # redirects and aborted bodies have no text
                seen.append(resp.text())

        page.on("response", on_response)
        page.on("request", lambda req, seen=seen: seen.append(req.url + (req.post_data or "")))
        page.on("websocket", lambda ws, seen=seen: ws.on("framereceived", lambda payload: seen.append(str(payload))))
        page.goto(f"{live.url}/g/{gid}#t={tokens[seat]}")
        page.wait_for_selector("body[data-ready='1']")
        pages.append(page)

    def check() -> None:
        state = live.room(gid).state
        for seat in (0, 1):
            hidden = hidden_from(state, seat)
            assert hidden, "the test needs something hidden"
            texts = [*traffic[seat], pages[seat].content()]
            for text in texts:
                leaked = [n for n in hidden if n in text]
                assert not leaked, f"seat {seat} saw {leaked}"
                assert tokens[1 - seat] not in text
            traffic[seat].clear()

    check()
    own_hand = json.dumps(live.room(gid).state.observation(0)["hand"])
    assert all(name in pages[0].content() for name in json.loads(own_hand))
    while True:
        room = live.room(gid)
        if room.state.is_over:
            break
        seat = room.state.current_player
        version = room.version
        pages[seat].locator("button.action").first.click()
        for p in pages:
            p.wait_for_function(f"Number(document.body.dataset.version) > {version}")
        if room.state.is_over:
            break
        check()
    for p in pages:
        p.wait_for_selector("body[data-over='true']")


def test_a_failed_bot_is_shown_to_the_player(live: LiveServer, browser: Any) -> None:
    from hulldown.engine import registry
    from tests.server.botgames import BOTS

    registry.register(BOTS)
    try:
        r = httpx.post(live.url + "/api/games", json={"game": BOTS.info.id, "seats": ["human", "bot:boom"]})
        assert r.status_code == 201, r.text
        g = r.json()
        page = browser.new_context(bypass_csp=True).new_page()
        page.goto(f"{live.url}/g/{g['id']}#t={g['seats'][0]['token']}")
        page.wait_for_selector("body[data-ready='1']")
        page.locator("#actions button.action").first.click()
        page.wait_for_function("document.getElementById('bot-notices').textContent.includes('failed')", timeout=60000)
        notice = page.inner_text("#bot-notices")
        assert "Seat 1" in notice and "the bot raised an error" in notice, notice
    finally:
        registry.unregister(BOTS.info.id)
