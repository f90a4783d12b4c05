"""§1 Table, cards, information: where a card is, who is next, what a public event names.

Clause numbers refer to docs/rules/tank-hunter.md.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import trait

from hulldown.games.tank_hunter.cards import EventDef
from hulldown.games.tank_hunter.fields import StateFields


@trait
class Sec1Table(StateFields):
    """Reading the table: lines, places, seats, and what a public event may name (§1)."""

    __slots__ = ()

    def ev(self, card: int) -> EventDef:
        """§1.2 the design of event card ``card``."""
        return self.edefs[card - self.nu]

    def line_of(self, u: int) -> str:
        """§1.3 the line (``f``/``r``) a unit is in, or ``""`` when it is in none."""
        p = self.owner[u]
        if p < 0:
            return ""
        if u in self.front[p]:
            return "f"
        if u in self.rear[p]:
            return "r"
        return ""

    def _in_play(self, u: int) -> bool:
        """§1.3 whether the unit is in a line (``line_of(u) != ""``, without naming the line)."""
        p = self.owner[u]
        return p >= 0 and (u in self.front[p] or u in self.rear[p])

    def line(self, p: int, ln: str) -> list[int]:
        """§1.3 seat p's front (``f``) or rear (``r``) line."""
        return self.front[p] if ln == "f" else self.rear[p]

    def ref(self, u: int) -> str:
        """§1.3 where a unit is, as ``line:place`` (what observations name a unit in play by)."""
        p = self.owner[u]
        ln = self.line_of(u)
        return f"{ln}:{self.line(p, ln).index(u)}"

    def units_of(self, p: int) -> list[int]:
        """§1.3 seat p's units in play, front line first."""
        return self.front[p] + self.rear[p]

    def active_seats(self) -> list[int]:
        """§1.1 the seats still in the game."""
        return [p for p in range(self._players) if not self.out[p]]

    def next_seat(self, p: int) -> int:
        """§1.1 the next seat clockwise still in the game; ``p`` itself when there is none."""
        n, out = self._players, self.out
        q = p + 1
        while True:
            if q == n:
                q = 0
            if q == p or not out[q]:
                return q
            q += 1

    def _pub(self, u: int) -> dict[str, Any]:
        """§1.3 how a unit is named in public events: its place, and its name only when revealed."""
        p = self.owner[u]
        d: dict[str, Any] = {"owner": p}
        if p >= 0:
            front = self.front[p]
            if u in front:
                d["line"] = "front"
                d["pos"] = front.index(u)
            else:
                rear = self.rear[p]
                if u in rear:
                    d["line"] = "rear"
                    d["pos"] = rear.index(u)
        if self.revealed[u]:
            d["unit"] = self.udefs[u].name
        return d

    def _made_public(self, card: int) -> None:
        """§13.3 a card everyone has seen leaves the seats' private draft knowledge."""
        for known in self.drafted:
            if card in known:
                known.remove(card)

    def _conceal(self, u: int) -> None:
        """§13.2 a seen unit turned face down: everyone knows where it is until it is swapped."""
        self.revealed[u] = False
        group = self.group = list(self.group)
        group[u] = self.ngroup
        self.ngroup += 1
