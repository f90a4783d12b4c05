"""Tank Killers' state as data: its slots and their types, how a clone copies each, and its constants.

The rules live in ``rules/``, one mixin per chapter of docs/rules/tank-killers.md;
the state class (state.py) composes them.

Clause numbers refer to docs/rules/tank-killers.md. Cards are ints (see
:class:`~hulldown.games.tank_killers.tables.Rules`); the top of every deck is the
end of its list. Every decision, including the defender's reaction windows, is
a decision point of one seat, and whether a window opens never depends on a
hidden hand, so a seat learns nothing from whose turn it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final, get_args

from hulldown.engine.state import Event, GameState
from hulldown.games.tank_killers.cards import CLASS_BIT
from hulldown.games.tank_killers.tables import Rules
from hulldown.games.tank_killers.views import Phase

# Decision points. Final, so that the compiled build (hulldown/compiled.py) inlines them.
P_MANEUVER: Final = 0
P_TARGET: Final = 1
P_LOST: Final = 2
P_MOD: Final = 3
P_OOA: Final = 4
P_FREE: Final = 5
P_SAME: Final = 6
P_NEGATE: Final = 7
P_OVER: Final = 8
#: the phases by number, in the order of ``Phase`` (views.py), which names them once
PHASE_NAMES: tuple[Phase, ...] = get_args(Phase)
# What a negation window decides about.
N_LOST: Final = 0
N_MOD: Final = 1
N_OOA: Final = 2
N_FREE: Final = 3
# Modifier kinds limited to one per attack (clause 7.2).
K_OTHER: Final = 0
K_RANGE: Final = 1
K_HIT: Final = 2
K_AMMO: Final = 3

HAND_LIMIT: Final = 9
DRAW: Final = 3
INFANTRY: Final = CLASS_BIT["infantry"]
DRAWN: Final = 2  # winner value of a game stopped by the turn limit


class StateFields(GameState):
    """The slots every chapter shares; the stubs name the methods one chapter calls in another."""

    __slots__ = (
        "R",
        "active",
        "att",
        "casualty",
        "exchanges",
        "fdeck",
        "free_t",
        "hands",
        "imod",
        "in_play",
        "last_att",
        "last_roll",
        "last_tgt",
        "maxr",
        "mod_seat",
        "neg_count",
        "neg_ctx",
        "neg_last",
        "neg_player",
        "neg_seat",
        "neg_t",
        "passes",
        "phase",
        "played",
        "pmod",
        "random_factor",
        "reserve",
        "row_lost",
        "row_mod",
        "row_ooa",
        "shown",
        "tdeck",
        "tdiscard",
        "tgt",
        "tgt_on_deck",
        "tkind",
        "top_up",
        "turn",
        "turn_limit",
        "used_ammo",
        "used_hit",
        "used_range",
        "waiting",
        "winner",
    )

    #: How a clone copies each field (engine/copying.py): rules tables and scalars are shared.
    COPY: ClassVar[Mapping[str, str]] = {
        "R": "share",
        "tkind": "share",
        "random_factor": "share",
        "turn_limit": "share",
        "hands": "pair",
        "tdeck": "list",
        "tdiscard": "list",
        "fdeck": "pair",
        "top_up": "list",
        "reserve": "pair",
        "casualty": "pair",
        "in_play": "pair",
        "waiting": "list",
        "exchanges": "share",
        "active": "share",
        "turn": "share",
        "phase": "share",
        "mod_seat": "share",
        "passes": "share",
        "att": "share",
        "tgt": "share",
        "tgt_on_deck": "share",
        "pmod": "share",
        "imod": "share",
        "maxr": "share",
        "used_range": "share",
        "used_hit": "share",
        "used_ammo": "share",
        "played": "list",
        "row_lost": "share",
        "row_mod": "share",
        "row_ooa": "share",
        "neg_ctx": "share",
        "neg_t": "share",
        "neg_last": "share",
        "neg_seat": "share",
        "neg_count": "share",
        "neg_player": "share",
        "free_t": "share",
        "last_att": "share",
        "last_tgt": "share",
        "winner": "share",
        "shown": "list",
        "last_roll": "share",
    }

    R: Rules
    hands: list[list[int]]
    tdeck: list[int]
    tdiscard: list[int]
    fdeck: list[list[int]]
    top_up: list[bool]
    reserve: list[list[int]]
    casualty: list[list[int]]
    in_play: list[list[int]]
    waiting: list[bool]
    exchanges: int
    active: int
    turn: int
    turn_limit: int
    phase: int
    mod_seat: int
    passes: int
    att: int
    tgt: int
    tgt_on_deck: bool
    pmod: int
    imod: int
    maxr: int
    used_range: int
    used_hit: bool
    used_ammo: bool
    played: list[tuple[int, int]]
    row_lost: list[bool]
    row_mod: list[bool]
    row_ooa: list[bool]
    neg_ctx: int
    neg_t: int
    neg_last: int
    neg_seat: int
    neg_count: int
    neg_player: int
    free_t: int
    last_att: int
    last_tgt: int
    winner: int
    shown: list[int]
    tkind: list[int]
    random_factor: bool
    last_roll: tuple[int, int] | None

    # -- methods one chapter calls in another (defined in rules/) ------------------
    def attack_range(self) -> int:
        raise NotImplementedError

    def attack_factor(self) -> int:
        raise NotImplementedError

    def _casualty(self, card: int, seat: int, events: list[Event]) -> None:
        raise NotImplementedError

    def _clear_attack(self) -> None:
        raise NotImplementedError

    def _destroy_target(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _end_phase(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _end_turn(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _free_effect(self, t: int, events: list[Event]) -> None:
        raise NotImplementedError

    def _lost_effect(self, t: int, events: list[Event]) -> None:
        raise NotImplementedError

    def _maneuver(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _modifier_effect(self, t: int, events: list[Event]) -> None:
        raise NotImplementedError

    def _open_negation(self, ctx: int, t: int, player: int) -> None:
        raise NotImplementedError

    def _played(self, seat: int, t: int, events: list[Event]) -> int:
        raise NotImplementedError

    def _ran_out(self, seat: int, events: list[Event]) -> None:
        raise NotImplementedError

    def _rebuild(self, seat: int, events: list[Event]) -> None:
        raise NotImplementedError

    def _resolve(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _reveal_attacker(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _start_attack(self, card: int, events: list[Event]) -> None:
        raise NotImplementedError

    def _start_modifiers(self) -> None:
        raise NotImplementedError

    def _take(self, seat: int, t: int) -> int:
        raise NotImplementedError


_NO_ROW: list[bool] = []
_TKIND: dict[int, list[int]] = {}


def _kinds(R: Rules) -> list[int]:
    kinds = [{"Range": K_RANGE, "Hit": K_HIT, "Ammo": K_AMMO}.get(cat, K_OTHER) for cat in R.tcat]
    _TKIND[id(R)] = kinds
    return kinds
