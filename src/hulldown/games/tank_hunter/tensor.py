"""Fixed-size views of Tank Hunter for RL tools (engine/tensor.py).

Action space (``action_ids``): every action the rules can offer (built from the
typed actions of actions.py), in this order, with
line positions ``0..MAX_LINE-1``, hand / packet positions ``0..MAX_HAND-1`` and
seats ``0..players-1``; positions beyond the caps are not in the space (a line
longer than MAX_LINE is possible only after many reinforcements):

  pick:k, rear:mask, arrange:done, swap:l:i:j, advance:none, advance:i,
  supply:none, supply:{ammo,pin}:l:i, discard:h, reveal:l:i, play:h, amph:l:i:k,
  carry:l:i:{conceal,rear}:tl:j, cmd:c, cmd:c:l:i, cmd:c:s:j, attack:l:i:s:tl:j:ty,
  scout:i:s, wait, end, pass, fire:k[:lead][:charge], counter:no, counter:k[:lead],
  scounter:none, scounter:j, evade:yes, evade:no, aa:done, aa:l:i, spot:j,
  tgt:s:l:i, tgtp:s, tgte:k, put:front, put:rear

Observation layout (float32, flat), seats rotated so the observer is first:
  [0:8)      phase one-hot (draft, place, arrange, advance, supply, supply-discard, main, over)
  [8:12)     acted, Carpet Bombings / 3, unit deck / 80, event deck / 50
  then per seat (observer first), SEAT_FEATURES each:
    out, points / 30, hand size / 6, hand limit / 6, is current player, is turn player,
    water cards in front / 4, then 2 lines x MAX_LINE slots x SLOT_FEATURES:
      present, hidden, identity known, kind one-hot (AFV, GUN, INF), points / 6, defence / 6,
      anti-armour / 6, attack / 6, attack shots / 4, trample / 6, suicide / 6, supply / 7,
      scouting / 6, long range / 6, anti-air / 6, evading / 6, the 9 icons, pinned,
      out of ammo, exhausted, attachments / 2
  then the observer's hand: MAX_HAND slots x (present, gray, gold, red, effect one-hot)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from hulldown.engine.state import Action
from hulldown.games.tank_hunter.actions import (
    LINE_CODES,
    Advance,
    Amphibian,
    AntiAir,
    AntiAirDone,
    ArrangeDone,
    Attack,
    Carry,
    Command,
    CommandIntel,
    CommandUnit,
    Counter,
    Discard,
    End,
    Evade,
    Fire,
    NoAdvance,
    NoCounter,
    NoScoutCounter,
    NoSupply,
    Pass,
    Pick,
    PlaceRear,
    Play,
    Put,
    Reveal,
    Scout,
    ScoutCounter,
    Spot,
    Supply,
    Swap,
    TargetCard,
    TargetSeat,
    TargetUnit,
    Wait,
)
from hulldown.games.tank_hunter.cards import EFFECTS, ICONS, UnitDef, load_cards
from hulldown.games.tank_hunter.fast_tensor import TankHunterStateEncoder
from hulldown.games.tank_hunter.views import of

MAX_LINE = 12
MAX_HAND = 6
MAX_SHOTS = 9
MAX_CARDS_IN_PLAY = 16
MAX_WATERS = 8
MAX_COMMANDERS = 4
PHASES = ("draft", "place", "arrange", "advance", "supply", "supply-discard", "main", "over")
SLOT_FEATURES = 3 + 3 + 13 + len(ICONS) + 4
SEAT_FEATURES = 7 + 2 * MAX_LINE * SLOT_FEATURES
HAND_FEATURES = 4 + len(EFFECTS)
TYPES = ("aa", "gr", "tr", "su", "gf", "lr")


def _unit_values(u: UnitDef) -> tuple[float, ...]:
    """A unit card's printed values, scaled as in the slot layout."""
    return (
        u.points / 6,
        u.defence / 6,
        max(0, u.aa[0]) / 6,
        max(0, u.attack[0]) / 6,
        u.attack[1] / 4,
        max(0, u.trample[0]) / 6,
        max(0, u.suicide[0]) / 6,
        u.supply / 7,
        u.scouting / 6,
        u.long_range / 6,
        u.anti_air / 6,
        u.evading / 6,
        u.aa[1] / 4,
    )


