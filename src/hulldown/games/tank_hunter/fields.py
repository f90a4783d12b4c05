"""The state's fields, shared by every chapter of the rules.

Units are card instance ids ``0 .. NU-1``; event cards are ``NU .. NU+NE-1`` so
every card is one int in exactly one zone. Per-unit conditions (revealed, pinned
down, out of ammo, exhausted, rolled/evaded this player turn) live in flat lists
indexed by unit id. Everything that happens during a turn is a stack of small
contexts (:class:`Ctx`: an attack, a reaction window, an event card being
resolved); the top one owns the current decision.

:class:`StateFields` declares the slots, how a clone copies each (``COPY``), and
the methods one chapter of the rules calls in another (each chapter module
defines a mixin on this base; ``state.py`` composes them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, get_args

from hulldown.engine.state import Action, Event, GameState
from hulldown.games.tank_hunter.actions import TYPE_NAMES as TYPE_NAMES
from hulldown.games.tank_hunter.actions import (
    Amphibian,
    Attack,
    Carry,
    Command,
    CommandIntel,
    CommandUnit,
    Scout,
    Spot,
)
from hulldown.games.tank_hunter.cards import CardSet, EventDef, UnitDef
from hulldown.games.tank_hunter.ctx import Ctx as Ctx
from hulldown.games.tank_hunter.views import EndReason, Phase

GAME_ID = "tank-hunter"


# phases
DRAFT, PLACE, ARRANGE, ADVANCE, SUPPLY, SUPPLY_DISCARD, MAIN, OVER = range(8)


#: the phases by number, in the order of ``Phase`` (views.py), which names them once
PHASE_NAMES: tuple[Phase, ...] = get_args(Phase)


LINES = ("f", "r")


# attack types (§5)
AA, GR, TR, SU, GF, LR = "aa", "gr", "tr", "su", "gf", "lr"


#: where an attack or scouting goes on after a declined or a finished counter (one string object each)
_RESUME = {"pre_ask": "resume_pre_ask", "post_ask": "resume_post_ask", "counter_ask": "resume_counter_ask"}


_AFTER = {"pre_ask": "after_pre_ask", "post_ask": "after_post_ask", "counter_ask": "after_counter_ask"}


#: Per-game fields, by how a copy treats them; ``COPY`` (engine/copying.py) is built from
#: these lists and ``_snapshot`` reads them (every slot but the stack and the bonus table
#: is in one list, a test checks).
SHARED_FIELDS: tuple[str, ...] = (
    "cs", "udefs", "edefs", "nu", "cb_piles", "actors", "actor_set", "scout_set", "group",
    "opt_book", "opt_charge", "opt_evading", "usig",
)  # fmt: skip

FLAT_FIELDS: tuple[str, ...] = (
    "owner", "revealed", "pinned", "ooa", "exhausted", "rolled", "evaded", "seen", "attach_of",
    "cmd_exhausted", "picked", "out", "discard", "removed", "limbo", "ambush", "water_ignored",
    "unit_deck", "event_deck",
)  # fmt: skip

NESTED_FIELDS: tuple[str, ...] = ("front", "rear", "command", "hand", "score", "deployed", "packet", "kept", "drafted")

SCALAR_FIELDS: tuple[str, ...] = (
    "n_att", "cb_count", "ev_drawn", "reshuffled", "end_reason", "acted", "arrange_left",
    "supply_target", "turn", "first", "phase", "draft_round", "draft_seat", "ngroup",
)  # fmt: skip


class StateFields(GameState):
    """The slotted state every rules chapter works on (see the module docstring)."""

    __slots__ = (
        "abon",
        "acted",
        "actor_set",
        "actors",
        "ambush",
        "arrange_left",
        "attach_of",
        "cb_count",
        "cb_piles",
        "cmd_exhausted",
        "command",
        "cs",
        "deployed",
        "discard",
        "draft_round",
        "draft_seat",
        "drafted",
        "edefs",
        "end_reason",
        "ev_drawn",
        "evaded",
        "event_deck",
        "exhausted",
        "first",
        "front",
        "group",
        "hand",
        "kept",
        "limbo",
        "n_att",
        "ngroup",
        "nu",
        "ooa",
        "opt_book",
        "opt_charge",
        "opt_evading",
        "out",
        "owner",
        "packet",
        "phase",
        "picked",
        "pinned",
        "rear",
        "removed",
        "reshuffled",
        "revealed",
        "rolled",
        "score",
        "scout_set",
        "seen",
        "stack",
        "supply_target",
        "turn",
        "udefs",
        "unit_deck",
        "usig",
        "water_ignored",
    )

    GAME_ID = GAME_ID

    cs: CardSet

    udefs: list[UnitDef]

    edefs: list[EventDef]

    nu: int

    stack: list[Ctx]

    abon: dict[int, dict[str, int]]

    front: list[list[int]]

    rear: list[list[int]]

    command: list[list[int]]

    hand: list[list[int]]

    score: list[list[int]]

    deployed: list[list[int]]

    packet: list[list[int]]

    kept: list[list[int]]

    discard: list[int]

    removed: list[int]

    limbo: list[int]

    water_ignored: list[int]

    unit_deck: list[int]

    event_deck: list[int]

    owner: list[int]

    revealed: list[bool]

    pinned: list[bool]

    ooa: list[bool]

    exhausted: list[bool]

    rolled: list[bool]

    evaded: list[bool]

    seen: list[bool]

    group: list[int]

    ngroup: int

    drafted: list[list[int]]

    cmd_exhausted: list[bool]

    attach_of: list[int]

    picked: list[int]

    out: list[bool]

    ambush: list[int]

    cb_piles: list[int]

    actors: list[bool]

    actor_set: frozenset[int]

    usig: int

    scout_set: frozenset[int]

    opt_charge: bool

    #: §8.3 event timing as the book has it (``event_timing = "book"``), not only after declarations
    opt_book: bool

    opt_evading: bool
    n_att: int
    cb_count: int
    ev_drawn: int
    reshuffled: bool
    end_reason: EndReason
    acted: bool
    arrange_left: int
    supply_target: int
    turn: int
    first: int
    phase: int
    draft_round: int
    draft_seat: int

    #: The field lists below, as class attributes for ``_snapshot`` and the tests.
    _SHARED: ClassVar[tuple[str, ...]] = SHARED_FIELDS
    _FLAT: ClassVar[tuple[str, ...]] = FLAT_FIELDS
    _NESTED: ClassVar[tuple[str, ...]] = NESTED_FIELDS
    _SCALARS: ClassVar[tuple[str, ...]] = SCALAR_FIELDS

    # shared: never mutated after setup, or replaced (group, abon) rather than changed; the
    # stack's contexts are copied one by one (``Ctx.copy``)
    COPY: ClassVar[Mapping[str, str]] = {
        **dict.fromkeys((*SHARED_FIELDS, "abon", *SCALAR_FIELDS), "share"),
        **dict.fromkeys(FLAT_FIELDS, "list"),
        **dict.fromkeys((*NESTED_FIELDS, "stack"), "lists"),
    }

    # ---------------------------------------------------------------- called across chapters
    def _conceal(self, u: int) -> None:
        raise NotImplementedError  # s01_table

    def _in_play(self, u: int) -> bool:
        raise NotImplementedError  # s01_table

    def _made_public(self, card: int) -> None:
        raise NotImplementedError  # s01_table

    def _pub(self, u: int) -> dict[str, Any]:
        raise NotImplementedError  # s01_table

    def active_seats(self) -> list[int]:
        raise NotImplementedError  # s01_table

    def ev(self, card: int) -> EventDef:
        raise NotImplementedError  # s01_table

    def line(self, p: int, ln: str) -> list[int]:
        raise NotImplementedError  # s01_table

    def line_of(self, u: int) -> str:
        raise NotImplementedError  # s01_table

    def next_seat(self, p: int) -> int:
        raise NotImplementedError  # s01_table

    def ref(self, u: int) -> str:
        raise NotImplementedError  # s01_table

    def units_of(self, p: int) -> list[int]:
        raise NotImplementedError  # s01_table

    def _begin_turn(self, events: list[Event]) -> None:
        raise NotImplementedError  # s03_before_turn

    def _discard_from_hand(self, p: int, card: int, events: list[Event]) -> None:
        raise NotImplementedError  # s04_turn

    def _draw_event(self, p: int, events: list[Event]) -> None:
        raise NotImplementedError  # s04_turn

    def _reveal(self, u: int, events: list[Event]) -> None:
        raise NotImplementedError  # s04_turn

    def _reveal_actions(self, p: int, out: list[Action]) -> None:
        # a plain loop: lines are short, and a ``False in map(...)`` pre-check costs more than it saves
        raise NotImplementedError  # s04_turn

    def hand_limit(self, p: int) -> int:
        raise NotImplementedError  # s04_turn

    def _attack_actions(self, p: int, out: list[Action]) -> None:
        raise NotImplementedError  # s05_attacks

    def _ctype(self, c: Ctx) -> str:
        raise NotImplementedError  # s05_attacks

    def _declare_attack(self, p: int, a: Attack, events: list[Event]) -> None:
        raise NotImplementedError  # s05_attacks

    def can_fight(self, u: int) -> bool:
        raise NotImplementedError  # s05_attacks

    def _begin_salvo(
        self, c: Ctx, shooter: int, target: int, atype: str, shots: int, lead: bool, bonus: int, nxt: str, kind: str
    ) -> None:
        raise NotImplementedError  # s06_salvos

    def _can_counter(self, u: int, ctype: str) -> bool:
        raise NotImplementedError  # s06_salvos

    def _destroy(self, u: int, scorer: int, events: list[Event]) -> None:
        raise NotImplementedError  # s06_salvos

    def _fire_choices(self, u: int, atype: str, p: int, charge: bool) -> list[Action]:
        raise NotImplementedError  # s06_salvos

    def _hit(self, c: Ctx, events: list[Event]) -> None:
        raise NotImplementedError  # s06_salvos

    def _out_of_ammo(self, u: int, events: list[Event]) -> None:
        raise NotImplementedError  # s06_salvos

    def _step_salvo(self, c: Ctx, events: list[Event]) -> bool:
        raise NotImplementedError  # s06_salvos

    def salvo(self, u: int, atype: str) -> tuple[int, int]:
        raise NotImplementedError  # s06_salvos

    def supply(self, u: int) -> int:
        raise NotImplementedError  # s06_salvos

    def _refresh(self, p: int) -> None:
        raise NotImplementedError  # s07_exhausting

    def _finish_event(self, c: Ctx, events: list[Event], host: int = -1, before: int = -1) -> None:
        raise NotImplementedError  # s08_events

    def _has_target(self, p: int, card: int, e: EventDef) -> bool:
        raise NotImplementedError  # s08_events

    def _push_window(self, first: int, skip: int, cancel: bool) -> bool:
        raise NotImplementedError  # s08_events

    def _pass_turn(self, events: list[Event]) -> None:
        raise NotImplementedError  # s04_turn

    def _open_window(self, parent: Ctx | None, start: int) -> None:
        raise NotImplementedError  # s08_events

    def _rebuild_bonus(self) -> None:
        raise NotImplementedError  # s08_events

    def _start_event(self, p: int, card: int, events: list[Event], from_hand: bool = True) -> None:
        raise NotImplementedError  # s08_events

    def bonus(self, u: int, stat: str) -> int:
        raise NotImplementedError  # s08_events

    def water_penalty(self, a: int, b: int) -> int:
        raise NotImplementedError  # s08_events

    def waters_in_play(self) -> list[int]:
        raise NotImplementedError  # s08_events

    def _anti_air(self, c: Ctx, u: int, events: list[Event]) -> None:
        raise NotImplementedError  # s09_air

    def _anti_air_choices(self, c: Ctx) -> list[Action]:
        raise NotImplementedError  # s09_air

    def _may_anti_air(self, c: Ctx, u: int) -> bool:
        raise NotImplementedError  # s09_air

    def _anti_air_step(self, c: Ctx) -> bool:
        raise NotImplementedError  # s09_air

    def has_spying(self, p: int) -> bool:
        raise NotImplementedError  # s09_air

    def _ability_actions(self, p: int, out: list[Action]) -> None:
        raise NotImplementedError  # s10_abilities

    def _declare_scout(self, p: int, a: Scout, events: list[Event]) -> None:
        raise NotImplementedError  # s10_abilities

    def _exhaust_leader(self, p: int, events: list[Event]) -> None:
        raise NotImplementedError  # s10_abilities

    def _spot(self, c: Ctx, a: Spot, events: list[Event]) -> None:
        raise NotImplementedError  # s10_abilities

    def _spot_choices(self, q: int) -> list[Action]:
        raise NotImplementedError  # s10_abilities

    def _use_ability(self, p: int, a: Amphibian | Carry, events: list[Event]) -> None:
        raise NotImplementedError  # s10_abilities

    def leadership_available(self, p: int) -> int:
        raise NotImplementedError  # s10_abilities

    def targetable(self, u: int) -> bool:
        raise NotImplementedError  # s10_abilities

    def _command(self, p: int, a: Command | CommandUnit | CommandIntel, events: list[Event]) -> None:
        raise NotImplementedError  # s11_optional

    def _command_actions(self, p: int, out: list[Action]) -> None:
        raise NotImplementedError  # s11_optional

    def _may_charge(self, c: Ctx) -> bool:
        raise NotImplementedError  # s11_optional

    def _may_evade(self, u: int, atype: str) -> bool:
        raise NotImplementedError  # s11_optional

    def _check_out(self, p: int, events: list[Event]) -> None:
        raise NotImplementedError  # s12_end

    def _game_over(self, reason: EndReason, events: list[Event]) -> None:
        raise NotImplementedError  # s12_end

    def points(self, p: int) -> int:
        raise NotImplementedError  # s12_end

    def _legal(self) -> list[Action]:
        raise NotImplementedError  # state
