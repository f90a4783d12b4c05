"""Every event a game emits reads as a sentence in English and German (web/log.js).

The browser picks a line's template from the game's catalog by the rules written at the
top of ``src/hulldown/web/log.js``; :func:`template` and :func:`check_event` follow the same
rules, so a sentence that would show a raw placeholder, an untranslated word or a
``key: value`` fallback fails here first. Random games (several seeds, every player count
and the options that add event types) supply the events.
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Iterator
from typing import Any

import pytest

import hulldown
from hulldown.engine.messages import Catalog
from hulldown.server.rules import document

CATALOGS = {
    "tank-killers": "hulldown.games.tank_killers",
    "tank-hunter": "hulldown.games.tank_hunter",
    "tank-clash": "hulldown.games.tank_clash",
    "2gm-pacific": "hulldown.games.pacific",
}

#: Player counts and options under which each game emits all the event types it has.
PLAYS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "tank-killers": [(2, {}), (2, {"random_factor": True})],
    "tank-hunter": [(2, {}), (3, {"commanders": True, "evading": True, "charge": True}), (4, {}), (5, {}), (6, {})],
    "tank-clash": [
        (2, {}),
        (2, {"fog_of_war": True, "victory_points": True, "tactical_activation": True, "ace_reroll": True}),
    ],
    "2gm-pacific": [(1, {}), (2, {}), (3, {}), (4, {})],
}
SEEDS = range(3)
LANGS = ("en", "de")
META = ("log.meta.", "log.clause.")


def tables(game: str) -> dict[str, dict[str, str]]:
    return Catalog.from_package(CATALOGS[game]).to_json()


def token(v: object) -> str:
    """A value as the browser's ``String(v)`` writes it (``none``: absent or null)."""
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def placeholders(text: str) -> list[str]:
    return [f for _, f, _, _ in string.Formatter().parse(text) if f]


def template(table: dict[str, str], e: dict[str, Any]) -> str | None:
    """log.js's choice: a value's own sentence, an absent field's, else the type's."""
    t = e["type"]
    for k, v in e.items():
        if k in ("type", "to", "step") or isinstance(v, (list, dict)):
            continue
        if f"log.{t}.{k}={token(v)}" in table:
            return table[f"log.{t}.{k}={token(v)}"]
    base = table.get(f"log.{t}")
    for f in placeholders(base or ""):
        if f not in e and f"log.{t}.{f}=none" in table:
            return table[f"log.{t}.{f}=none"]
    return base


def word(table: dict[str, str], t: str, f: str, v: object) -> str | None:
    return table.get(f"log.{t}.{f}.{token(v)}", table.get(f"log.{f}.{token(v)}"))


def enumerated(table: dict[str, str], t: str, f: str) -> bool:
    """Whether the catalog names the values of field ``f`` (then every value needs a word)."""
    return any(k.startswith((f"log.{t}.{f}.", f"log.{f}.")) and not k.endswith(".none") for k in table)


def check_event(game: str, lang: str, table: dict[str, str], seats: set[str], e: dict[str, Any]) -> list[str]:
    """What would show wrong in this event's line: a missing sentence or an unfilled field."""
    text = template(table, e)
    if text is None:
        return [f"{game} {lang}: no sentence for event type {e['type']!r}"]
    wrong = []
    for f in placeholders(text):
        v = e.get(f)
        if isinstance(v, list):
            continue
        if word(table, e["type"], f, v) is not None:
            continue
        if f not in e or v is None:
            wrong.append(f"{game} {lang} {e['type']}: {{{f}}} absent and no 'none' wording")
        elif isinstance(v, bool) or enumerated(table, e["type"], f):
            wrong.append(f"{game} {lang} {e['type']}: no wording for {f}={token(v)}")
        elif f in seats and not (isinstance(v, int) and v >= 0):
            wrong.append(f"{game} {lang} {e['type']}: seat field {f}={v!r} has no wording")
    return wrong


def events(game: str) -> Iterator[dict[str, Any]]:
    g = hulldown.load(game)
    for players, options in PLAYS[game]:
        for seed in SEEDS:
            state = g.new(seed=seed, players=players, options=options)
            rng = random.Random(seed)
            for _ in range(1500):
                if state.current_player is None:
                    break
                yield from state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", sorted(CATALOGS))
def test_every_event_in_random_games_has_an_english_and_a_german_sentence(game: str) -> None:
    cat = tables(game)
    seats = set(cat["en"].get("log.meta.seat-fields", "").split())
    seen: dict[str, int] = {}
    problems: set[str] = set()
    for e in events(game):
        seen[e["type"]] = seen.get(e["type"], 0) + 1
        for lang in LANGS:
            # German is checked without falling back to English: a missing key would show English
            problems.update(check_event(game, lang, cat[lang], seats, e))
    assert len(seen) >= 15, seen
    assert not problems, sorted(problems)


@pytest.mark.parametrize("game", sorted(CATALOGS))
def test_german_sentences_use_the_fields_of_their_english_ones(game: str) -> None:
    cat = tables(game)
    keys = [k for k in cat["en"] if k.startswith("log.") and not k.startswith(META)]
    assert keys
    for k in keys:
        assert k in cat["de"], f"{game}: {k} has no German text"
        assert sorted(placeholders(cat["de"][k])) == sorted(placeholders(cat["en"][k])), k
    neutral = {k: v for k, v in cat["en"].items() if k.startswith(META)}
    assert {k: cat["de"].get(k) for k in neutral} == neutral, "metadata and clauses are the same in every language"


WORDS = re.compile(r"\{\w+\}|[\d\W_]+")


@pytest.mark.parametrize("game", sorted(CATALOGS))
def test_no_german_log_text_is_the_english_one(game: str) -> None:
    """Untranslated text: the German equals the English once names and numbers are gone."""
    cat = tables(game)
    same = []
    for k, en in cat["en"].items():
        if not k.startswith("log.") or k.startswith(META):
            continue
        bare = WORDS.sub(" ", en).strip()
        if bare and WORDS.sub(" ", cat["de"][k]).strip() == bare:
            same.append(f"{k}: {en!r}")
    assert not same, same


@pytest.mark.parametrize("game", sorted(CATALOGS))
def test_log_lines_link_to_clauses_the_rules_page_has(game: str) -> None:
    cat = tables(game)
    doc = document(game)
    assert doc is not None
    anchors = {c.anchor for c in doc.clauses}
    clauses = {k: v for k, v in cat["en"].items() if k.startswith("log.clause.")}
    assert clauses
    missing = {k: v for k, v in clauses.items() if f"clause-{v}" not in anchors}
    assert not missing, missing
    event_types = {k.split(".")[1] for k in cat["en"] if k.startswith("log.") and not k.startswith(META)}
    assert {k.removeprefix("log.clause.") for k in clauses} <= event_types
