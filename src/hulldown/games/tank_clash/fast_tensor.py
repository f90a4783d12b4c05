"""Tank Clash's observation tensor written straight from the state.

The layout is the one documented in tensor.py, entry for entry: building the
observation dictionary (every tank with its statistics and names, the terrain
as text) and reading it back cost several engine steps, so the RL adapters use
this encoder instead. It reads only what ``observe(state, seat)`` shows the
seat: a concealed enemy tank gives its hex and damage, never its type, armour or
ace; of the morale hands only the seat's own and the other's size.

The terrain planes, nine tenths of the tensor, change only when a house is
demolished, so they are built once per battlefield, demolished houses and seat,
and each call copies them and writes the tanks, checkpoints and scalars item by
item into a C ``array('f')`` that NumPy then views without copying.
"""

from __future__ import annotations

from array import array

import numpy as np
import numpy.typing as npt

from hulldown.engine.hexgrid import HexGrid
from hulldown.games.tank_clash.actions import HEX_NAMES
from hulldown.games.tank_clash.data import KINDS, MORALE_NAMES
from hulldown.games.tank_clash.fields import StateFields
from hulldown.games.tank_clash.observation import _terrain_rows

_KIND_PLANE = tuple(KINDS.index(k) for k in KINDS)
_TERRAIN_CACHE_LIMIT = 256


class TankClashStateEncoder:
    """``(state, seat) -> tensor``; equal to ``encode(observe(state, seat))``."""

    __slots__ = ("_cell", "_g", "_terrain", "_terrain_plane", "size")

    def __init__(self, g: HexGrid, planes: int, scalars: int, terrain_plane: dict[str, int]) -> None:
        """tensor.py's grid, plane and scalar counts, and the terrain plane of each terrain letter."""
        assert planes == 22 and scalars == 10 + len(MORALE_NAMES), "the layout changed: change the encoder too"
        self._g = g
        self._terrain_plane = terrain_plane
        self.size = planes * g.size + scalars
        # The tensor cell of each hex as each seat sees the board (seat 1's turned 180 degrees).
        self._cell = tuple(tuple(g.rotate(h) if seat == 1 else h for h in map(g.parse, HEX_NAMES)) for seat in (0, 1))
        # (arrangement, demolished houses, seat) -> the tensor with only its terrain planes set.
        self._terrain: dict[tuple[str, tuple[int, ...], int], array[float]] = {}

    def __call__(self, state: StateFields, seat: int) -> npt.NDArray[np.float32]:
        buf = array("f", self._terrain_planes(state, seat))
        cell = self._cell[seat]
        n = self._g.size
        for t in range(10):
            h = state.hex[t]
            if state.kind[t] < 0 or h < 0:
                continue
            _tank(state, t, seat, cell[h], n, buf)
        for i in range(6):
            h = state.cp_hex[i]
            if h < 0:
                continue
            own, held_by_owner = i // 3 == seat, state.cp_holder[i] == i // 3
            plane = (18 if held_by_owner else 19) if own else (20 if held_by_owner else 21)
            buf[plane * n + cell[h]] = 1.0
        _scalars(state, seat, 22 * n, buf)
        return np.frombuffer(buf, dtype=np.float32)

    def _terrain_planes(self, state: StateFields, seat: int) -> array[float]:
        key = (state.field.arrangement, state.demolished, seat)
        got = self._terrain.get(key)
        if got is None:
            planes = np.zeros(self.size, dtype=np.float32)
            cell, g = self._cell[seat], self._g
            for r, row in enumerate(_terrain_rows(state)):
                for c, ch in enumerate(row):
                    planes[self._terrain_plane[ch] * g.size + cell[r * g.width + c]] = 1.0
            if len(self._terrain) >= _TERRAIN_CACHE_LIMIT:
                self._terrain.clear()
            got = self._terrain[key] = array("f", planes.tobytes())
        return got


def _tank(state: StateFields, t: int, seat: int, h: int, n: int, buf: array[float]) -> None:
    """One tank on the board: its type, armour and ace unless it is an enemy kept concealed."""
    owner = t // 5
    own = owner == seat
    off = 0 if own else 7
    if state.concealed[t] and not own:
        buf[14 * n + h] = 1.0
    else:
        buf[((5 if own else 11) + _KIND_PLANE[state.kind[t]]) * n + h] = 1.0
        buf[(8 + off) * n + h] = state.armour[t] / 3.0
    buf[(9 + off) * n + h] = state.damage[t] / 3.0
    if not (state.concealed[t] and not own) and state.ace[owner] == t:
        buf[(10 + off) * n + h] = 1.0


def _scalars(state: StateFields, seat: int, s: int, buf: array[float]) -> None:
    """Turn, hands, victory points, tactical cards left, smoke and the own hand's cards, from index ``s``."""
    enemy = 1 - seat
    hands = state.hands
    if state.current_player == seat:
        buf[s] = 1.0
    buf[s + 1] = state.actions_taken / 2.0
    buf[s + 2] = min(state.turn_no + 1, 80) / 80.0
    buf[s + 3] = len(hands[seat]) / 3.0
    buf[s + 4] = len(hands[enemy]) / 3.0
    buf[s + 5] = state.vp[seat] / 5.0
    buf[s + 6] = state.vp[enemy] / 5.0
    buf[s + 7] = (6 - len(state.tac_used[seat])) / 6.0
    buf[s + 8] = (6 - len(state.tac_used[enemy])) / 6.0
    if state.smoke[seat]:
        buf[s + 9] = 1.0
    hand = hands[seat]
    for k, c in enumerate(MORALE_NAMES):
        if c in hand:
            buf[s + 10 + k] = 1.0
