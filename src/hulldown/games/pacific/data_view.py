"""The card database for ``hulldown cards``: one dict per card, marked as the project's design."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hulldown.engine.data import adapter
from hulldown.games.pacific.card_file import card_db


def _row(kind: str, card: object) -> dict[str, Any]:
    """A card's fields as its file spells them (``for``, not ``for_``)."""
    return {"kind": kind, "design": "hulldown project", **adapter(type(card)).dump_python(card, by_alias=True)}


def card_database(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every card of the game's data: the built-in files, or those with option ``cards_file`` applied (§18)."""
    db = card_db(options)
    out: list[dict[str, Any]] = [_row("unit", u) for u in db.units.values()]
    out += [_row("support", s) for s in db.support.values()]
    out += [_row("terrain", t) for t in db.terrain.values()]
    out += [_row("upgrade", up) for up in db.upgrades.values()]
    return out
