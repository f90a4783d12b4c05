"""§1 The battlefield (docs/rules/tank-clash.md): the terrain as it stands, and what it lets a tank reach and see.

Not a mixin: the terrain is shared by every state on the same arrangement of
boards (and the same demolished houses), so search and random play fill its
tables once.
"""

from __future__ import annotations

from typing import Any

from hulldown.engine.hexgrid import grid
from hulldown.engine.state import Action
from hulldown.games.tank_clash.data import BOARD_ROWS, FIELD_ROWS, FIELD_WIDTH, Battlefield

#: 2.6 (interpretation) tanks are placed on their player's first three rows.
DEPLOYMENT_ROWS = 3
GRID = grid(FIELD_WIDTH, FIELD_ROWS)
ADJ = GRID.adjacency
DIST = GRID.distances
SIZE = GRID.size
#: WITHIN[k][h]: bit mask of the hexes at distance 1..k from h (k up to 8).
WITHIN = tuple(
    tuple(sum(1 << o for o in range(SIZE) if 0 < DIST[h * SIZE + o] <= k) for h in range(SIZE))
    for k in range(9)  # speed up to 6 (tanks.toml) plus Transport's 2
)
#: hexes below this index are seat 0's territory (its rows 1..7), the rest seat 1's
TERRITORY = BOARD_ROWS * FIELD_WIDTH


ReachEntry = tuple[tuple[int, ...], list[list[Action] | None]]
#: terrain-and-enemy reach -> per friendly-occupancy answers (see Sec4Movement._reach_entry)
ReachPaths = tuple[tuple[int, ...], int, dict[int, ReachEntry]]


#: sight[a * size + b] before it is known (see Layout)
UNKNOWN = 0
#: sight[a * size + b] when a tank on a can never attack one on b
NEVER = 255
_W = FIELD_WIDTH
_FULL = (1 << SIZE) - 1
_EVEN_ROWS = sum(((1 << _W) - 1) << (r * _W) for r in range(0, FIELD_ROWS, 2))
_ODD_ROWS = _FULL ^ _EVEN_ROWS
_NOT_LEFT = _FULL ^ sum(1 << (r * _W) for r in range(FIELD_ROWS))
_NOT_RIGHT = _FULL ^ sum(1 << (r * _W + _W - 1) for r in range(FIELD_ROWS))


def spread(m: int) -> int:
    """§1.2 The neighbours of every hex in the bit mask ``m`` (odd-r rows: odd rows sit half a hex right)."""
    even, odd = m & _EVEN_ROWS, m & _ODD_ROWS
    return (
        ((m << 1) & _NOT_LEFT)
        | ((m >> 1) & _NOT_RIGHT)
        | (even << _W)
        | ((even << (_W - 1)) & _NOT_RIGHT)
        | (even >> _W)
        | ((even >> (_W + 1)) & _NOT_RIGHT)
        | (odd << _W)
        | ((odd << (_W + 1)) & _NOT_LEFT)
        | (odd >> _W)
        | ((odd >> (_W - 1)) & _NOT_LEFT)
    ) & _FULL


assert all(spread(1 << h) == sum(1 << n for n in ADJ[h]) for h in range(SIZE)), "hex neighbour masks"

#: fire masks are kept per hex and firepower 0..6 (tanks.toml allows at most 6)
MASK_RANGE = 7
#: WITHIN_LIST[k][h]: the hexes at distance 1..k from h
WITHIN_LIST = tuple(tuple(GRID.within(h, k) for h in range(SIZE)) for k in range(MASK_RANGE))


