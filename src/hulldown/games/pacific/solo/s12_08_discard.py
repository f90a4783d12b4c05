"""§12.8 Discard: the cards the AI keeps by its table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hulldown.engine import Event
from hulldown.games.pacific.solo.s12_00_common import Pick, ordered
from hulldown.games.pacific.solo.s12_04_priorities import priority
from hulldown.games.pacific.solo.words import Said, note

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


#: §12.8 Discard table: (priority 1, priority 2, priority 3 cards kept, costliest first?)
_EACH_HIGH, _EACH_LOW = (1, 1, 1, True), (1, 1, 1, False)


KEEP = {
    "variable": {"initial": _EACH_HIGH, "low": (2, 1, 0, False), "mid": _EACH_HIGH, "high": (2, 1, 0, True)},
    "offensive": {"initial": _EACH_HIGH, "low": _EACH_LOW, "mid": (2, 1, 0, False), "high": _EACH_HIGH},
    "defensive": {"initial": _EACH_HIGH, "low": _EACH_LOW, "mid": (2, 1, 0, False), "high": _EACH_HIGH},
}


def discard(st: PacificFields, b: str, events: list[Event], table: str = "variable") -> None:
    """§12.8: keep one or two unit cards per priority by the table, then up to 3 more, discard the rest."""
    hand = st.hands[1]
    keep: list[int] = []
    pri = {i: priority(st, table, b, st.cards[i]) for i in hand}
    per = KEEP[table][b]
    for level in (1, 2, 3):
        cands = [i for i in hand if pri[i] == level and st.unit_card(i) is not None]
        picks = ordered(st, [Pick(i, level, st.db.cost(st.cards[i]), [], "") for i in cands])
        if not per[3]:
            picks = _ordered_low(st, picks)
        keep += [p.iid for p in picks[: per[level - 1]]]
    rest_units = sorted(
        (i for i in hand if i not in keep and not 1 <= pri[i] <= 3 and st.unit_card(i) is not None),
        key=lambda i: (st.db.cost(st.cards[i]), i),
    )
    rest_support = sorted(
        (i for i in hand if i not in keep and not 1 <= pri[i] <= 3 and st.unit_card(i) is None),
        key=lambda i: (st.db.cost(st.cards[i]), i),
    )
    keep += (rest_units + rest_support)[:3]
    for iid in list(hand):
        if iid not in keep:
            hand.remove(iid)
            st.discards[1].put_top(iid)
    note(st, Said.of("ai.discard-keep", n=len(keep)), events)


def _ordered_low(st: PacificFields, picks: list[Pick]) -> list[Pick]:
    """§12.8 Lowest cost first, keeping the die-rolled order among equal costs."""
    return sorted(picks, key=lambda p: p.cost)
