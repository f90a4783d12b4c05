"""Odds before an attack in the browser: on the target's title and in the attack panel."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from hulldown.engine.rng import SplitMix64
from tests.web.conftest import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _to_a_target_choice(live: LiveServer, gid: str, tokens: list[str]) -> tuple[int, dict[str, Any]]:
    """Random moves through the API until the seat to move chooses among targets it can see; its view then."""
    rng = SplitMix64(5)
    for _ in range(300):
        seat = live.room(gid).state.current_player
        v = httpx.get(f"{live.url}/api/games/{gid}/view", headers={"Authorization": f"Bearer {tokens[seat]}"}).json()
        if any("destroy" in a["payload"].get("odds", {}) for a in v["legal_actions"]):
            return seat, v
        legal = v["legal_actions"]
        pick = legal[rng.next64() % len(legal)]["id"]
        r = httpx.post(
            f"{live.url}/api/games/{gid}/actions",
            json={"action": pick, "version": v["version"]},
            headers={"Authorization": f"Bearer {tokens[seat]}"},
        )
        assert r.status_code == 200, r.text
    raise AssertionError("no target choice in 300 moves")


@pytest.mark.parametrize(("lang", "word"), [("en", "Destroy"), ("de", "Vernichtet")])
def test_a_tank_killers_target_shows_its_odds(live: LiveServer, browser: Any, lang: str, word: str) -> None:
    g = httpx.post(
        live.url + "/api/games",
        json={"game": "tank-killers", "seats": ["human", "human"], "options": {"random_factor": True}},
    ).json()
    tokens = [s["token"] for s in g["seats"]]
    seat, view = _to_a_target_choice(live, g["id"], tokens)
    target = next(a for a in view["legal_actions"] if "odds" in a["payload"] and "destroy" in a["payload"]["odds"])
    percent = round(target["payload"]["odds"]["destroy"] * 100)
    page = browser.new_context(bypass_csp=True).new_page()
    page.add_init_script(f"localStorage.setItem('hulldown.lang', '{lang}')")
    page.goto(f"{live.url}/g/{g['id']}#t={tokens[seat]}")
    page.wait_for_selector("body[data-ready='1']")
    card = page.locator(f"[data-actions~='{target['id']}']").first
    title = card.get_attribute("title") or ""
    assert f"{word} {percent}" in title, title
    panel = page.locator(".tk-attack .odds-list")
    assert panel.count() == 1
    assert f"{word} {percent}" in panel.inner_text()
    # another seat's page gets no odds at all
    other = browser.new_context(bypass_csp=True).new_page()
    other.goto(f"{live.url}/g/{g['id']}#t={tokens[1 - seat]}")
    other.wait_for_selector("body[data-ready='1']")
    assert other.locator(".odds-list").count() == 0
