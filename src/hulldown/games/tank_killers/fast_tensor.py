"""Tank Killers' observation tensor written straight from the state.

The layout is the one documented in tensor.py, entry for entry: building the
observation dictionary and reading it back cost about ten engine steps, so the
RL adapters use this encoder instead. It reads only what ``observe(st, seat)``
would put in the seat's observation: the seat's own hand, sizes of the other
hand and of every deck, the face-up cards and the attack under way; never the
order of a deck, the opponent's hand, or a face-down top card.

Every card, tactic type and phase maps to its tensor index through tables built
once per rule set (the block's offset included). The face-up piles (tactics
discard, each side's units in play, reserves and casualties) hold most of the
tensor's entries and change only when a card moves, so the encoder keeps the
counts of each pile block with a copy of the piles they came from: equal piles
(compared in C, a few nanoseconds a card) reuse them, a discard pile that only
grew adds its new cards, and only the small blocks are written per call. A
side's counts do not depend on who looks, only where they go (mine first), so
both seats share them. The tensor is a C ``array('f')`` written item by item,
which costs less than any NumPy call for the few dozen entries a step changes;
NumPy then views its buffer without copying.
"""

from __future__ import annotations

from array import array

import numpy as np
import numpy.typing as npt

from hulldown.games.tank_killers.cards import PB
from hulldown.games.tank_killers.fields import P_NEGATE, P_OVER, PHASE_NAMES, StateFields
from hulldown.games.tank_killers.tables import Rules

_Piles = tuple[list[int], ...]


