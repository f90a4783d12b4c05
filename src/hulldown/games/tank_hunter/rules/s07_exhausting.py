"""§7 Exhausting: exhausted cards refresh before their owner's turn.

Clause numbers refer to docs/rules/tank-hunter.md.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.games.tank_hunter.fields import StateFields


@trait
class Sec7Exhausting(StateFields):
    """Exhaustion and refreshing (§7)."""

    __slots__ = ()

    def _refresh(self, p: int) -> None:
        """§7.1 the player's exhausted units and Commanders refresh before his turn (§3.1)."""
        exhausted = self.exhausted
        for u in self.front[p]:
            exhausted[u] = False
        for u in self.rear[p]:
            exhausted[u] = False
        for u in self.command[p]:
            self.cmd_exhausted[u] = False
