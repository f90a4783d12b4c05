"""The card games as a player meets them: cards open up close, pages fit a phone, German is German.

Tank Killers and Tank Hunter are played for a few decisions by clicking their cards at desktop
and phone sizes; every game page is opened in German and checked against its catalogs' English.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import hulldown
from hulldown.server.rules import document
from tests.web.conftest import LiveServer, launch_chromium, serve_app

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "src" / "hulldown" / "web"
CATALOGS = {
    "tank-killers": "tank_killers",
    "tank-hunter": "tank_hunter",
    "tank-clash": "tank_clash",
    "2gm-pacific": "pacific",
}
#: (game, players, viewport): both games at desktop and phone sizes, the smallest phone, six seats
PLAYS = [
    ("tank-killers", 2, (1280, 800)),
    ("tank-killers", 2, (390, 844)),
    ("tank-killers", 2, (360, 740)),
    ("tank-hunter", 2, (1280, 800)),
    ("tank-hunter", 2, (390, 844)),
    ("tank-hunter", 4, (1280, 800)),
    ("tank-hunter", 4, (390, 844)),
    ("tank-hunter", 6, (360, 740)),
]


# -- the clause map (no browser) ------------------------------------------------------
def test_every_clause_a_card_or_phase_links_exists_on_the_rules_page() -> None:
    table = json.loads((WEB / "games" / "clauses.json").read_text(encoding="utf-8"))
    assert set(table) == set(CATALOGS)
    for game, maps in table.items():
        doc = document(game)
        assert doc is not None, game
        anchors = {c.anchor for c in doc.clauses}
        for kind, entries in maps.items():
            for key, clause in entries.items():
                assert f"clause-{clause}" in anchors, f"{game} {kind} {key!r}: no clause {clause}"
    assert all(table[game]["phase"] for game in CATALOGS), "a game whose phase chip links no clause"
    # every phase a board game's observation names is linked
    for game, pkg in (("tank-clash", "tank_clash"), ("2gm-pacific", "pacific")):
        cat = json.loads((ROOT / "src/hulldown/games" / pkg / "messages.json").read_text(encoding="utf-8"))
        phases = {k.removeprefix("phase.") for k in cat["en"] if k.startswith("phase.")}
        assert phases <= set(table[game]["phase"]), phases - set(table[game]["phase"])


def test_glossary_and_status_keys_are_in_both_languages() -> None:
    for pkg in ("tank_killers", "tank_hunter", "tank_clash", "pacific"):
        cat = json.loads((ROOT / "src/hulldown/games" / pkg / "messages.json").read_text(encoding="utf-8"))
        kinds = ("glossary.", "status.", "effect.", "phase.", "terrain.", "type.")
        keys = [k for k in cat["en"] if k.startswith(kinds)]
        assert keys, pkg
        for key in keys:
            assert cat["de"].get(key), f"{pkg}: {key} has no German"


def _glossary(pkg: str) -> set[str]:
    cat = json.loads((ROOT / "src/hulldown/games" / pkg / "messages.json").read_text(encoding="utf-8"))
    return {k.removeprefix("glossary.") for k in cat["en"] if k.startswith("glossary.")}


def test_every_abbreviation_a_card_prints_is_spelled_out() -> None:
    """Tank Killers: the notation of the tactics texts and every unit type; Tank Hunter: the kinds."""
    game = hulldown.load("tank-killers")
    cards = game.cards(game.new(seed=1, players=2).options)
    printed = {w for c in cards for w in re.findall(r"\b[A-Z]{2,}\b|\b[PI](?= [+-])", c["fields"].get("text", ""))}
    printed |= {c["type"] for c in cards if c["deck"] != "tactics"}
    assert {"OOA", "FA", "ATK", "P", "MT"} <= printed
    assert printed <= _glossary("tank_killers"), printed - _glossary("tank_killers")
    game = hulldown.load("tank-hunter")
    kinds = {c["kind"] for c in game.cards(game.new(seed=1, players=2).options) if c.get("type") == "unit"}
    assert kinds and kinds | {"VP", "ARM", "DEF", "AA", "ATK", "TR"} <= _glossary("tank_hunter")


# -- a module's server and browser -----------------------------------------------------
@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    yield from serve_app(tmp_path_factory.mktemp("cards"))


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    yield from launch_chromium()


#: records each motion class the page draws: a class reaches the page on an element it inserts
#: or is added to one in place (an animation's start alone may be lost to a redraw at once)
MARKS = """window.__marks = [];
new MutationObserver((changes) => {
  for (const m of changes) {
    for (const n of m.type === 'attributes' ? [m.target] : [...m.addedNodes]) {
      if (!(n instanceof Element)) continue;
      for (const el of [n, ...n.querySelectorAll('[class*="anim-"]')]) {
        for (const c of el.classList) if (c.startsWith('anim-')) window.__marks.push(c);
      }
    }
  }
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });"""


def _open(
    server: LiveServer,
    chromium: Any,
    game: str,
    players: int,
    size: tuple[int, int],
    lang: str = "en",
    advance: int = 0,
    motion: str = "no-preference",
) -> Any:
    """Seat 0's page of a new game against heuristic bots, ``advance`` of its decisions taken first;
    ``window.__anims`` records the names of the animations the page plays, ``window.__marks`` the
    motion classes (``anim-*``) it puts on what it draws."""
    seats = ["human"] + ["bot:heuristic"] * (players - 1)
    created = httpx.post(server.url + "/api/games", json={"game": game, "seats": seats}).json()
    gid, token = created["id"], created["seats"][0]["token"]
    _advance(server, gid, token, advance)
    context = chromium.new_context(
        viewport={"width": size[0], "height": size[1]}, bypass_csp=True, reduced_motion=motion
    )
    context.add_init_script(f"localStorage.setItem('hulldown.lang', '{lang}')")
    context.add_init_script(
        "window.__anims = [];"
        "document.addEventListener('animationstart', (e) => window.__anims.push(e.animationName), true);"
    )
    context.add_init_script(MARKS)
    page = context.new_page()
    page.goto(f"{server.url}/g/{gid}#t={token}")
    page.wait_for_selector("body[data-ready='1']")
    return page


def _advance(server: LiveServer, gid: str, token: str, steps: int) -> None:
    """Seat 0 takes ``steps`` decisions through the API (doing rather than passing), so a page opens mid-game."""
    auth = {"Authorization": f"Bearer {token}"}
    rng = random.Random(7)
    taken = 0
    deadline = time.monotonic() + 60
    while taken < steps and time.monotonic() < deadline:
        view = httpx.get(f"{server.url}/api/games/{gid}/view", headers=auth).json()
        if view["over"]:
            return
        acts = view["legal_actions"]
        if not acts:
            time.sleep(0.02)
            continue
        busy = [a for a in acts if a["id"] not in ("pass", "wait", "end")] or acts
        body = {"action": rng.choice(busy)["id"], "version": view["version"]}
        httpx.post(f"{server.url}/api/games/{gid}/actions", headers=auth, json=body)
        taken += 1


def _decide(page: Any, by_card: bool) -> bool:
    """Takes one decision (by a card when one offers a single action); False once the game is over."""
    page.wait_for_selector("button.action, body[data-over='true']")
    if page.get_attribute("body", "data-over") == "true":
        return False
    version = page.get_attribute("body", "data-version")
    on_card = page.locator("#board .can-act:not([data-actions*=' '])")
    if by_card and on_card.count():
        target = on_card.first
        box = target.bounding_box()
        # off the card's corner buttons, but inside whatever is offered: a seat's header is short
        target.click(position={"x": min(20.0, box["width"] / 2), "y": min(40.0, box["height"] / 2)})
    else:
        page.locator("#actions button.action").first.click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    return True


def _overflow(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth"))


def _broken_names(page: Any) -> list[str]:
    """Card names wider than their card: a name that does not fit would have to break mid-word."""
    return list(
        page.evaluate(
            "[...document.querySelectorAll('.gc-name')]"
            ".filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)"
        )
    )


# -- done when: several turns by clicking cards, no sideways scroll, a card's whole text --
@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "size"), PLAYS, ids=[f"{g}-{n}-{w}x{h}" for g, n, (w, h) in PLAYS])
def test_card_game_played_by_clicking_fits_and_shows_whole_cards(
    server: LiveServer, chromium: Any, game: str, players: int, size: tuple[int, int]
) -> None:
    page = _open(server, chromium, game, players, size)
    clicked = 0
    for k in range(12):
        before = page.locator("#board .can-act:not([data-actions*=' '])").count()
        if not _decide(page, by_card=k % 2 == 0):
            break
        clicked += 1 if k % 2 == 0 and before else 0
        assert _overflow(page) <= 0, f"sideways scroll after decision {k}"
    assert clicked > 0, "no decision was taken on a card"
    assert not _broken_names(page)
    status = page.inner_text("#status")
    assert status != "Your decision" and len(status.split()) > 4, status  # a sentence, not a chip
    # a card with printed text: its zoom holds its name and whole text, and closes with Esc
    texts = page.locator("#board .gc.zoomable:has(.gc-text)")
    with_text = texts.first if texts.count() else page.locator("#board .gc.zoomable").first
    name = with_text.get_attribute("data-card")
    text = with_text.locator(".gc-text").inner_text() if texts.count() else ""
    with_text.locator(".gc-info").click()
    zoom = page.locator("#card-zoom .cz")
    zoom.wait_for()
    assert name in zoom.inner_text() and text in zoom.inner_text()
    assert page.locator("#card-zoom .cz-rule a.rule-link").count() == 1
    assert page.evaluate("document.activeElement.classList.contains('cz-close')")
    page.keyboard.press("Escape")
    assert page.locator("#card-zoom").is_hidden()
    # a unit card spells out its abbreviations
    unit = page.locator("#board .gc.unit:has(.gc-info)").first
    unit.locator(".gc-info").click()
    assert page.locator("#card-zoom .cz-terms dt").count() > 0
    page.locator("#card-zoom .cz-close").click()
    assert _overflow(page) <= 0
    if size[0] >= 1000:  # a mouse resting on a card shows it as a preview, which takes no focus
        page.locator("#board .gc.zoomable").first.hover()
        page.wait_for_selector("#card-zoom.peek .cz")
        page.mouse.move(1, 1)
        page.wait_for_selector("#card-zoom", state="hidden")
    else:  # a long press opens a card, and the click that ends the press is not a move
        page.wait_for_selector("button.action, body[data-over='true']")  # the game waits for this seat
        version = page.get_attribute("body", "data-version")
        acting = page.locator("#board .gc.zoomable.can-act")
        target = acting.first if acting.count() else page.locator("#board .gc.zoomable").first
        target.dispatch_event("pointerdown", {"pointerType": "touch", "isPrimary": True})
        page.wait_for_selector("#card-zoom .cz", timeout=3000)
        target.dispatch_event("pointerup", {"pointerType": "touch"})
        target.dispatch_event("click")
        page.wait_for_timeout(300)
        assert page.get_attribute("body", "data-version") == version
        page.keyboard.press("Escape")
    # the page links its rules, and the phase chip the clause of the phase
    rules = page.locator("#rules-link")
    assert rules.is_visible() and rules.get_attribute("href") == f"/rules/{game}"
    phase = page.locator(".phase-bar a.rule-link")
    assert phase.count() == 1 and (phase.get_attribute("href") or "").startswith(f"/rules/{game}#clause-")
    page.context.close()


@pytest.mark.browser
@pytest.mark.slow
def test_a_tank_hunter_unit_up_close_says_each_value_in_a_sentence(server: LiveServer, chromium: Any) -> None:
    """Up close a unit card says what each printed value does in play, in the page's language."""
    page = _open(server, chromium, "tank-hunter", 2, (1280, 800), advance=ADVANCE["tank-hunter"])
    unit = page.locator("#board .gc.unit:has(.gc-info)").first
    name = unit.get_attribute("data-card") or ""
    db = {c["name"]: c for c in _cards(server, page) if c.get("type") == "unit"}
    values = db[name]
    unit.locator(".gc-info").click()
    says = page.locator("#card-zoom .cz-says li").all_inner_texts()
    assert says[0] == f"Destroying it scores {values['points']} victory points (5.3).", says
    assert any(s.startswith(("Armour", "Agility")) and f" {values['defence']}:" in s for s in says), says
    assert any(s.startswith("Supply") for s in says), says
    page.keyboard.press("Escape")
    page.select_option("#lang", "de")
    page.locator("#board .gc.unit:has(.gc-info)").first.locator(".gc-info").click()
    german = page.locator("#card-zoom .cz-says li").all_inner_texts()
    assert german[0] == f"Wer sie vernichtet, erhält {values['points']} Siegpunkte (5.3).", german
    assert len(german) == len(says)
    found = english_found("\n".join(german), "tank-hunter")
    assert not found, found
    # on the narrowest phone every value is in view beside its long German name
    page.keyboard.press("Escape")
    page.set_viewport_size({"width": 360, "height": 740})
    page.locator("#board .gc.unit:has(.gc-info)").first.locator(".gc-info").click()
    wide = page.evaluate(
        "(() => { const z = document.querySelector('#card-zoom .cz'); return [z.scrollWidth, z.clientWidth]; })()"
    )
    assert wide[0] <= wide[1], f"the card up close scrolls sideways: {wide}"
    page.context.close()


