"""§10 Free attack phase (docs/rules/tank-killers.md).

A mixin of the state: the legality and the effect of this chapter's clauses.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import Action, Event
from hulldown.games.tank_killers.fields import N_FREE, P_SAME, StateFields


@trait
class Sec10FreeAttack(StateFields):
    __slots__ = ()

    def _free_actions(self) -> list[Action]:
        """§10.1 After an attack phase the active player may play one Free Action card, or pass."""
        R = self.R
        s = self.active
        out = [R.PASS]
        row = R.free_table(s, self.last_att, self.last_tgt)
        deck_ok = bool(self.fdeck[s])
        units = self.in_play[s]
        fcls = R.fcls
        tt = R.ttype
        tsame = R.tsame
        types: list[int] = []  # listed already (cheaper than a bit mask past a machine word)
        for c in self.hands[s]:
            t = tt[c]
            if not row[t] or t in types:
                continue
            types.append(t)
            if tsame[t]:
                m = R.tatt[t]
                ok = any(fcls[u] & m for u in units) if m else deck_ok or bool(units)
            else:
                ok = deck_ok
            if ok:
                out.append(R.PLAY[t])
        return out

    def _play_free(self, t: int, events: list[Event]) -> None:
        """§10.1 A Free Action card is played (its negation window opens first, §11)."""
        s = self.active
        self._played(s, t, events)
        if self.R.negatable[t]:
            self._open_negation(N_FREE, t, s)
        else:
            self._free_effect(t, events)

    def _free_effect(self, t: int, events: list[Event]) -> None:
        """§10.1-10.2 A free action takes effect: a new attack by a unit of the player's choice, or by the same unit."""
        if self.R.tsame[t]:
            self.free_t = t
            self.phase = P_SAME
        else:
            self._reveal_attacker(events)

    def _same_actions(self) -> list[Action]:
        """§10.2 With "Same unit" the player chooses which of his units in play attacks again."""
        R = self.R
        s = self.active
        m = R.tatt[self.free_t]
        out = []
        if not m and self.fdeck[s]:
            out.append(R.ATTACKER_DECK)
        seen = 0
        for c in self.in_play[s]:
            i = R.fnameid[c]
            if (not m or R.fcls[c] & m) and not (seen >> i) & 1:
                seen |= 1 << i
                out.append(R.ATTACKER[i])
        return out

    def _choose_free_attacker(self, arg: int, events: list[Event]) -> None:
        """§10.2 The unit that makes the free attack is chosen; a new attack begins."""
        self.free_t = -1
        if arg < 0:
            self._reveal_attacker(events)
            return
        R = self.R
        s = self.active
        card = next(c for c in self.in_play[s] if R.fnameid[c] == arg)
        self.shown.append(card)
        events.append({"type": "attacker", "to": "all", "seat": s, "card": R.fname[card], "again": True})
        self._start_attack(card, events)
