"""Hints, bot explanations and move reviews in the system Chromium: asked for by a click, shown in words."""

from __future__ import annotations

import json
import time
from importlib import resources
from typing import Any

import httpx
import pytest

from tests.web.conftest import LiveServer

pytestmark = [pytest.mark.browser]


def test_a_hint_in_words_and_the_bots_reasons_once_the_game_is_over(live: LiveServer, browser: Any) -> None:
    body = {"game": "secret-cards", "seats": ["human", "bot:ismcts:iterations=30,seconds=5"], "hints": True}
    g = httpx.post(live.url + "/api/games", json=body).json()
    page = browser.new_context(bypass_csp=True).new_page()  # wait_for_function evaluates strings
    page.goto(f"{live.url}/g/{g['id']}#t={g['seats'][0]['token']}")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("button.action")
    page.click("#hint")
    page.wait_for_selector("#hints .suggestion")
    texts = page.locator("#hints .suggestion").all_inner_texts()
    legal = page.locator("button.action").all_inner_texts()
    assert texts and all("% to win" in s and s.split(" — ")[0] in legal for s in texts), (texts, legal)
    page.select_option("#lang", "de")
    assert "Siegchance" in page.inner_text("#hints")
    page.select_option("#lang", "en")
    # the bot's reasons stay hidden from this seat while the game runs
    assert page.locator("#log a.why").count() == 0
    while page.get_attribute("body", "data-over") != "true":
        page.wait_for_selector("button.action, body[data-over='true']")
        if page.get_attribute("body", "data-over") == "true":
            break
        version = page.get_attribute("body", "data-version")
        page.locator("button.action").first.click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    page.wait_for_selector("#log a.why")
    page.locator("#log a.why").first.click()
    page.wait_for_selector("#why .suggestion")
    assert "searched 30 times" in page.inner_text("#why")
    page.select_option("#lang", "de")  # what is shown follows the language
    page.wait_for_function("document.getElementById('why').textContent.includes('Siegchance')")
    # the replay checks a move: the search's choice against the move played, in words
    page.select_option("#lang", "en")
    page.click("#rp-first")
    page.wait_for_function("document.getElementById('rp-step').textContent.startsWith('Decision 0 ')")
    page.click("#rp-check")
    page.wait_for_selector("#rp-review .review-said")
    said = page.inner_text("#rp-review")
    assert said.startswith("The bot would have played") and "%" in said, said
    page.select_option("#lang", "de")
    page.wait_for_function("document.getElementById('rp-review').textContent.startsWith('Der Bot hätte')")
    page.click("#rp-next")  # the review belongs to the decision it checked
    page.wait_for_function("document.getElementById('rp-step').textContent.includes(' 1 ')")
    assert page.inner_text("#rp-review") == ""
    page.click("#rp-last")  # no decision follows the end
    page.wait_for_selector("#rp-check", state="hidden")
    # a game created without hints offers no Hint button
    plain = httpx.post(live.url + "/api/games", json={**body, "hints": False}).json()
    page.goto(f"{live.url}/g/{plain['id']}#t={plain['seats'][0]['token']}")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("button.action")
    assert page.locator("#hint").count() == 0


def _said(catalog: dict[str, dict[str, str]], lang: str, m: dict[str, Any]) -> str:
    """A reason as the page should word it: the catalog's template in ``lang``, nested messages first."""
    args = {k: _said(catalog, lang, v) if isinstance(v, dict) else v for k, v in m["args"].items()}
    return catalog[lang].get(m["key"], catalog["en"][m["key"]]).format_map(args)


@pytest.mark.parametrize(
    ("game", "package", "bot", "prefix"),
    [
        ("tank-killers", "tank_killers", "heuristic", "why."),
        ("2gm-pacific", "pacific", "solo-ai", "ai."),  # the §12 row and clause, nested messages
    ],
)
def test_a_bots_rule_of_thumb_in_words_in_english_and_german(
    live: LiveServer, browser: Any, game: str, package: str, bot: str, prefix: str
) -> None:
    """The bot's own seat opens its move's reason: the bot's sentence from the game's catalog."""
    g = httpx.post(live.url + "/api/games", json={"game": game, "seats": [f"bot:{bot}", "human"]}).json()
    mine, person = (s["token"] for s in g["seats"])
    api = f"{live.url}/api/games/{g['id']}"
    logged: list[int] = []
    for _ in range(400):  # until a bot move is in the log: play the person's moves while they are theirs
        v = httpx.get(f"{api}/view", headers={"Authorization": f"Bearer {mine}"}).json()
        logged = [e["step"] for e in v["log"] if e.get("step") in v["explained"]]
        if logged:
            break
        if v["current_player"] == 1:
            theirs = httpx.get(f"{api}/view", headers={"Authorization": f"Bearer {person}"}).json()
            move = {"action": theirs["legal_actions"][0]["id"], "version": theirs["version"]}
            httpx.post(f"{api}/actions", json=move, headers={"Authorization": f"Bearer {person}"})
        time.sleep(0.05)
    assert logged, "the bot never moved"
    step = logged[0]
    why = httpx.get(f"{api}/moves/{step}/explanation", headers={"Authorization": f"Bearer {mine}"}).json()
    assert why["kind"] == "rule" and why["agent"] == bot and why["message"]["key"].startswith(prefix)
    catalog = json.loads(resources.files(f"hulldown.games.{package}").joinpath("messages.json").read_text("utf-8"))
    english, german = _said(catalog, "en", why["message"]), _said(catalog, "de", why["message"])
    assert why["rule"] == english and english != german
    page = browser.new_context(bypass_csp=True).new_page()
    page.goto(f"{live.url}/g/{g['id']}#t={mine}")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#lang", "en")
    page.locator(f"#log a.why[data-step='{step}']").click()
    page.wait_for_selector("#why .rule")
    assert page.inner_text("#why .rule") == english
    page.select_option("#lang", "de")  # the reason follows the page's language
    page.wait_for_function(f"document.querySelector('#why .rule').textContent === {json.dumps(german)}")
