"""Tank Hunter's observation tensor written straight from the state.

The layout is the one documented in tensor.py, entry for entry: building the
observation dictionary (every unit's view, the open contexts, the card names)
and reading it back cost several engine steps, so the RL adapters use this
encoder instead. It reads only what ``observe(s, seat)`` shows the seat: a
unit's identity only when it is revealed or the seat's own, and of the hands
only the seat's own (the others by size).

A known unit's printed values and icons, and an event card's colour and effect,
are looked up by card name (as the reference does) once per name and kept as a
ready block; each call writes the blocks item by item into a C ``array('f')``
that NumPy then views without copying.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from hulldown.games.tank_hunter.cards import EFFECTS, ICONS, load_cards
from hulldown.games.tank_hunter.fields import PHASE_NAMES, StateFields

_KINDS = ("AFV", "GUN", "INF")
_COLOURS = ("gray", "gold", "red")


class TankHunterStateEncoder:
    """``(state, seat) -> tensor`` for one player count and card set; equal to ``encode(observe(s, seat))``."""

    __slots__ = (
        "_attachments",
        "_events",
        "_hand_blocks",
        "_phase",
        "_seat_features",
        "_slot_features",
        "_unit_blocks",
        "_unit_values",
        "_units",
        "_water",
        "_zeros",
        "hand_at",
        "max_hand",
        "max_line",
        "players",
        "size",
    )

    def __init__(
        self,
        players: int,
        options: Mapping[str, Any],
        phases: tuple[str, ...],
        sizes: tuple[int, int, int, int],
        unit_values: Callable[[Any], tuple[float, ...]],
    ) -> None:
        """``phases``, ``sizes`` (MAX_LINE, MAX_HAND, SLOT_FEATURES, SEAT_FEATURES) and ``unit_values``: tensor.py's."""
        self.players = players
        self.max_line, self.max_hand, self._slot_features, self._seat_features = sizes
        assert self._slot_features == 3 + 3 + 13 + len(ICONS) + 4, "the layout changed: change the encoder too"
        cs = load_cards(str(options.get("cards", "")))
        self._units = {u.name: u for u in cs.units}
        self._events = {e.name: e for e in cs.events}
        self._water = {n: bool(e.water) for n, e in self._events.items()}
        self._unit_values = unit_values
        self._phase = [phases.index(n) for n in PHASE_NAMES]
        self.hand_at = 12 + players * self._seat_features
        self.size = self.hand_at + self.max_hand * (4 + len(EFFECTS))
        self._zeros = array("f", bytes(4 * self.size))
        # (unit name, face up) -> its slot before markers; event name -> the hand entries set to 1.
        self._unit_blocks: dict[tuple[str, bool], array[float]] = {}
        self._hand_blocks: dict[str, tuple[int, ...]] = {}
        self._attachments: tuple[list[int], dict[int, int]] = ([], {})

    def __call__(self, s: StateFields, seat: int) -> npt.NDArray[np.float32]:
        buf = array("f", self._zeros)
        buf[self._phase[s.phase]] = 1.0
        buf[8] = float(s.acted)
        buf[9] = s.cb_count / 3
        buf[10] = len(s.unit_deck) / 80
        buf[11] = len(s.event_deck) / 50
        attached = self._attached(s)
        current, players = s.current_player, self.players
        water, ev = self._water, s.ev
        for k in range(players):
            p = (seat + k) % players
            b = 12 + k * self._seat_features
            if s.out[p]:
                buf[b] = float(s.out[p])
            buf[b + 1] = s.points(p) / 30
            buf[b + 2] = len(s.hand[p]) / 6
            buf[b + 3] = s.hand_limit(p) / 6
            if current == p:
                buf[b + 4] = 1.0
            if s.turn == p:
                buf[b + 5] = 1.0
            deployed = s.deployed[p]
            if deployed:
                buf[b + 6] = sum([water.get(ev(c).name, False) for c in deployed]) / 4
            self._lines(s, seat, p, b + 7, attached, buf)
        self._hand(s, seat, buf)
        return np.frombuffer(buf, dtype=np.float32)

    def _attached(self, s: StateFields) -> dict[int, int]:
        """How many cards are attached to each unit; kept while the attachments are unchanged."""
        if not s.n_att:
            return {}
        seen, counts = self._attachments
        if s.attach_of == seen:
            return counts
        counts = {}
        for h in s.attach_of:
            if h >= 0:
                counts[h] = counts.get(h, 0) + 1
        self._attachments = (list(s.attach_of), counts)
        return counts

    def _lines(self, s: StateFields, seat: int, p: int, f: int, attached: dict[int, int], buf: array[float]) -> None:
        """Seat ``p``'s front and rear lines from index ``f``, slot by slot: each unit face down or not,
        what ``seat`` may know of it, its markers and attachments."""
        width, cap = self._slot_features, self.max_line
        revealed, owner, udefs = s.revealed, s.owner, s.udefs
        pinned, ooa, exhausted = s.pinned, s.ooa, s.exhausted
        blocks = self._unit_blocks
        markers = 19 + len(ICONS)
        for line in (s.front[p], s.rear[p]):
            at = f
            for u in line[:cap]:
                if revealed[u] or owner[u] == seat:
                    key = (udefs[u].name, revealed[u])
                    block = blocks[key] if key in blocks else self._unit_block(key)
                    buf[at : at + width] = block
                else:
                    buf[at] = buf[at + 1] = 1.0
                # Markers are rare: the zeros are already there.
                g = at + markers
                if pinned[u]:
                    buf[g] = float(pinned[u])
                if ooa[u]:
                    buf[g + 1] = float(ooa[u])
                if exhausted[u]:
                    buf[g + 2] = float(exhausted[u])
                if u in attached:
                    buf[g + 3] = attached[u] / 2
                at += width
            f += cap * width

    def _unit_block(self, key: tuple[str, bool]) -> array[float]:
        """A whole slot of a unit the seat knows, of that name and face up or not, before its markers."""
        name, revealed = key
        u = self._units.get(name)
        block = [1.0, 0.0 if revealed else 1.0] + [0.0] * (self._slot_features - 2)
        if u is not None:
            kind = [0.0, 0.0, 0.0]
            kind[_KINDS.index(u.kind)] = 1.0 if u.kind != "COMMANDER" else 0.0
            icons = [float(icon in u.icons) for icon in ICONS]
            values = [1.0, *kind, *self._unit_values(u), *icons]
            block[2 : 2 + len(values)] = values
        got = self._unit_blocks[key] = array("f", block)
        return got

    def _hand(self, s: StateFields, seat: int, buf: array[float]) -> None:
        """The seat's own hand, card by card: present, colour and effect."""
        width = 4 + len(EFFECTS)
        f = self.hand_at
        for c in s.hand[seat][: self.max_hand]:
            name = s.ev(c).name
            ones = self._hand_blocks.get(name)
            if ones is None:
                e = self._events.get(name)
                extra = () if e is None else (1 + _COLOURS.index(e.colour), 4 + EFFECTS.index(e.effect))
                ones = self._hand_blocks[name] = (0, *extra)
            for k in ones:
                buf[f + k] = 1.0
            f += width