class TankHunterTensors:
    """The TensorSpec of Tank Hunter (the action space grows with the number of players)."""

    def __init__(self) -> None:
        self._ids: dict[int, list[str]] = {}

    def action_ids(self, players: int, options: Mapping[str, Any]) -> list[str]:
        if players in self._ids:
            return self._ids[players]
        L, H, S = range(MAX_LINE), range(MAX_HAND), range(players)
        ln = LINE_CODES
        acts: list[Action] = [Pick(k) for k in H]
        acts += [PlaceRear(m) for m in range(1 << MAX_HAND)]
        acts += [ArrangeDone()] + [Swap(x, i, j) for x in ln for i in L for j in L if i < j]
        acts += [NoAdvance()] + [Advance(i) for i in L]
        acts += [NoSupply()] + [Supply(m, x, i) for m in ("ammo", "pin") for x in ln for i in L]
        acts += [Discard(h) for h in H]
        acts += [Reveal(x, i) for x in ln for i in L]
        acts += [Play(h) for h in H]
        acts += [Amphibian(x, i, k) for x in ln for i in L for k in range(MAX_WATERS)]
        acts += [Carry(x, i, w, y, j) for x in ln for i in L for w in ("conceal", "rear") for y in ln for j in L]
        acts += [Command(c) for c in range(MAX_COMMANDERS)]
        acts += [CommandUnit(c, x, i) for c in range(MAX_COMMANDERS) for x in ln for i in L]
        acts += [CommandIntel(c, s, j) for c in range(MAX_COMMANDERS) for s in S for j in L]
        acts += [Attack(x, i, s, y, j, t) for x in ln for i in L for s in S for y in ln for j in L for t in TYPES]
        acts += [Scout(i, s) for i in L for s in S]
        acts += [Wait(), End(), Pass()]
        for k in range(1, MAX_SHOTS + 1):
            acts += [Fire(k), Fire(k, lead=True), Fire(k, charge=True), Fire(k, True, True)]
        acts += [NoCounter()] + [Counter(k, lead) for k in range(1, MAX_SHOTS + 1) for lead in (False, True)]
        acts += [NoScoutCounter()] + [ScoutCounter(j) for j in L]
        acts += [Evade(True), Evade(False), AntiAirDone()] + [AntiAir(x, i) for x in ln for i in L]
        acts += [Spot(j) for j in L]
        acts += [TargetUnit(s, x, i) for s in S for x in ln for i in L]
        acts += [TargetSeat(s) for s in S] + [TargetCard(k) for k in range(MAX_CARDS_IN_PLAY)]
        acts += [Put("front"), Put("rear")]
        ids = [a.id for a in acts]
        self._ids[players] = ids
        return ids

    def observation_shape(self, players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
        return (12 + players * SEAT_FEATURES + MAX_HAND * HAND_FEATURES,)

    def observation_bounds(
        self, players: int, options: Mapping[str, Any]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """0..1 except what the card set caps: printed values, counts of cards, points to score."""
        cs = load_cards(str(options.get("cards", "")))
        n_units = sum(u.count for u in cs.units)
        n_events = sum(e.count for e in cs.events)
        shape = self.observation_shape(players, options)
        low, high = np.zeros(shape, dtype=np.float32), np.ones(shape, dtype=np.float32)
        high[10], high[11] = max(1.0, n_units / 80), max(1.0, n_events / 50)
        values = np.array([_unit_values(u) for u in cs.units], dtype=np.float32)
        limit_up = sum(e.count * max(0, e.value) for e in cs.events if e.effect == "hand_limit")
        for k in range(players):
            b = 12 + k * SEAT_FEATURES
            high[b + 1] = max(1.0, sum(u.points * u.count for u in cs.units) / 30)
            high[b + 2] = max(1.0, n_events / 6)
            low[b + 3], high[b + 3] = 1 / 6, max(1.0, (3 + limit_up) / 6)
            high[b + 6] = max(1.0, sum(e.count for e in cs.events if e.water) / 4)
            for slot in range(2 * MAX_LINE):
                f = b + 7 + slot * SLOT_FEATURES
                low[f + 6 : f + 19] = np.minimum(0.0, values.min(axis=0))
                high[f + 6 : f + 19] = np.maximum(1.0, values.max(axis=0))
                high[f + 19 + len(ICONS) + 3] = max(1.0, n_events / 2)
        return low, high

    def state_encoder(self, players: int, options: Mapping[str, Any]) -> TankHunterStateEncoder:
        """The same tensor as :meth:`encode`, written from the state without the observation dict."""
        sizes = (MAX_LINE, MAX_HAND, SLOT_FEATURES, SEAT_FEATURES)
        enc = TankHunterStateEncoder(players, options, PHASES, sizes, _unit_values)
        assert enc.size == self.observation_shape(players, options)[0]
        return enc

    def encode(
        self, observation: Mapping[str, object], seat: int, players: int, options: Mapping[str, Any]
    ) -> npt.NDArray[np.float32]:
        cs = load_cards(str(options.get("cards", "")))
        units = {u.name: u for u in cs.units}
        events = {e.name: e for e in cs.events}
        out = np.zeros(self.observation_shape(players, options), dtype=np.float32)
        o = of(observation)
        out[PHASES.index(o["phase"])] = 1.0
        out[8] = float(o["acted"])
        out[9] = o["carpet_bombings"] / 3
        out[10] = o["unit_deck"] / 80
        out[11] = o["event_deck"] / 50
        base = 12
        for k in range(players):
            p = o["players"][(seat + k) % players]
            b = base + k * SEAT_FEATURES
            out[b] = float(p["out"])
            out[b + 1] = p["points"] / 30
            out[b + 2] = p["hand_size"] / 6
            out[b + 3] = p["hand_limit"] / 6
            out[b + 4] = float(o["current"] == p["seat"])
            out[b + 5] = float(o["turn"] == p["seat"])
            out[b + 6] = sum(1 for n in p["deployed"] if n in events and events[n].water) / 4
            for li, line in enumerate((p["front"], p["rear"])):
                for i, v in enumerate(line[:MAX_LINE]):
                    f = b + 7 + (li * MAX_LINE + i) * SLOT_FEATURES
                    out[f] = 1.0
                    out[f + 1] = float(v["hidden"])
                    u = units.get(v.get("unit", ""))
                    if u is not None:
                        out[f + 2] = 1.0
                        out[f + 3 + ("AFV", "GUN", "INF").index(u.kind)] = 1.0 if u.kind != "COMMANDER" else 0.0
                        out[f + 6 : f + 19] = _unit_values(u)
                        for j, icon in enumerate(ICONS):
                            out[f + 19 + j] = float(icon in u.icons)
                    g = f + 19 + len(ICONS)
                    out[g] = float(v["pinned"])
                    out[g + 1] = float(v["ooa"])
                    out[g + 2] = float(v["exhausted"])
                    out[g + 3] = len(v.get("attached", ())) / 2
        h0 = base + players * SEAT_FEATURES
        for i, name in enumerate((o.get("hand") or [])[:MAX_HAND]):
            e = events.get(name)
            f = h0 + i * HAND_FEATURES
            out[f] = 1.0
            if e is not None:
                out[f + 1 + ("gray", "gold", "red").index(e.colour)] = 1.0
                out[f + 4 + EFFECTS.index(e.effect)] = 1.0
        return out
