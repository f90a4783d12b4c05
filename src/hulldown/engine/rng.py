"""The one source of randomness of a state.

A small SplitMix64 generator rather than :mod:`random`: its whole state is one
integer, so cloning a game state (which search does millions of times) copies
one int instead of a 625-word Mersenne Twister state, and its output is fixed
by this file alone, not by the Python version.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_GOLDEN = 0x9E3779B97F4A7C15
#: ``below(n)``'s rejection limits for small ``n``
_SMALL = 257
_LIMITS = [0] + [_MASK - (_SPAN % n) for n in range(1, _SMALL)]


class SplitMix64:
    """Deterministic 64-bit generator (Steele, Lea, Flood 2014)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` without modulo bias (rejection sampling)."""
        if 0 < n < _SMALL:
            limit = _LIMITS[n]  # dice and short lists: the bound's arithmetic done once, at import
        elif n <= 0:
            raise ValueError("below() needs a positive bound")
        else:
            limit = _MASK - (_SPAN % n)
        # next64, inline: every die, shuffle and random choice comes through here
        s = self.state
        while True:
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z <= limit:
                self.state = s
                return z % n

    def random(self) -> float:
        """Uniform float in ``[0, 1)`` with 53 bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def permutation(self, n: int) -> list[int]:
        """A uniformly random permutation of ``range(n)`` (Fisher-Yates)."""
        p = list(range(n))
        if n >= _SMALL:
            for i in range(n - 1, 0, -1):
                j = self.below(i + 1)
                p[i], p[j] = p[j], p[i]
            return p
        # below(i + 1) inline, as in below itself: a deck's shuffle draws once per card
        s = self.state
        for i in range(n - 1, 0, -1):
            bound = i + 1
            limit = _LIMITS[bound]
            while True:
                s = (s + _GOLDEN) & _MASK
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z <= limit:
                    break
            j = z % bound
            p[i], p[j] = p[j], p[i]
        self.state = s
        return p

    def copy(self) -> SplitMix64:
        c = SplitMix64.__new__(SplitMix64)
        c.state = self.state
        return c


def derive_seed(seed: int, *salt: int | str) -> int:
    """A seed for a sub-stream (game ``i`` of a batch, an agent's own generator).

    Mixing through SplitMix64 keeps nearby seeds (7, 8, 9) far apart.
    """
    g = SplitMix64(seed)
    acc = g.next64()
    for part in salt:
        if isinstance(part, str):
            for ch in part.encode():
                acc = SplitMix64(acc ^ ch).next64()
        else:
            acc = SplitMix64(acc ^ (part & _MASK)).next64()
    return acc
