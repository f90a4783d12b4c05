"""The toy game with unmistakable card names and a die roll after every trick.

Card names that occur nowhere else let a test search raw HTTP bodies,
websocket frames and page text for another seat's hidden cards; the roll gives
moves with a chance outcome (undo must stop there).
"""

from __future__ import annotations

from typing import Any

from hulldown.engine import Event, Game, GameInfo, OptionSpec, public
from tests.engine.toygame import HighCard

NAMES = [
    f"Secret{n}card"
    for n in (
        "Alpha",
        "Bravo",
        "Charlie",
        "Delta",
        "Echo",
        "Foxtrot",
        "Golf",
        "Hotel",
        "India",
        "Juliet",
        "Kilo",
        "Lima",
    )
]


class SecretCards(HighCard):
    __slots__ = ()

    def _apply(self, action: Any, events: list[Event]) -> None:
        start = len(events)
        super()._apply(action, events)
        for e in events[start:]:
            if "card" in e:
                e["card"] = NAMES[int(e["card"])]
        if all(c is None for c in self.table):  # a trick was just taken
            events.append(public("roll", value=self.roll(6)))

    def _observation(self, seat: int | None) -> dict[str, Any]:
        obs = super()._observation(seat)
        name = lambda c: None if c is None else NAMES[int(c)]
        obs["table"] = [name(c) for c in obs["table"]]
        obs["taken"] = [name(c) for c in obs["taken"]]
        if obs["hand"] is not None:
            obs["hand"] = [name(c) for c in obs["hand"]]
        return obs


SECRET = Game(
    info=GameInfo(
        id="secret-cards",
        name="Secret Cards (test game)",
        min_players=2,
        max_players=3,
        default_players=2,
        summary="High card with named cards and a roll per trick.",
        options=(OptionSpec("hand", int, 3, "cards per hand", minimum=1, maximum=4),),
        max_steps=20,
    ),
    state_class=SecretCards,
)


def hidden_from(state: Any, seat: int | None) -> set[str]:
    """Card names ``seat`` must not see now: the deck and every other hand."""
    hidden = {NAMES[c] for c in state.deck}
    for i, hand in enumerate(state.hands):
        if i != seat:
            hidden |= {NAMES[c] for c in hand}
    return hidden