class Layout:
    """The terrain as it stands (an arrangement and its demolished houses) and what follows from it.

    Shared by every state on the same terrain, so search and random play fill the
    tables once. ``reach`` caches movement (see ``_reach_entry``). ``sight`` holds
    for a pair of hexes the distance at which a tank on the first may attack one
    on the second (5.3 line of sight, 4.5 forest concealment), or ``NEVER``;
    ``fire[h * MASK_RANGE + r]`` is the bit mask of hexes a tank on ``h`` with
    range ``r`` may attack. Both are filled lazily: only pairs within firing range
    are ever asked about.
    """

    __slots__ = (
        "_setup",
        "blocks_fire",
        "demolished",
        "field",
        "fire",
        "forest",
        "forest_mask",
        "houses",
        "passable",
        "passable_mask",
        "reach",
        "sight",
    )

    def __init__(self, field: Battlefield, demolished: tuple[int, ...], parent: Layout | None = None) -> None:
        """§1.3 The terrain of ``field`` with the houses in ``demolished`` flattened (10.8 Demolish)."""
        self.field = field
        self.demolished = demolished
        passable = list(field.passable)
        blocks = list(field.blocks_fire)
        for h in demolished:
            passable[h] = True
            blocks[h] = False
        self.passable = tuple(passable)
        self.blocks_fire = tuple(blocks)
        self.forest = field.forest
        self.passable_mask = sum(1 << h for h in range(SIZE) if passable[h])
        self.forest_mask = sum(1 << h for h in range(SIZE) if field.forest[h])
        self.houses = tuple(h for h, t in enumerate(field.terrain) if t == "house" and h not in demolished)
        self.reach: dict[int, ReachPaths] = {}
        self._setup: dict[tuple[int, int], list[int]] = {}
        if parent is None:
            self.sight = bytearray(SIZE * SIZE)
            self.fire = [-1] * (SIZE * MASK_RANGE)
            return
        # One more house is gone: only lines through it change, and every line the
        # tables hold is at most MASK_RANGE - 1 hexes long, so only pairs of hexes
        # that near the ruins need working out again.
        self.sight = parent.sight.copy()
        self.fire = parent.fire.copy()
        (gone,) = set(demolished) - set(parent.demolished)
        near = (gone, *WITHIN_LIST[MASK_RANGE - 1][gone])
        sight, fire = self.sight, self.fire
        for a in near:
            base = a * SIZE
            for b in near:
                sight[base + b] = UNKNOWN
            fire[a * MASK_RANGE : (a + 1) * MASK_RANGE] = [-1] * MASK_RANGE

    def __reduce__(self) -> tuple[Any, tuple[Battlefield, tuple[int, ...]]]:
        """§1.4 Pickled as its battlefield and demolished houses: the receiving process shares its own.

        A compiled build's class cannot be unpickled field by field (it has no bare
        constructor), and the tables are rebuilt lazily anyway.
        """
        return (layout_of, (self.field, self.demolished))

    def setup_hexes(self, seat: int, row: int) -> list[int]:
        """§2.5-2.6 Where ``seat`` may set up: with ``row`` 1, 4 or 7 the open hexes of that row for a
        checkpoint (2.5); with 0 the hexes a tank may stand on in its deployment rows (2.6)."""
        key = (seat, row)
        got = self._setup.get(key)
        if got is None:
            g = self.field.grid
            if row:
                got = [h for h in range(g.size) if self.field.open[h] and g.row_from_edge(h, seat) == row]
            else:
                got = [h for h in range(g.size) if self.passable[h] and g.row_from_edge(h, seat) <= DEPLOYMENT_ROWS]
            self._setup[key] = got
        return got

    def sight_value(self, a: int, b: int) -> int:
        """§5.3 The distance from ``a`` to ``b`` if a tank there may fire at ``b`` in range, else ``NEVER``.

        4.5 a tank in a forest is seen from 2 hexes, from 1 when both are in forest;
        1.5/5.3 the line between the centres must not cross a hex that blocks fire.
        """
        d = DIST[a * SIZE + b]
        forest, blocks = self.forest, self.blocks_fire
        if d == 0 or (forest[b] and d > (1 if forest[a] else 2)):
            return NEVER
        for h1, h2 in GRID.line(a, b):
            if h1 >= 0 and h2 >= 0 and blocks[h1] and blocks[h2]:
                return NEVER
        return d

    def fill_sight(self, i: int) -> int:
        """§1.5 Work out ``sight[i]`` for the pair ``i = a * size + b`` (closer than MASK_RANGE)."""
        v = self.sight[i] = self.sight_value(*divmod(i, SIZE))
        return v

    def fire_mask(self, k: int) -> int:
        """§5.2 The hexes a tank on ``h`` may attack with range ``rng`` (``k = h * MASK_RANGE + rng``) as a mask."""
        h, rng = divmod(k, MASK_RANGE)
        m = self.fire[k]
        if m < 0:
            m = 0
            sight = self.sight
            base = h * SIZE
            for b in WITHIN_LIST[rng][h]:
                v = sight[base + b]
                if v == UNKNOWN:
                    v = self.fill_sight(base + b)
                if v <= rng:
                    m |= 1 << b
            self.fire[k] = m
        return m


_LAYOUTS: dict[tuple[str, tuple[int, ...]], Layout] = {}


def layout_of(field: Battlefield, demolished: tuple[int, ...] = (), parent: Layout | None = None) -> Layout:
    """§1.4 The one shared layout of a battlefield with these houses demolished (sorted);
    ``parent`` is the layout with one house fewer demolished, to start from."""
    key = (field.arrangement, demolished)
    got = _LAYOUTS.get(key)
    if got is None:
        if len(_LAYOUTS) > 1000:
            _LAYOUTS.clear()
        got = _LAYOUTS[key] = Layout(field, demolished, parent)
    return got