def _cards(server: LiveServer, page: Any) -> list[dict[str, Any]]:
    gid = page.url.split("/g/")[1].split("#")[0]
    cards: list[dict[str, Any]] = httpx.get(f"{server.url}/api/games/{gid}/cards").json()["cards"]
    return cards


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("width", [360, 390, 1280])
def test_every_card_name_fits_its_card_unbroken(server: LiveServer, chromium: Any, width: int) -> None:
    names = sorted(
        {
            c["name"]
            for g in ("tank-killers", "tank-hunter")
            for c in hulldown.load(g).cards(hulldown.load(g).new(seed=1).options)
        }
    )
    context = chromium.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    too_wide = page.evaluate(
        """async (names) => {
          const kit = await import('/static/games/kit.js');
          const box = document.createElement('div');
          box.className = 'zone-cards';
          document.body.append(box);
          for (const name of names) for (const extra of ['', 'small']) box.append(kit.card({ name, type: 'X', extra }));
          const shown = [...box.querySelectorAll('.gc-name')];
          return shown.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent);
        }""",
        names,
    )
    assert len(names) > 150 and not too_wide
    context.close()


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_cards_move_only_where_motion_is_welcome(server: LiveServer, chromium: Any, motion: str) -> None:
    context = chromium.new_context(reduced_motion=motion)
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    names = page.evaluate(
        """() => ['anim-played', 'anim-attack', 'anim-hit', 'anim-destroyed', 'anim-roll'].map((c) => {
          const el = document.createElement('div');
          el.className = c;
          document.body.append(el);
          const name = getComputedStyle(el).animationName;
          el.remove();
          return name;
        })"""
    )
    if motion == "reduce":
        assert names == ["none"] * 5
    else:
        assert "none" not in names
    context.close()


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_tank_hunter_attacks_and_dice_move_only_where_motion_is_welcome(
    server: LiveServer, chromium: Any, motion: str
) -> None:
    """A new attack makes its attacker lunge and its target shake where they stand, and the dice
    of each new line of the log roll in; nothing moves for a reader who asked for less motion."""
    wanted = {"anim-roll", "anim-hit"}
    # Whether an attack with a target is on the table while the page draws depends on the deal
    # and the bots' play: a game that ends, or runs long, without one gives way to a new game.
    for _game in range(4):
        page = _open(server, chromium, "tank-hunter", 2, (1280, 800), advance=ADVANCE["tank-hunter"], motion=motion)
        for k in range(60):
            page.wait_for_selector("button.action, body[data-over='true']")
            attack = page.locator("#actions button.action[data-action^='attack:']")
            if attack.count():  # seat 0 attacks whenever it can
                version = page.get_attribute("body", "data-version")
                attack.first.click()
                page.wait_for_function(f"document.body.dataset.version !== '{version}'")
            elif not _decide(page, by_card=k % 3 != 2):
                break
            if wanted <= set(page.evaluate("window.__marks")):
                break
        page.wait_for_timeout(500)  # an animation starts with the next frame
        if motion != "reduce" and wanted <= set(page.evaluate("window.__marks")):
            # On a loaded machine the next frame can be late: wait for a start, failing after 5 s.
            page.evaluate(
                "() => new Promise((done) => { const t0 = performance.now(); (function poll() {"
                " if (window.__anims.length || performance.now() - t0 > 5000) done();"
                " else setTimeout(poll, 50); })(); })"
            )
        marks, anims = set(page.evaluate("window.__marks")), set(page.evaluate("window.__anims"))
        if wanted <= marks or _game == 3:
            break
        page.context.close()
    over = page.get_attribute("body", "data-over")
    assert wanted <= marks, (marks, k, over, page.locator("#log li").all_inner_texts()[-12:])
    assert page.locator("#log .die-face").count(), "no dice in the log"
    if motion == "reduce":
        assert not anims, anims
    else:
        assert anims, "nothing moved"
    page.context.close()


