"""The card database for ``hulldown cards``: one dict per card, marked as the project's design."""

from __future__ import annotations

from typing import Any

from hulldown.games.pacific.cards import load_cards


def card_database() -> list[dict[str, Any]]:
    db = load_cards()
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
