"""Zones: where cards are.

A zone is an ordered list of card instance ids. The *top* of a deck is the end
of the list, so drawing is an O(1) ``pop``. Games keep one zone object per
pile and hand; conformance checks that every card is in exactly one of them.

Shuffling goes through the owning state's chance source (``state.shuffle``) so
it is recorded; a zone never owns randomness.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Generic, TypeVar

from mypy_extensions import mypyc_attr

C = TypeVar("C")


class EmptyZoneError(IndexError):
    """A draw or peek asked for more cards than the zone holds."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Zone(Generic[C]):
    """An ordered stack of cards; index ``-1`` is the top."""

    __slots__ = ("cards", "name")

    def __init__(self, name: str, cards: Iterable[C] = ()) -> None:
        self.name = name
        self.cards: list[C] = list(cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __bool__(self) -> bool:
        return bool(self.cards)

    def __iter__(self) -> Iterator[C]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __repr__(self) -> str:
        return f"Zone({self.name!r}, {self.cards!r})"

    # -- moving cards ------------------------------------------------------
    def draw(self) -> C:
        """Remove and return the top card."""
        if not self.cards:
            raise EmptyZoneError(f"cannot draw from empty zone {self.name!r}")
        return self.cards.pop()

    def draw_many(self, n: int) -> list[C]:
        """Remove the top ``n`` cards, in the order they were drawn."""
        if n > len(self.cards):
            raise EmptyZoneError(f"cannot draw {n} from zone {self.name!r} of {len(self.cards)}")
        out = self.cards[-n:] if n else []
        out.reverse()
        del self.cards[len(self.cards) - n :]
        return out

    def peek(self, n: int = 1) -> list[C]:
        """The top ``n`` cards, top first, without moving them."""
        if n > len(self.cards):
            raise EmptyZoneError(f"cannot peek {n} in zone {self.name!r} of {len(self.cards)}")
        return self.cards[::-1][:n]

    @property
    def top(self) -> C:
        if not self.cards:
            raise EmptyZoneError(f"zone {self.name!r} is empty")
        return self.cards[-1]

    def put_top(self, card: C) -> None:
        self.cards.append(card)

    def put_under(self, card: C) -> None:
        """Put a card at the bottom (Tank Killers' "onto the bottom of the reserve deck")."""
        self.cards.insert(0, card)

    def remove(self, card: C) -> None:
        try:
            self.cards.remove(card)
        except ValueError:
            raise EmptyZoneError(f"card {card!r} is not in zone {self.name!r}") from None

    def take_all(self) -> list[C]:
        out = self.cards
        self.cards = []
        return out

    def extend(self, cards: Iterable[C]) -> None:
        self.cards.extend(cards)

    def reorder(self, permutation: list[int]) -> None:
        """Rearrange by a permutation: new position ``i`` holds old card ``permutation[i]``."""
        old = self.cards
        self.cards = [old[i] for i in permutation]

    def copy(self) -> Zone[C]:
        z: Zone[C] = Zone.__new__(Zone)
        z.name = self.name
        z.cards = self.cards.copy()
        return z
