"""Accounts in the system Chromium: register, log in, an open seat joined from another browser."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.secretgame import hidden_from
from tests.web.conftest import LiveServer

pytestmark = [pytest.mark.browser]

PASSWORD = "a long enough secret"


def sign_up(browser: Any, live: LiveServer, name: str) -> Any:
    """A browser context of its own (its own cookies), registered and logged in as ``name``."""
    page = browser.new_context(bypass_csp=True).new_page()  # wait_for_function evaluates strings
    page.goto(live.url + "/")
    page.wait_for_selector("#account[data-ready='out']")
    page.fill("#acct-name", name)
    page.fill("#acct-pass", PASSWORD)
    page.click("#acct-register")
    page.wait_for_selector("#account[data-ready='in']")
    assert page.inner_text("#acct-user") == name
    return page


def sign_up_refused(browser: Any, live: LiveServer, name: str) -> Any:
    """A page whose registration of ``name`` the server refused."""
    page = browser.new_context(bypass_csp=True).new_page()
    page.goto(live.url + "/")
    page.wait_for_selector("#account[data-ready='out']")
    page.fill("#acct-name", name)
    page.fill("#acct-pass", PASSWORD)
    page.click("#acct-register")
    return page


def play_a_move(page: Any) -> None:
    version = page.get_attribute("body", "data-version")
    assert version is not None, "not on a game page"
    page.locator("#actions button.action").first.click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")


def test_register_create_open_seat_join_play_my_games(live: LiveServer, browser: Any) -> None:
    host = sign_up_refused(browser, live, "host<b>")
    # the name is refused (no markup in names), the page shows the refusal as text
    host.wait_for_function("document.getElementById('account-error').textContent.length > 0")
    assert host.locator("#account b").count() == 0
    host.fill("#acct-name", "host.one")
    host.click("#acct-register")
    host.wait_for_selector("#account[data-ready='in']")
    host.wait_for_selector("body[data-ready='1']")
    host.select_option("#game-select", "secret-cards")
    host.select_option("#seat-0", "me")
    host.select_option("#seat-1", "open")
    host.click("#create-btn")
    host.wait_for_selector("#created:not([hidden])")

    guest = sign_up(browser, live, "guest_2")
    guest.click("#refresh")
    guest.wait_for_selector("#open-seats button.join-seat")
    guest.click("#open-seats button.join-seat")
    guest.wait_for_url("**/g/*")
    guest.wait_for_selector("body[data-ready='1']")
    gid = guest.url.split("/g/")[1]
    assert "#t=" not in guest.url

    host.click("#refresh")
    host.wait_for_selector(f"#my-games li[data-game='{gid}'] a")
    host.click(f"#my-games li[data-game='{gid}'] a")
    # the lobby is ready too: wait for the game page before asking it anything
    host.wait_for_url(f"**/g/{gid}")
    host.wait_for_selector("body[data-ready='1']")
    pages = {0: host, 1: guest}
    for _ in range(4):
        room = live.room(gid)
        if room.state.is_over:
            break
        for seat, page in pages.items():
            hidden = hidden_from(room.state, seat)
            assert not [n for n in hidden if n in page.content()]
        mover = pages[room.state.current_player]
        # the page shows the server's newest version (the push after the other seat's move)
        mover.wait_for_function(f"document.body.dataset.version === '{room.version}'")
        play_a_move(mover)
    assert live.room(gid).state.steps >= 4
    for page in pages.values():
        page.goto(live.url + "/")
        page.wait_for_selector(f"#my-games li[data-game='{gid}']")


def test_the_profile_page_draws_the_history_as_text(live: LiveServer, browser: Any) -> None:
    page = sign_up(browser, live, "plotter")
    page.select_option("#game-select", "secret-cards")
    page.select_option("#seat-0", "me")
    page.select_option("#seat-1", "bot:random")
    page.click("#create-btn")
    page.click("#refresh")
    page.wait_for_selector("#my-games li a")
    page.click("#my-games li a")
    page.wait_for_url("**/g/*")
    page.wait_for_selector("body[data-ready='1']")
    while page.get_attribute("body", "data-over") != "true":
        page.wait_for_selector("#actions button.action, body[data-over='true']")
        if page.get_attribute("body", "data-over") != "true":
            play_a_move(page)
    page.goto(live.url + "/")
    page.wait_for_selector("#account[data-ready='in']")
    page.fill("#acct-email", "plotter@example.org")
    page.click("#acct-email-save")
    page.wait_for_function("document.getElementById('account-error').textContent === 'saved'")
    page.click("#acct-profile")
    page.wait_for_url("**/p/plotter")
    page.wait_for_selector("body[data-ready='1']")
    assert page.inner_text("#player-name") == "plotter"
    assert page.locator("#history polyline").count() == 1
    assert page.locator("#ratings li[data-game='secret-cards']").count() == 1
    page.goto(live.url + "/p/bot:random")
    page.wait_for_selector("body[data-ready='1']")
    assert page.inner_text("#player-name") == "bot:random"
