"""§8 Tactical cards (docs/rules/tank-clash.md).

A mixin of the state: the legality and the effect of this chapter's clauses.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import Action, Event, public
from hulldown.games.tank_clash.actions import (
    TACTICAL_HEX_ACT,
    TACTICAL_PLAIN_ACT,
    TACTICAL_TANK_ACT,
    TANK_IDS,
    TankClashAction,
)
from hulldown.games.tank_clash.fields import StateFields
from hulldown.games.tank_clash.rules.s01_battlefield import ADJ, GRID, SIZE, TERRITORY

#: 8.2 (designed) air support pattern: the hex and two hexes either side in its row.
AIR_ROW = tuple(
    tuple(GRID.index(c + k, r) for k in range(-2, 3) if 0 <= c + k < GRID.width)
    for c, r in (GRID.coords(h) for h in range(GRID.size))
)
#: 8.1 artillery support: the hex and the six around it
ART_HEXES = tuple((h, *ADJ[h]) for h in range(SIZE))


@trait
class Sec8Tactical(StateFields):
    __slots__ = ()

    def _tactical_actions(self, seat: int) -> list[Action]:
        """§8.1 the cards still face up, each with the targets that touch an enemy tank."""
        out: list[Action] = []
        used = self.tac_used[seat]
        if self.tac_barred:  # 2.9 a barred card is never face up
            used = (*used, *self.tac_barred)
        hx = self.hex
        lo = 5 - 5 * seat  # the enemy's first tank
        hexes: set[int] = set()
        if self.smoke[seat]:  # 8.5: under smoke no strike, nor the infantry that backs an attack
            used = (*used, "artillery", "air", "infantry")
        if "artillery" not in used:
            for e in range(lo, lo + 5):
                if hx[e] >= 0:
                    hexes.update(ART_HEXES[hx[e]])
            row = TACTICAL_HEX_ACT["artillery"]
            out += [row[h] for h in sorted(hexes)]
        if "air" not in used:
            hexes = set()
            for e in range(lo, lo + 5):
                if hx[e] >= 0:
                    hexes.update(AIR_ROW[hx[e]])
            row = TACTICAL_HEX_ACT["air"]
            out += [row[h] for h in sorted(hexes)]
        if "infantry" not in used:
            out.append(TACTICAL_PLAIN_ACT["infantry"])
        if "smoke" not in used:
            out.append(TACTICAL_PLAIN_ACT["smoke"])
        if "repair" not in used:
            row = TACTICAL_TANK_ACT["repair"]
            stats, kind, armour = self.side_stats[seat], self.kind, self.armour
            for t in range(seat * 5, seat * 5 + 5):
                if hx[t] >= 0 and armour[t] < stats[kind[t]][1]:
                    out.append(row[t])
        if "mines" not in used:
            row = TACTICAL_TANK_ACT["mines"]
            # 8.6 the enemy tank must be in the player's territory (rows 1-7 from the player's edge)
            first, last = (0, TERRITORY) if seat == 0 else (TERRITORY, SIZE)
            for e in range(lo, lo + 5):
                if first <= hx[e] < last:
                    out.append(row[e])
        return out

    def _play_tactical(self, seat: int, action: TankClashAction, events: list[Event]) -> None:
        """§8.1 start of turn, one per turn, each card once per game, no range limit."""
        card = action.card
        self.tac_used[seat] = (*self.tac_used[seat], card)
        self.tac_turn = True
        if action.aimed_at:
            events.append(public("tactical", seat=seat, card=card, target=action.aimed_at))
        else:
            events.append(public("tactical", seat=seat, card=card))
        if card in ("artillery", "air", "infantry") and self._options["tactical_activation"]:
            roll = self.roll(6)  # 13.3 activation roll: 3 to 6
            ok = roll >= 3
            events.append(public("activation", seat=seat, card=card, roll=roll, success=ok))
            if not ok:
                return
        g = self.field.grid
        enemy_seat = 1 - seat
        if card in ("artillery", "air"):
            h = action.hex
            if card == "artillery":
                around = list(g.adjacency[h])
            else:  # 8.2 designed pattern: two hexes either side in the same row
                c, r = g.coords(h)
                around = [g.index(c + k, r) for k in (-2, -1, 1, 2) if 0 <= c + k < g.width]
            o = self.occupant[h]
            if o >= 0 and o // 5 == enemy_seat:
                self._lose_armour(o, events)
            for n in around:
                o = self.occupant[n]
                if o >= 0 and o // 5 == enemy_seat:  # no friendly fire
                    self._add_damage(o, 1, events)
        elif card == "infantry":
            self.infantry += 1
        elif card == "smoke":
            self.smoke[enemy_seat] = True
        elif card == "repair":
            t = action.tank
            self.armour[t] += 1
            events.append(public("armour_restored", tank=TANK_IDS[t], armour=self.armour[t]))
        elif card == "mines":
            self._add_damage(action.tank, 2, events)
        self._check_victory(events)
