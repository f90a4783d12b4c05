"""§8 Resolution subphase (docs/rules/tank-killers.md).

A mixin of the state: the legality and the effect of this chapter's clauses.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import Event
from hulldown.games.tank_killers.fields import INFANTRY, N_OOA, P_FREE, P_OOA, P_OVER, StateFields


@trait
class Sec8Resolution(StateFields):
    __slots__ = ()

    def attack_factor(self) -> int:
        """§8.1 Penetration factor, or the infantry factor against infantry, with the modifiers."""
        R = self.R
        if R.fcls[self.tgt] & INFANTRY:
            return R.finf[self.att] + self.imod
        return R.fpen[self.att] + self.pmod

    def _resolve(self, events: list[Event]) -> None:
        """§8.1-8.3 The attack is resolved: a factor at least the defender's Def destroys it."""
        R = self.R
        factor = self.attack_factor()
        rolls = None
        if self.random_factor:
            a = self.roll(6)
            b = self.roll(6)
            self.last_roll = (a, b)
            factor += a - b
            rolls = [a, b]
        defense = R.fdef[self.tgt]
        hit = factor >= defense
        ev: Event = {"type": "resolution", "to": "all", "factor": factor, "defense": defense, "destroyed": hit}
        if rolls is not None:
            ev["rolls"] = rolls  # public: the observation shows the last roll too
        events.append(ev)
        if hit:
            self._destroy_target(events)
            if self.phase != P_OVER:
                self._end_phase(events)
        else:
            self.phase = P_OOA

    def _destroy_target(self, events: list[Event]) -> None:
        """§8.1 The defender is destroyed and goes to its casualty pile."""
        opp = 1 - self.active
        card = self.tgt
        if self.tgt_on_deck:
            deck = self.fdeck[opp]
            deck.pop()
            self.top_up[opp] = False
            self.tgt_on_deck = False
            self._casualty(card, opp, events)
            if not deck and self.phase != P_OVER:
                self._ran_out(opp, events)
        else:
            self.in_play[opp].remove(card)
            self._casualty(card, opp, events)

    def _play_ooa(self, t: int, events: list[Event]) -> None:
        """§8.5 After a failed attack, a Damage or Morale card with "Out of Action" puts the defender out."""
        s = self.active
        self._played(s, t, events)
        self.played.append((s, t))
        if self.R.negatable[t]:
            self._open_negation(N_OOA, t, s)
            return
        self._destroy_target(events)
        if self.phase != P_OVER:
            self._end_phase(events)

    def _end_phase(self, events: list[Event]) -> None:
        """§8.4 A phase ends: an attacking support card goes to its casualty pile."""
        s = self.active
        att = self.att
        self.last_att = att
        self.last_tgt = self.tgt
        if att >= 0 and self.R.fsupport[att]:
            ip = self.in_play[s]
            if att in ip:
                ip.remove(att)
                self._casualty(att, s, events)
        self.att = -1
        self.tgt = -1
        self.tgt_on_deck = False
        if self.phase == P_OVER:
            return
        if self.can_attack(s):
            self.phase = P_FREE
        else:
            self._end_turn(events)

    def can_attack(self, s: int) -> bool:
        """§10.4 Whether a free attack is possible: not waiting for a full exchange (§13), and a unit to attack with."""
        if self.waiting[s]:
            return False
        return bool(self.fdeck[s]) or bool(self.in_play[s])
