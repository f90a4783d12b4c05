"""Fixed-size arrays for RL tools (engine/tensor.py protocol).

Action space (``action_ids``), in this order, with T = tactic card names in
tactics-file order and U = formation card names in order of first appearance
in deck0 then deck1:

    0                 pass
    1 .. T            play:<tactic>
    T+1 .. 2T         discard:<tactic>
    2T+1              target:deck
    2T+2 .. 2T+1+U    target:<unit>        (the opponent's unit of that name)
    2T+2+U            attacker:deck
    2T+3+U .. 2T+2+2U attacker:<unit>      (one's own unit of that name, "Same unit")

Observation vector (float32), built from ``observation(seat)`` only, blocks in order:

    phase one-hot (9); to act is me; I am the active player; turn / turn limit;
    random factor on; tactics deck size / tactics cards;
    my hand: count per tactic (T); tactics discard: count per tactic (T);
    for me, then the opponent: formation deck / formation size, hand size / 12,
      waiting for the exchange, casualties / formation size,
      face-up top card one-hot (U + 1, last = none), in play (U), reserve (U),
      casualties (U) as counts;
    attack: under way, I attack, target on deck, pen mod / 10, inf mod / 10,
      range / 2000, range played, hit played, ammo played, factor / 20,
      defense / 20, passes / 2, attacker one-hot (U), target one-hot (U),
      cards played this attack: count per tactic (T);
    negation window: open, played by me, negations so far odd,
      card one-hot (T), last card one-hot (T);
    last attack (for free actions): attacker one-hot (U), target one-hot (U).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from hulldown.games.tank_killers.fast_tensor import TankKillersStateEncoder
from hulldown.games.tank_killers.fields import PHASE_NAMES
from hulldown.games.tank_killers.options import with_defaults
from hulldown.games.tank_killers.tables import Rules, rules_for
from hulldown.games.tank_killers.views import TankKillersObservation, of

_PHASES = PHASE_NAMES


def _opts(options: Mapping[str, Any]) -> dict[str, Any]:
    return with_defaults(options)


class _Layout:
    """Index tables and per-entry bounds for one rule set, built once per option set."""

    __slots__ = ("R", "high", "low", "size", "tix", "uix")

    def __init__(self, R: Rules) -> None:
        self.R = R
        self.tix = {n: i for i, n in enumerate(R.tname)}
        self.uix = {n: i for i, n in enumerate(R.unit_names)}
        T, U = R.n_types, len(R.unit_names)
        side = 4 + (U + 1) + 3 * U
        self.size = 9 + 5 + 2 * T + 2 * side + (12 + 2 * U + T) + (3 + 2 * T) + 2 * U
        self.low, self.high = self._bounds(T, U, side)

    def _bounds(self, T: int, U: int, side: int) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """0..1 except counts (at most the copies in play) and the attack's signed sums."""
        R = self.R
        low = np.zeros(self.size, dtype=np.float32)
        high = np.ones(self.size, dtype=np.float32)
        copies_t = np.bincount(R.ttype, minlength=T)[:T].astype(np.float32)
        copies_u = np.zeros(U, dtype=np.float32)
        for n in R.fname[R.n_tactics :]:
            copies_u[self.uix[n]] += 1
        i = 14
        high[i : i + T] = copies_t
        high[i + T : i + 2 * T] = copies_t
        i += 2 * T
        for _ in range(2):
            high[i + 1] = max(1.0, R.n_tactics / 12)  # a hand over the limit waits for a discard
            high[i + 4 + U + 1 : i + side] = np.tile(copies_u, 3)
            i += side
        # Modifiers add up over every tactics card played in one attack, copies included.
        pen, inf = (np.asarray(m, dtype=np.float32)[R.ttype] for m in (R.tpen, R.tinf))
        for k, mods in ((3, pen), (4, inf)):
            low[i + k] = mods[mods < 0].sum() / 10
            high[i + k] = mods[mods > 0].sum() / 10
        units = slice(R.n_tactics, len(R.fname))
        factors = np.asarray(R.fpen[units] + R.finf[units], dtype=np.float32)
        low[i + 9] = min(0.0, float(factors.min()) + 10 * low[i + 3] + 10 * low[i + 4]) / 20
        high[i + 9] = max(0.0, float(factors.max()) + 10 * high[i + 3] + 10 * high[i + 4]) / 20
        high[i + 10] = max(R.fdef[units]) / 20
        high[i + 12 + 2 * U : i + 12 + 2 * U + T] = copies_t
        return low, high


