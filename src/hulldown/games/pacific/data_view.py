"""The card database for ``hulldown cards``: one dict per card, marked as the project's design."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hulldown.games.pacific.card_file import card_db


def card_database(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every card of the game's data: the built-in files, or those with option ``cards_file`` applied (§18)."""
    db = card_db(options)
    out: list[dict[str, Any]] = []
    for u in db.units.values():
        out.append({"kind": "unit", "design": "hulldown project", **u.model_dump()})
    for s in db.support.values():
        out.append({"kind": "support", "design": "hulldown project", **s.model_dump()})
    for t in db.terrain.values():
        out.append({"kind": "terrain", "design": "hulldown project", **t.model_dump()})
    for up in db.upgrades.values():
        out.append({"kind": "upgrade", "design": "hulldown project", **up.model_dump(by_alias=True)})
    return out
