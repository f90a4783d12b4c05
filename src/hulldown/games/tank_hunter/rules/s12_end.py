"""§12 End and winner: players going out, the end of the game, the returns.

Clause numbers refer to docs/rules/tank-hunter.md.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import Event
from hulldown.games.tank_hunter.fields import (
    OVER,
    StateFields,
)
from hulldown.games.tank_hunter.views import EndReason


@trait
class Sec12End(StateFields):
    """Going out, the end of the game and the winner (§12)."""

    __slots__ = ()

    def points(self, p: int) -> int:
        """§12.2 the points of the units a seat has scored."""
        return sum(self.udefs[u].points for u in self.score[p])

    def _returns(self) -> list[float]:
        """§12.2 most points wins; ties broken by units still in play; a remaining tie is shared (0)."""
        keys = [(self.points(p), len(self.units_of(p))) for p in range(self._players)]
        best = max(keys)
        winners = [p for p in range(self._players) if keys[p] == best]
        if len(winners) == 1:
            return [1.0 if p == winners[0] else -1.0 for p in range(self._players)]
        return [0.0 if p in winners else -1.0 for p in range(self._players)]

    def _check_out(self, p: int, events: list[Event]) -> None:
        """§12.1 a player with no units left (commanders do not count) is out."""
        if not self.out[p] and not self.front[p] and not self.rear[p]:
            self.out[p] = True
            events.append({"type": "eliminated", "to": "all", "seat": p})
            if len(self.active_seats()) <= 1:
                self._game_over("one player left", events)

    def _game_over(self, reason: EndReason, events: list[Event]) -> None:
        """§12.1 the game ends: pending contexts close, cards in play go back to their piles."""
        if self.phase == OVER:
            return
        self.phase = OVER
        self.end_reason = reason
        self.stack.clear()
        for c in list(self.limbo):
            self.limbo.remove(c)
            (self.discard if c >= self.nu else self.unit_deck).append(c)
        events.append(
            {
                "type": "game-over",
                "to": "all",
                "reason": reason,
                "points": [self.points(p) for p in range(self._players)],
            }
        )
