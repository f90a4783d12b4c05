"""§6 Lost attack subphase (docs/rules/tank-killers.md).

A mixin of the state: the legality and the effect of this chapter's clauses.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import Event
from hulldown.games.tank_killers.cards import E_END, E_LOST
from hulldown.games.tank_killers.fields import N_LOST, P_OVER, StateFields


@trait
class Sec6LostAttack(StateFields):
    __slots__ = ()

    def _play_lost(self, t: int, events: list[Event]) -> None:
        """§6.1 The defender plays a lost-attack card (its negation window opens first, §11)."""
        defender = 1 - self.active
        self._played(defender, t, events)
        self.played.append((defender, t))
        if self.R.negatable[t]:
            self._open_negation(N_LOST, t, defender)
        else:
            self._lost_effect(t, events)

    def _lost_effect(self, t: int, events: list[Event]) -> None:
        """§6.2 A lost-attack card takes effect: the attack is lost, or the turn ends."""
        e = self.R.teff[t]
        if e == E_LOST:
            events.append({"type": "lost_action", "to": "all"})
            self._end_phase(events)
        elif e == E_END:
            events.append({"type": "end_turn", "to": "all"})
            self._end_turn(events)
        else:  # out of action: the attacking unit goes to its casualty pile
            s = self.active
            self.in_play[s].remove(self.att)
            self._casualty(self.att, s, events)
            if self.phase != P_OVER:
                self._end_phase(events)
