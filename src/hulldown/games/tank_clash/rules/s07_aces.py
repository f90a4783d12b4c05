"""§7 Aces (docs/rules/tank-clash.md).

A mixin of the state: the legality and the effect of this chapter's clauses
(the ace is assigned in set-up, 2.8, so that clause lives here too).
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import Event, private, public
from hulldown.games.tank_clash.actions import TANK_IDS
from hulldown.games.tank_clash.fields import VP_ACE, StateFields


@trait
class Sec7Aces(StateFields):
    __slots__ = ()

    def _assign_ace(self, t: int, events: list[Event]) -> None:
        """§2.8 Each player puts their ace under one of their tanks (hidden under fog of war)."""
        seat = self.active
        self.ace[seat] = t
        if self._options["fog_of_war"]:
            events.append(private([seat], "ace_assigned", seat=seat, tank=TANK_IDS[t]))
        else:
            events.append(public("ace_assigned", seat=seat, tank=TANK_IDS[t]))
        if seat == self.first:
            self.active = 1 - seat
            return
        if self._options["fog_of_war"]:
            self._check_reveals(events)
        self._start_turn(self.first, events)

    def _ace_bonus(self, a: int) -> int:
        """§7.2 The ace's tank adds 1 to its result; 7.3 with ``ace_reroll`` it may re-roll one die instead."""
        if self.ace[a // 5] != a:
            return 0
        if self._options["ace_reroll"]:
            self.at_rerolls = 1
            return 0
        return 1

    def _ace_dies(self, seat: int, events: list[Event]) -> None:
        """§7.4 The ace dies with its tank (a point to the enemy under 13.1)."""
        self.ace_dead[seat] = True
        events.append(public("ace_killed", seat=seat, tank=TANK_IDS[self.ace[seat]]))
        if self._options["victory_points"]:
            self._score(1 - seat, VP_ACE, "killed the ace", events)
