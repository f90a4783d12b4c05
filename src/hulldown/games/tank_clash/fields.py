"""Tank Clash's state as data: its slots and their types, how a clone copies each, and its constants.

The rules live in ``rules/``, one mixin per chapter of docs/rules/tank-clash.md;
the state class (state.py) composes them. Tanks are indexed 0..9: seat 0 owns
0..4 (ids ``a1``..``a5``), seat 1 owns 5..9 (``b1``..``b5``), numbered in the
order they are placed, so an id never tells the tank's type (fog of war).
Hexes are indices of the 12 x 14 battlefield (engine/hexgrid.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import ClassVar, get_args

from hulldown.engine.state import Action, Event, GameState
from hulldown.engine.zones import Zone
from hulldown.games.tank_clash.actions import HEX_NAMES, TankClashAction
from hulldown.games.tank_clash.data import KINDS, Battlefield, Cards, TankModel, load_cards, load_tanks
from hulldown.games.tank_clash.rules.s01_battlefield import TERRITORY, Layout
from hulldown.games.tank_clash.views import Phase

SIDES = ("german", "american")
MEDIUM, HEAVY, DESTROYER = 0, 1, 2
ROSTER = (MEDIUM, MEDIUM, MEDIUM, HEAVY, DESTROYER)
CHECKPOINT_ROWS = (1, 4, 7)
HAND_LIMIT = 3
RESULTS = ("", "miss", "scare", "light damage", "heavy damage", "hit", "critical hit")
#: Victory points (supplementary rules, clause 13.1).
VP_KIND = (1, 2, 1)
VP_ACE, VP_CHECKPOINT, VP_CROSSING, VP_TARGET = 1, 2, 2, 5

TACTICAL_IDS = ("artillery", "air", "infantry", "smoke", "repair", "mines")
RED = ("Sniper", "Experience", "Reinforce")
PRE_ROLL_DEFENCE = ("Conceal", "Ambush")
ANYTIME = ("Overhaul", "Sabotage", "Demolish")
MOVEMENT_BONUS = {"Transport": 2, "Refuel": 1}
AIRDROP_HEXES = 2

# phases (WINDOW came later: numbers already recorded in snapshots stay as they were)
SETUP_CHECKPOINT, SETUP_TANK, SETUP_ACE, MAIN, MOVE, ATK_RED, ATK_DEF, ATK_REROLL, ATK_DEFLECT, SCARE, OVER = range(11)
WINDOW = 11
#: the phases by number, in the order of ``Phase`` (views.py), which names them once
PHASE_NAMES: tuple[Phase, ...] = get_args(Phase)

ALL_DESTROYED = [True] * 5


@lru_cache(maxsize=8)
def mission_kinds(path: str | None = None) -> dict[str, str]:
    """Each secret mission's kind by its id: what the rules test to see a mission fulfilled."""
    return {m.id: m.kind for m in load_cards(path)[0]}


