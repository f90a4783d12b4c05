"""A user's card file for 2GM Pacific (option ``cards_file``, rules §18).

A designer changes the project's card data without editing the package: the
file holds any of the tables ``[[unit]]``, ``[[support]]`` and ``[[deck]]`` in
the layouts of ``data/units.toml``, ``data/support.toml`` and
``data/decks.toml``, and each table it holds replaces the built-in one whole.

The file may change every number and name, but not the list of units: the
pre-constructed decks, the scenarios and the solo AI name units by id, and the
RL observation encodes a hand card's kind from its unit's type, so a file that
adds, leaves out or retypes a unit is refused. The action space names no card,
so it is the same with every file (upgrade tokens and terrain stay the
built-in ones). Values are checked strictly (a string is not a number) because
a lenient reading would play a game the designer did not write.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from hulldown.engine.data import M, adapter, error_message, load_toml, require_unique
from hulldown.engine.errors import DataFileError
from hulldown.games.pacific.cards import CardDB, DeckList, SupportCard, UnitCard, check_references, load_cards

#: The tables a card file may hold, each replacing the built-in table of that name.
TABLES = ("unit", "support", "deck")
#: What a deck must keep to be dealt: an opening hand for each of a team's two players, and a unit (§3.1).
MIN_DECK_CARDS = 10


def card_db(options: Mapping[str, Any]) -> CardDB:
    """The cards a game plays with: the built-in data, or the data with option ``cards_file`` applied."""
    path = options.get("cards_file") or ""
    return load_card_file(str(path)) if path else load_cards()


@lru_cache(maxsize=8)
def load_card_file(path: str) -> CardDB:
    """The built-in card data with the file's tables in place of the built-in ones, all checked."""
    p = Path(path)
    raw = load_toml(p)
    unknown = sorted(set(raw) - set(TABLES))
    if unknown:
        raise DataFileError(str(p), None, unknown[0], f"unknown table (expected {', '.join(TABLES)})")
    if not raw:
        raise DataFileError(str(p), None, None, "no table: give [[unit]], [[support]] or [[deck]] entries")
    base = load_cards()
    units = base.units
    if "unit" in raw:
        units = _units(p, _entries(p, raw["unit"], UnitCard, "unit"), base)
    support = base.support
    if "support" in raw:
        support = _support(p, _entries(p, raw["support"], SupportCard, "support"), base)
    decks = base.decks
    if "deck" in raw:
        decks = _decks(p, _entries(p, raw["deck"], DeckList, "deck"), base)
    db = CardDB(units, base.upgrades, support, base.terrain, decks)
    check_references(p, db)
    for deck in db.decks.values():
        _check_deck(p, db, deck)
    return db


def _entries(p: Path, entries: Any, model: type[M], table: str) -> list[M]:
    """Each ``[[table]]`` entry validated strictly: the error names the entry and its field."""
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise DataFileError(str(p), None, table, f"expected an array of tables ([[{table}]])")
    out: list[M] = []
    for i, entry in enumerate(entries):
        label = str(entry.get("id", f"#{i + 1}"))
        try:
            # JSON mode reads TOML arrays as tuples; strict refuses "3" for 3 and 1 for true.
            out.append(adapter(model).validate_json(json.dumps(entry, default=str), strict=True))
        except ValidationError as exc:
            err = exc.errors()[0]
            field = ".".join(str(x) for x in err.get("loc", ())) or None
            raise DataFileError(str(p), f"{table} {label}", field, error_message(err)) from None
    require_unique(p, out, "id", table)
    return out


def _units(p: Path, units: list[UnitCard], base: CardDB) -> dict[str, UnitCard]:
    """The file's units: the built-in unit list, each with its army and type, in any numbers."""
    for u in units:
        old = base.units.get(u.id)
        if old is None:
            raise DataFileError(
                str(p), f"unit {u.id}", "id", "not a unit of the game (a file changes units; it cannot add one)"
            )
        for field in ("army", "type"):
            if getattr(u, field) != getattr(old, field):
                raise DataFileError(
                    str(p), f"unit {u.id}", field, f"is {getattr(old, field)!r} in the game; a file cannot change it"
                )
    missing = sorted(set(base.units) - {u.id for u in units})
    if missing:
        raise DataFileError(str(p), None, "unit", f"no unit {missing[0]!r} (the table lists every unit of the game)")
    return {u.id: u for u in units}


def _support(p: Path, cards: list[SupportCard], base: CardDB) -> dict[str, SupportCard]:
    """The file's support cards: every built-in one (scenarios name them), and any new ones."""
    missing = sorted(set(base.support) - {c.id for c in cards})
    if missing:
        raise DataFileError(
            str(p),
            None,
            "support",
            f"no support card {missing[0]!r} (every built-in card stays; leave it out of the decks instead)",
        )
    clash = [c.id for c in cards if c.id in base.units]
    if clash:
        raise DataFileError(str(p), f"support {clash[0]}", "id", "is a unit's id")
    return {c.id: c for c in cards}


def _decks(p: Path, decks: list[DeckList], base: CardDB) -> dict[str, DeckList]:
    """The file's pre-constructed decks: the built-in deck ids (the game and scenarios pick them by id)."""
    for d in decks:
        old = base.decks.get(d.id)
        if old is None:
            raise DataFileError(str(p), f"deck {d.id}", "id", f"no such deck (decks: {', '.join(sorted(base.decks))})")
        if d.army != old.army:
            raise DataFileError(str(p), f"deck {d.id}", "army", f"is {old.army!r} in the game; a file cannot change it")
    missing = sorted(set(base.decks) - {d.id for d in decks})
    if missing:
        raise DataFileError(str(p), None, "deck", f"no deck {missing[0]!r} (the table lists every deck of the game)")
    return {d.id: d for d in decks}


def _check_deck(p: Path, db: CardDB, deck: DeckList) -> None:
    """A deck holds its own army's cards, enough of them to deal, and a unit to deploy."""
    pool = set(db.army_pool(deck.army))
    for cid in deck.cards:
        if cid not in pool:
            raise DataFileError(str(p), f"deck {deck.id}", f"cards.{cid}", f"not a card of army {deck.army!r}")
    size = sum(deck.cards.values())
    if size < MIN_DECK_CARDS or not any(c in db.units for c in deck.cards):
        raise DataFileError(
            str(p), f"deck {deck.id}", "cards", f"{size} cards: a deck needs {MIN_DECK_CARDS} and a unit"
        )
