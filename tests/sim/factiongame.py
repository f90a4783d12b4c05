"""A two-faction card game for balance tests: each seat draws from its own deck.

"Low" decks hold 1..6, "high" decks 2..7; three tricks of high card, seat 0
leads. ``extra0``/``extra1`` add cards to a seat's deck (space-separated
values), which is the lever the parity study pulls.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hulldown.engine import Action, Event, Game, GameInfo, GameState, OptionSpec, Zone, public
from hulldown.engine.game import BalanceHooks
from hulldown.engine.rng import SplitMix64

DECKS = {"low": list(range(1, 7)), "high": list(range(2, 8))}
_PLAY = {v: Action(f"play:{v}", f"Play {v}") for v in range(1, 10)}


class Duel(GameState):
    __slots__ = ("decks", "done", "hands", "table", "tricks", "turn", "used")

    decks: list[Zone[int]]
    hands: list[Zone[int]]
    table: list[int | None]
    tricks: list[int]
    used: list[Zone[int]]
    turn: int
    done: bool

    def _setup(self) -> None:
        self.decks = []
        for s in range(2):
            extra = [int(x) for x in str(self._options[f"extra{s}"]).split()]
            deck: Zone[int] = Zone(f"deck{s}", DECKS[self._options[f"deck{s}"]] + extra)
            self.shuffle(deck)
            self.decks.append(deck)
        self.hands = [Zone(f"hand{s}", self.decks[s].draw_many(3)) for s in range(2)]
        self.table = [None, None]
        self.tricks = [0, 0]
        self.used = [Zone("used0"), Zone("used1")]
        self.turn = 0
        self.done = False

    def _current_player(self) -> int | None:
        return self.turn

    def _legal(self) -> list[Action]:
        return [_PLAY[v] for v in sorted(set(self.hands[self.turn]))]

    def _apply(self, action: Action, events: list[Event]) -> None:
        v = int(action.id.split(":")[1])
        self.hands[self.turn].remove(v)
        self.table[self.turn] = v
        self.used[self.turn].put_top(v)
        events.append(public("played", seat=self.turn, card=str(v)))
        if self.turn == 0:
            self.turn = 1
            return
        a, b = self.table
        assert a is not None and b is not None
        winner = 0 if a > b else 1 if b > a else self.roll(2) - 1
        self.tricks[winner] += 1
        self.table = [None, None]
        self.turn = 0
        self.done = not self.hands[0]

    def _observation(self, seat: int | None) -> dict[str, Any]:
        return {
            "table": [None if c is None else str(c) for c in self.table],
            "tricks": list(self.tricks),
            "used": [[str(c) for c in u] for u in self.used],
            "hand": None if seat is None else [str(c) for c in sorted(self.hands[seat])],
            "deck_sizes": [len(d) for d in self.decks],
        }

    def _is_over(self) -> bool:
        return self.done

    def _returns(self) -> list[float]:
        a, b = self.tricks
        return [1.0, -1.0] if a > b else [-1.0, 1.0] if b > a else [0.0, 0.0]

    def _copy_into(self, new: Any) -> None:
        new.decks = [d.copy() for d in self.decks]
        new.hands = [h.copy() for h in self.hands]
        new.used = [u.copy() for u in self.used]
        new.table = list(self.table)
        new.tricks = list(self.tricks)
        new.turn = self.turn
        new.done = self.done

    def _resample(self, seat: int, rng: SplitMix64) -> GameState:
        new = self.clone()
        assert isinstance(new, Duel)
        other = 1 - seat
        pool = sorted([*new.decks[other].cards, *new.hands[other].cards])
        perm = rng.permutation(len(pool))
        pool = [pool[i] for i in perm]
        k = len(new.hands[other])
        new.hands[other].cards, new.decks[other].cards = pool[:k], pool[k:]
        own = sorted(new.decks[seat].cards)
        new.decks[seat].cards = [own[i] for i in rng.permutation(len(own))]
        return new

    def _snapshot(self) -> dict[str, Any]:
        return {
            "decks": [list(d) for d in self.decks],
            "hands": [list(h) for h in self.hands],
            "used": [list(u) for u in self.used],
            "table": list(self.table),
            "tricks": list(self.tricks),
            "turn": self.turn,
        }


def _reinforce(options: dict[str, Any], seat: int, cards: Sequence[str]) -> dict[str, Any]:
    out = dict(options)
    out[f"extra{seat}"] = " ".join([*str(out.get(f"extra{seat}", "")).split(), *cards])
    return out


def _pool(options: dict[str, Any], seat: int) -> list[str]:
    return [str(v) for v in DECKS[options[f"deck{seat}"]]]


DUEL = Game(
    info=GameInfo(
        id="duel",
        name="Duel (balance test game)",
        min_players=2,
        max_players=2,
        default_players=2,
        summary="Two decks, three tricks.",
        options=(
            OptionSpec("deck0", str, "low", "seat 0's deck", choices=("low", "high")),
            OptionSpec("deck1", str, "low", "seat 1's deck", choices=("low", "high")),
            OptionSpec("extra0", str, "", "extra cards for seat 0"),
            OptionSpec("extra1", str, "", "extra cards for seat 1"),
        ),
        max_steps=20,
    ),
    state_class=Duel,
    balance=BalanceHooks(factions=("deck0", "deck1"), reinforce=_reinforce, reinforce_pool=_pool),
)
