"""§5 Attacks (docs/rules/tank-clash.md).

A mixin of the state: the legality and the effect of this chapter's clauses.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import Event, public
from hulldown.games.tank_clash.actions import TANK_IDS
from hulldown.games.tank_clash.data import KINDS
from hulldown.games.tank_clash.fields import (
    ATK_DEF,
    ATK_DEFLECT,
    ATK_RED,
    ATK_REROLL,
    RESULTS,
    SCARE,
    VP_KIND,
    StateFields,
)
from hulldown.games.tank_clash.rules.s01_battlefield import ADJ, DIST, MASK_RANGE, SIZE, UNKNOWN


@trait
class Sec5Attacks(StateFields):
    __slots__ = ()

    def _clear_attack(self) -> None:
        """§5.4 No attack under way: its dice, modifiers and extras are gone."""
        self.at_a = -1
        self.at_t = -1
        self.at_dice = []
        self.at_mod = 0
        self.at_extra = 0
        self.at_rerolls = 0

    def can_target(self, a_hex: int, t_hex: int, rng: int) -> bool:
        """§5.2 range = firepower; 5.3 line of sight; 4.5 forest concealment."""
        i = a_hex * SIZE + t_hex
        d = DIST[i]
        if d > rng:
            return False
        if d >= MASK_RANGE:  # beyond the cached tables (no tank in the data reaches this far)
            return self.layout.sight_value(a_hex, t_hex) <= rng
        v = self.layout.sight[i]
        if v == UNKNOWN:
            v = self.layout.fill_sight(i)
        return v <= rng

    def _fire_mask(self, t: int) -> int:
        """§5.2-5.3 The hexes tank ``t`` may attack from where it stands, as a bit mask."""
        k = self.hex[t] * MASK_RANGE + self.side_stats[t // 5][self.kind[t]][0]
        aim = self.layout.fire[k]
        return aim if aim >= 0 else self.layout.fire_mask(k)

    def targets(self, t: int) -> list[int]:
        """§5.2 Enemy tanks ``t`` may attack now (5.2, 5.3, 4.5; the same test as can_target)."""
        m = self._fire_mask(t) & self.occ_mask[1 - t // 5]
        if not m:
            return []
        hx = self.hex
        lo = 5 if t < 5 else 0
        return [e for e in range(lo, lo + 5) if hx[e] >= 0 and (m >> hx[e]) & 1]

    def _declare_attack(self, a: int, t: int, events: list[Event]) -> None:
        """§5.1 An attack is declared: under fog of war both tanks show (13.2); the ace (7.2, 7.3),
        infantry (8.3) and a checkpoint (6.3) set the modifiers; then the morale windows (10.2)."""
        if self._options["fog_of_war"]:
            self._reveal(a, events)
            self._reveal(t, events)
        self.attacked[a] = True
        self.at_a, self.at_t = a, t
        self.at_extra = self.infantry  # 8.3 infantry support: one more die
        self.infantry = 0
        mod = self._ace_bonus(a)
        cp = self.cp_at.get(self.hex[t])
        if cp is not None and self.cp_holder[cp] == t // 5:
            mod -= 1  # 6.3 defender on its checkpoint
        self.at_mod = mod
        events.append(public("attack", attacker=TANK_IDS[a], target=TANK_IDS[t]))
        # 10.2 the attacker's window before the roll (10.6 attack cards)
        if self._asks(a // 5, self._holds_red):
            self.phase = ATK_RED
        else:
            self._to_defender_window(events)

    def _to_defender_window(self, events: list[Event]) -> None:
        """§10.2 the defender may answer before the roll (10.7 Conceal, 10.8 Ambush and the
        anytime cards), asked as ``_asks`` says."""
        if self._asks(1 - self.active, self._holds_defence):
            self.phase = ATK_DEF
        else:
            self._roll_attack(events)

    def _roll_attack(self, events: list[Event]) -> None:
        """§5.4 roll as many dice as the firepower (plus extras) and keep the highest."""
        n = self.stats(self.at_a)[0] + self.at_extra
        self.at_dice = [self.roll(6) for _ in range(n)]
        events.append(public("dice", attacker=TANK_IDS[self.at_a], dice=list(self.at_dice), modifier=self.at_mod))
        self._after_roll(events)

    def result(self) -> int:
        """§5.4 The highest die plus the modifiers, held to the table's 1..6."""
        return max(1, min(6, max(self.at_dice) + self.at_mod))

    def _after_roll(self, events: list[Event]) -> None:
        """§5.4 After the roll: a re-roll left (7.3, 10.6), the defender's Deflect (10.7), or the result."""
        if self.at_rerolls > 0:
            self.phase = ATK_REROLL
            return
        if self.result() >= 5 and self._asks(1 - self.active, self._holds_deflect):
            self.phase = ATK_DEFLECT
            return
        self._resolve_attack(events)

    def _reroll_one(self, value: int, events: list[Event]) -> None:
        """§7.3 Re-roll one die showing ``value`` (the ace's or Experience's re-roll)."""
        i = self.at_dice.index(value)
        self.at_dice[i] = self.roll(6)
        self.at_rerolls -= 1
        events.append(public("rerolled", attacker=TANK_IDS[self.at_a], dice=list(self.at_dice)))

    def _resolve_attack(self, events: list[Event]) -> None:
        """§5.5 the dice table."""
        a, t = self.at_a, self.at_t
        r = self.result()
        events.append(public("attack_result", attacker=TANK_IDS[a], target=TANK_IDS[t], result=RESULTS[r]))
        if r >= 5:
            self._lose_armour(t, events, by=a)
            if r == 6 and not self._options["morale_on_crossing"]:
                self._draw_morale(a // 5, events)  # 5.5 critical hit: a morale card
        elif r >= 3:
            self._add_damage(t, 2 if r == 4 else 1, events, by=a)
        elif r == 2 and self.hex[t] >= 0 and self._retreat_hexes(t):
            self.phase = SCARE  # 5.6 the attacker picks the retreat hex
            return
        self._finish_action(events)

    def _retreat_hexes(self, t: int) -> list[int]:
        """§5.6 one hex away, a hex the tank could enter and that is free."""
        occ, passable = self.occupant, self.layout.passable
        return sorted(h for h in ADJ[self.hex[t]] if passable[h] and occ[h] < 0)

    def _retreat(self, t: int, h: int, events: list[Event]) -> None:
        """§5.6 a scared tank is pushed, it does not move: no capture, no repair."""
        frm = self.hex[t]
        self.relocate(t, h)
        events.append(public("retreated", tank=TANK_IDS[t], **{"from": self.hex_name(frm)}, to_hex=self.hex_name(h)))
        if self._options["fog_of_war"]:
            self._check_reveals_of(t, events)
            if self._may_have_faced(t):
                self.declare_reveal()

    def _lose_armour(self, t: int, events: list[Event], by: int = -1) -> None:
        """§5.8 a hit removes an armour token (and with it any damage tokens: a tank stays
        damaged "until it loses an armour token"); a tank without armour is destroyed."""
        self._reveal(t, events)
        if self.armour[t] > 0:
            self.armour[t] -= 1
            self.damage[t] = 0
            events.append(public("armour_lost", tank=TANK_IDS[t], armour=self.armour[t]))
        else:
            self._destroy(t, events, by)

    def _add_damage(self, t: int, n: int, events: list[Event], by: int = -1) -> None:
        """§5.7 damage tokens; at 3 they are discarded and an armour token goes."""
        self._reveal(t, events)
        self.damage[t] += n
        events.append(public("damaged", tank=TANK_IDS[t], damage=self.damage[t]))
        if self.damage[t] >= 3:
            self.damage[t] = 0
            self._lose_armour(t, events, by)

    def _destroy(self, t: int, events: list[Event], by: int) -> None:
        """§5.8 A destroyed tank leaves the board; 7.4 its ace dies with it; 13.1 points to the enemy."""
        self.stakes = True
        seat = t // 5
        self.relocate(t, -1)
        self.destroyed[t] = True
        self.damage[t] = 0
        events.append(public("destroyed", tank=TANK_IDS[t], kind=KINDS[self.kind[t]]))
        enemy = 1 - seat
        if self._options["victory_points"]:
            self._score(enemy, VP_KIND[self.kind[t]], f"destroyed a {KINDS[self.kind[t]]} tank", events)
        if self.ace[seat] == t:
            self._ace_dies(seat, events)
