"""§12.12 Night: what the solo AI may know of a face-down card of the player (§11.7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hulldown.games.pacific.cards import UnitCard, unchecked
from hulldown.games.pacific.units import HQ_SPACE, Unit

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


#: §11.7: the stand-in cards the AI reads for a face-down card of the player, by (army, aircraft)
_STAND_INS: dict[tuple[str, bool], UnitCard] = {}


def hidden_foe(st: PacificFields, e: Unit) -> bool:
    """§12.12 A face-down card of the player: the solo AI sees its space, wounds, markers and attached
    cards, never what it is (§11.7.2)."""
    return e.face_down and st.solo and not st.is_ai_side(e.side)


def known(st: PacificFields, e: Unit) -> Unit:
    """§12.12 What the solo AI may know of unit ``e`` (rules §12.12): ``e`` itself, or for a face-down
    card of the player a copy whose card is a stand-in and whose printed tokens are hidden. The
    stand-in fears the worst (the longest Range, the most MP and Armour-piercing of its army's
    cards of its kind, aircraft or ground units), is taken to be one the AI's weapons can damage
    (Armour 0; every shot at it is offered, §11.7.3), is never "destroyed by a standard hit" (its
    Hit Points are unknown) and has no cost (it comes after every unit the AI can see in an order
    by cost; ties go by space, never by what the card is)."""
    if not hidden_foe(st, e):
        return e
    aircraft = e.space == HQ_SPACE
    stand_in = _STAND_INS.get((e.card.army, aircraft))
    if stand_in is None:
        kind = [u for u in st.db.units.values() if u.army == e.card.army and (u.type == "aircraft") == aircraft]
        stand_in = unchecked(
            UnitCard,
            id="face-down",
            name="a face-down unit",
            army=e.card.army,
            type="aircraft" if aircraft else "unknown",
            cost=0,
            move=max(u.move for u in kind),
            range=max(u.range for u in kind),
            hit=10,
            crit=10,
            pierce=max(u.pierce for u in kind),
            damage=max(u.damage for u in kind),
            armour=0,
            hp=10,
            tags=(),
            upgrades=(),
            free=(),
            second_gun=None,
        )
        _STAND_INS[(e.card.army, aircraft)] = stand_in
    v = e.copy()
    v.card = stand_in
    v.tokens = [t for t in v.tokens if t.up.id not in e.card.free]
    v.cargo = None
    return v