class StateFields(GameState):
    """The slots every chapter shares; the stubs name the methods one chapter calls in another."""

    __slots__ = (
        "ace",
        "ace_dead",
        "actions_taken",
        "active",
        "armour",
        "at_a",
        "at_dice",
        "at_extra",
        "at_mod",
        "at_rerolls",
        "at_t",
        "attacked",
        "concealed",
        "cp_at",
        "cp_hex",
        "cp_holder",
        "cp_scored",
        "crossed",
        "crossing_scored",
        "damage",
        "demolished",
        "destroyed",
        "fast",
        "field",
        "first",
        "hands",
        "hex",
        "infantry",
        "kind",
        "layout",
        "mission",
        "mission_deck",
        "mission_kind",
        "morale_deck",
        "morale_discard",
        "morale_used",
        "moved",
        "mv",
        "mv_area",
        "mv_hex",
        "mv_sig",
        "occ_mask",
        "occupant",
        "opt_book",
        "phase",
        "placed",
        "pm_bonus",
        "pm_counts",
        "pm_tank",
        "reason",
        "setup_step",
        "side",
        "side_stats",
        "smoke",
        "stakes",
        "tac_barred",
        "tac_turn",
        "tac_used",
        "turn_no",
        "vp",
        "winner",
    )

    #: How a clone copies each field (engine/copying.py): lists are copied, the battlefield,
    #: its layout (and the reach cache in it) and every tuple are shared. Lists are declared
    #: ``copy`` rather than ``list``: on Python 3.11 ``x.copy()`` beats ``x[:]``, and search
    #: clones this state's fifty-odd fields millions of times.
    COPY: ClassVar[Mapping[str, str]] = {
        "ace": "copy",
        "ace_dead": "copy",
        "actions_taken": "share",
        "active": "share",
        "armour": "copy",
        "at_a": "share",
        "at_dice": "copy",
        "at_extra": "share",
        "at_mod": "share",
        "at_rerolls": "share",
        "at_t": "share",
        "attacked": "copy",
        "concealed": "copy",
        "cp_at": "share",
        "cp_hex": "copy",
        "cp_holder": "copy",
        "cp_scored": "copy",
        "crossed": "copy",
        "crossing_scored": "copy",
        "damage": "copy",
        "demolished": "share",
        "destroyed": "copy",
        "fast": "copy",
        "field": "share",
        "first": "share",
        "hands": "pair",
        "hex": "copy",
        "infantry": "share",
        "kind": "copy",
        "layout": "share",
        "mission": "copy",
        "mission_deck": "copy",
        "mission_kind": "copy",
        "morale_deck": "copy",
        "morale_discard": "copy",
        "morale_used": "copy",
        "moved": "copy",
        "mv": "copy",
        "mv_area": "copy",
        "mv_hex": "copy",
        "mv_sig": "copy",
        "occ_mask": "copy",
        "occupant": "copy",
        "opt_book": "share",
        "phase": "share",
        "placed": "copy",
        "pm_bonus": "share",
        "pm_counts": "share",
        "pm_tank": "share",
        "reason": "share",
        "setup_step": "share",
        "side": "share",
        "side_stats": "share",
        "smoke": "copy",
        "stakes": "share",
        "tac_barred": "share",
        "tac_turn": "share",
        "tac_used": "copy",
        "turn_no": "share",
        "vp": "copy",
        "winner": "share",
    }

    kind: list[int]
    hex: list[int]
    armour: list[int]
    damage: list[int]
    destroyed: list[bool]
    concealed: list[bool]
    moved: list[bool]
    attacked: list[bool]
    crossed: list[bool]
    fast: list[bool]
    occupant: list[int]
    occ_mask: list[int]
    ace: list[int]
    ace_dead: list[bool]
    placed: list[int]
    side: tuple[str, str]
    side_stats: tuple[tuple[tuple[int, int, int], ...], ...]
    field: Battlefield
    layout: Layout
    demolished: tuple[int, ...]
    mv: list[list[Action] | None]
    mv_area: list[int]
    mv_hex: list[int]
    mv_sig: list[int]
    stakes: bool
    cp_hex: list[int]
    cp_holder: list[int]
    cp_at: dict[int, int]
    cp_scored: list[bool]
    crossing_scored: list[bool]
    mission_deck: Zone[str]
    mission: list[str | None]
    mission_kind: list[str]
    morale_deck: Zone[str]
    hands: list[Zone[str]]
    morale_discard: Zone[str]
    morale_used: list[bool]
    tac_used: list[tuple[str, ...]]
    #: tactical cards neither seat has in this game (option ``bar_cards``, clause 2.9)
    tac_barred: tuple[str, ...]
    tac_turn: bool
    smoke: list[bool]
    infantry: int
    phase: int
    #: 10.8 morale timing as the book has it (``morale_timing = "book"``): out-of-turn windows,
    #: each asking only a seat that holds a card it may play then
    opt_book: bool
    setup_step: int
    first: int
    active: int
    turn_no: int
    actions_taken: int
    pm_tank: int
    pm_bonus: int
    pm_counts: bool
    at_a: int
    at_t: int
    at_dice: list[int]
    at_mod: int
    at_extra: int
    at_rerolls: int
    vp: list[int]
    winner: int | None
    reason: str

    # -- tank facts ---------------------------------------------------------------------

    def stats(self, t: int) -> tuple[int, int, int]:
        """(firepower, armour, speed) of tank ``t`` from the tank data of its side."""
        return self.side_stats[t // 5][self.kind[t]]

    def tank_name(self, t: int) -> str:
        return self.tank_data()[(self.side[t // 5], KINDS[self.kind[t]])].name

    def card_data(self) -> Cards:
        """Missions, tactical and morale cards: the built-in ones or the file of option ``cards_file`` (14.1)."""
        return load_cards(self._options.get("cards_file") or None)

    def tank_data(self) -> dict[tuple[str, str], TankModel]:
        """Each side's tank statistics: the built-in ones or the file of option ``tanks_file`` (14.1)."""
        return load_tanks(self._options.get("tanks_file") or None)

    @property
    def passable(self) -> tuple[bool, ...]:
        """Whether a tank may enter each hex now (4.2; a demolished house is open ground)."""
        return self.layout.passable

    @property
    def blocks_fire(self) -> tuple[bool, ...]:
        """Whether each hex blocks a line of sight now (1.5)."""
        return self.layout.blocks_fire

    def on_board(self, t: int) -> bool:
        return self.hex[t] >= 0

    def relocate(self, t: int, h: int) -> None:
        """Put tank ``t`` on hex ``h`` (-1: off the board), keeping the occupancy tables in step."""
        old = self.hex[t]
        mask = self.occ_mask[t // 5]
        if old >= 0:
            self.occupant[old] = -1
            mask &= ~(1 << old)
        self.hex[t] = h
        if h >= 0:
            self.occupant[h] = t
            mask |= 1 << h
        self.occ_mask[t // 5] = mask
        self._legal_cache = None

    def tanks_of(self, seat: int) -> range:
        return range(seat * 5, seat * 5 + 5)

    def territory(self, hex_: int) -> int:
        """The seat whose territory the hex lies in (rows 1..7 from its edge)."""
        return 0 if hex_ < TERRITORY else 1

    def row_of(self, hex_: int, seat: int) -> int:
        return self.field.grid.row_from_edge(hex_, seat)

    def hex_name(self, h: int) -> str:
        return HEX_NAMES[h]

    # -- methods one chapter calls in another (defined in rules/) ------------------------
    def result(self) -> int:
        raise NotImplementedError

    def _ace_bonus(self, a: int) -> int:
        raise NotImplementedError

    def _asks(self, seat: int, playable: Callable[[int], bool]) -> bool:
        raise NotImplementedError

    def _holds_red(self, seat: int) -> bool:
        raise NotImplementedError

    def _holds_defence(self, seat: int) -> bool:
        raise NotImplementedError

    def _holds_deflect(self, seat: int) -> bool:
        raise NotImplementedError

    def _open_window(self, events: list[Event]) -> bool:
        raise NotImplementedError

    def _end_turn(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _ace_dies(self, seat: int, events: list[Event]) -> None:
        raise NotImplementedError

    def _add_damage(self, t: int, n: int, events: list[Event], by: int = -1) -> None:
        raise NotImplementedError

    def _anytime_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def _arrive(self, t: int, events: list[Event]) -> None:
        raise NotImplementedError

    def _check_reveals(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _check_reveals_of(self, t: int, events: list[Event]) -> None:
        raise NotImplementedError

    def _check_victory(self, events: list[Event]) -> bool:
        raise NotImplementedError

    def _clear_attack(self) -> None:
        raise NotImplementedError

    def _declare_attack(self, a: int, t: int, events: list[Event]) -> None:
        raise NotImplementedError

    def _draw_morale(self, seat: int, events: list[Event]) -> None:
        raise NotImplementedError

    def _finish_action(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _fire_mask(self, t: int) -> int:
        raise NotImplementedError

    def _lose_armour(self, t: int, events: list[Event], by: int = -1) -> None:
        raise NotImplementedError

    def _may_have_faced(self, t: int) -> bool:
        raise NotImplementedError

    def _may_move(self, t: int) -> bool:
        raise NotImplementedError

    def _move(self, t: int, dest: int, events: list[Event], boosted: bool = False) -> None:
        raise NotImplementedError

    def _move_card_actions(self, seat: int, start: int) -> list[Action]:
        raise NotImplementedError

    def _plain_moves(self, t: int) -> list[Action]:
        raise NotImplementedError

    def _play_morale(self, seat: int, action: TankClashAction, events: list[Event]) -> None:
        raise NotImplementedError

    def _play_tactical(self, seat: int, action: TankClashAction, events: list[Event]) -> None:
        raise NotImplementedError

    def _reach(self, t: int, bonus: int, limit: int = 0) -> tuple[int, ...]:
        raise NotImplementedError

    def _reveal(self, t: int, events: list[Event]) -> None:
        raise NotImplementedError

    def _score(self, seat: int, points: int, why: str, events: list[Event]) -> None:
        raise NotImplementedError

    def _search_reach(self, start: int, allowance: int, enemy: int) -> tuple[int, ...]:
        raise NotImplementedError

    def _shows_speed(self, t: int, dest: int, bonus: int) -> bool:
        raise NotImplementedError

    def _start_turn(self, seat: int, events: list[Event]) -> None:
        raise NotImplementedError

    def _tactical_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def _win(self, seat: int, reason: str, events: list[Event]) -> None:
        raise NotImplementedError
