"""§1 Cards and decks: taking, playing and losing cards (docs/rules/tank-killers.md).

A mixin of the state: the legality and the effect of this chapter's clauses.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import REVEAL, Event
from hulldown.games.tank_killers.fields import P_OVER, StateFields


@trait
class Sec1Cards(StateFields):
    __slots__ = ()

    def _take(self, seat: int, t: int) -> int:
        """§6-11 Take a card of type ``t`` from a hand and put it face up on the tactics discard pile."""
        hand = self.hands[seat]
        tt = self.R.ttype
        for i, c in enumerate(hand):
            if tt[c] == t:
                del hand[i]
                self.tdiscard.append(c)
                return c
        raise AssertionError("card not in hand")  # legality guarantees it

    def _played(self, seat: int, t: int, events: list[Event]) -> int:
        """§6-11 A tactics card is played: taken from the hand, recorded for this attack and announced to both seats."""
        c = self._take(seat, t)
        self.shown.append(c)
        events.append({"type": "played", "to": "all", REVEAL: True, "seat": seat, "card": self.R.tname[t]})
        return c

    def _casualty(self, card: int, seat: int, events: list[Event]) -> None:
        """§12.1 A destroyed or out-of-action unit goes to its casualty pile; half the formation there loses."""
        cas = self.casualty[seat]
        cas.append(card)
        self.shown.append(card)
        events.append({"type": "casualty", "to": "all", "seat": seat, "card": self.R.fname[card]})
        if 2 * len(cas) >= self.R.fsize[seat] and self.winner < 0:
            self.winner = 1 - seat
            self.phase = P_OVER
            events.append({"type": "game_over", "to": "all", "winner": 1 - seat})

    def _ran_out(self, seat: int, events: list[Event]) -> None:
        """§13.1 The full exchange rule: an empty formation deck is rebuilt from the reserve pile."""
        other = 1 - seat
        if self.waiting[other]:
            self.waiting[other] = False
            self.exchanges += 1
        else:
            self.waiting[seat] = True
        self._rebuild(seat, events)

    def _rebuild(self, seat: int, events: list[Event]) -> None:
        """§13.1 A formation deck is rebuilt: its reserve pile, shuffled, becomes the deck again."""
        res = self.reserve[seat]
        if res and not self.fdeck[seat]:
            self.fdeck[seat] = res
            self.reserve[seat] = []
            self.shuffle(res)
            self.top_up[seat] = False
            events.append({"type": "formation_rebuilt", "to": "all", "seat": seat, "cards": len(res)})