# -- German throughout -----------------------------------------------------------------
def _i18n() -> tuple[dict[str, str], dict[str, str]]:
    src = (WEB / "i18n.js").read_text(encoding="utf-8")
    pair = re.compile(r'^\s+(\w+): "((?:[^"\\]|\\.)*)",?$', re.M)
    en = src.split("  en: {", 1)[1].split("\n  },", 1)[0]
    de = src.split("  de: {", 1)[1].split("\n  },", 1)[0]
    return dict(pair.findall(en)), dict(pair.findall(de))


def english_sources(game: str) -> dict[str, str]:
    """The English texts of the page's catalogs whose German differs: what a German page must not show."""
    cat = json.loads((ROOT / "src/hulldown/games" / CATALOGS[game] / "messages.json").read_text(encoding="utf-8"))
    out = {}
    frame_en, frame_de = _i18n()
    # the frame's one-word labels ("Forward", "Last") are set once from the language switch
    # and recur in English card names ("Forward Observer"): its sentences are what is checked
    frame = {k: v for k, v in frame_en.items() if " " in v.strip()}
    # a word the German catalog uses itself ("gold", "online") is German too
    german = set(frame_de.values()) | set(cat["de"].values())
    for en, de in ((frame, frame_de), (cat["en"], cat["de"])):
        for key, text in en.items():
            literal = re.sub(r"\{\w+\}", "", text)
            if de.get(key, text) != text and text not in german and re.search(r"[A-Za-z]{3,}", literal):
                out[key] = text
    return out


