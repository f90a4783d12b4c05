"""§4 Maneuver phase (docs/rules/tank-killers.md).

A mixin of the state: the legality and the effect of this chapter's clauses.
"""

from __future__ import annotations

from hulldown.engine.state import REVEAL, Action, Event
from hulldown.games.tank_killers.fields import DRAW, HAND_LIMIT, P_MANEUVER, StateFields


class Sec4Maneuver(StateFields):
    __slots__ = ()

    def _maneuver(self, events: list[Event]) -> None:
        """§4.1 The maneuver phase opens: the active player draws three tactics cards."""
        s = self.active
        hand = self.hands[s]
        deck = self.tdeck
        drawn: list[str] = []
        for _ in range(DRAW):
            if not deck:
                if not self.tdiscard:
                    break
                deck = self.tdeck = self.tdiscard
                self.tdiscard = []
                self.shuffle(deck)
                events.append({"type": "tactics_reshuffled", "to": "all", "cards": len(deck)})
            c = deck.pop()
            hand.append(c)
            drawn.append(self.R.tname[self.R.ttype[c]])
        events.append({"type": "drew", "to": "all", "seat": s, "count": len(drawn)})
        events.append({"type": "drew_cards", "to": [s], "cards": drawn})
        self.phase = P_MANEUVER

    def _maneuver_actions(self) -> list[Action]:
        """§4.2-4.3 Maneuver: discard down to the hand limit, play Reserves or Reinforcements, or go on to attack."""
        R = self.R
        s = self.active
        hand = self.hands[s]
        over = len(hand) > HAND_LIMIT
        tt = R.ttype
        can_recover = bool(self.casualty[s])
        if not over:
            if not can_recover:
                return [R.PASS]
            recover = R.recover
            if not any(recover[tt[c]] for c in hand):
                return [R.PASS]
        out: list[Action] = [] if over else [R.PASS]
        seen = 0
        for c in hand:
            t = tt[c]
            if (seen >> t) & 1:
                continue
            seen |= 1 << t
            if over:
                out.append(R.DISCARD[t])
            if can_recover and R.recover[t]:
                out.append(R.PLAY[t])
        return out

    def _discard_excess(self, t: int, events: list[Event]) -> None:
        """§4.2 A card is discarded while the hand holds more than nine."""
        c = self._take(self.active, t)
        self.shown.append(c)
        events.append({"type": "discarded", "to": "all", REVEAL: True, "seat": self.active, "card": self.R.tname[t]})

    def _play_reserves(self, t: int, events: list[Event]) -> None:
        """§14.1 Reserves / Reinforcements: top casualty card to the bottom of the reserve pile."""
        s = self.active
        self._played(s, t, events)
        card = self.casualty[s].pop()
        self.reserve[s].insert(0, card)
        self.shown.append(card)
        events.append({"type": "recovered", "to": "all", "seat": s, "card": self.R.fname[card]})
