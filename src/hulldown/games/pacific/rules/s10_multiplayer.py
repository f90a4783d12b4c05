"""§10 Multiplayer: which seats (slots) play a side, so that every chapter can ask the same way."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


def slots_of(st: PacificFields, side: int) -> list[int]:
    """§10.2 The slots that play ``side`` (the solo AI has one, §12)."""
    return [1] if st.is_ai_side(side) else st.side_slots[side]
