"""Card texts in German: each game's catalog carries every printed card text as ``card.<id>.text``.

The English must be the card data's own text (a page falls back to the data where a key is
missing, so the two never drift apart) and the German must be a translation, not a copy.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from hulldown.games.pacific.data_view import card_database as pacific_cards
from hulldown.games.tank_clash.data import card_database as clash_cards
from hulldown.games.tank_hunter.cards import card_database as hunter_cards
from hulldown.games.tank_killers.cards import card_database as killers_cards

ROOT = Path(__file__).parents[2] / "src/hulldown/games"


def _catalog(package: str) -> dict[str, dict[str, str]]:
    cat: dict[str, dict[str, str]] = json.loads((ROOT / package / "messages.json").read_text(encoding="utf-8"))
    return cat


def _without_terms(text: str, cat: dict[str, dict[str, str]]) -> str:
    """``text`` less the printed terms the catalog's glossary explains (``glossary.<term>``)."""
    terms = sorted((k.removeprefix("glossary.") for k in cat["en"] if k.startswith("glossary.")), key=len, reverse=True)
    for term in terms:
        text = re.sub(r"(?<!\w)" + re.escape(term) + r"(?!\w)", "", text)
    return text


def _hunter_texts() -> dict[str, str]:
    return {f"card.{c['name']}.text": c["text"] for c in hunter_cards({}) if c.get("text")}


def _killers_texts() -> dict[str, str]:
    texts = {}
    for c in killers_cards({}):
        text = (c.get("fields") or {}).get("text")
        if text:
            texts[f"card.{c['name']}.text"] = text
    return texts


def _clash_texts() -> dict[str, str]:
    # missions and tactical cards by their id, morale cards (which have none) by name
    return {f"card.{c.get('id') or c['name']}.text": c["text"] for c in clash_cards({}) if c.get("text")}


def _pacific_texts() -> dict[str, str]:
    # a 2GM card prints its abilities as tags; support cards' effects are the catalog's effect.* templates
    return {f"card.{c['id']}.text": ", ".join(c["tags"]) for c in pacific_cards({}) if c.get("tags")}


#: each game's printed card texts by catalog key, read from its card data
TEXTS: Mapping[str, tuple[str, Callable[[], dict[str, str]]]] = {
    "tank-hunter": ("tank_hunter", _hunter_texts),
    "tank-killers": ("tank_killers", _killers_texts),
    "tank-clash": ("tank_clash", _clash_texts),
    "2gm-pacific": ("pacific", _pacific_texts),
}


@pytest.mark.parametrize("game", list(TEXTS))
def test_every_card_text_is_in_the_catalog_in_english_as_printed_and_in_german(game: str) -> None:
    package, texts = TEXTS[game]
    cat = _catalog(package)
    wanted = texts()
    assert wanted, "the card data has texts"
    for key, english in wanted.items():
        assert cat["en"].get(key) == english, f"{key}: the catalog's English is not the card's text"
    # and the catalog has no card text for a card the data lacks
    assert {k for k in cat["en"] if k.startswith("card.") and k.endswith(".text")} == set(wanted)


@pytest.mark.parametrize("game", list(TEXTS))
def test_every_card_text_key_has_a_german_translation(game: str) -> None:
    cat = _catalog(TEXTS[game][0])
    keys = [k for k in cat["en"] if k.startswith("card.") and k.endswith(".text")]
    assert keys
    for key in keys:
        de, en = cat["de"].get(key, ""), cat["en"][key]
        assert de.strip(), f"{key} has no German"
        # the same words are right only where there is nothing to translate: numbers, signs and
        # the game's printed terms, which its glossary explains ("P +2", "Lost Action", "FA")
        assert de != en or not re.search(r"[A-Za-z]{3,}", _without_terms(en, cat)), f"{key}: the German is the English"
        # the values in a text (dice results, modifiers) are the same in both languages
        assert sorted(re.findall(r"\d+", de)) == sorted(re.findall(r"\d+", en)), f"{key}: numbers differ"
