"""Odds before an attack in the browser: on the target's title and in the attack panel."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from hulldown.engine.rng import SplitMix64
from tests.web.conftest import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _to_a_target_choice(
    live: LiveServer, gid: str, tokens: list[str], passing: bool = False
) -> tuple[int, dict[str, Any]]:
    """Random moves through the API until the seat to move has odds on a target it can see (or,
    ``passing``, on a pass that may resolve the attack); its view then."""
    rng = SplitMix64(5)
    for _ in range(300):
        seat = live.room(gid).state.current_player
        v = httpx.get(f"{live.url}/api/games/{gid}/view", headers={"Authorization": f"Bearer {tokens[seat]}"}).json()
        if any(
            "destroy" in a["payload"].get("odds", {}) and (a["payload"]["kind"] == "pass") == passing
            for a in v["legal_actions"]
        ):
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


@pytest.mark.parametrize(
    ("lang", "word", "passing"),
    [("en", "Destroy", "If both players pass now"), ("de", "Vernichtet", "Wenn jetzt beide passen")],
)
def test_a_tank_killers_target_shows_its_odds(
    live: LiveServer, browser: Any, lang: str, word: str, passing: str
) -> None:
    g = httpx.post(
        live.url + "/api/games",
        json={"game": "tank-killers", "seats": ["human", "human"], "options": {"random_factor": True}},
    ).json()
    tokens = [s["token"] for s in g["seats"]]
    seat, view = _to_a_target_choice(live, g["id"], tokens)
    target = next(a for a in view["legal_actions"] if "destroy" in a["payload"].get("odds", {}))
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
    # once the target is chosen, the attack panel gives the odds as the factor stands (7.1)
    seat, view = _to_a_target_choice(live, g["id"], tokens, passing=True)
    page.goto(f"{live.url}/g/{g['id']}#t={tokens[seat]}")
    page.reload()
    page.wait_for_selector("body[data-ready='1'] .tk-attack .odds-list")
    assert passing in page.locator(".tk-attack .odds-list").inner_text()


def _select_tank(page: Any, view: dict[str, Any], tank: str) -> None:
    """Click one's own tank to select it (from the menu, where its hex also offers an action)."""
    where = next(t["hex"] for t in view["observation"]["tanks"] if t["id"] == tank)
    page.locator(f"g.tc-cell[data-hex='{where}']").click()
    menu = page.locator(".card-menu button:not([data-action])")
    if menu.count():
        menu.first.click()
    page.wait_for_selector(".odds-list")


@pytest.mark.parametrize(("game_id", "word"), [("tank-clash", "Hit"), ("2gm-pacific", "Wound")])
def test_a_board_target_shows_its_odds(live: LiveServer, browser: Any, game_id: str, word: str) -> None:
    """A lit target on the board names its odds; the selected source's targets are listed beside it."""
    g = httpx.post(live.url + "/api/games", json={"game": game_id, "seats": ["human", "human"]}).json()
    tokens = [s["token"] for s in g["seats"]]
    seat, view = _to_a_target_choice(live, g["id"], tokens)
    page = browser.new_context(bypass_csp=True).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live.url}/g/{g['id']}#t={tokens[seat]}")
    page.wait_for_selector("body[data-ready='1']")
    with_odds = [a for a in view["legal_actions"] if "destroy" in a["payload"].get("odds", {})]
    if game_id == "tank-clash" and not page.locator(".odds-list").count():
        _select_tank(page, view, with_odds[0]["payload"]["tank"])
    lines = page.locator(".odds-list .odds-line").all_inner_texts()
    assert lines and all(t.startswith(word) for t in lines), lines
    # each target lit for the selected source says its odds in its title
    lit = [a for a in with_odds if page.locator(f"[data-actions~='{a['id']}']").count()]
    assert lit
    for a in lit:
        el = page.locator(f"[data-actions~='{a['id']}']").first
        title = el.get_attribute("title") or "\n".join(el.locator("title").all_text_contents())  # SVG: <title>
        assert f"{word} {round(a['payload']['odds']['hit'] * 100)}%" in title, title
    assert not errors
