"""A run's aggregate, kept as games finish rather than computed from a list of them.

A million-game study cannot hold every result in memory to sum it at the end,
and a resumed one must add the games already on disk to the ones it plays now:
both feed the same counters, game by game or column by column.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from hulldown.sim.runner import GameResult


@dataclass(slots=True)
class Tally:
    """Wins, draws, returns and lengths of every game counted so far."""

    players: int
    games: int = 0
    draws: int = 0
    steps: int = 0
    wins: list[int] = field(default_factory=list)
    return_sums: list[float] = field(default_factory=list)
    #: How many games lasted each number of decisions: the median of a million games in a few kB.
    lengths: Counter[int] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self.wins = self.wins or [0] * self.players
        self.return_sums = self.return_sums or [0.0] * self.players

    def add(self, steps: int, winners: Iterable[int], returns: Sequence[float]) -> None:
        self.games += 1
        self.steps += steps
        self.lengths[steps] += 1
        won = list(winners)
        if not won:
            self.draws += 1
        for seat in won:
            self.wins[seat] += 1
        for seat, value in enumerate(returns):
            self.return_sums[seat] += value

    def add_results(self, results: Iterable[GameResult]) -> None:
        for r in results:
            self.add(r.steps, r.winners, r.returns)

    def mean_returns(self) -> list[float]:
        return [s / self.games if self.games else 0.0 for s in self.return_sums]

    def length_summary(self) -> dict[str, float]:
        if not self.lengths:
            return {"mean": 0.0, "median": 0.0, "min": 0, "max": 0}
        return {
            "mean": self.steps / self.games,
            "median": _median(self.lengths, self.games),
            "min": min(self.lengths),
            "max": max(self.lengths),
        }


def _median(counts: Counter[int], n: int) -> float:
    """The median of a multiset given by its counts (what ``statistics.median`` gives for the list)."""
    ordered = sorted(counts.items())

    def nth(k: int) -> int:
        seen = 0
        for value, count in ordered:
            seen += count
            if seen > k:
                return value
        return ordered[-1][0]

    if n % 2:
        return nth(n // 2)
    return (nth(n // 2 - 1) + nth(n // 2)) / 2
