"""Tank Hunter 2nd edition: the rules, composed from one module per chapter.

Clause numbers (§) refer to docs/rules/tank-hunter.md; the chapters live in
``rules/sNN_*.py`` and share the fields of ``fields.py``. This module holds the
protocol: whose decision it is, and which chapter offers and carries out the
decision of each phase and each pending context. ``_advance`` runs automatic
steps until some seat must decide.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import Action, Event, GameState
from hulldown.games.tank_hunter.actions import (
    Counter,
    Discard,
    Evade,
    Fire,
    Pick,
    PlaceRear,
    Play,
    Reveal,
    ScoutCounter,
    Spot,
)
from hulldown.games.tank_hunter.fields import (
    _RESUME,
    ADVANCE,
    ARRANGE,
    DRAFT,
    MAIN,
    OVER,
    PHASE_NAMES,
    PLACE,
    SUPPLY,
    TYPE_NAMES,
    Ctx,
    StateFields,
)
from hulldown.games.tank_hunter.observation import observe, observe_part
from hulldown.games.tank_hunter.resample import resample
from hulldown.games.tank_hunter.rules.s01_table import Sec1Table
from hulldown.games.tank_hunter.rules.s02_setup import Sec2Setup
from hulldown.games.tank_hunter.rules.s03_before_turn import Sec3BeforeTurn
from hulldown.games.tank_hunter.rules.s04_turn import Sec4Turn
from hulldown.games.tank_hunter.rules.s05_attacks import Sec5Attacks
from hulldown.games.tank_hunter.rules.s06_salvos import Sec6Salvos
from hulldown.games.tank_hunter.rules.s07_exhausting import Sec7Exhausting
from hulldown.games.tank_hunter.rules.s08_events import Sec8Events
from hulldown.games.tank_hunter.rules.s09_air import Sec9Air
from hulldown.games.tank_hunter.rules.s10_abilities import Sec10Abilities
from hulldown.games.tank_hunter.rules.s11_optional import Sec11Optional
from hulldown.games.tank_hunter.rules.s12_end import Sec12End
from hulldown.games.tank_hunter.tables import (
    _EVADE,
    _TABLES,
    _USIGS,
    DISCARD,
    _grow_tables,
)
from hulldown.games.tank_hunter.views import TankHunterObservation

__all__ = ["ADVANCE", "DRAFT", "MAIN", "PHASE_NAMES", "PLACE", "TYPE_NAMES", "Ctx", "TankHunterState", "_TABLES"]


class _Fields(StateFields):
    """The one concrete base a compiled state names before its traits (hulldown/compiled.py)."""

    __slots__ = ()


class TankHunterState(
    _Fields,
    Sec1Table,
    Sec2Setup,
    Sec3BeforeTurn,
    Sec4Turn,
    Sec5Attacks,
    Sec6Salvos,
    Sec7Exhausting,
    Sec8Events,
    Sec9Air,
    Sec10Abilities,
    Sec11Optional,
    Sec12End,
):
    """A game of Tank Hunter: the chapters of the rules on one set of fields."""

    __slots__ = ()

    def _current_player(self) -> int | None:
        ph = self.phase
        if ph == OVER:
            return None
        stack = self.stack
        if stack:
            return self._decider(stack[-1])
        if ph in (DRAFT, PLACE):
            return self.draft_seat
        return self.turn

    def _decider(self, c: Ctx) -> int:
        k = c.kind
        if k == "attack":
            if c.stage in ("pre_ask", "post_ask"):
                return c.tseat
            if c.stage == "evade":
                return self.owner[c.s_target]
            return c.seat
        if k == "scout":
            if c.stage in ("counter_pick", "counter_ask"):
                return c.tseat
            if c.stage == "evade":
                return self.owner[c.s_target]
            return c.seat
        if k == "event" and c.stage == "aa":
            return c.tseat
        return c.seat

    def _is_over(self) -> bool:
        return self.phase == OVER

    # The engine's ``is_over`` and ``legal_actions``, with ``_is_over`` inline: a playout
    # asks both at every decision, and the call is a fair share of a cheap step.
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        if self.phase == OVER:
            return []
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self._legal()
        return list(cache)

    def _legal(self) -> list[Action]:
        if self.stack:
            return self._legal_ctx(self.stack[-1])
        ph = self.phase
        if ph == MAIN:
            return self._legal_main(self.turn)
        if ph in (DRAFT, PLACE):
            return self._legal_setup()
        return self._legal_before_turn(ph, self.turn)

    def _legal_ctx(self, c: Ctx) -> list[Action]:
        k, st = c.kind, c.stage
        if k == "window":
            return self._legal_window(c)
        if k == "discard":
            return DISCARD[: len(self.hand[c.seat])]
        if k == "event":
            return self._legal_event(c)
        if st == "fire":
            return self._fire_choices(c.attacker, c.atype, c.seat, charge=(c.kind == "attack" and self._may_charge(c)))
        if st == "evade":
            return list(_EVADE)
        if st in ("pre_ask", "post_ask", "counter_ask"):
            return self._counter_choices(c)
        if st == "counter_pick":
            return self._scout_counter_choices(c)
        if st == "spot":
            return self._spot_choices(c.tseat)
        raise AssertionError(f"no decision at {k}/{st}")

    def _apply(self, action: Action, events: list[Event]) -> None:
        if self.stack:
            self._apply_ctx(self.stack[-1], action, events)
        else:
            self._apply_phase(action, events)
        self._advance(events)

    def _apply_phase(self, a: Action, events: list[Event]) -> None:
        ph = self.phase
        if ph == MAIN:
            self._apply_main(self.turn, a, events)
            return
        if ph == DRAFT:
            assert isinstance(a, Pick)
            self._draft_pick(a.pos, events)
            return
        if ph == PLACE:
            assert isinstance(a, PlaceRear)
            self._place(self.draft_seat, a.mask, events)
            return
        self._apply_before_turn(ph, self.turn, a, events)

    def _apply_ctx(self, c: Ctx, a: Action, events: list[Event]) -> None:
        k = c.kind
        if isinstance(a, Reveal):
            seat = self._decider(c)
            self._reveal(self.line(seat, a.line)[a.pos], events)
            return
        if k == "window":
            if isinstance(a, Play):
                self._start_event(c.seat, self.hand[c.seat][a.pos], events)
            else:
                c.passed += 1
                c.seat = self.next_seat(c.seat)
            return
        if k == "discard":
            assert isinstance(a, Discard)
            card = self.hand[c.seat][a.pos]
            self._discard_from_hand(c.seat, card, events)
            if len(self.hand[c.seat]) < c.n:
                self.stack.pop()
                self._draw_event_now(c.seat, events)
            return
        if k == "event":
            self._apply_event_ctx(c, a, events)
            return
        st = c.stage
        if st == "fire":
            assert isinstance(a, Fire)
            self._choose_salvo(c, a, events)
        elif st == "evade":
            self._evade(c, isinstance(a, Evade) and a.yes, events)
        elif st in ("pre_ask", "post_ask", "counter_ask"):
            if isinstance(a, Counter):
                self._counter(c, a, st, events)
            else:
                events.append({"type": "no-counter", "to": "all", "seat": c.tseat})
                c.stage = _RESUME[st]
        elif st == "counter_pick":
            if isinstance(a, ScoutCounter):
                self._scout_counter(c, self.front[c.tseat][a.pos], events)
            else:
                events.append({"type": "no-counter", "to": "all", "seat": c.tseat})
                self.stack.pop()
        elif st == "spot":
            assert isinstance(a, Spot)
            self._spot(c, a, events)

    def _advance(self, events: list[Event]) -> None:
        """Run automatic steps until a seat must decide or the game is over."""
        stack = self.stack  # emptied in place, never replaced, while a state lives
        step = self._step_ctx
        while self.phase != OVER:
            if stack:
                if not step(stack[-1], events):
                    return
                continue
            ph = self.phase
            if ph == MAIN:
                if self._turn_step(events):
                    continue
                return
            if ph in (ARRANGE, ADVANCE, SUPPLY):
                if self._before_turn_step(ph, events):
                    continue
                return
            return  # draft, placement, supply discards: a seat decides

    def _step_ctx(self, c: Ctx, events: list[Event]) -> bool:
        """Advance the top context; False when its decider must choose now."""
        k = c.kind
        if k == "attack":
            return self._step_attack(c, events)
        if k == "window":
            return self._step_window(c)
        if k == "discard":
            return False
        if k == "event":
            return self._step_event(c, events)
        if k == "end":
            self.stack.pop()
            self._pass_turn(events)
            return True
        return self._step_scout(c, events)

    def _unpickled(self) -> None:
        # The indexed action tables grow at setup, and ``usig`` numbers card lists
        # in the order one process met them: a state unpickled in another process
        # regrows the tables and takes that process's number for its card list.
        _grow_tables(self.nu + len(self.edefs) + 8)
        self.usig = _USIGS.setdefault((self.cs.path, *(u.idx for u in self.udefs)), len(_USIGS))

    def _snapshot(self) -> dict[str, Any]:
        d: dict[str, Any] = {name: list(getattr(self, name)) for name in self._FLAT}
        d.update({name: [list(x) for x in getattr(self, name)] for name in self._NESTED})
        d.update({name: getattr(self, name) for name in self._SCALARS})
        d["group"] = self.group
        d["stack"] = [{k: getattr(c, k) for k in Ctx.__slots__} for c in self.stack]
        return d

    def _card_zones(self) -> Mapping[str, list[int]]:
        z: dict[str, list[int]] = {
            "unit_deck": self.unit_deck,
            "event_deck": self.event_deck,
            "discard": self.discard,
            "removed": self.removed,
            "limbo": self.limbo,
            "attached": [i + self.nu for i, h in enumerate(self.attach_of) if h >= 0],
            "picked": [c for c in self.picked if c >= 0],
        }
        for p in range(self._players):
            for name in ("front", "rear", "command", "hand", "score", "deployed", "packet", "kept"):
                z[f"{name}{p}"] = getattr(self, name)[p]
        return z

    def _observation(self, seat: int | None) -> TankHunterObservation:
        return observe(self, seat)

    def _observation_part(self, seat: int | None, key: str) -> object:
        return observe_part(self, seat, key)

    def _resample(self, seat: int, rng: SplitMix64) -> GameState:
        return resample(self, seat, rng)
