"""The toy game with unmistakable card names and a die roll after every trick.

Card names that occur nowhere else let a test search raw HTTP bodies,
websocket frames and page text for another seat's hidden cards; the roll gives
moves with a chance outcome (undo must stop there). Playing a card shows it, so
no move of this game may be undone; :class:`BlindCards` lays cards face down
until the trick is complete, which gives moves that reveal nothing.
"""

from __future__ import annotations

from typing import Any

from hulldown.engine import Action, Event, Game, GameInfo, OptionSpec, public, reveal
from hulldown.engine.rng import SplitMix64
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


class BlindCards(SecretCards):
    """Each seat but the last lays a card face down; the last one's card turns them all up.

    Laying a card face down shows nobody anything (the layer knew its hand): it may be
    undone. The move that completes the trick turns the cards up: it may not.
    """

    __slots__ = ()

    def _legal(self) -> list[Action]:
        hand = sorted(self.hands[self.turn])
        return [Action(f"lay:{i}", f"Lay {NAMES[c]} face down") for i, c in enumerate(hand)]

    def _apply(self, action: Any, events: list[Event]) -> None:
        card = sorted(self.hands[self.turn])[int(action.id.split(":")[1])]
        if self.turn + 1 < self._players:
            self.hands[self.turn].remove(card)
            self.table[self.turn] = card
            events.append(public("laid", seat=self.turn))
            self.turn += 1
            return
        laid = [NAMES[c] for c in self.table if c is not None] + [NAMES[card]]
        events.append(reveal("turned-up", cards=laid))
        super()._apply(Action(f"play:{card}", ""), events)

    def _observation(self, seat: int | None) -> dict[str, Any]:
        obs = super()._observation(seat)
        obs["table"] = [c if c is None or i == seat else "face down" for i, c in enumerate(obs["table"])]
        return obs

    def _resample(self, seat: int, rng: SplitMix64) -> Any:
        new = self.clone()
        assert isinstance(new, BlindCards)
        down = [i for i, c in enumerate(new.table) if c is not None and i != seat]
        others = [h for i, h in enumerate(new.hands) if i != seat]
        unseen = sorted([*new.deck.cards, *(c for h in others for c in h.cards), *(new.table[i] for i in down)])
        unseen = [unseen[i] for i in rng.permutation(len(unseen))]
        new.deck.cards = [unseen.pop() for _ in range(len(new.deck))]
        for h in others:
            h.cards = [unseen.pop() for _ in range(len(h))]
        for i in down:
            new.table[i] = unseen.pop()
        return new


BLIND = Game(
    info=GameInfo(
        id="blind-cards",
        name="Blind Cards (test game)",
        min_players=2,
        max_players=3,
        default_players=2,
        summary="Secret cards laid face down until the trick is complete.",
        options=(OptionSpec("hand", int, 3, "cards per hand", minimum=1, maximum=4),),
        max_steps=20,
    ),
    state_class=BlindCards,
)


def hidden_from(state: Any, seat: int | None) -> set[str]:
    """Card names ``seat`` must not see now: the deck and every other hand."""
    hidden = {NAMES[c] for c in state.deck}
    for i, hand in enumerate(state.hands):
        if i != seat:
            hidden |= {NAMES[c] for c in hand}
    return hidden