class TankKillersStateEncoder:
    """``(state, seat) -> tensor`` for one rule set; equal to ``encode(observe(st, seat))``."""

    __slots__ = (
        "R",
        "_attack",
        "_discard_at",
        "_discard_counts",
        "_hand",
        "_last_att",
        "_last_tgt",
        "_n_tactics",
        "_neg_card",
        "_neg_last",
        "_pending",
        "_phase",
        "_played",
        "_sides",
        "_t_card",
        "_top",
        "_u_card",
        "_units",
        "_units_at",
        "_units_memo",
        "_zeros",
        "size",
    )

    def __init__(self, R: Rules, tix: dict[str, int], uix: dict[str, int], phases: tuple[str, ...]) -> None:
        """``tix``, ``uix``: tensor.py's indices of tactic and unit names; ``phases``: its phase order."""
        self.R = R
        T, U = len(tix), len(uix)
        side = 4 + (U + 1) + 3 * U
        # The tensor index of a card's tactic type or unit name, by card number (-1: not that kind).
        t_card = [tix[R.tname[R.ttype[c]]] if c < R.n_tactics else -1 for c in range(R.n_cards)]
        u_card = [uix.get(R.name_of[c], -1) if c >= R.n_tactics else -1 for c in range(R.n_cards)]
        t_type = [tix[n] for n in R.tname]

        def at(base: int, table: list[int]) -> list[int]:
            return [base + k for k in table]

        self._phase = [phases.index(n) for n in PHASE_NAMES]
        self._hand = at(14, t_card)
        sides = self._sides = (14 + 2 * T, 14 + 2 * T + side)  # me, then the opponent
        self._top = [[*at(b + 4, u_card), b + 4 + U] for b in sides]  # [-1]: no face-up top card
        a = self._attack = sides[1] + side
        self._units = (at(a + 12, u_card), at(a + 12 + U, u_card))
        self._played = at(a + 12 + 2 * U, t_type)
        p = self._pending = a + 12 + 2 * U + T
        self._neg_card = at(p + 3, t_type)
        self._neg_last = at(p + 3 + T, t_type)
        last = p + 3 + 2 * T
        self._last_att = at(last, u_card)
        self._last_tgt = at(last + U, u_card)
        self.size = last + 2 * U
        self._n_tactics = max(1, R.n_tactics)
        self._zeros = array("f", bytes(4 * self.size))
        self._t_card, self._u_card = t_card, u_card
        self._discard_at = 14 + T
        self._units_at = tuple(b + 4 + U + 1 for b in sides)
        # The last piles each block was counted from, with its counts (see _discard_block, _units_block).
        no_discard = array("f", bytes(4 * T))
        self._discard_counts: tuple[list[int], array[float], array[float]] = ([], no_discard, no_discard)
        nothing: _Piles = ()
        self._units_memo = [(nothing, array("f", bytes(4 * 3 * U)))] * 2

    def __call__(self, st: StateFields, seat: int) -> npt.NDArray[np.float32]:
        buf = array("f", self._zeros)
        discard = st.tdiscard
        seen, counts, _zeros = self._discard_counts
        if discard != seen:
            counts = self._discard_block(discard)
        buf[self._discard_at : self._discard_at + len(counts)] = counts
        memo, fsize = self._units_memo, self.R.fsize
        for k, s in enumerate((seat, 1 - seat)):
            piles = (st.in_play[s], st.reserve[s], st.casualty[s])
            seen_piles, units = memo[s]
            if piles != seen_piles:
                units = self._units_block(piles, s)
            lo = self._units_at[k]
            buf[lo : lo + len(units)] = units
            # The side's deck, hand and casualties as fractions, the exchange flag, the top card.
            b = self._sides[k]
            size = max(1, fsize[s])
            deck = st.fdeck[s]
            buf[b] = len(deck) / size
            buf[b + 1] = len(st.hands[s]) / 12
            if st.waiting[s]:
                buf[b + 2] = 1.0
            buf[b + 3] = len(piles[2]) / size
            buf[self._top[k][deck[-1] if deck and st.top_up[s] else -1]] = 1.0
        phase = st.phase
        buf[self._phase[phase]] = 1.0
        if phase != P_OVER and st._current_player() == seat:
            buf[9] = 1.0
        if st.active == seat:
            buf[10] = 1.0
        buf[11] = st.turn / max(1, st.turn_limit)
        if st.random_factor:
            buf[12] = 1.0
        buf[13] = len(st.tdeck) / self._n_tactics
        hand = self._hand
        for c in st.hands[seat]:
            buf[hand[c]] += 1
        if st.att >= 0:
            self._attack_under_way(st, seat, buf)
        if phase == P_NEGATE:
            p = self._pending
            buf[p] = 1.0
            if st.neg_player == seat:
                buf[p + 1] = 1.0
            if st.neg_count % 2:
                buf[p + 2] = 1.0
            buf[self._neg_card[st.neg_t]] = 1.0
            buf[self._neg_last[st.neg_last]] = 1.0
        if st.last_att >= 0:
            buf[self._last_att[st.last_att]] = 1.0
            if st.last_tgt >= 0:
                buf[self._last_tgt[st.last_tgt]] = 1.0
        return np.frombuffer(buf, dtype=np.float32)

    def _discard_block(self, discard: list[int]) -> array[float]:
        """Count per tactic of the discard pile; one that merely grew since last time adds its new cards."""
        seen, counts, zeros = self._discard_counts
        n = len(seen)
        if discard[:n] == seen:
            counts, new = array("f", counts), discard[n:]
        else:
            counts, new = array("f", zeros), discard
        index = self._t_card
        for c in new:
            counts[index[c]] += 1
        # One tuple, assigned at once: a reader never pairs one pile with another pile's counts.
        self._discard_counts = (list(discard), counts, zeros)
        return counts

    def _units_block(self, piles: _Piles, s: int) -> array[float]:
        """Counts per unit name of side ``s``'s units in ``piles`` (in play, reserve, casualties)."""
        counts = array("f", bytes(len(self._units_memo[s][1]) * 4))
        U, index = len(counts) // 3, self._u_card
        for k, pile in enumerate(piles):
            off = k * U
            for c in pile:
                counts[off + index[c]] += 1
        self._units_memo[s] = (tuple(list(p) for p in piles), counts)
        return counts

    def _attack_under_way(self, st: StateFields, seat: int, buf: array[float]) -> None:
        """The attack's flags, modifiers, range, factor, its two units and the tactics played in it."""
        a = self._attack
        buf[a] = 1.0
        if st.active == seat:
            buf[a + 1] = 1.0
        if st.tgt_on_deck:
            buf[a + 2] = 1.0
        buf[a + 3] = st.pmod / 10
        buf[a + 4] = st.imod / 10
        yards = st.attack_range()
        buf[a + 5] = 0.0 if yards == PB else yards / 2000
        if st.used_range >= 0:
            buf[a + 6] = 1.0
        if st.used_hit:
            buf[a + 7] = 1.0
        if st.used_ammo:
            buf[a + 8] = 1.0
        tgt = st.tgt
        buf[a + 9] = (st.attack_factor() if tgt >= 0 else 0) / 20
        buf[a + 10] = (self.R.fdef[tgt] if tgt >= 0 else 0) / 20
        buf[a + 11] = st.passes / 2
        attacker, target = self._units
        buf[attacker[st.att]] = 1.0
        if tgt >= 0:
            buf[target[tgt]] = 1.0
        played = self._played
        for _p, t in st.played:
            buf[played[t]] += 1