def english_found(text: str, game: str, names: Iterable[str] = ()) -> list[tuple[str, str, str]]:
    """(key, English text, line) for each catalog source text the page text holds, as whole words.

    Card names (``names``, from the game's card database) are data with no German: a name such as
    "Skirt Armor" is left out before the search, so its words are not taken for catalog text.
    """
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "·")
    hits = []
    lines = text.splitlines()
    for key, source in english_sources(game).items():
        parts = [re.escape(p) for p in re.split(r"\{\w+\}", source)]
        pattern = re.compile(r"(?<!\w)" + ".+?".join(parts) + r"(?!\w)")
        hit = next((line for line in lines if pattern.search(line)), None)
        if hit is not None:
            hits.append((key, source, hit))
    return hits


def test_the_english_finder_finds_an_untranslated_line_and_passes_a_german_one() -> None:
    assert english_found(
        "Seat 1\nYour turn, maneuver phase: play a card from your hand, or pass to attack.", "tank-killers"
    )
    assert not english_found("Du bist am Zug, Manöverphase: spiele eine Karte aus der Hand oder passe.", "tank-killers")
    # the board games' legends and terrain
    assert english_found("grass forest house", "tank-clash")
    assert not english_found("Wiese Wald Haus", "tank-clash")
    assert english_found("Jungle 2♥", "2gm-pacific")
    assert not english_found("Dschungel 2♥", "2gm-pacific")


