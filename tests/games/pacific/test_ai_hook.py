"""The rules' hook into the solo AI (rules §12): the procedure in force plays side 1."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pytest

from hulldown.agents.registry import make_agent
from hulldown.engine import Event
from hulldown.engine.agent import SeatView
from hulldown.games.pacific import solo
from hulldown.games.pacific.state import PacificState
from tests.games.pacific.test_rules import GAME, new


@dataclass
class Recording:
    """The rulebook's procedure, counting what the rules ask of it."""

    calls: Counter[str] = field(default_factory=Counter)

    def deck(self, st: PacificState, counts: dict[str, int] | None = None) -> list[str]:
        self.calls["deck"] += 1
        return solo.PROCEDURE.deck(st, counts)

    def pre_battle(self, st: PacificState, events: list[Event]) -> None:
        self.calls["pre_battle"] += 1
        solo.PROCEDURE.pre_battle(st, events)

    def bid(self, st: PacificState, events: list[Event]) -> int:
        self.calls["bid"] += 1
        return solo.PROCEDURE.bid(st, events)

    def terrain(self, st: PacificState, side: int, events: list[Event]) -> None:
        self.calls["terrain"] += 1
        solo.PROCEDURE.terrain(st, side, events)

    def turn(self, st: PacificState, events: list[Event]) -> None:
        self.calls["turn"] += 1
        solo.PROCEDURE.turn(st, events)

    def turn_rest(self, st: PacificState, b: str, t: str, events: list[Event]) -> None:
        self.calls["turn_rest"] += 1
        solo.PROCEDURE.turn_rest(st, b, t, events)

    def air_reaction(self, st: PacificState, phase: str, events: list[Event]) -> None:
        self.calls["air_reaction"] += 1
        solo.PROCEDURE.air_reaction(st, phase, events)


def test_the_rules_call_the_procedure_in_force() -> None:
    rec = Recording()
    with solo.installed(rec):
        st = GAME.new(seed=2, players=1)
        bot = make_agent("random", GAME, 0, 2)
        while not st.is_over and rec.calls["turn"] < 3:
            st.apply(bot.act(SeatView(st, 0)))
    assert rec.calls["deck"] == 1 and rec.calls["bid"] == 1 and rec.calls["terrain"] == 1
    assert rec.calls["turn"] == 3
    assert solo.active() is solo.PROCEDURE  # the block's procedure is gone with it


def test_a_procedure_forces_its_table() -> None:
    """§12.2: a procedure's table replaces the scenario's (Variable in a pitched battle)."""
    st = new(players=1)
    events: list[Event] = []
    solo.RulebookProcedure(table="defensive").turn(st, events)
    assert any(str(e.get("decision", "")).startswith("12.2 Behaviour: Hold your position") for e in events)
    with pytest.raises(ValueError, match="unknown AI table"):
        solo.RulebookProcedure(table="reckless")
