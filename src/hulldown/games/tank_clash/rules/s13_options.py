"""§13 Supplementary rules (options) (docs/rules/tank-clash.md).

A mixin of the state: the legality and the effect of this chapter's clauses.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import Event, reveal
from hulldown.games.tank_clash.actions import TANK_IDS
from hulldown.games.tank_clash.data import KINDS
from hulldown.games.tank_clash.fields import HEAVY, StateFields
from hulldown.games.tank_clash.rules.s01_battlefield import MASK_RANGE, WITHIN


@trait
class Sec13Options(StateFields):
    __slots__ = ()

    def _reveal(self, t: int, events: list[Event]) -> None:
        """§13.2 Concealed tank ``t`` is turned face up: everyone sees its type and whether it is the ace."""
        if not self.concealed[t]:
            return
        self.concealed[t] = False
        seat = t // 5
        events.append(
            reveal(
                "revealed",
                tank=TANK_IDS[t],
                kind=KINDS[self.kind[t]],
                name=self.tank_name(t),
                ace=self.ace[seat] == t,
            )
        )

    def _check_reveals(self, events: list[Event]) -> None:
        """§13.2 two enemy tanks that are in range and sight of each other are both revealed."""
        conc = self.concealed
        if True not in conc:
            return
        h, occupant, seat1 = self.hex, self.occupant, self.occ_mask[1]
        for a in range(5):
            ha = h[a]
            if ha < 0:
                continue
            facing = self._fire_mask(a) & seat1  # seat 1's tanks that tank a could fire at
            while facing:
                low = facing & -facing
                facing ^= low
                b = occupant[low.bit_length() - 1]
                if (conc[a] or conc[b]) and (self._fire_mask(b) >> ha) & 1:
                    self._reveal(a, events)
                    self._reveal(b, events)

    def _check_reveals_of(self, t: int, events: list[Event]) -> None:
        """§13.2 after tank ``t`` alone has moved: only pairs with ``t`` in them can have come to
        face each other (tanks never block sight), every other pair was settled before."""
        conc, h = self.concealed, self.hex[t]
        if h < 0 or True not in conc:
            return
        occupant = self.occupant
        facing = self._fire_mask(t) & self.occ_mask[1 - t // 5]
        while facing:
            low = facing & -facing
            facing ^= low
            b = occupant[low.bit_length() - 1]
            if (conc[t] or conc[b]) and (self._fire_mask(b) >> h) & 1:
                first, second = (t, b) if t < b else (b, t)
                self._reveal(first, events)
                self._reveal(second, events)

    def _shows_speed(self, t: int, dest: int, bonus: int) -> bool:
        """§13.2 whether moving concealed tank ``t`` to ``dest`` shows the opponent it is no heavy
        tank: ``dest`` lies beyond a heavy tank's reach (all else moves as fast)."""
        start, seat = self.hex[t], t // 5
        if self.fast[t] or bonus < 0 or self.layout.forest[start]:
            return False  # known fast, an airdrop (2 hexes for all) or a forest start (1 hex)
        slow = self.side_stats[seat][HEAVY][2] + bonus
        if self.side_stats[seat][self.kind[t]][2] + bonus <= slow:
            return False
        enemy = self.occ_mask[1 - seat] & WITHIN[slow][start]
        return dest not in self._search_reach(start, slow, enemy)

    def _may_have_faced(self, t: int) -> bool:
        """§13.2 whether, after ``t`` moved, a pair with ``t`` and a concealed tank in it stays
        concealed although other tank types would have faced each other: that no reveal came
        tells the opponent which types they are not."""
        ht, conc = self.hex[t], self.concealed
        if ht < 0:
            return False
        seat = t // 5
        reach = [max(s[0] for s in self.side_stats[p]) for p in (0, 1)]
        lay = self.layout
        mine = lay.fire_mask(ht * MASK_RANGE + reach[seat])
        for b in self.tanks_of(1 - seat):
            hb = self.hex[b]
            if hb < 0 or not (conc[t] or conc[b]) or not (mine >> hb) & 1:
                continue
            if (lay.fire_mask(hb * MASK_RANGE + reach[1 - seat]) >> ht) & 1:
                return True
        return False
