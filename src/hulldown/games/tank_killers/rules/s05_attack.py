"""§5 Attack phase: attacker and target (docs/rules/tank-killers.md).

A mixin of the state: the legality and the effect of this chapter's clauses.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import REVEAL, Event, mark_reveal
from hulldown.games.tank_killers.fields import P_LOST, P_TARGET, StateFields


@trait
class Sec5Attack(StateFields):
    __slots__ = ()

    def _attacker_subphase(self, events: list[Event]) -> None:
        """§5.1 The attacker subphase: a unit in play attacks again, or the top of the formation deck is turned up."""
        s = self.active
        ip = self.in_play[s]
        if ip:
            self.reserve[s].extend(ip)
            ip.clear()
        if not self.fdeck[s]:
            self._rebuild(s, events)
        if self.waiting[s] or not self.fdeck[s]:
            events.append({"type": "cannot_attack", "to": "all", "seat": s})
            self._end_turn(events)
            return
        self._reveal_attacker(events)

    def _reveal_attacker(self, events: list[Event]) -> None:
        """§5.1 The top card of the active player's formation deck is turned up to attack."""
        s = self.active
        deck = self.fdeck[s]
        c = deck.pop()
        self.top_up[s] = False
        self.in_play[s].append(c)
        self.shown.append(c)
        events.append({"type": "attacker", "to": "all", REVEAL: True, "seat": s, "card": self.R.fname[c]})
        if not deck:
            self._ran_out(s, events)
        self._start_attack(c, events)

    def _start_attack(self, card: int, events: list[Event]) -> None:
        """§5.2 An attack begins with this unit: the target subphase opens."""
        self._clear_attack()
        self.att = card
        self.phase = P_TARGET
        opp = 1 - self.active
        if not self.fdeck[opp] and not self.in_play[opp]:
            self._end_phase(events)

    def _choose_target(self, arg: int, events: list[Event]) -> None:
        """§5.2-5.4 The attacker picks an opposing unit in play or the top card of the opponent's formation deck."""
        R = self.R
        opp = 1 - self.active
        if arg < 0:
            deck = self.fdeck[opp]
            card = deck[-1]
            # a top card already face up (a target missed before) shows nothing new
            turned_up = not self.top_up[opp]
            self.top_up[opp] = True
            self.shown.append(card)
            ev = {"type": "target", "to": "all", "seat": opp, "card": R.fname[card], "from": "deck"}
            events.append(mark_reveal(ev) if turned_up else ev)
            if R.fsupport[card]:
                deck.pop()
                self.top_up[opp] = False
                self.reserve[opp].append(card)
                events.append({"type": "support_to_reserve", "to": "all", "seat": opp, "card": R.fname[card]})
                self.tgt = card
                if not deck:
                    self._ran_out(opp, events)
                self._end_phase(events)
                return
            self.tgt_on_deck = True
        else:
            nid = R.fnameid
            for card in self.in_play[opp]:
                if nid[card] == arg:
                    break
            self.shown.append(card)
            events.append({"type": "target", "to": "all", "seat": opp, "card": R.fname[card], "from": "play"})
        self.tgt = card
        self.row_lost, self.row_mod, self.row_ooa = R.tables(self.att, card)
        self.phase = P_LOST
