"""§11 Negation (docs/rules/tank-killers.md).

A mixin of the state: the legality and the effect of this chapter's clauses.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import Event
from hulldown.games.tank_killers.fields import N_LOST, N_MOD, N_OOA, P_MOD, P_NEGATE, P_OVER, StateFields


@trait
class Sec11Negation(StateFields):
    __slots__ = ()

    def _open_negation(self, ctx: int, t: int, player: int) -> None:
        """§11.1 A negation window opens for the card just played: the other player may negate it."""
        self.neg_ctx = ctx
        self.neg_t = t
        self.neg_last = t
        self.neg_player = player
        self.neg_seat = 1 - player
        self.neg_count = 0
        self.phase = P_NEGATE

    def _play_negation(self, t: int, events: list[Event]) -> None:
        """§11.1-11.2 A negation card is played against the card in the window; that card may be negated in turn."""
        seat = self.neg_seat
        self._played(seat, t, events)
        self.played.append((seat, t))
        self.neg_count += 1
        if self.R.negatable[t]:
            self.neg_last = t
            self.neg_seat = 1 - seat
        else:
            self._close_negation(events)

    def _close_negation(self, events: list[Event]) -> None:
        """§11.3 The negation window closes: the card takes effect unless it was negated."""
        effective = self.neg_count % 2 == 0
        ctx = self.neg_ctx
        t = self.neg_t
        player = self.neg_player
        self.neg_ctx = self.neg_t = self.neg_last = self.neg_seat = self.neg_player = -1
        self.neg_count = 0
        if not effective:
            events.append({"type": "negated", "to": "all", "card": self.R.tname[t]})
        if ctx == N_LOST:
            if effective:
                self._lost_effect(t, events)
            else:
                self._start_modifiers()
        elif ctx == N_MOD:
            self.phase = P_MOD
            if effective:
                self._modifier_effect(t, events)
            if self.phase == P_MOD:
                self.passes = 0
                self.mod_seat = 1 - player
        elif ctx == N_OOA:
            if effective:
                self._destroy_target(events)
            if self.phase != P_OVER:
                self._end_phase(events)
        elif effective:
            self._free_effect(t, events)
        else:
            self._end_turn(events)