#: The text of a board game's own pieces: the legend, the terrain on the grid, the phase bar and
#: the players' headers. A 2GM terrain card's name is printed English on its card, but the grid
#: names the terrain in the page's language: this text is checked with no card name left out.
BOARD_TEXT = """() => [...document.querySelectorAll(
  '#board .tc-legend, #board .pf-terrain, #board .phase-bar, #board .tc-player header, #board .pf-side header'
)].map((e) => e.innerText).join('\\n')"""


#: The visible text of a page, leaving out what is marked as English data (card names and texts).
VISIBLE = """() => {
  const style = document.createElement('style');
  style.textContent = '[lang=en] { visibility: hidden !important; }';
  document.head.append(style);
  const text = document.body.innerText;
  style.remove();
  return text;
}"""


#: The card texts (faces and up close) still marked as English data on the page.
ENGLISH_CARD_TEXTS = """() => [...document.querySelectorAll('.gc-text[lang=en], .cz-text[lang=en]')]
  .map((e) => e.textContent)"""


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("game", list(CATALOGS))
def test_german_page_shows_no_english_catalog_text(server: LiveServer, chromium: Any, game: str) -> None:
    page = _open(server, chromium, game, 2, (1280, 800), lang="de", advance=ADVANCE[game])
    seen = []
    pieces = []
    for k in range(6):
        seen.append(page.evaluate(VISIBLE))
        pieces.append(page.evaluate(BOARD_TEXT))
        if not _decide(page, by_card=k % 2 == 1):
            break
    seen.append(page.evaluate(VISIBLE))
    # and a card up close
    info = page.locator("#board .gc-info")
    if info.count():
        info.first.click()
        seen.append(page.evaluate(VISIBLE))
        page.keyboard.press("Escape")
    assert "Entscheidung" in seen[0]
    # a card text the catalog has is shown in German, never as the card data's English
    english_texts = page.evaluate(ENGLISH_CARD_TEXTS)
    assert not english_texts, f"card texts left in English: {english_texts[:5]}"
    gid = page.url.split("/g/")[1].split("#")[0]
    names = {c["name"] for c in httpx.get(f"{server.url}/api/games/{gid}/cards").json()["cards"] if "name" in c}
    found = english_found("\n".join(seen), game, names)
    assert not found, "English on the German page: " + "; ".join(f"{k} {s!r} in {line!r}" for k, s, line in found[:8])
    if game in ("tank-clash", "2gm-pacific"):
        assert "".join(pieces).strip(), "no legend on the board"
        found = english_found("\n".join(pieces), game)
        assert not found, "English on the German board: " + "; ".join(
            f"{k} {s!r} in {line!r}" for k, s, line in found[:8]
        )
    page.context.close()


