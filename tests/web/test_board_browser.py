"""Tank Clash and 2GM Pacific played by clicking the board, at desktop and phone sizes.

Seat 0 plays a heuristic bot. The setup is played through the API; then each decision is
taken on the board wherever it has a place there (a unit or card first, then a lit target),
and the page is checked as a player meets it: no sideways scroll, a short decision panel at
a movement decision, the line saying whose turn it is and what to do.
"""

from __future__ import annotations

import contextlib
import os
import random
import socket
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from tests.web.conftest import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}

#: the phases in which a seat moves its units, by game
MOVEMENT = {"tank-clash": {"actions", "move"}, "2gm-pacific": {"move"}}
#: lit targets on the board, and sources (units, cards) that a click selects
LIT = {"tank-clash": "#board .tc-cell.can-act", "2gm-pacific": "#board .pf-board .can-act:not(.gc)"}
SOURCES = {"tank-clash": "#board .tc-selectable", "2gm-pacific": "#board .pf-selectable"}


def _started(game: str, obs: dict[str, Any]) -> bool:
    """The battle is under way: Tank Clash's tanks are placed, seat 0 has 2GM units on the grid
    (two, or one by the third round)."""
    if game == "tank-clash":
        return bool(obs["phase"] == "actions")
    mine = [u for u in obs["units"] if u["side"] == obs["your_side"] and u["space"] != "hq"]
    return obs["phase"] in ("move", "shoot") and (len(mine) >= 2 or (len(mine) == 1 and obs["round"] >= 3))


