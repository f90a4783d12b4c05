"""The 8 x 6 battlefield (rules §1): spaces, distances, the HQ's virtual space, rows per side.

Rows are stored 0..5 from side 0's HQ; a side's *own row k* (1..6, counted from its HQ as the
rulebook counts them) is ``own_row``. Spaces are indexed ``r * 8 + c`` so boards are flat lists.
"""

from __future__ import annotations

from typing import Final

COLS: Final = 8
ROWS: Final = 6
SPACES: Final = COLS * ROWS
CENTRE: Final = (3, 4)  # the two central columns (0-based), next to which each HQ sits (§1.2)

#: Rulebook terrain diagram (§1.5): a d10 onto the 8 columns.
D10_COLUMN: Final = (0, 1, 2, 3, 3, 4, 4, 5, 6, 7)


def space(r: int, c: int) -> int:
    return r * COLS + c


def rc(s: int) -> tuple[int, int]:
    return divmod(s, COLS)


def name(s: int) -> str:
    """Readable and stable: row and column, 1-based, rows from side 0."""
    r, c = divmod(s, COLS)
    return f"{r + 1},{c + 1}"


#: Every space's name in row-major order, as ids and labels write it.
SPACE_NAMES: Final = tuple(name(s) for s in range(SPACES))


def parse(text: str) -> int:
    r, c = text.split(",")
    ri, ci = int(r) - 1, int(c) - 1
    if not (0 <= ri < ROWS and 0 <= ci < COLS):
        raise ValueError(text)
    return space(ri, ci)


def distance(a: int, b: int) -> int:
    """Orthogonal steps between two spaces (§1.3)."""
    ra, ca = divmod(a, COLS)
    rb, cb = divmod(b, COLS)
    return abs(ra - rb) + abs(ca - cb)


#: DIST[a][b] == distance(a, b), looked up in the hot loops of legal-action generation.
DIST: Final = tuple(
    tuple(abs(a // COLS - b // COLS) + abs(a % COLS - b % COLS) for b in range(SPACES)) for a in range(SPACES)
)


def deployment_row(side: int) -> int:
    return 0 if side == 0 else ROWS - 1


def own_row(side: int, s: int) -> int:
    """The row number 1..6 as ``side`` counts it, from its own HQ."""
    r = s // COLS
    return r + 1 if side == 0 else ROWS - r


def row_index(side: int, k: int) -> int:
    """Stored row of ``side``'s own row ``k`` (1..6)."""
    return k - 1 if side == 0 else ROWS - k


def hq_distance(side: int, s: int) -> int:
    """Distance from a space to ``side``'s HQ: one beyond its central deployment spaces (§1.2)."""
    r, c = divmod(s, COLS)
    rows = r if side == 0 else ROWS - 1 - r
    return rows + min(abs(c - CENTRE[0]), abs(c - CENTRE[1])) + 1


#: :func:`hq_distance` of every space, by side: asked for every weapon at every shooting decision.
HQ_DIST: Final = tuple(tuple(hq_distance(side, s) for s in range(SPACES)) for side in (0, 1))


def neighbours(s: int, diagonal: bool = False) -> list[int]:
    return list(_NEIGH_D[s] if diagonal else _NEIGH[s])


def _build(diagonal: bool) -> list[tuple[int, ...]]:
    out = []
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if diagonal:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    for s in range(SPACES):
        r, c = divmod(s, COLS)
        out.append(tuple(space(r + dr, c + dc) for dr, dc in steps if 0 <= r + dr < ROWS and 0 <= c + dc < COLS))
    return out


_NEIGH: Final = _build(False)
_NEIGH_D: Final = _build(True)
NEIGH: Final = _NEIGH
NEIGH_D: Final = _NEIGH_D


def line_of_fire(a: int, b: int) -> list[int]:
    """The target's space plus, when shooter and target share a row or column, the spaces between (§1.3)."""
    ra, ca = divmod(a, COLS)
    rb, cb = divmod(b, COLS)
    out = [b]
    if ra == rb:
        lo, hi = sorted((ca, cb))
        out += [space(ra, c) for c in range(lo + 1, hi)]
    elif ca == cb:
        lo, hi = sorted((ra, rb))
        out += [space(r, ca) for r in range(lo + 1, hi)]
    return out