def _catalog(game: str) -> dict[str, dict[str, str]]:
    path = ROOT / "src/hulldown/games" / CATALOGS[game] / "messages.json"
    cat: dict[str, dict[str, str]] = json.loads(path.read_text(encoding="utf-8"))
    return cat


def test_the_lobby_texts_of_each_catalog_are_the_games_own_english() -> None:
    """The catalog's English of a game's summary and of each option a web game offers is the text
    the game declares, so a German translation never drifts from what it translates."""
    for info in hulldown.games():
        if info.id not in CATALOGS:
            continue
        cat = _catalog(info.id)
        assert cat["en"]["game.summary"] == info.summary
        assert cat["de"]["game.summary"] != info.summary
        for o in info.options:
            if o.file is not None:  # a path: the command line's, never offered in the lobby
                continue
            key = f"option.{o.name}.help"
            assert cat["en"][key] == o.help, key
            assert cat["de"][key] and cat["de"][key] != o.help, key
            # a word among the choices has its German label; the English is the choice itself
            for c in o.choices or ():
                label = f"option.{o.name}.choice.{c}"
                if isinstance(c, str):
                    assert cat["en"][label] == c and cat["de"][label], label


def test_every_option_of_every_game_has_a_label_in_english_and_german() -> None:
    """The lobby names each option in the page's language: a label is in both languages, and the
    German one is German, never the English label or the API's name."""
    for info in hulldown.games():
        cat = hulldown.load(info.id).messages.to_json()
        for o in info.options:
            key = f"option.{o.name}.label"
            en, de = cat["en"].get(key), cat["de"].get(key)
            assert en and de, f"{info.id}: {key} needs English and German"
            assert o.name not in (en, de), f"{info.id}: {key} is the API's name"
            # a word German shares with English ("Decks") may stay; a phrase of several is translated
            assert de != en or " " not in en, f"{info.id}: {key} is not translated"


def _lobby(server: LiveServer, chromium: Any, lang: str) -> Any:
    context = chromium.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    context.add_init_script(f"localStorage.setItem('hulldown.lang', '{lang}')")
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    return page


#: the options' labels in the lobby, in the form's order
LABELS = "() => [...document.querySelectorAll('#options label > span')].map((e) => e.textContent)"


