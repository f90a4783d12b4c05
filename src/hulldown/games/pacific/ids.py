"""How an action's fields name things of the state: hand positions, units by space or bay.

The ids themselves, and the RL action space's layout, are actions.py's; this module turns the
references the fields hold into the state's card instances and units, and back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hulldown.games.pacific import grid
from hulldown.games.pacific.actions import (
    BAYS,
    ENEMY_BAYS,
    HAND_REFS,
    HAND_SLOTS,
    MAX_BID,
    MAX_LENDLEASE,
    MAX_TA,
    OWN_BAYS,
    TOKENS,
    UNIT_REFS,
    all_action_ids,
)
from hulldown.games.pacific.grid import SPACE_NAMES

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields
    from hulldown.games.pacific.units import Unit

__all__ = [
    "BAYS", "ENEMY_BAYS", "HAND_REFS", "HAND_SLOTS", "MAX_BID", "MAX_LENDLEASE", "MAX_TA", "OWN_BAYS",
    "SPACE_NAMES", "TOKENS", "UNIT_REFS", "all_action_ids", "find_unit", "hand_card", "hand_card_at",
    "hand_ref", "target_internal", "target_ref", "unit_on", "unit_ref",
]  # fmt: skip


def hand_ref(st: PacificFields, slot: int, iid: int) -> str | None:
    """``h<k>``: the card's position in the sorted hand, or None past the nameable positions."""
    k = sorted(st.hands[slot].cards).index(iid)
    return HAND_REFS[k] if k < HAND_SLOTS else None


def hand_card(st: PacificFields, slot: int, ref: str) -> int:
    """The card instance a hand position names (raises ValueError on a bad reference)."""
    if not ref.startswith("h"):
        raise ValueError(ref)
    return sorted(st.hands[slot].cards)[int(ref[1:]) - 1]


def unit_ref(u: Unit, side: int) -> str:
    """How the acting ``side`` names unit ``u``: its space, or its bay beside an HQ."""
    if u.space >= 0:
        return SPACE_NAMES[u.space]
    return f"a{u.bay}" if u.side == side else f"e{u.bay}"


def find_unit(st: PacificFields, ref: str, side: int) -> Unit:
    """The unit a reference names for the acting ``side`` (KeyError/ValueError if none)."""
    c = ref[0]
    if c in "ae":
        want_side = side if c == "a" else 1 - side
        bay = int(ref[1:])
        for u in st.units.values():
            if u.space < 0 and u.side == want_side and u.bay == bay:
                return u
        raise KeyError(ref)
    uid = st.board[grid.parse(ref)]
    if uid < 0:
        raise KeyError(ref)
    return st.units[uid]


def hand_card_at(st: PacificFields, slot: int, k: int) -> int:
    """The card instance at position ``k`` of the sorted hand (an action's ``hand`` field)."""
    return sorted(st.hands[slot].cards)[k]


def unit_on(st: PacificFields, s: int) -> Unit:
    """The unit on space ``s`` (an action's space field; KeyError if the space is empty)."""
    uid = st.board[s]
    if uid < 0:
        raise KeyError(s)
    return st.units[uid]


def target_ref(st: PacificFields, tid: str, side: int) -> str:
    """The form a :class:`~actions.Fire` target takes of an internal fire target (``u<iid>``, ``t<space>``, ``hq``)."""
    if tid[0] == "u":
        return unit_ref(st.units[int(tid[1:])], side)
    if tid[0] == "t":
        return tid[1:]
    return tid


def target_internal(st: PacificFields, u: Unit, weapon: str, ref: str) -> str:
    """The internal fire target a Fire target names: the unit on the space, else its terrain or smoke."""
    if ref == "hq":
        return ref
    if ref[0] == "e":
        return f"u{find_unit(st, ref, u.side).iid}"
    s = grid.parse(ref)
    if weapon != "main" and u.tokens[int(weapon)].up.effect == "smoke-screen":
        return f"s{ref}"
    if st.board[s] >= 0:
        return f"u{st.board[s]}"
    return f"t{ref}"
