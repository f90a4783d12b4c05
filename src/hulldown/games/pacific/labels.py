"""How action labels name things (docs/engine.md, "Labels").

A label must tell its action from every other legal one and name what the action really uses:
a unit by its card and where it stands (one unit per space, §1.4), a hand card by its name and,
beside a card of the same name, which copy it is. A face-down enemy is never named (§11.7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hulldown.games.pacific.ids import unit_ref

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields
    from hulldown.games.pacific.units import Unit


def named(u: Unit, side: int) -> str:
    """A unit of ``side``'s own (or one ``side`` sees face up) as a label names it."""
    return f"{u.card.name} ({unit_ref(u, side)})"


def enemy_name(e: Unit) -> str:
    """An enemy unit as a label may name it: a face-down card stays unnamed (§11.7)."""
    return "a face-down unit" if e.face_down else e.card.name


def hand_names(st: PacificFields, slot: int) -> list[str]:
    """The sorted hand's cards by name, each with which copy it is if the hand holds several."""
    names = [st.db.name(st.cards[i]) for i in sorted(st.hands[slot].cards)]
    if len(set(names)) == len(names):
        return names
    return [n if names.count(n) == 1 else f"{n} (copy {names[:k].count(n) + 1})" for k, n in enumerate(names)]


def token_name(u: Unit, k: int) -> str:
    """The name of ``u``'s token ``k``; a second token of the same name is numbered."""
    names = [t.up.name for t in u.tokens]
    return names[k] if names.count(names[k]) == 1 else f"{names[k]} {names[:k].count(names[k]) + 1}"