#: events of the page's motion: a unit sliding in, a unit or HQ hit
RECORD_ANIMATIONS = (
    "window.__anims = [];"
    "document.addEventListener('animationstart', (e) => window.__anims.push(e.animationName), true);"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One app for the module: each test opens its own game in it."""
    from hulldown.server.app import create_app
    from hulldown.server.limits import Limits

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = tmp_path_factory.mktemp("board") / "web.sqlite3"
    delay = float(os.environ.get("HULLDOWN_TEST_BOT_DELAY", "0.05"))
    app = create_app(db_url=f"sqlite:///{db}", bot_delay=delay, limits=Limits.off())
    with LiveServer(app, port) as live:
        yield live


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    from tests.web.conftest import launch_chromium

    yield from launch_chromium()


def _view(url: str, gid: str, token: str) -> dict[str, Any]:
    r = httpx.get(f"{url}/api/games/{gid}/view", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    r.raise_for_status()
    body: dict[str, Any] = r.json()
    return body


def _setup(url: str, game: str) -> tuple[str, str]:
    """A game against a bot whose setup a heuristic bot plays for seat 0 (the takeover bot
    while the seat is away); seat 0 comes back once the battle is under way."""
    made = httpx.post(
        url + "/api/games",
        json={"game": game, "seats": ["human", "bot:heuristic"], "takeover": "bot:heuristic"},
        timeout=10,
    ).json()
    gid, token = made["id"], made["seats"][0]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    httpx.post(f"{url}/api/games/{gid}/control", headers=auth, json={"by": "bot"}, timeout=10).raise_for_status()
    deadline = time.monotonic() + 120
    while not _started(game, (view := _view(url, gid, token))["observation"]):
        assert not view["over"], f"{game}: the game ended before the battle was under way"
        assert time.monotonic() < deadline, f"{game}: the battle was not under way within two minutes"
        time.sleep(0.05)
    httpx.post(f"{url}/api/games/{gid}/control", headers=auth, json={"by": "human"}, timeout=10).raise_for_status()
    assert not _view(url, gid, token)["over"], "the game ended during its setup"
    return gid, token


@dataclass
class Played:
    """What a run of decisions met on the page."""

    decisions: int = 0
    board_clicks: int = 0
    selections: int = 0
    movement_checks: int = 0
    turns: set[int] = field(default_factory=set)
    prompts: set[str] = field(default_factory=set)
    kinds: set[str] = field(default_factory=set)
    over: bool = False
    inspected: bool = False


def _check_page(page: Any, played: Played, moving: bool) -> None:
    """What a player sees at any decision; at a movement decision, a short panel."""
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways: {width}"
    turn = page.locator("#board .tc-turn")
    assert turn.count() == 1 and turn.first.is_visible()
    line = turn.first.inner_text().strip()
    assert line.startswith("Your turn: "), line
    assert page.locator("#board .phase-bar").first.is_visible()
    # the phase chip links the clause that governs the phase
    clause = page.locator("#board .phase-bar a.rule-link")
    assert clause.count() == 1 and "#clause-" in (clause.get_attribute("href") or "")
    status = page.inner_text("#status")
    assert status and status in line, (status, line)
    played.prompts.add(status)
    # card names break between words, never inside one: each fits its card
    cut = page.evaluate(
        "[...document.querySelectorAll('#board .gc-name')]"
        ".filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent)"
    )
    assert cut == [], f"card names wider than their cards: {cut}"
    if moving:
        buttons = page.locator("#actions > button").count()
        assert buttons <= 6, f"{buttons} buttons in the decision panel at a movement decision"
        played.movement_checks += 1


#: the stats a unit up close names in full, by game (the catalog's English)
STATS = {"tank-clash": {"firepower", "armour", "speed"}, "2gm-pacific": {"move", "range", "accuracy", "hit points"}}


def _inspect(page: Any, game: str, played: Played) -> None:
    """Nothing is shown on hover only: tapping a unit with nothing to do opens it up close with
    its stats in full, its state and its clause, writes its facts under the board, and changes
    nothing in the game."""
    idle = page.locator("#board .tc-inspect:not(:has(.concealed-enemy)), #board .pac-inspect")
    if not idle.count():
        return
    version = page.get_attribute("body", "data-version")
    idle.first.click()
    zoom = page.locator("#card-zoom .cz")
    zoom.wait_for()
    terms, values = zoom.locator(".cz-stats dt").all_inner_texts(), zoom.locator(".cz-stats dd").all_inner_texts()
    named = dict(zip(terms, values, strict=True))
    assert STATS[game] <= set(named), named
    assert all(v.strip() for v in named.values()), named
    state = "armour tokens" if game == "tank-clash" else "wounds"
    assert state in named, named
    link = zoom.locator(".cz-rule a.rule-link")
    assert link.count() == 1 and (link.get_attribute("href") or "").startswith(f"/rules/{game}#clause-")
    page.keyboard.press("Escape")
    assert page.locator("#card-zoom").is_hidden()
    facts = page.locator("#board .tc-facts, #board .pac-facts").first.inner_text()
    assert facts.strip(), "a tapped unit showed no facts"
    assert page.get_attribute("body", "data-version") == version
    played.inspected = True


def _click(page: Any, target: Any, rng: random.Random) -> str:
    """Clicks a board element and, when it opens a menu, one of its choices: the action taken."""
    ids = (target.get_attribute("data-actions") or "").split()
    target.click()
    menu = page.locator("#board .card-menu button[data-action]")
    if menu.count():
        choice = menu.nth(rng.randrange(menu.count()))
        taken = choice.get_attribute("data-action") or ""
        choice.click()
        return taken
    return ids[0] if len(ids) == 1 else ""


def _take_one(page: Any, game: str, rng: random.Random, played: Played) -> str:
    """One decision by clicking: another unit or card first at times, then a lit target;
    else now and then a card or unit's own action, else the panel (to end a phase). Returns
    the action taken, where the page says which."""
    if page.locator(SOURCES[game]).count() and (rng.random() < 0.5 or not page.locator(LIT[game]).count()):
        sources = page.locator(SOURCES[game])
        sources.nth(rng.randrange(sources.count())).click()
        played.selections += 1
    lit = page.locator(LIT[game])
    own = page.locator("#board .can-act")
    panel = page.locator("#actions > button.action")
    if lit.count():
        played.board_clicks += 1
        return _click(page, lit.nth(rng.randrange(lit.count())), rng)
    if own.count() and (not panel.count() or rng.random() < 0.3):
        return _click(page, own.nth(rng.randrange(own.count())), rng)
    button = panel.nth(rng.randrange(panel.count()))
    taken = button.get_attribute("data-action") or ""
    button.click()
    return taken


def _enough(played: Played) -> bool:
    return played.decisions >= 6 and played.board_clicks >= 3 and played.movement_checks >= 2 and len(played.turns) >= 2


def _play(page: Any, url: str, gid: str, token: str, game: str, rng: random.Random) -> Played:
    """Decisions until several were taken on the board, over more than one turn and through
    more than one movement decision (at most 60: a 2GM turn may leave a seat no action
    points to spend on the board)."""
    played = Played()
    turn_key = "turn" if game == "tank-clash" else "round"
    while played.decisions < 60 and not _enough(played):
        page.wait_for_selector("#status[data-state='decide'], body[data-over='true']", timeout=30000)
        if page.get_attribute("body", "data-over") == "true":
            played.over = True
            break
        v = _view(url, gid, token)
        version = str(v["version"])
        page.wait_for_function(f"document.body.dataset.version === '{version}'")
        moving = v["observation"]["phase"] in MOVEMENT[game]
        _check_page(page, played, moving)
        if not played.inspected:
            _inspect(page, game, played)
        played.turns.add(v["observation"][turn_key])
        kinds = {a["id"]: a["payload"]["kind"] for a in v["legal_actions"]}
        played.kinds.add(kinds.get(_take_one(page, game, rng, played), "?"))
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        played.decisions += 1
    return played


def _open(chromium: Any, url: str, gid: str, token: str, size: str, *, reduced: bool = False) -> Any:
    w, h = SIZES[size]
    ctx = chromium.new_context(
        viewport={"width": w, "height": h},
        has_touch=size == "phone",
        reduced_motion="reduce" if reduced else "no-preference",
        bypass_csp=True,  # wait_for_function evaluates strings
    )
    page = ctx.new_page()
    page.add_init_script(RECORD_ANIMATIONS)
    page.goto(f"{url}/g/{gid}#t={token}")
    page.wait_for_selector("body[data-ready='1']")
    return page


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", ["tank-clash", "2gm-pacific"])
def test_several_turns_by_clicking_the_board(server: LiveServer, chromium: Any, game: str, size: str) -> None:
    rng = random.Random(f"{game}-{size}")
    gid, token = _setup(server.url, game)
    # the phone reads the page with reduced motion asked for: nothing may animate there
    page = _open(chromium, server.url, gid, token, size, reduced=size == "phone")
    played = _play(page, server.url, gid, token, game, rng)
    assert played.decisions >= 6 or (played.over and played.decisions >= 3), played
    assert played.board_clicks >= 3, played
    assert played.movement_checks >= 2, played
    assert len(played.turns) >= 2, f"seat 0 acted in one turn only: {played}"
    if game == "tank-clash":
        assert any("moves" in p for p in played.prompts), played.prompts
    # the board fits the screen: the map (or grid) is no wider than the page
    board = page.evaluate(
        "(() => { const b = document.querySelector('#board .tc-svg, #board .pf-grid').getBoundingClientRect();"
        " return [b.left, b.right, window.innerWidth]; })()"
    )
    assert board[0] >= 0 and board[1] <= board[2], board
    assert played.inspected, "no unit without a decision was ever on the board to tap"
    if size == "phone":  # and the narrowest phone
        page.set_viewport_size({"width": 360, "height": 740})
        page.wait_for_function("window.innerWidth === 360")
        width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], f"the page scrolls sideways at 360 px: {width}"
    # a move slides the unit in from where it stood, unless the reader asked for less motion
    moved = bool(played.kinds & {"move", "ride", "cover"})
    if moved and size != "phone":
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        # the slide starts on the frame after the board that shows the move: on a loaded
        # machine that frame may come after the last decision's version reached the page
        slid = "window.__anims.some((a) => a === 'tc-slide' || a === 'pac-slide')"
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(slid, timeout=5000)
    anims = page.evaluate("window.__anims")
    if game == "tank-clash":
        assert moved, played
    if size == "phone":
        assert anims == [], anims
    elif moved:
        assert {"tc-slide", "pac-slide"} & set(anims), anims
    page.context.close()


def test_a_tank_is_moved_by_keyboard_alone(server: LiveServer, chromium: Any) -> None:
    gid, token = _setup(server.url, "tank-clash")
    page = _open(chromium, server.url, gid, token, "desktop")
    page.wait_for_selector("#status[data-state='decide']")
    version = page.get_attribute("body", "data-version")
    # every choice is also in a list, folded until asked for
    legal = _view(server.url, gid, token)["legal_actions"]
    listed = page.locator("#actions details.all-choices button.action")
    assert listed.count() == len(legal) and not listed.first.is_visible()
    page.focus("#actions details.all-choices summary")
    page.keyboard.press("Enter")
    assert listed.first.is_visible()
    page.keyboard.press("Enter")  # folded again
    # the sentence and the turn line follow the page's language
    page.select_option("#lang", "de")
    assert page.inner_text("#status").startswith("Wähle"), page.inner_text("#status")
    assert page.inner_text("#board .tc-turn").startswith("Du bist am Zug: Wähle")
    page.select_option("#lang", "en")
    # another tank is selected with Enter, and Enter on a lit hex takes the action
    other = page.locator("#board g.tc-selectable[tabindex='0']")
    if other.count():
        other.first.focus()
        page.keyboard.press("Enter")
        focused = page.evaluate("document.activeElement.classList.contains('tc-cell')")
        assert focused, "the selection did not hand the focus to a lit hex"
    lit = page.locator("#board .tc-cell.can-act")
    assert lit.count() > 0
    lit.first.focus()
    page.keyboard.press("Enter")
    if page.locator("#board .card-menu").count():
        assert page.evaluate("document.activeElement.closest('.card-menu') !== null")
        page.keyboard.press("Enter")
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    page.context.close()


#: a board piece that a keyboard reaches (a lit target, a tank or unit to select or inspect), and any piece
FOCUSABLE_PIECE = {
    "tank-clash": "#board .tc-cell[tabindex='0']:has(.tc-tank)",
    "2gm-pacific": "#board .pf-cell[tabindex='0']:has(.pf-unit)",
}
PIECE = {"tank-clash": "#board .tc-cell:has(.tc-tank)", "2gm-pacific": "#board .pf-cell:has(.pf-unit)"}


@pytest.mark.parametrize("game", ["tank-clash", "2gm-pacific"])
def test_the_key_i_and_a_hover_show_a_piece_up_close(server: LiveServer, chromium: Any, game: str) -> None:
    """The key I opens up close the piece that has the focus, whatever its Enter does; resting the
    mouse on a piece shows it as a preview; neither changes the game."""
    gid, token = _setup(server.url, game)
    page = _open(chromium, server.url, gid, token, "desktop")
    page.wait_for_selector("#status[data-state='decide']")
    version = page.get_attribute("body", "data-version")
    piece = page.locator(FOCUSABLE_PIECE[game])
    assert piece.count(), "no piece on the board that a keyboard reaches"
    piece.first.focus()
    page.keyboard.press("i")
    zoom = page.locator("#card-zoom:not(.peek) .cz[aria-modal='true']")
    zoom.wait_for()
    assert zoom.locator("h3").inner_text().strip()
    assert zoom.locator(".cz-stats dt").count() >= 3
    page.keyboard.press("Escape")
    assert page.locator("#card-zoom").is_hidden()
    page.mouse.move(0, 0)
    page.locator(PIECE[game]).first.hover()
    page.wait_for_selector("#card-zoom.peek:not([hidden]) .cz h3")
    page.mouse.move(0, 0)
    page.wait_for_selector("#card-zoom", state="hidden")
    assert page.get_attribute("body", "data-version") == version
    page.context.close()
