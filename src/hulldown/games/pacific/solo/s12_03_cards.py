"""§12.3 Card phase: the AI's draw by hand size."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hulldown.engine import Event
from hulldown.games.pacific.solo.words import Said, note

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


#: §12.3 cards to draw by hand size
DRAWS = {0: 7, 1: 6, 2: 5, 3: 4, 4: 3}


def card_phase(st: PacificFields, events: list[Event]) -> None:
    """§12.3: reveal the hand, draw by its size; no unit able to shoot: replace the hand."""
    hand = st.hands[1]
    n = DRAWS.get(len(hand), 2)
    st._draw(1, n)
    st.ai_revealed = True
    note(st, Said.of("ai.cards-draw", hand=len(hand) - n, n=n), events)
    if not any((u := st.unit_card(i)) is not None and u.damage > 0 for i in hand):
        k = len(hand)
        st.discards[1].extend(hand.take_all())
        st._draw(1, k)
        note(st, Said.of("ai.cards-redraw", n=k), events)