class TankKillersTensors:
    """The Tank Killers :class:`~hulldown.engine.tensor.TensorSpec`."""

    def __init__(self) -> None:
        self._layouts: dict[Any, _Layout] = {}

    def _layout(self, options: Mapping[str, Any]) -> _Layout:
        # Encoding runs every RL step: the tables are built once per option set, not per call.
        try:
            key: Any = tuple(sorted(options.items()))
            lay = self._layouts.get(key)
        except TypeError:
            key, lay = None, None
        if lay is None:
            lay = _Layout(rules_for(_opts(options)))
            if key is not None:
                self._layouts[key] = lay
        return lay

    def action_ids(self, players: int, options: Mapping[str, Any]) -> list[str]:
        return list(rules_for(_opts(options)).all_action_ids)

    def observation_shape(self, players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
        return (self._layout(options).size,)

    def observation_bounds(
        self, players: int, options: Mapping[str, Any]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        lay = self._layout(options)
        return lay.low.copy(), lay.high.copy()

    def state_encoder(self, players: int, options: Mapping[str, Any]) -> TankKillersStateEncoder:
        """The same tensor as :meth:`encode`, written from the state without the observation dict."""
        lay = self._layout(options)
        enc = TankKillersStateEncoder(lay.R, lay.tix, lay.uix, _PHASES)
        assert enc.size == lay.size
        return enc

    def encode(
        self, observation: Mapping[str, object], seat: int, players: int, options: Mapping[str, Any]
    ) -> npt.NDArray[np.float32]:
        lay = self._layout(options)
        o = of(observation)
        # The tensor is sparse (a few dozen entries of about 900): the indices of the 1s (a count
        # repeats its index) and the few fractions are collected in lists and written in two NumPy
        # calls, a fraction of the cost of item assignment into an array.
        ones: list[int] = []
        frac: dict[int, float] = {}
        i = _encode_table(ones, frac, o, seat, lay)
        i = _encode_attack(ones, frac, i, o, seat, lay)
        assert i == lay.size
        v = np.bincount(ones, minlength=lay.size).astype(np.float32)
        if frac:
            v[list(frac)] = list(frac.values())
        return v


#: a side's piles, in the tensor's order
_PILES: tuple[Literal["in_play", "reserve", "casualties"], ...] = ("in_play", "reserve", "casualties")


def _encode_table(ones: list[int], frac: dict[int, float], o: TankKillersObservation, seat: int, lay: _Layout) -> int:
    """Phase, turn, hands, discards and both sides' formations; returns the next free index."""
    tix, uix = lay.tix, lay.uix
    T, U = len(tix), len(uix)
    ones.append(_PHASES.index(o["phase"]))
    i = 9
    if o["to_act"] == seat:
        ones.append(i)
    if o["active"] == seat:
        ones.append(i + 1)
    frac[i + 2] = o["turn"] / max(1, o["turn_limit"])
    if o["random_factor"]:
        ones.append(i + 3)
    frac[i + 4] = o["tactics_deck"] / max(1, lay.R.n_tactics)
    i += 5
    ones.extend([i + tix[n] for n in o["hand"] or ()])
    i += T
    ones.extend([i + tix[n] for n in o["tactics_discard"]])
    i += T
    for s in (seat, 1 - seat):
        side = o["sides"][s]
        size = max(1, side["formation_size"])
        frac[i] = side["formation_deck"] / size
        frac[i + 1] = side["hand_size"] / 12
        if side["waiting"]:
            ones.append(i + 2)
        frac[i + 3] = len(side["casualties"]) / size
        i += 4
        ones.append(i + (uix[side["top"]] if side["top"] is not None else U))
        i += U + 1
        for key in _PILES:
            ones.extend([i + uix[n] for n in side[key]])
            i += U
    return i


def _encode_attack(
    ones: list[int], frac: dict[int, float], i: int, o: TankKillersObservation, seat: int, lay: _Layout
) -> int:
    """The attack under way, the negation window and the last attack; returns the end index."""
    tix, uix = lay.tix, lay.uix
    T, U = len(tix), len(uix)
    a = o["attack"]
    if a is not None:
        flags = (True, a["seat"] == seat, a["target_on_deck"])
        ones.extend([i + k for k, flag in enumerate(flags) if flag])
        rng = a["range"]
        frac[i + 3] = a["pen_mod"] / 10
        frac[i + 4] = a["inf_mod"] / 10
        frac[i + 5] = 0.0 if rng == "PB" else int(rng.split()[0]) / 2000
        flags = (a["range_played"], a["hit_played"], a["ammo_played"])
        ones.extend([i + 6 + k for k, flag in enumerate(flags) if flag])
        frac[i + 9] = (a["factor"] or 0) / 20
        frac[i + 10] = (a["defense"] or 0) / 20
        frac[i + 11] = a["passes"] / 2
        ones.append(i + 12 + uix[a["attacker"]])
        if a["target"] is not None:
            ones.append(i + 12 + U + uix[a["target"]])
        ones.extend([i + 12 + 2 * U + tix[n] for _p, n in a["played"]])
    i += 12 + 2 * U + T
    p = o["pending"]
    if p is not None:
        ones.append(i)
        if p["by"] == seat:
            ones.append(i + 1)
        if p["negations"] % 2:
            ones.append(i + 2)
        ones += [i + 3 + tix[p["card"]], i + 3 + T + tix[p["last"]]]
    i += 3 + 2 * T
    last = o["last_attack"]
    if last is not None:
        ones.append(i + uix[last["attacker"]])
        if last["target"] is not None:
            ones.append(i + U + uix[last["target"]])
    i += 2 * U
    return i


TENSORS = TankKillersTensors()
