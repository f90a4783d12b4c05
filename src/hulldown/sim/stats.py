"""Interval estimates for win rates.

Wilson's score interval rather than the normal approximation: it stays inside
[0, 1] and keeps its coverage for small samples and rates near 0 or 1, which
is exactly where balance studies and strength checks live.
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval for ``successes / trials`` (``(0, 1)`` with no trials)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denom = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(successes: float, trials: int) -> dict[str, float]:
    """A rate with its interval, ready for JSON."""
    lo, hi = wilson(successes, trials)
    return {"rate": successes / trials if trials else 0.0, "low": lo, "high": hi, "n": trials}


def fmt_rate(successes: float, trials: int) -> str:
    lo, hi = wilson(successes, trials)
    p = successes / trials if trials else 0.0
    return f"{100 * p:5.1f}% [{100 * lo:4.1f}, {100 * hi:4.1f}]"


def first_share(returns: list[float], seat: int) -> float:
    """``seat``'s share of first place: 1 for a win, 0 for a loss, ``1 / k`` for a first place shared by ``k``."""
    best = max(returns)
    return 1.0 / returns.count(best) if returns[seat] == best else 0.0


def ahead(returns: list[float], seat: int) -> float:
    """The share of the other seats that ``seat`` finished ahead of, a tie counting half.

    At two players it is the score; at more it is the pairwise measure a rating system uses, with
    an even share of one half whatever the count, where first places are worth ``1 / players``.
    """
    others = [r for k, r in enumerate(returns) if k != seat]
    mine = returns[seat]
    return sum(1.0 if mine > r else 0.5 if mine == r else 0.0 for r in others) / len(others)
