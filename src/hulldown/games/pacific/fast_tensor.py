"""2GM Pacific's observation tensor written straight from the state.

The layout is the one documented in tensor.py, entry for entry: the observation
dictionary describes every unit, card, terrain pile and the AI's log, which
costs many engine steps to build and read back, so the RL adapters use this
encoder instead. It reads only what ``observe(st, seat)`` shows the seat: a
face-down enemy unit gives its space and that it carries something, never its
type or Hit Points (§11.7); of the hands only the seat's own, the others by size.

The terrain, sea and objective planes change rarely, so they are kept with
copies of what they came from and reused while those are equal; each call
copies them and writes the units, smoke, mud, scalars and hand item by item
into a C ``array('f')`` that NumPy then views without copying.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from hulldown.games.pacific.cards import load_cards
from hulldown.games.pacific.grid import COLS, ROWS, SPACES
from hulldown.games.pacific.observation import _where
from hulldown.games.pacific.units import HQ_SPACE

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields

_PLANES = 15


class PacificStateEncoder:
    """``(state, seat) -> tensor``; equal to ``encode(observe(st, seat))``."""

    __slots__ = ("_board", "_hand_at", "_kind", "_phase", "_scalars_at", "_type", "_weather", "hand_slots", "size")

    def __init__(
        self,
        phases: tuple[str, ...],
        types: tuple[str, ...],
        weather: tuple[str, ...],
        kinds: tuple[str, ...],
        hand_slots: int,
    ) -> None:
        """tensor.py's phase, unit type, weather and hand-card kind orders and its hand positions."""
        self._phase = {p: 1 + k for k, p in enumerate(phases)}
        self._type = {t: 4 + k for k, t in enumerate(types)}
        self._weather = {w: 19 + k for k, w in enumerate(weather)}
        units = load_cards().units
        self._kind = {cid: 2 + kinds.index(u.type) for cid, u in units.items()}  # other cards: support, 7
        self.hand_slots = hand_slots
        self._scalars_at = ROWS * COLS * _PLANES
        self._hand_at = self._scalars_at + 24
        self.size = self._hand_at + hand_slots * 8
        empty: tuple[list[int], list[bool], list[int]] = ([], [], [])
        # The terrain, sea and objectives the board planes came from, and those planes.
        self._board = (empty, array("f", bytes(4 * self.size)))

    def __call__(self, st: PacificFields, seat: int) -> npt.NDArray[np.float32]:
        buf = array("f", self._board_planes(st))
        side = st.slot_side[seat]
        hidden_from, types = st.hidden_from, self._type
        for u in sorted(st.units.values(), key=_where):
            if u.space == HQ_SPACE:
                continue
            at = u.space * _PLANES
            own = u.side == side
            buf[at if own else at + 1] = 1.0
            if not hidden_from(seat, u):
                plane = types.get(u.card.type)
                if plane is not None:  # a face-down card shows neither type nor Hit Points (§11.7)
                    buf[at + (2 if own else 3)] = (u.hp - u.wounds) / 6.0
                    buf[at + plane] = 1.0
            if u.cargo is not None:
                buf[at + 14] = 1.0
        for s in st.smoke:
            buf[s * _PLANES + 10] = 1.0
        for s in st.muddy:
            buf[s * _PLANES + 11] = 1.0
        self._scalars(st, seat, side, buf)
        self._hand(st, seat, buf)
        return np.frombuffer(buf, dtype=np.float32)

    def _board_planes(self, st: PacificFields) -> array[float]:
        """The tensor with only its terrain, sea and objective planes, rebuilt when one of those changed."""
        (terrain, sea, objectives), planes = self._board
        if st.terrain == terrain and st.sea == sea and st.objectives == objectives:
            return planes
        planes = array("f", bytes(4 * self.size))
        for s in range(SPACES):
            if st.sea[s]:
                planes[s * _PLANES + 12] = 1.0
        for s in st.objectives:
            planes[s * _PLANES + 13] = 1.0
        for s, t in enumerate(st.terrain):
            if t >= 0:
                planes[s * _PLANES + 9] = 1.0
        # One tuple, assigned at once: a reader never pairs one board's planes with another's lists.
        self._board = ((list(st.terrain), list(st.sea), list(st.objectives)), planes)
        return planes

    def _scalars(self, st: PacificFields, seat: int, side: int, buf: array[float]) -> None:
        """Turn, phase, action points, HQ wounds, hand and deck sizes, supply and weather."""
        s = self._scalars_at
        slot_side = st.slot_side
        buf[s] = st.turn / 60.0
        phase = self._phase.get(st.phase)
        if phase is not None:
            buf[s + phase] = 1.0
        ap = st.ap
        buf[s + 10] = sum(a for k, a in enumerate(ap) if slot_side[k] == side) / 20.0
        buf[s + 11] = sum(a for k, a in enumerate(ap) if slot_side[k] != side) / 20.0
        buf[s + 12] = st.hq_wounds[side] / 12.0
        buf[s + 13] = st.hq_wounds[1 - side] / 12.0
        buf[s + 14] = len(st.hands[seat]) / 10.0
        decks = st.decks
        buf[s + 15] = len(decks[seat]) / 50.0
        buf[s + 16] = sum(len(d) for k, d in enumerate(decks) if slot_side[k] != side) / 50.0
        buf[s + 17] = st.supply_line(side) / 6.0
        buf[s + 18] = st.supply_line(1 - side) / 6.0
        buf[s + self._weather[st.weather]] = 1.0

    def _hand(self, st: PacificFields, seat: int, buf: array[float]) -> None:
        """The seat's own hand by position (sorted by card instance, as the actions number it)."""
        f = self._hand_at
        db, cards, kind = st.db, st.cards, self._kind
        for iid in sorted(st.hands[seat])[: self.hand_slots]:
            cid = cards[iid]
            buf[f] = 1.0
            buf[f + 1] = db.cost(cid) / 10.0
            buf[f + kind.get(cid, 7)] = 1.0
            f += 8
