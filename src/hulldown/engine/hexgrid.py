"""Hex geometry for board games played on a rectangle of hexes.

Coordinates
    Hexes are *pointy-topped* and laid out in horizontal rows ("odd-r" offset
    coordinates): a hex is ``(col, row)`` with ``col`` in ``0..width-1`` from
    the left and ``row`` in ``0..height-1`` from seat 0's edge; every odd row
    (0-based) is pushed half a hex to the right. Internally each hex also has
    axial/cube coordinates (``q = col - (row - (row & 1)) // 2``, ``r = row``,
    ``s = -q - r``) because distance and lines are simple there.

    Games speak of rows counted from *each player's* edge: ``row_from_edge``
    gives row 1..height for seat 0 (its edge is row index 0) and seat 1 (its
    edge is the far side). With an even height, turning the board by 180
    degrees maps the grid onto itself by ``(col, row) -> (width-1-col,
    height-1-row)``, so both players see the same kind of board.

    Hex names are a column letter and a row number seen from seat 0: ``"A1"``
    is seat 0's left corner.

Line of sight
    The line between two hex centres is sampled at ``n + 1`` evenly spaced
    points (``n`` the distance) and each interior point is rounded to a hex
    twice, nudged a tiny amount to either side of the line. Where both nudges
    agree the line crosses that hex's interior. Where they differ the line runs
    exactly along the edge between the two hexes: **such an edge blocks only
    when both hexes beside it block** (the firer may look along the edge, as a
    player would slide a ruler along it). The two end hexes never block.

Everything heavy (distances, the hexes of every line) is computed once per
grid and kept in flat tuples, so games ask questions in O(1) or O(line).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from mypy_extensions import mypyc_attr

_EPS: Final = (1e-6, 2e-6, -3e-6)
_AXIAL_DIRECTIONS: Final = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
_LETTERS: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _cube_round(x: float, y: float, z: float) -> tuple[int, int]:
    """Nearest hex (axial q, r) to a fractional cube point."""
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    return rx, ry


@mypyc_attr(allow_interpreted_subclasses=True)
class HexGrid:
    """A ``width`` x ``height`` rectangle of pointy-top hexes in odd-r offset rows.

    Hexes are indexed ``row * width + col`` so games can keep terrain and
    occupants in flat lists.
    """

    __slots__ = ("_dist", "_lines", "_neighbours", "_q", "_r", "height", "size", "width")

    def __init__(self, width: int, height: int) -> None:
        if width < 1 or height < 1 or width > len(_LETTERS):
            raise ValueError(f"a hex grid needs 1..{len(_LETTERS)} columns and at least 1 row")
        self.width = width
        self.height = height
        self.size = width * height
        self._q = tuple(c - (r - (r & 1)) // 2 for r in range(height) for c in range(width))
        self._r = tuple(r for r in range(height) for _ in range(width))
        at = {(self._q[i], self._r[i]): i for i in range(self.size)}
        self._neighbours = tuple(
            tuple(
                at[(self._q[i] + dq, self._r[i] + dr)]
                for dq, dr in _AXIAL_DIRECTIONS
                if (self._q[i] + dq, self._r[i] + dr) in at
            )
            for i in range(self.size)
        )
        n = self.size
        d = bytearray(n * n)
        for a in range(n):
            qa, ra = self._q[a], self._r[a]
            for b in range(n):
                dq, dr = qa - self._q[b], ra - self._r[b]
                d[a * n + b] = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
        self._dist = bytes(d)
        self._lines: dict[int, tuple[tuple[int, int], ...]] = {}

    # -- naming ------------------------------------------------------------
    def index(self, col: int, row: int) -> int:
        if not (0 <= col < self.width and 0 <= row < self.height):
            raise ValueError(f"hex ({col}, {row}) is off a {self.width}x{self.height} board")
        return row * self.width + col

    def coords(self, hex_: int) -> tuple[int, int]:
        """``(col, row)``, both 0-based, row from seat 0's edge."""
        return hex_ % self.width, hex_ // self.width

    def axial(self, hex_: int) -> tuple[int, int]:
        return self._q[hex_], self._r[hex_]

    def name(self, hex_: int) -> str:
        col, row = self.coords(hex_)
        return f"{_LETTERS[col]}{row + 1}"

    def parse(self, name: str) -> int:
        """The hex called ``name`` (e.g. ``"C7"``); ValueError for anything else."""
        if not isinstance(name, str) or len(name) < 2 or name[0].upper() not in _LETTERS[: self.width]:
            raise ValueError(f"{name!r:.20} is not a hex of this board (columns A..{_LETTERS[self.width - 1]})")
        try:
            row = int(name[1:])
        except ValueError:
            raise ValueError(f"{name!r:.20} is not a hex of this board") from None
        return self.index(_LETTERS.index(name[0].upper()), row - 1)

    def row_from_edge(self, hex_: int, seat: int) -> int:
        """Row 1..height counted from ``seat``'s own edge (seat 0: row index 0; seat 1: the far edge)."""
        row = hex_ // self.width
        return row + 1 if seat == 0 else self.height - row

    def rotate(self, hex_: int) -> int:
        """The hex after turning the board by 180 degrees (only a symmetry when height is even)."""
        col, row = self.coords(hex_)
        return self.index(self.width - 1 - col, self.height - 1 - row)

    # -- geometry ----------------------------------------------------------
    def distance(self, a: int, b: int) -> int:
        return self._dist[a * self.size + b]

    @property
    def distances(self) -> bytes:
        """Flat table: ``distances[a * size + b]`` (for hot loops)."""
        return self._dist

    @property
    def adjacency(self) -> tuple[tuple[int, ...], ...]:
        """``adjacency[h]``: the neighbours of every hex (for hot loops)."""
        return self._neighbours

    def neighbours(self, hex_: int) -> tuple[int, ...]:
        return self._neighbours[hex_]

    def within(self, hex_: int, radius: int) -> list[int]:
        """Every hex at distance 1..radius, nearest first."""
        row = self._dist[hex_ * self.size : (hex_ + 1) * self.size]
        return sorted((h for h in range(self.size) if 0 < row[h] <= radius), key=lambda h: (row[h], h))

    def line(self, a: int, b: int) -> tuple[tuple[int, int], ...]:
        """The interior hexes of the line from ``a`` to ``b``: one pair per sample point.

        A pair ``(h, h)`` is a hex the line crosses; a pair ``(h1, h2)`` with
        ``h1 != h2`` is an edge the line runs along between those two hexes.
        ``-1`` stands for a hex beyond the board's edge.
        """
        key = a * self.size + b
        got = self._lines.get(key)
        if got is None:
            got = self._lines[key] = self._compute_line(a, b)
        return got

    def _compute_line(self, a: int, b: int) -> tuple[tuple[int, int], ...]:
        n = self.distance(a, b)
        qa, ra = self._q[a], self._r[a]
        qb, rb = self._q[b], self._r[b]
        sa, sb = -qa - ra, -qb - rb
        out: list[tuple[int, int]] = []
        w = self.width
        for i in range(1, n):
            t = i / n
            x, y, z = qa + (qb - qa) * t, ra + (rb - ra) * t, sa + (sb - sa) * t
            pair = []
            for sign in (1, -1):
                q, r = _cube_round(x + sign * _EPS[0], y + sign * _EPS[1], z + sign * _EPS[2])
                col = q + (r - (r & 1)) // 2
                # a line hugging the board's edge may touch a hex beyond it: -1, never a barrier
                pair.append(r * w + col if 0 <= col < w and 0 <= r < self.height else -1)
            out.append((pair[0], pair[1]))
        return tuple(out)

    def line_of_sight(self, a: int, b: int, blocks: Sequence[bool]) -> bool:
        """Whether nothing in ``blocks`` (indexed by hex) stands between the centres of a and b.

        See the module docstring for the edge rule.
        """
        return not any(h1 >= 0 and h2 >= 0 and blocks[h1] and blocks[h2] for h1, h2 in self.line(a, b))


@lru_cache(maxsize=16)
def grid(width: int, height: int) -> HexGrid:
    """A shared grid of that size (grids are immutable apart from their line cache)."""
    return HexGrid(width, height)
