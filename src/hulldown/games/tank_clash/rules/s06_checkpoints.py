"""§6 Checkpoints (docs/rules/tank-clash.md).

A mixin of the state: the legality and the effect of this chapter's clauses.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import Event, public
from hulldown.games.tank_clash.actions import TANK_IDS
from hulldown.games.tank_clash.fields import VP_CHECKPOINT, VP_CROSSING, StateFields


@trait
class Sec6Checkpoints(StateFields):
    __slots__ = ()

    def _arrive(self, t: int, events: list[Event]) -> None:
        """§6.2/6.4 What ending a move on a hex does: capture, repair; 10.5/13.1 a first crossing."""
        seat = t // 5
        h = self.hex[t]
        cp = self.cp_at.get(h)
        if cp is not None:
            self.stakes = True
            owner = cp // 3
            if owner != seat and self.cp_holder[cp] == owner:
                self.cp_holder[cp] = seat
                events.append(public("checkpoint_captured", seat=seat, tank=TANK_IDS[t], hex=self.hex_name(h)))
                if self._options["victory_points"] and not self.cp_scored[cp]:
                    self.cp_scored[cp] = True
                    self._score(seat, VP_CHECKPOINT, "captured a checkpoint", events)
                self._draw_morale(seat, events)
            elif owner == seat:
                if self.cp_holder[cp] != seat:
                    self.cp_holder[cp] = seat
                    events.append(public("checkpoint_recaptured", seat=seat, tank=TANK_IDS[t], hex=self.hex_name(h)))
                if self.damage[t]:
                    self.damage[t] = 0
                    events.append(public("repaired", tank=TANK_IDS[t], hex=self.hex_name(h)))
        if self.territory(h) != seat and not self.crossed[t]:
            self.crossed[t] = True
            if self._options["morale_on_crossing"]:
                self._draw_morale(seat, events)
            if (
                self._options["victory_points"]
                and not self.crossing_scored[seat]
                and sum(self.crossed[u] for u in self.tanks_of(seat)) >= 3
            ):
                self.crossing_scored[seat] = True
                self._score(seat, VP_CROSSING, "three tanks in enemy territory", events)