@pytest.mark.browser
@pytest.mark.slow
def test_english_lobby_names_each_option_by_its_english_label(server: LiveServer, chromium: Any) -> None:
    page = _lobby(server, chromium, "en")
    for game in CATALOGS:
        en = _catalog(game)["en"]
        page.select_option("#game-select", game)
        names = page.eval_on_selector_all("#options [data-option]", "els => els.map((e) => e.dataset.option)")
        wanted = [en[f"option.{n}.label"] for n in names]
        page.wait_for_function(f"(want) => JSON.stringify(({LABELS})()) === JSON.stringify(want)", arg=wanted)
        assert page.locator("#options code.option-name").all_inner_texts() == names
    page.context.close()


@pytest.mark.browser
@pytest.mark.slow
def test_german_lobby_shows_each_games_summary_and_option_help_in_german(server: LiveServer, chromium: Any) -> None:
    page = _lobby(server, chromium, "de")
    for game in CATALOGS:
        de = _catalog(game)["de"]
        page.select_option("#game-select", game)
        page.wait_for_function(
            "(s) => document.getElementById('game-summary').textContent === s", arg=de["game.summary"]
        )
        names = page.eval_on_selector_all("#options [data-option]", "els => els.map((e) => e.dataset.option)")
        helps = [x.strip() for x in page.locator("#options small.muted").all_inner_texts()]
        assert helps == [de[f"option.{n}.help"] for n in names], helps
        # each option is named in German; its API name is beside it, marked as English
        labels = page.evaluate(LABELS)
        assert labels == [de[f"option.{n}.label"] for n in names], labels
        assert page.locator("#options code.option-name[lang=en]").all_inner_texts() == names
        # each choice is shown in German and sent as the API spells it
        shown = page.eval_on_selector_all(
            "#options select option", "els => els.map((e) => [e.closest('select').dataset.option, e.value, e.text])"
        )
        for name, value, text in shown:
            assert text == de.get(f"option.{name}.choice.{value}", value), (name, value, text)
        # no English label or help is left on the page (the API names are marked as English)
        found = english_found(page.evaluate(VISIBLE), game)
        assert not found, f"English in the German lobby for {game}: {found}"
    page.context.close()


#: decisions taken before the page opens, so it shows a game under way (past Tank Hunter's draft)
ADVANCE = {"tank-killers": 10, "tank-hunter": 14, "tank-clash": 20, "2gm-pacific": 20}


def _solo_2gm_page(server: LiveServer, chromium: Any) -> Any:
    """A German solo 2GM page (scenario Red Beach in fog) some decisions in."""
    options = {"scenario": "island-landing", "weather": "fog"}
    created = httpx.post(
        server.url + "/api/games", json={"game": "2gm-pacific", "seats": ["human"], "options": options}
    ).json()
    gid, token = created["id"], created["seats"][0]["token"]
    _advance(server, gid, token, 30)
    context = chromium.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    context.add_init_script("localStorage.setItem('hulldown.lang', 'de')")
    page = context.new_page()
    page.goto(f"{server.url}/g/{gid}#t={token}")
    page.wait_for_selector("body[data-ready='1']")
    return page


@pytest.mark.browser
@pytest.mark.slow
def test_german_2gm_solo_page_shows_the_ai_weather_scenario_and_armies_in_german(
    server: LiveServer, chromium: Any
) -> None:
    """The weather, the scenario, the army names and the rulebook AI's logged messages come from
    the catalog: a German solo page shows them in German."""
    page = _solo_2gm_page(server, chromium)
    assert page.locator("#board .pf-ai li").count(), "the AI panel lists the AI's decisions"
    panel = page.locator("#board .pf-ai").inner_text()
    bar = page.locator("#board .phase-bar").inner_text()
    headers = "\n".join(page.locator("#board .pf-side header").all_inner_texts())
    assert "Nebel" in bar and "Roter Strand" in bar, bar
    assert "USA" in headers and "JAPAN" not in headers, headers
    # the card phase and the behaviour band are messages: their German is on the page, not their English
    assert "12.3 Kartenphase" in panel or "12.2 Verhalten" in panel, panel
    assert "12.3 Card phase" not in panel and "12.2 Behaviour" not in panel, panel
    found = english_found("\n".join([bar, headers]), "2gm-pacific")
    assert not found, "English on the German solo page: " + "; ".join(
        f"{k} {t!r} in {line!r}" for k, t, line in found[:8]
    )
    page.context.close()
