"""Declared reveals: what the kernel makes of them, and the check that games declare them all."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from hulldown.engine import REVEAL, Action, Event, private, registry, replay
from hulldown.engine.conformance import ConformanceError, check_labels
from hulldown.engine.reveals import check_reveals
from tests.engine.toygame import TOY, HighCard
from tests.server.secretgame import BLIND


class _Forgetful(HighCard):
    """Plays its cards face up but does not declare it: the check must find out."""

    __slots__ = ()

    def _apply(self, action: Action, events: list[Event]) -> None:
        start = len(events)
        super()._apply(action, events)
        for e in events[start:]:
            e.pop(REVEAL, None)


class _Whisper(HighCard):
    """Tells the next seat a secret after every play."""

    __slots__ = ()

    def _apply(self, action: Action, events: list[Event]) -> None:
        super()._apply(action, events)
        events.append(private([self.turn], "psst"))


class _Silent(HighCard):
    """Declares every play a reveal without an event."""

    __slots__ = ()

    def _apply(self, action: Action, events: list[Event]) -> None:
        super()._apply(action, events)
        events.clear()
        self.declare_reveal()


def test_a_forgotten_reveal_is_caught() -> None:
    with pytest.raises(ConformanceError, match="declared no reveal"):
        check_reveals(replace(TOY, state_class=_Forgetful), 0)


def test_the_toy_games_declare_what_they_reveal() -> None:
    for seed in range(6):
        check_reveals(TOY, seed, players=2 + seed % 2)
    # laying face down reveals nothing and is checked; only the trick's last card turns them up
    assert sum(check_reveals(BLIND, seed, players=2 + seed % 2) for seed in range(6)) > 0


@pytest.fixture
def blind() -> Iterator[None]:
    registry.register(BLIND)
    yield
    registry.unregister(BLIND.info.id)


def test_last_decision_revealed_follows_the_declarations(blind: None) -> None:
    s = BLIND.new(seed=3)
    assert not s.last_decision_revealed  # nothing decided yet
    s.apply(s.legal_actions()[0])  # laid face down
    assert not s.last_decision_revealed and not s.clone().last_decision_revealed
    assert not replay(s.record()).last_decision_revealed
    s.apply(s.legal_actions()[0])  # the trick is complete: turned up, and a die rolled
    assert s.last_decision_revealed and replay(s.record()).last_decision_revealed
    played = TOY.new(seed=3)
    played.apply(played.legal_actions()[0])
    assert played.last_decision_revealed  # a card from a hidden hand, face up
    assert replay(s.record()).last_decision_revealed
    for cls in (_Whisper, _Silent):
        t: Any = replace(TOY, state_class=cls).new(seed=3)
        t.apply(t.legal_actions()[0])
        assert t.last_decision_revealed and t.clone().last_decision_revealed


def test_labels_must_be_distinct_and_non_empty() -> None:
    check_labels([Action("a", "Move A"), Action("b", "Move B")])
    with pytest.raises(ConformanceError, match="share the label"):
        check_labels([Action("move:1,2:1,3", "Move Scout to 1,3"), Action("move:2,2:1,3", "Move Scout to 1,3")])
    with pytest.raises(ConformanceError, match="empty label"):
        check_labels([Action("a", " ")])
