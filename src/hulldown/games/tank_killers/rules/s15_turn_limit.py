"""§15 Turn limit: the end of a turn (docs/rules/tank-killers.md).

A mixin of the state: the legality and the effect of this chapter's clauses.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import Event
from hulldown.games.tank_killers.fields import DRAWN, P_OVER, StateFields


@trait
class Sec15TurnLimit(StateFields):
    __slots__ = ()

    def _end_turn(self, events: list[Event]) -> None:
        """§15.1 The turn ends (also by an End Turn card); at the turn limit the game is drawn."""
        if self.att >= 0:
            s = self.active
            att = self.att
            self.last_att, self.last_tgt = att, self.tgt
            self.att = -1
            self.tgt = -1
            self.tgt_on_deck = False
            if self.R.fsupport[att] and att in self.in_play[s]:
                self.in_play[s].remove(att)
                self._casualty(att, s, events)
                if self.phase == P_OVER:
                    return
        self._clear_attack()
        self.last_att = self.last_tgt = -1
        self.turn += 1
        if self.turn >= self.turn_limit:
            self.winner = DRAWN
            self.phase = P_OVER
            events.append({"type": "game_over", "to": "all", "winner": None})
            return
        self.active = 1 - self.active
        self.mod_seat = self.active
        self._maneuver(events)
