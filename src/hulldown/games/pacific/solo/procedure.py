"""§12 Solo mode: the rulebook's procedure behind the rules' hook, and the one in force.

:class:`RulebookProcedure` runs the §12 clause modules; its ``table`` forces one of the three AI
tables on every game it plays (``""``: the scenario's table, else Variable). The procedure in force
lives in the hook (``pacific/hook.py``), so that a benchmark or a test can play games under another table
without a module global: ``with installed(RulebookProcedure(table="offensive")): ...``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from hulldown.games.pacific.hook import active as active
from hulldown.games.pacific.hook import installed as installed
from hulldown.games.pacific.solo.s12_00_turn import ai_air_reaction, ai_turn, ai_turn_rest
from hulldown.games.pacific.solo.s12_01_deck import build_ai_deck
from hulldown.games.pacific.solo.s12_01_start import ai_bid, ai_terrain
from hulldown.games.pacific.solo.s12_02_behaviour import TABLES
from hulldown.games.pacific.solo.s12_11_pre_battle import pre_battle

if TYPE_CHECKING:
    from hulldown.engine import Event
    from hulldown.games.pacific.fields import PacificFields


@dataclass(frozen=True, slots=True)
class RulebookProcedure:
    """§12 The rulebook's AI; ``table`` forces an AI table (§12.2) on every game it plays."""

    table: str = ""

    def __post_init__(self) -> None:
        """§12.2 Only the rulebook's three tables exist."""
        if self.table and self.table not in TABLES:
            raise ValueError(f"unknown AI table {self.table!r} (tables: {', '.join(TABLES)})")

    def deck(self, st: PacificFields, counts: dict[str, int] | None = None) -> list[str]:
        """§12.1 The AI deck."""
        return build_ai_deck(st, counts)

    def pre_battle(self, st: PacificFields, events: list[Event]) -> None:
        """§12.11 Before a historical scenario's battle."""
        pre_battle(st, events)

    def bid(self, st: PacificFields, events: list[Event]) -> int:
        """§12.1 Initiative."""
        return ai_bid(st, events)

    def terrain(self, st: PacificFields, side: int, events: list[Event]) -> None:
        """§12.1 Terrain."""
        ai_terrain(st, side, events)

    def turn(self, st: PacificFields, events: list[Event]) -> None:
        """§12.2-§12.8 The AI's turn under this procedure's table."""
        ai_turn(st, events, self.table or None)

    def turn_rest(self, st: PacificFields, b: str, t: str, events: list[Event]) -> None:
        """§12.6-§12.8 The turn after a pause for the player."""
        ai_turn_rest(st, b, t, events)

    def air_reaction(self, st: PacificFields, phase: str, events: list[Event]) -> None:
        """§12 Air reactions."""
        ai_air_reaction(st, phase, events)


#: the rulebook's AI with the scenario's table (Variable in a pitched battle)
PROCEDURE = RulebookProcedure()
