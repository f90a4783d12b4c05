"""A tiny complete game for testing the kernel without any real game's rules.

"High card": each seat holds 3 hidden cards from a shuffled 12-card deck; in
turn each plays one face up; a tie is broken by a die roll; after 3 tricks the
seat with more tricks wins. It has hidden hands, shuffles, dice and events.
"""

from __future__ import annotations

from typing import Any

from hulldown.engine import Action, Event, Game, GameInfo, GameState, OptionSpec, Zone, public, reveal
from hulldown.engine.rng import SplitMix64

CARDS = list(range(12))
_PLAY = {c: Action(f"play:{c}", f"Play {c}") for c in CARDS}


class HighCard(GameState):
    __slots__ = ("deck", "done", "hands", "table", "taken", "tricks", "turn")

    deck: Zone[int]
    hands: list[Zone[int]]
    table: list[int | None]
    tricks: list[int]
    turn: int
    done: bool
    taken: Zone[int]

    def _setup(self) -> None:
        self.deck = Zone("deck", CARDS)
        self.shuffle(self.deck)
        self.hands = [Zone(f"hand{i}", self.deck.draw_many(self._options["hand"])) for i in range(self._players)]
        self.table = [None] * self._players
        self.tricks = [0] * self._players
        self.turn = 0
        self.done = False
        self.taken = Zone("taken")

    def _current_player(self) -> int | None:
        return self.turn

    def _legal(self) -> list[Action]:
        return [_PLAY[c] for c in sorted(self.hands[self.turn])]

    def _apply(self, action: Action, events: list[Event]) -> None:
        card = int(action.id.split(":")[1])
        self.hands[self.turn].remove(card)
        self.table[self.turn] = card
        events.append(reveal("played", seat=self.turn, card=str(card)))  # from a hidden hand
        if self.turn + 1 < self._players:
            self.turn += 1
            return
        best = max(c for c in self.table if c is not None)
        winners = [i for i, c in enumerate(self.table) if c == best]
        winner = winners[0] if len(winners) == 1 else winners[self.roll(len(winners)) - 1]
        self.tricks[winner] += 1
        events.append(public("trick", winner=winner))
        self.taken.extend(c for c in self.table if c is not None)
        self.table = [None] * self._players
        self.turn = 0
        if not self.hands[0]:
            self.done = True

    def _observation(self, seat: int | None) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "table": [None if c is None else str(c) for c in self.table],
            "tricks": list(self.tricks),
            "hand_sizes": [len(h) for h in self.hands],
            "hand": None if seat is None else [str(c) for c in sorted(self.hands[seat])],
            "deck_size": len(self.deck),
            "taken": [str(c) for c in self.taken],
        }

    def _is_over(self) -> bool:
        return self.done

    def _returns(self) -> list[float]:
        best = max(self.tricks)
        if self.tricks.count(best) > 1:
            return [0.0] * self._players
        return [1.0 if t == best else -1.0 for t in self.tricks]

    def _copy_into(self, new: Any) -> None:
        new.deck = self.deck.copy()
        new.hands = [h.copy() for h in self.hands]
        new.table = list(self.table)
        new.tricks = list(self.tricks)
        new.turn = self.turn
        new.done = self.done
        new.taken = self.taken.copy()

    def _resample(self, seat: int, rng: SplitMix64) -> GameState:
        new = self.clone()
        assert isinstance(new, HighCard)
        unseen = list(new.deck.cards)
        for i, h in enumerate(new.hands):
            if i != seat:
                unseen.extend(h.cards)
        unseen.sort()  # canonical order: the guess must not depend on where the cards really are
        perm = rng.permutation(len(unseen))
        unseen = [unseen[i] for i in perm]
        new.deck.cards = unseen[: len(new.deck)]
        rest = unseen[len(new.deck) :]
        for i, h in enumerate(new.hands):
            if i != seat:
                h.cards = [rest.pop() for _ in range(len(h))]
        return new

    def _snapshot(self) -> dict[str, Any]:
        return {
            "deck": list(self.deck),
            "hands": [list(h) for h in self.hands],
            "table": list(self.table),
            "tricks": list(self.tricks),
            "turn": self.turn,
            "done": self.done,
            "taken": list(self.taken),
        }

    def _card_zones(self) -> dict[str, list[int]]:
        zones = {"deck": self.deck.cards, "table": [c for c in self.table if c is not None], "taken": self.taken.cards}
        for i, h in enumerate(self.hands):
            zones[f"hand{i}"] = h.cards
        return zones


TOY = Game(
    info=GameInfo(
        id="high-card",
        name="High Card (test game)",
        min_players=2,
        max_players=3,
        default_players=2,
        summary="A kernel test game.",
        options=(OptionSpec("hand", int, 3, "cards per hand", minimum=1, maximum=4),),
        max_steps=20,
    ),
    state_class=HighCard,
)
