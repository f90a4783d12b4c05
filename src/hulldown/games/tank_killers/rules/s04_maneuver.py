"""§4 Maneuver phase (docs/rules/tank-killers.md).

A mixin of the state: the legality and the effect of this chapter's clauses.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import REVEAL, Action, Event
from hulldown.games.tank_killers.fields import DRAW, HAND_LIMIT, P_MANEUVER, StateFields


@trait
class Sec4Maneuver(StateFields):
    __slots__ = ()

    def _maneuver(self, events: list[Event]) -> None:
        """§4.1 The maneuver phase opens: the active player draws three tactics cards."""
        s = self.active
        hand = self.hands[s]
        deck = self.tdeck
        tname = self.R.tname
        tt = self.R.ttype
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
            drawn.append(tname[tt[c]])
        events.append({"type": "drew", "to": "all", "seat": s, "count": len(drawn)})
        events.append({"type": "drew_cards", "to": [s], "cards": drawn})
        self.phase = P_MANEUVER

    def _maneuver_actions(self) -> list[Action]:
        """§4.2-4.3 Maneuver: discard down to the hand limit, play Reserves or Reinforcements, or go on to attack."""
        R = self.R
        s = self.active
        hand = self.hands[s]
        tt = R.ttype
        play = R.PLAY
        # Reserves and Reinforcements only count with a casualty to bring back.
        recover = R.recover if self.casualty[s] else None
        if len(hand) <= HAND_LIMIT:
            out: list[Action] = [R.PASS]
            if recover is not None:
                seen = 0
                for c in hand:
                    t = tt[c]
                    if recover[t] and not (seen >> t) & 1:
                        seen |= 1 << t
                        out.append(play[t])
            return out
        # Over the limit every card is listed: a list of the types seen is cheaper here
        # than a bit mask, whose bits reach past a machine word.
        out = []
        types: list[int] = []
        discard = R.DISCARD
        for c in hand:
            t = tt[c]
            if t in types:
                continue
            types.append(t)
            out.append(discard[t])
            if recover is not None and recover[t]:
                out.append(play[t])
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
