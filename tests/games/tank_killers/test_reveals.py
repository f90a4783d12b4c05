"""The pass that turns up a formation card is a declared reveal, which undo respects."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hulldown.compiled import compiled_modules
from hulldown.engine import REVEAL, Action, Event
from hulldown.engine.conformance import ConformanceError
from hulldown.engine.reveals import check_reveals
from hulldown.games.tank_killers import GAME
from hulldown.games.tank_killers.state import TankKillersState
from tests.games.tank_killers.helpers import new


class _Undeclared(TankKillersState):
    """Tank Killers as if it declared nothing."""

    __slots__ = ()

    def _apply(self, action: Action, events: list[Event]) -> None:
        start = len(events)
        super()._apply(action, events)
        for e in events[start:]:
            e.pop(REVEAL, None)


def test_the_pass_turning_up_a_formation_card_is_a_reveal() -> None:
    st = new(seed=0)
    assert [a.id for a in st.legal_actions()] == ["pass"]
    events = st.apply("pass")
    assert any(e["type"] == "attacker" for e in events) and st.last_decision_revealed
    check_reveals(GAME, 0)


@pytest.mark.skipif(
    "hulldown.games.tank_killers.state" in compiled_modules(),
    reason="the compiled state class cannot be subclassed in Python; the plain run covers this",
)
def test_an_undeclared_reveal_is_caught() -> None:
    with pytest.raises(ConformanceError, match="'pass' declared no reveal"):
        check_reveals(replace(GAME, state_class=_Undeclared), 0)
