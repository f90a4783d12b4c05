"""Tank Clash: the state and every rule, each in one named place with its clause (docs/rules/tank-clash.md).

Tanks are indexed 0..9: seat 0 owns 0..4 (ids ``a1``..``a5``), seat 1 owns 5..9
(``b1``..``b5``), numbered in the order they are placed, so an id never tells
the tank's type (fog of war). Hexes are indices of the 12 x 14 battlefield
(engine/hexgrid.py) and are named like ``E7`` (column letter, row from seat
0's edge) in action ids.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from hulldown.engine.hexgrid import grid
from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import Action, Event, GameState, mark_reveal, private, public, reveal
from hulldown.engine.zones import Zone
from hulldown.games.tank_clash.actions import (
    ACE_ACT,
    ATTACK,
    ATTACK_ACT,
    BY_ID,
    CHECKPOINT_ACT,
    DEMOLISH_ACT,
    DISCARD,
    DISCARD_ACT,
    HEX_NAMES,
    MORALE,
    MORALE_PLAIN_ACT,
    MORALE_TANK_ACT,
    MOVE_ACT,
    PLACE_ACT,
    REROLL,
    REROLL_ACT,
    RETREAT_ACT,
    TACTICAL,
    TACTICAL_HEX_ACT,
    TACTICAL_PLAIN_ACT,
    TACTICAL_TANK_ACT,
    TANK_IDS,
    TankClashAction,
)
from hulldown.games.tank_clash.actions import END as END_KIND
from hulldown.games.tank_clash.actions import END_ACT as END
from hulldown.games.tank_clash.actions import KEEP_ACT as KEEP
from hulldown.games.tank_clash.actions import MOVE as MOVE_KIND
from hulldown.games.tank_clash.actions import PASS_ACT as PASS
from hulldown.games.tank_clash.data import (
    BOARD_ROWS,
    FIELD_ROWS,
    FIELD_WIDTH,
    KINDS,
    Battlefield,
    battlefield,
    load_boards,
    load_cards,
    load_tanks,
)

SIDES = ("german", "american")
MEDIUM, HEAVY, DESTROYER = 0, 1, 2
ROSTER = (MEDIUM, MEDIUM, MEDIUM, HEAVY, DESTROYER)
CHECKPOINT_ROWS = (1, 4, 7)
#: 2.6 (interpretation) tanks are placed on their player's first three rows.
DEPLOYMENT_ROWS = 3
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

# phases
SETUP_CHECKPOINT, SETUP_TANK, SETUP_ACE, MAIN, MOVE, ATK_RED, ATK_DEF, ATK_REROLL, ATK_DEFLECT, SCARE, OVER = range(11)
PHASE_NAMES = (
    "place checkpoint",
    "place tank",
    "assign ace",
    "actions",
    "move",
    "attack: attacker's morale",
    "attack: defender's morale",
    "attack: re-roll",
    "attack: deflect",
    "scare retreat",
    "over",
)

_GRID = grid(FIELD_WIDTH, FIELD_ROWS)
_ADJ = _GRID.adjacency
_DIST = _GRID.distances
_SIZE = _GRID.size
#: _WITHIN[k][h]: bit mask of the hexes at distance 1..k from h (k up to 8).
_WITHIN = tuple(
    tuple(sum(1 << o for o in range(_SIZE) if 0 < _DIST[h * _SIZE + o] <= k) for h in range(_SIZE))
    for k in range(9)  # speed up to 6 (tanks.toml) plus Transport's 2
)
#: hexes below this index are seat 0's territory (its rows 1..7), the rest seat 1's
_TERRITORY = BOARD_ROWS * FIELD_WIDTH


#: 8.2 (designed) air support pattern: the hex and two hexes either side in its row.
_AIR_ROW = tuple(
    tuple(_GRID.index(c + k, r) for k in range(-2, 3) if 0 <= c + k < _GRID.width)
    for c, r in (_GRID.coords(h) for h in range(_GRID.size))
)
#: 8.1 artillery support: the hex and the six around it
_ART_HEXES = tuple((h, *_ADJ[h]) for h in range(_SIZE))
_ALL_DESTROYED = [True] * 5
ReachEntry = tuple[tuple[int, ...], list[list[Action] | None]]
#: terrain-and-enemy reach -> per friendly-occupancy answers (see _reach_entry)
ReachPaths = tuple[tuple[int, ...], int, dict[int, ReachEntry]]


@lru_cache(maxsize=256)
def _tactical_zones(seat: int, used: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """A seat's tactical cards as card instances, played and still face up (for card_zones)."""
    return [f"{seat}:{c}" for c in used], [f"{seat}:{c}" for c in TACTICAL_IDS if c not in used]


@lru_cache(maxsize=1)
def _mission_kinds() -> dict[str, str]:
    return {m.id: m.kind for m in load_cards()[0]}


#: sight[a * size + b] before it is known (see _Layout)
_UNKNOWN = 0
#: sight[a * size + b] when a tank on a can never attack one on b
_NEVER = 255
_W = FIELD_WIDTH
_FULL = (1 << _SIZE) - 1
_EVEN_ROWS = sum(((1 << _W) - 1) << (r * _W) for r in range(0, FIELD_ROWS, 2))
_ODD_ROWS = _FULL ^ _EVEN_ROWS
_NOT_LEFT = _FULL ^ sum(1 << (r * _W) for r in range(FIELD_ROWS))
_NOT_RIGHT = _FULL ^ sum(1 << (r * _W + _W - 1) for r in range(FIELD_ROWS))


def _spread(m: int) -> int:
    """The neighbours of every hex in the bit mask ``m`` (odd-r rows: odd rows sit half a hex right)."""
    even, odd = m & _EVEN_ROWS, m & _ODD_ROWS
    return (
        ((m << 1) & _NOT_LEFT)
        | ((m >> 1) & _NOT_RIGHT)
        | (even << _W)
        | ((even << (_W - 1)) & _NOT_RIGHT)
        | (even >> _W)
        | ((even >> (_W + 1)) & _NOT_RIGHT)
        | (odd << _W)
        | ((odd << (_W + 1)) & _NOT_LEFT)
        | (odd >> _W)
        | ((odd >> (_W - 1)) & _NOT_LEFT)
    ) & _FULL


assert all(_spread(1 << h) == sum(1 << n for n in _ADJ[h]) for h in range(_SIZE)), "hex neighbour masks"

#: fire masks are kept per hex and firepower 0..6 (tanks.toml allows at most 6)
_MASK_RANGE = 7
#: _WITHIN_LIST[k][h]: the hexes at distance 1..k from h
_WITHIN_LIST = tuple(tuple(_GRID.within(h, k) for h in range(_SIZE)) for k in range(_MASK_RANGE))


class _Layout:
    """The terrain as it stands (an arrangement and its demolished houses) and what follows from it.

    Shared by every state on the same terrain, so search and random play fill the
    tables once. ``reach`` caches movement (see ``_reach_entry``). ``sight`` holds
    for a pair of hexes the distance at which a tank on the first may attack one
    on the second (5.3 line of sight, 4.5 forest concealment), or ``_NEVER``;
    ``fire[h * _MASK_RANGE + r]`` is the bit mask of hexes a tank on ``h`` with
    range ``r`` may attack. Both are filled lazily: only pairs within firing range
    are ever asked about.
    """

    __slots__ = (
        "_setup",
        "blocks_fire",
        "demolished",
        "field",
        "fire",
        "forest",
        "forest_mask",
        "houses",
        "passable",
        "passable_mask",
        "reach",
        "sight",
    )

    def __init__(self, field: Battlefield, demolished: tuple[int, ...], parent: _Layout | None = None) -> None:
        self.field = field
        self.demolished = demolished
        passable = list(field.passable)
        blocks = list(field.blocks_fire)
        for h in demolished:
            passable[h] = True
            blocks[h] = False
        self.passable = tuple(passable)
        self.blocks_fire = tuple(blocks)
        self.forest = field.forest
        self.passable_mask = sum(1 << h for h in range(_SIZE) if passable[h])
        self.forest_mask = sum(1 << h for h in range(_SIZE) if field.forest[h])
        self.houses = tuple(h for h, t in enumerate(field.terrain) if t == "house" and h not in demolished)
        self.reach: dict[int, ReachPaths] = {}
        self._setup: dict[tuple[int, int], list[int]] = {}
        if parent is None:
            self.sight = bytearray(_SIZE * _SIZE)
            self.fire = [-1] * (_SIZE * _MASK_RANGE)
            return
        # One more house is gone: only lines through it change, and every line the
        # tables hold is at most _MASK_RANGE - 1 hexes long, so only pairs of hexes
        # that near the ruins need working out again.
        self.sight = parent.sight.copy()
        self.fire = parent.fire.copy()
        (gone,) = set(demolished) - set(parent.demolished)
        near = (gone, *_WITHIN_LIST[_MASK_RANGE - 1][gone])
        sight, fire = self.sight, self.fire
        for a in near:
            base = a * _SIZE
            for b in near:
                sight[base + b] = _UNKNOWN
            fire[a * _MASK_RANGE : (a + 1) * _MASK_RANGE] = [-1] * _MASK_RANGE

    def setup_hexes(self, seat: int, row: int) -> list[int]:
        """Where ``seat`` may set up: with ``row`` 1, 4 or 7 the open hexes of that row for a
        checkpoint (2.5); with 0 the hexes a tank may stand on in its deployment rows (2.6)."""
        key = (seat, row)
        got = self._setup.get(key)
        if got is None:
            g = self.field.grid
            if row:
                got = [h for h in range(g.size) if self.field.open[h] and g.row_from_edge(h, seat) == row]
            else:
                got = [h for h in range(g.size) if self.passable[h] and g.row_from_edge(h, seat) <= DEPLOYMENT_ROWS]
            self._setup[key] = got
        return got

    def sight_value(self, a: int, b: int) -> int:
        """The distance from ``a`` to ``b`` if a tank there may fire at ``b`` in range, else ``_NEVER``.

        4.5 a tank in a forest is seen from 2 hexes, from 1 when both are in forest;
        1.5/5.3 the line between the centres must not cross a hex that blocks fire.
        """
        d = _DIST[a * _SIZE + b]
        forest, blocks = self.forest, self.blocks_fire
        if d == 0 or (forest[b] and d > (1 if forest[a] else 2)):
            return _NEVER
        for h1, h2 in _GRID.line(a, b):
            if h1 >= 0 and h2 >= 0 and blocks[h1] and blocks[h2]:
                return _NEVER
        return d

    def fill_sight(self, i: int) -> int:
        """Work out ``sight[i]`` for the pair ``i = a * size + b`` (closer than _MASK_RANGE)."""
        v = self.sight[i] = self.sight_value(*divmod(i, _SIZE))
        return v

    def fire_mask(self, k: int) -> int:
        """The hexes a tank on ``h`` may attack with range ``rng``, as a bit mask (``k = h * _MASK_RANGE + rng``)."""
        h, rng = divmod(k, _MASK_RANGE)
        m = self.fire[k]
        if m < 0:
            m = 0
            sight = self.sight
            base = h * _SIZE
            for b in _WITHIN_LIST[rng][h]:
                v = sight[base + b]
                if v == _UNKNOWN:
                    v = self.fill_sight(base + b)
                if v <= rng:
                    m |= 1 << b
            self.fire[k] = m
        return m


_LAYOUTS: dict[tuple[str, tuple[int, ...]], _Layout] = {}


def _layout(field: Battlefield, demolished: tuple[int, ...] = (), parent: _Layout | None = None) -> _Layout:
    """The one shared layout of a battlefield with these houses demolished (sorted);
    ``parent`` is the layout with one house fewer demolished, to start from."""
    key = (field.arrangement, demolished)
    got = _LAYOUTS.get(key)
    if got is None:
        if len(_LAYOUTS) > 1000:
            _LAYOUTS.clear()
        got = _LAYOUTS[key] = _Layout(field, demolished, parent)
    return got


class TankClashState(GameState):
    """A game of Tank Clash (two seats)."""

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
        "tac_turn",
        "tac_used",
        "turn_no",
        "vp",
        "winner",
    )

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
    layout: _Layout
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
    tac_turn: bool
    smoke: list[bool]
    infantry: int
    phase: int
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

    # ------------------------------------------------------------------ setup (clause 2)
    def _setup(self) -> None:
        o = self._options
        placement = o["board_placement"]
        if placement == "random":
            names = list(load_boards()[1])
            placement = names[self.choose_index(len(names))]
        self.field = battlefield(placement)
        self.demolished = ()
        self.layout = _layout(self.field, ())
        self.mv = [None] * 10
        self.mv_area = [0] * 10
        self.mv_hex = [-1] * 10
        self.mv_sig = [0] * 10
        self.stakes = True
        # 2.1 sides: chosen or drawn
        s0 = o["side"]
        if s0 == "random":
            s0 = SIDES[self.choose_index(2)]
        self.side = (s0, SIDES[1 - SIDES.index(s0)])
        tanks = load_tanks()
        self.side_stats = tuple(
            tuple((m.firepower, m.armour, m.speed) for m in (tanks[(side, k)] for k in KINDS)) for side in self.side
        )
        n = self.field.grid.size
        self.kind = [-1] * 10
        self.hex = [-1] * 10
        self.armour = [0] * 10
        self.damage = [0] * 10
        self.destroyed = [False] * 10
        self.concealed = [False] * 10
        self.moved = [False] * 10
        self.attacked = [False] * 10
        self.crossed = [False] * 10
        self.fast = [False] * 10
        self.occupant = [-1] * n
        self.occ_mask = [0, 0]
        self.ace = [-1, -1]
        self.ace_dead = [False, False]
        self.placed = [0, 0]
        missions, _tactical, morale = load_cards()
        # 2.2 secret missions (not with victory points)
        self.mission_deck = Zone("missions", [m.id for m in missions])
        self.mission = [None, None]
        if not o["victory_points"]:
            self.shuffle(self.mission_deck)
            self.mission = [self.mission_deck.draw(), self.mission_deck.draw()]
        self.mission_kind = [_mission_kinds()[m] if m else "" for m in self.mission]
        # 2.3 first player: the insignia token
        self.first = self.choose_index(2)
        # 2.4 morale deck shuffled; tactical cards face up
        self.morale_deck = Zone("morale deck", [m.name for m in morale])
        self.shuffle(self.morale_deck)
        self.hands = [Zone("hand 0"), Zone("hand 1")]
        self.morale_discard = Zone("morale discard")
        self.morale_used = [False, False]
        self.tac_used = [(), ()]
        self.tac_turn = False
        self.smoke = [False, False]
        self.infantry = 0
        self.cp_hex = [-1] * 6
        self.cp_holder = [0, 0, 0, 1, 1, 1]
        self.cp_at = {}
        self.cp_scored = [False] * 6
        self.crossing_scored = [False, False]
        self.phase = SETUP_CHECKPOINT
        self.setup_step = 0
        self.active = self.first
        self.turn_no = 0
        self.actions_taken = 0
        self.pm_tank = -1
        self.pm_bonus = 0
        self.pm_counts = False
        self._clear_attack()
        self.vp = [0, 0]
        self.winner = None
        self.reason = ""

    def _clear_attack(self) -> None:
        self.at_a = -1
        self.at_t = -1
        self.at_dice = []
        self.at_mod = 0
        self.at_extra = 0
        self.at_rerolls = 0

    # ------------------------------------------------------------------ tank facts
    def stats(self, t: int) -> tuple[int, int, int]:
        """(firepower, armour, speed) of tank ``t`` from the tank data of its side."""
        return self.side_stats[t // 5][self.kind[t]]

    def tank_name(self, t: int) -> str:
        return load_tanks()[(self.side[t // 5], KINDS[self.kind[t]])].name

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
        return 0 if hex_ < _TERRITORY else 1

    def row_of(self, hex_: int, seat: int) -> int:
        return self.field.grid.row_from_edge(hex_, seat)

    def hex_name(self, h: int) -> str:
        return HEX_NAMES[h]

    # ------------------------------------------------------------------ protocol
    def _current_player(self) -> int | None:
        ph = self.phase
        if ph == OVER:
            return None
        hands = self.hands
        if len(hands[0].cards) > HAND_LIMIT:  # 10.3 a fourth morale card must be discarded at once
            return 0
        if len(hands[1].cards) > HAND_LIMIT:
            return 1
        if ph == MAIN:
            return self.active
        if ph == SETUP_CHECKPOINT:
            return self.first if self.setup_step % 2 == 0 else 1 - self.first
        if ph in (SETUP_TANK, SETUP_ACE):
            return self.active
        if ph in (ATK_DEF, ATK_DEFLECT):
            return 1 - self.active
        return self.active

    def _is_over(self) -> bool:
        return self.phase == OVER

    def find_action(self, action: Action | str) -> Action:
        """The engine's look-up, with shortcuts: actions are shared objects (``act``), so one
        handed back from ``legal_actions`` is found by identity without comparing ids, and a
        move in the actions phase only among its own tank's moves (the very list that went
        into the legal actions when they were worked out for this state)."""
        cache = self._legal_cache
        if type(action) is str:  # a record replayed: an id stands for its one shared object
            action = BY_ID.get(action, action)
        if cache is not None and isinstance(action, TankClashAction) and self.phase != OVER:
            t = action.tank
            if (
                action.KIND == MOVE_KIND
                and self.phase == MAIN
                and len(self.hands[0].cards) <= HAND_LIMIT
                and len(self.hands[1].cards) <= HAND_LIMIT
            ):
                m = self.mv[t]
                if m is not None and t // 5 == self.active and self._may_move(t):
                    for a in m:
                        if a is action:
                            return a
            else:
                for a in cache:
                    if a is action:
                        return a
        return super().find_action(action)

    def _returns(self) -> list[float]:
        if self.winner is None or self.winner < 0:
            return [0.0, 0.0]
        return [1.0 if s == self.winner else -1.0 for s in (0, 1)]

    def _legal(self) -> list[Action]:
        for s in (0, 1):
            if len(self.hands[s].cards) > HAND_LIMIT:
                return [DISCARD_ACT[c] for c in sorted(set(self.hands[s]))]
        ph = self.phase
        if ph == MAIN:
            return self._main_actions()
        if ph == SETUP_CHECKPOINT:
            return [CHECKPOINT_ACT[h] for h in self._checkpoint_hexes()]
        if ph == SETUP_TANK:
            return self._placement_actions()
        if ph == SETUP_ACE:
            return [ACE_ACT[t] for t in self.tanks_of(self.active)]
        if ph == MAIN:
            return self._main_actions()
        if ph == MOVE:
            return self._move_actions(self.pm_tank, self.pm_bonus)
        if ph == ATK_RED:
            return [PASS, *(MORALE_PLAIN_ACT[c] for c in RED if c in self.hands[self.active])]
        if ph == ATK_DEF:
            d = 1 - self.active
            out: list[Action] = [PASS, *(MORALE_PLAIN_ACT[c] for c in PRE_ROLL_DEFENCE if c in self.hands[d])]
            return out + self._anytime_actions(d)
        if ph == ATK_REROLL:
            return [KEEP, *(REROLL_ACT[v] for v in sorted(set(self.at_dice)))]
        if ph == ATK_DEFLECT:
            out = [PASS]
            if "Deflect" in self.hands[1 - self.active]:
                out.append(MORALE_PLAIN_ACT["Deflect"])
            return out
        if ph == SCARE:
            return [RETREAT_ACT[h] for h in self._retreat_hexes(self.at_t)]
        return []

    def _apply(self, action: Action, events: list[Event]) -> None:
        assert isinstance(action, TankClashAction)
        head = action.KIND
        if head == DISCARD:
            seat = 0 if len(self.hands[0]) > HAND_LIMIT else 1
            self.hands[seat].remove(action.card)
            self.morale_discard.put_top(action.card)
            events.append(reveal("morale_discarded", seat=seat, card=action.card))
            return
        ph = self.phase
        if ph == SETUP_CHECKPOINT:
            self._place_checkpoint(action.hex, events)
        elif ph == SETUP_TANK:
            self._place_tank(KINDS.index(action.card), action.hex, events)
        elif ph == SETUP_ACE:
            self._assign_ace(action.tank, events)
        elif ph == MAIN:
            self._main(action, events)
        elif ph == MOVE:
            t = self.pm_tank
            self._move(t, action.hex, events, boosted=True)
            self.pm_tank = -1
            if self.pm_counts:
                self.moved[t] = True
                self._finish_action(events)
            else:
                self.phase = MAIN
                self._check_victory(events)
        elif ph == ATK_RED:
            if head == MORALE:
                self._play_red(action.card, events)
            self._to_defender_window(events)
        elif ph == ATK_DEF:
            if head == MORALE:
                self._play_morale(1 - self.active, action, events)
                if self.phase == OVER:
                    return
            if self.destroyed[self.at_a]:  # an ambush destroyed the attacker before it fired
                events.append(public("attack_cancelled", attacker=TANK_IDS[self.at_a]))
                self._finish_action(events)
                return
            self._roll_attack(events)
        elif ph == ATK_REROLL:
            if head == REROLL:
                self._reroll_one(action.value, events)
            else:
                self.at_rerolls = 0
            self._after_roll(events)
        elif ph == ATK_DEFLECT:
            if head == MORALE:
                self._deflect(events)
            self._resolve_attack(events)
        elif ph == SCARE:
            self._retreat(self.at_t, action.hex, events)
            self._finish_action(events)

    # ------------------------------------------------------------------ setup rules (clause 2)
    def _checkpoint_hexes(self) -> list[int]:
        """2.5 Checkpoints go on open hexes of rows 1, 4 and 7 of the placing seat's side."""
        seat = self._current_player()
        assert seat is not None
        row = CHECKPOINT_ROWS[self.setup_step // 2]
        return self.layout.setup_hexes(seat, row)

    def _place_checkpoint(self, h: int, events: list[Event]) -> None:
        seat = self.first if self.setup_step % 2 == 0 else 1 - self.first
        i = seat * 3 + self.setup_step // 2
        self.cp_hex[i] = h
        self.cp_at = {**self.cp_at, h: i}
        events.append(public("checkpoint_placed", seat=seat, hex=self.hex_name(h), row=CHECKPOINT_ROWS[i % 3]))
        self.setup_step += 1
        if self.setup_step == 6:
            self.phase = SETUP_TANK
            self.active = self.first

    def _placement_hexes(self, seat: int) -> list[int]:
        """2.6 Tanks go on a free hex of their player's rows 1 to 3 that a tank may stand on."""
        occ = self.occupant
        return [h for h in self.layout.setup_hexes(seat, 0) if occ[h] < 0]

    def _kinds_left(self, seat: int) -> list[int]:
        left = list(ROSTER)
        for t in self.tanks_of(seat):
            if self.kind[t] >= 0:
                left.remove(self.kind[t])
        return sorted(set(left))

    def _placement_actions(self) -> list[Action]:
        seat = self.active
        hexes = self._placement_hexes(seat)
        return [PLACE_ACT[k][h] for k in self._kinds_left(seat) for h in hexes]

    def _place_tank(self, k: int, h: int, events: list[Event]) -> None:
        seat = self.active
        t = seat * 5 + self.placed[seat]
        self.placed[seat] += 1
        self.kind[t] = k
        self.relocate(t, h)
        self.armour[t] = self.stats(t)[1]  # 2.7 armour tokens by armour value
        if self._options["fog_of_war"]:
            self.concealed[t] = True  # 13.2 placed face down
            events.append(public("tank_placed", seat=seat, tank=TANK_IDS[t], hex=self.hex_name(h)))
        else:
            events.append(public("tank_placed", seat=seat, tank=TANK_IDS[t], hex=self.hex_name(h), kind=KINDS[k]))
        if sum(self.placed) == 10:
            self.phase = SETUP_ACE
            self.active = self.first
        else:
            self.active = 1 - seat

    def _assign_ace(self, t: int, events: list[Event]) -> None:
        """2.8 Each player puts their ace under one of their tanks (hidden under fog of war)."""
        seat = self.active
        self.ace[seat] = t
        if self._options["fog_of_war"]:
            events.append(private([seat], "ace_assigned", seat=seat, tank=TANK_IDS[t]))
        else:
            events.append(public("ace_assigned", seat=seat, tank=TANK_IDS[t]))
        if seat == self.first:
            self.active = 1 - seat
            return
        if self._options["fog_of_war"]:
            self._check_reveals(events)
        self._start_turn(self.first, events)

    # ------------------------------------------------------------------ turns (clause 3)
    def _start_turn(self, seat: int, events: list[Event]) -> None:
        self.active = seat
        self.phase = MAIN
        self.actions_taken = 0
        self.tac_turn = False
        self.infantry = 0
        self.morale_used = [False, False]
        self.moved = [False] * 10
        self.attacked = [False] * 10
        events.append({"type": "turn", "to": "all", "seat": seat, "turn": self.turn_no + 1})

    def _end_turn(self, events: list[Event]) -> None:
        """3.4 The turn passes; 13.x the round limit ends an unfinished game."""
        seat = self.active
        self.smoke[seat] = False  # 8.5 smoke lasts for one turn of the opponent
        self.turn_no += 1
        if self.turn_no >= 2 * self._options["round_limit"]:
            if self._options["victory_points"] and self.vp[0] != self.vp[1]:
                self._win(0 if self.vp[0] > self.vp[1] else 1, "most victory points at the round limit", events)
            else:
                self._win(-1, "round limit", events)
            return
        self._start_turn(1 - seat, events)

    def _finish_action(self, events: list[Event]) -> None:
        if self.at_a >= 0:
            self._clear_attack()
        self.actions_taken += 1
        self.phase = MAIN
        if self._check_victory(events):
            return
        if self.actions_taken >= 2:
            self._end_turn(events)

    def _second_action(self) -> tuple[int, int]:
        """3.1 what the first action of the turn leaves open, as ``(mover, attacker)``.

        The two actions are two moves, two attacks, or one tank's move and attack (either
        order). After a move by tank A only A may attack (``attacker`` = A); after an attack
        by A only A may move (``mover`` = A). -1: no such limit.
        """
        if self.actions_taken == 0:
            return -1, -1
        lo = self.active * 5
        for t in range(lo, lo + 5):
            if self.moved[t]:
                return -1, t
            if self.attacked[t]:
                return t, -1
        return -1, -1

    def _may_move(self, t: int) -> bool:
        """Whether tank ``t`` (of the seat to act) may take a move action now (3.1)."""
        if self.hex[t] < 0 or self.moved[t]:
            return False
        mover = self._second_action()[0]
        return mover < 0 or mover == t

    def _main_actions(self) -> list[Action]:
        """3.1-3.3 two actions: two moves, two attacks, or one tank's move and attack; no tank
        moves twice or attacks twice."""
        seat = self.active
        out: list[Action] = []
        start = self.actions_taken == 0
        if start and not self.tac_turn:
            out += self._tactical_actions(seat)
        if not self.morale_used[seat] and self.hands[seat].cards:
            out += self._move_card_actions(seat, start)
            out += self._anytime_actions(seat)
        mover, attacker = (-1, -1) if start else self._second_action()
        hx, moved, attacked = self.hex, self.moved, self.attacked
        mv, mv_hex, mv_sig, mv_area = self.mv, self.mv_hex, self.mv_sig, self.mv_area
        # both seats' tanks in one bit mask, the enemy's above: a tank's cached moves hold
        # while it stands where it stood and no tank near it has come or gone
        occ = self.occ_mask
        enemy = occ[1 - seat]
        both = occ[seat] | enemy << _SIZE
        can_fire = not self.smoke[seat]  # 8.5
        stats, kind, occupant, layout = self.side_stats[seat], self.kind, self.occupant, self.layout
        fire = layout.fire
        for t in range(seat * 5, seat * 5 + 5):
            h = hx[t]
            if h < 0:
                continue
            if not moved[t] and (mover < 0 or mover == t):
                m = mv[t]
                if m is None or mv_hex[t] != h or both & mv_area[t] != mv_sig[t]:
                    m = self._plain_moves(t)
                out += m
            if can_fire and not attacked[t] and (attacker < 0 or attacker == t):
                k = h * _MASK_RANGE + stats[kind[t]][0]
                aim = fire[k]
                if aim < 0:
                    aim = layout.fire_mask(k)
                aim &= enemy
                if aim:
                    row = ATTACK_ACT[t]
                    while aim:  # the targets, lowest hex first
                        low = aim & -aim
                        out.append(row[occupant[low.bit_length() - 1]])
                        aim ^= low
        out.append(END)
        return out

    def _move_card_actions(self, seat: int, start: int) -> list[Action]:
        """10.7 Transport and Refuel at the start of a move, Airdrop at the start of the turn,
        for every tank that would have somewhere to go with the card."""
        hand = self.hands[seat]
        out: list[Action] = []
        hx = self.hex
        for card, bonus in MOVEMENT_BONUS.items():
            if card in hand:
                row = MORALE_TANK_ACT[card]
                out += [row[t] for t in self.tanks_of(seat) if self._may_move(t) and self._reach(t, bonus)]
        if start and "Airdrop" in hand:
            row = MORALE_TANK_ACT["Airdrop"]
            out += [row[t] for t in self.tanks_of(seat) if hx[t] >= 0 and self._reach(t, 0, AIRDROP_HEXES)]
        return out

    def _main(self, action: TankClashAction, events: list[Event]) -> None:
        head = action.KIND
        seat = self.active
        if head == END_KIND:
            events.append(public("turn_ended", seat=seat))
            self._end_turn(events)
        elif head == MOVE_KIND:
            t = action.tank
            self._move(t, action.hex, events)
            self.moved[t] = True
            self._finish_action(events)
        elif head == ATTACK:
            self._declare_attack(action.tank, action.target, events)
        elif head == TACTICAL:
            self._play_tactical(seat, action, events)
        elif head == MORALE:
            self._play_morale(seat, action, events)

    # ------------------------------------------------------------------ movement (clause 4)
    def _reach(self, t: int, bonus: int, limit: int = 0) -> tuple[int, ...]:
        """Free hexes tank ``t`` can end its move on, nearest first.

        4.1 up to its speed (+ ``bonus``; ``limit`` replaces the speed); 4.2 rivers
        and houses block; 4.3 a tank that starts in a forest moves 1 hex, a tank
        entering a forest stops there; 4.4 friendly tanks may be passed, enemy
        tanks not, and no move ends on a tank.
        """
        return self._reach_entry(t, bonus, limit)[0]

    def _allowance(self, t: int, bonus: int, limit: int) -> int:
        """4.1/4.3 how many hexes tank ``t`` may move: 1 from a forest, else its speed (+ bonus) or ``limit``."""
        if self.layout.forest[self.hex[t]]:
            return 1
        return limit or self.side_stats[t // 5][self.kind[t]][2] + bonus

    def _reach_entry(self, t: int, bonus: int, limit: int) -> ReachEntry:
        """The reach of ``_reach`` with a slot per tank for its move actions.

        The answer depends only on the terrain and on the tanks within ``allowance``
        hexes, so it is cached under exactly that (shared by every state on this
        terrain): random play and search ask the same question very often.
        """
        start = self.hex[t]
        allowance = self._allowance(t, bonus, limit)
        # only the tanks within the allowance can matter: their hexes are the key (as bit masks)
        area = _WITHIN[allowance][start]
        seat = t // 5
        enemy_near = self.occ_mask[1 - seat] & area
        key = enemy_near << 12 | allowance << 8 | start  # an int: cheaper than a tuple, not tracked by gc
        paths = self.layout.reach.get(key)
        if paths is None:
            paths = self._new_paths(key, start, allowance, enemy_near)
        # friendly tanks do not block (4.4), they only take the hexes they stand on out of the answer
        own = self.occ_mask[seat] & paths[1]
        got = paths[2].get(own)
        if got is None:
            got = paths[2][own] = self._new_entry(paths, own)
        return got

    def _new_paths(self, key: int, start: int, allowance: int, enemy_near: int) -> ReachPaths:
        """Search a reach the shared table does not hold yet and keep it there."""
        table = self.layout.reach
        if len(table) > 100_000:
            table.clear()
        hexes = self._search_reach(start, allowance, enemy_near)
        mask = 0
        for h in hexes:
            mask |= 1 << h
        paths = table[key] = (hexes, mask, {})
        return paths

    @staticmethod
    def _new_entry(paths: ReachPaths, own: int) -> ReachEntry:
        """The hexes of a reach that no friendly tank stands on, with a slot per tank for its actions."""
        if not own:
            return paths[0], [None] * 10
        return tuple([h for h in paths[0] if not (own >> h) & 1]), [None] * 10

    def _search_reach(self, start: int, allowance: int, enemy: int) -> tuple[int, ...]:
        """Every hex reachable around the enemy tanks in ``enemy`` (a bit mask), friendly ones
        included, nearest first: a breadth-first search on bit masks, one ring per step."""
        layout = self.layout
        allowed = layout.passable_mask & ~enemy  # 4.2 terrain, 4.4 enemy tanks block
        stops = layout.forest_mask  # 4.3 a tank entering a forest stops there
        seen = front = 1 << start
        out: list[int] = []
        for _ in range(allowance):
            ring = _spread(front) & allowed & ~seen
            if not ring:
                break
            seen |= ring
            front = ring & ~stops
            while ring:
                low = ring & -ring
                out.append(low.bit_length() - 1)
                ring ^= low
        return tuple(out)

    def movement_range(self, t: int, bonus: int = 0) -> list[int]:
        return sorted(self._reach(t, bonus))

    def _move_actions(self, t: int, bonus: int) -> list[Action]:
        """The move actions of tank ``t`` (cached beside its reach; callers never mutate it)."""
        if bonus == 0:
            return self._plain_moves(t)
        entry = self._reach_entry(t, max(bonus, 0), AIRDROP_HEXES if bonus < 0 else 0)
        return self._entry_actions(t, entry)

    def _entry_actions(self, t: int, entry: ReachEntry) -> list[Action]:
        per_tank = entry[1]
        got = per_tank[t]
        if got is None:
            row = MOVE_ACT[t]
            got = per_tank[t] = [row[h] for h in entry[0]]
        return got

    def _plain_moves(self, t: int) -> list[Action]:
        """Tank ``t``'s ordinary move actions, remembered with what they depend on (its hex
        and the tanks within its allowance) so that later asks in this line of play are free.

        ``_reach_entry`` and ``_entry_actions`` written out in one piece: this is the
        hottest path of random play.
        """
        start = self.hex[t]
        layout = self.layout
        seat = t // 5
        allowance = 1 if layout.forest[start] else self.side_stats[seat][self.kind[t]][2]
        area = _WITHIN[allowance][start]
        occ = self.occ_mask
        enemy_near = occ[1 - seat] & area
        self.mv_hex[t] = start
        self.mv_area[t] = area2 = area | area << _SIZE
        self.mv_sig[t] = (occ[seat] | occ[1 - seat] << _SIZE) & area2
        key = enemy_near << 12 | allowance << 8 | start
        paths = layout.reach.get(key)
        if paths is None:
            paths = self._new_paths(key, start, allowance, enemy_near)
        own = occ[seat] & paths[1]
        entry = paths[2].get(own)
        if entry is None:
            entry = paths[2][own] = self._new_entry(paths, own)
        got = entry[1][t]
        if got is None:
            row = MOVE_ACT[t]
            got = entry[1][t] = [row[h] for h in entry[0]]
        self.mv[t] = got
        return got

    def _move(self, t: int, dest: int, events: list[Event], boosted: bool = False) -> None:
        frm = self.hex[t]
        shows = self.concealed[t] and self._shows_speed(t, dest, self.pm_bonus if boosted else 0)
        if not boosted and _DIST[frm * _SIZE + dest] >= 3:
            self.fast[t] = True  # public: a plain move of 3 hexes shows it is no heavy tank
        self.relocate(t, dest)
        ev = {"type": "moved", "to": "all", "tank": TANK_IDS[t], "from": HEX_NAMES[frm], "to_hex": HEX_NAMES[dest]}
        events.append(mark_reveal(ev) if shows else ev)
        self._arrive(t, events)
        if self._options["fog_of_war"]:
            self._check_reveals_of(t, events)
            if self._may_have_faced(t):
                self.declare_reveal()

    def _shows_speed(self, t: int, dest: int, bonus: int) -> bool:
        """13.2 whether moving concealed tank ``t`` to ``dest`` shows the opponent it is no heavy
        tank: ``dest`` lies beyond a heavy tank's reach (all else moves as fast)."""
        start, seat = self.hex[t], t // 5
        if self.fast[t] or bonus < 0 or self.layout.forest[start]:
            return False  # known fast, an airdrop (2 hexes for all) or a forest start (1 hex)
        slow = self.side_stats[seat][HEAVY][2] + bonus
        if self.side_stats[seat][self.kind[t]][2] + bonus <= slow:
            return False
        enemy = self.occ_mask[1 - seat] & _WITHIN[slow][start]
        return dest not in self._search_reach(start, slow, enemy)

    def _may_have_faced(self, t: int) -> bool:
        """13.2 whether, after ``t`` moved, a pair with ``t`` and a concealed tank in it stays
        concealed although other tank types would have faced each other: that no reveal came
        tells the opponent which types they are not."""
        ht, conc = self.hex[t], self.concealed
        if ht < 0:
            return False
        seat = t // 5
        reach = [max(s[0] for s in self.side_stats[p]) for p in (0, 1)]
        lay = self.layout
        mine = lay.fire_mask(ht * _MASK_RANGE + reach[seat])
        for b in self.tanks_of(1 - seat):
            hb = self.hex[b]
            if hb < 0 or not (conc[t] or conc[b]) or not (mine >> hb) & 1:
                continue
            if (lay.fire_mask(hb * _MASK_RANGE + reach[1 - seat]) >> ht) & 1:
                return True
        return False

    def _arrive(self, t: int, events: list[Event]) -> None:
        """What ending a move on a hex does: capture (6.2), repair (6.4), crossing (10.5, 13.1)."""
        seat = t // 5
        h = self.hex[t]
        cp = self.cp_at.get(h)
        if cp is not None:
            self.stakes = True
            owner = cp // 3
            if owner != seat and self.cp_holder[cp] == owner:
                self.cp_holder[cp] = seat
                events.append(public("checkpoint_captured", seat=seat, tank=TANK_IDS[t], hex=self.hex_name(h)))
                if self._options["victory_points"] and not self.cp_scored[cp]:
                    self.cp_scored[cp] = True
                    self._score(seat, VP_CHECKPOINT, "captured a checkpoint", events)
                self._draw_morale(seat, events)
            elif owner == seat:
                if self.cp_holder[cp] != seat:
                    self.cp_holder[cp] = seat
                    events.append(public("checkpoint_recaptured", seat=seat, tank=TANK_IDS[t], hex=self.hex_name(h)))
                if self.damage[t]:
                    self.damage[t] = 0
                    events.append(public("repaired", tank=TANK_IDS[t], hex=self.hex_name(h)))
        if self.territory(h) != seat and not self.crossed[t]:
            self.crossed[t] = True
            if self._options["morale_on_crossing"]:
                self._draw_morale(seat, events)
            if (
                self._options["victory_points"]
                and not self.crossing_scored[seat]
                and sum(self.crossed[u] for u in self.tanks_of(seat)) >= 3
            ):
                self.crossing_scored[seat] = True
                self._score(seat, VP_CROSSING, "three tanks in enemy territory", events)

    # ------------------------------------------------------------------ attacks (clause 5)
    def can_target(self, a_hex: int, t_hex: int, rng: int) -> bool:
        """5.2 range = firepower; 5.3 line of sight; 4.5 forest concealment."""
        i = a_hex * _SIZE + t_hex
        d = _DIST[i]
        if d > rng:
            return False
        if d >= _MASK_RANGE:  # beyond the cached tables (no tank in the data reaches this far)
            return self.layout.sight_value(a_hex, t_hex) <= rng
        v = self.layout.sight[i]
        if v == _UNKNOWN:
            v = self.layout.fill_sight(i)
        return v <= rng

    def _fire_mask(self, t: int) -> int:
        """The hexes tank ``t`` may attack from where it stands, as a bit mask."""
        k = self.hex[t] * _MASK_RANGE + self.side_stats[t // 5][self.kind[t]][0]
        aim = self.layout.fire[k]
        return aim if aim >= 0 else self.layout.fire_mask(k)

    def targets(self, t: int) -> list[int]:
        """Enemy tanks ``t`` may attack now (5.2, 5.3, 4.5; the same test as can_target)."""
        m = self._fire_mask(t) & self.occ_mask[1 - t // 5]
        if not m:
            return []
        hx = self.hex
        lo = 5 if t < 5 else 0
        return [e for e in range(lo, lo + 5) if hx[e] >= 0 and (m >> hx[e]) & 1]

    def _declare_attack(self, a: int, t: int, events: list[Event]) -> None:
        if self._options["fog_of_war"]:
            self._reveal(a, events)
            self._reveal(t, events)
        self.attacked[a] = True
        self.at_a, self.at_t = a, t
        self.at_extra = self.infantry  # 8.3 infantry support: one more die
        self.infantry = 0
        mod = 0
        if self.ace[a // 5] == a:
            if self._options["ace_reroll"]:
                self.at_rerolls = 1  # 7.3 alternative ace: re-roll one die
            else:
                mod += 1  # 7.2 ace: +1 to the roll
        cp = self.cp_at.get(self.hex[t])
        if cp is not None and self.cp_holder[cp] == t // 5:
            mod -= 1  # 6.3 defender on its checkpoint
        self.at_mod = mod
        events.append(public("attack", attacker=TANK_IDS[a], target=TANK_IDS[t]))
        seat = a // 5
        # 10.2 the window opens on any card in hand, so its opening hides which cards they are
        if not self.morale_used[seat] and self.hands[seat]:
            self.phase = ATK_RED
        else:
            self._to_defender_window(events)

    def _play_red(self, card: str, events: list[Event]) -> None:
        """10.6 attack cards, played before the roll."""
        seat = self.active
        self._use_morale(seat, card, events)
        if card == "Sniper":
            self.at_mod += 1
        elif card == "Experience":
            self.at_rerolls += 1
        elif card == "Reinforce":
            self.at_extra += 1

    def _to_defender_window(self, events: list[Event]) -> None:
        """10.2 the defender may answer before the roll while holding any morale card.

        The window opens whenever the defender holds a card and has not used one this
        turn, whatever the cards are, so its opening tells the attacker nothing hidden.
        """
        d = 1 - self.active
        if not self.morale_used[d] and self.hands[d]:
            self.phase = ATK_DEF
        else:
            self._roll_attack(events)

    def _roll_attack(self, events: list[Event]) -> None:
        """5.4 roll as many dice as the firepower (plus extras) and keep the highest."""
        n = self.stats(self.at_a)[0] + self.at_extra
        self.at_dice = [self.roll(6) for _ in range(n)]
        events.append(public("dice", attacker=TANK_IDS[self.at_a], dice=list(self.at_dice), modifier=self.at_mod))
        self._after_roll(events)

    def result(self) -> int:
        return max(1, min(6, max(self.at_dice) + self.at_mod))

    def _after_roll(self, events: list[Event]) -> None:
        if self.at_rerolls > 0:
            self.phase = ATK_REROLL
            return
        d = 1 - self.active
        if self.result() >= 5 and not self.morale_used[d] and self.hands[d]:
            self.phase = ATK_DEFLECT
            return
        self._resolve_attack(events)

    def _reroll_one(self, value: int, events: list[Event]) -> None:
        i = self.at_dice.index(value)
        self.at_dice[i] = self.roll(6)
        self.at_rerolls -= 1
        events.append(public("rerolled", attacker=TANK_IDS[self.at_a], dice=list(self.at_dice)))

    def _deflect(self, events: list[Event]) -> None:
        """10.7 Deflect: the attacker re-rolls every die that scores a hit."""
        self._use_morale(1 - self.active, "Deflect", events)
        self.at_dice = [self.roll(6) if d + self.at_mod >= 5 else d for d in self.at_dice]
        events.append(public("rerolled", attacker=TANK_IDS[self.at_a], dice=list(self.at_dice)))

    def _resolve_attack(self, events: list[Event]) -> None:
        """5.5 the dice table."""
        a, t = self.at_a, self.at_t
        r = self.result()
        events.append(public("attack_result", attacker=TANK_IDS[a], target=TANK_IDS[t], result=RESULTS[r]))
        if r >= 5:
            self._lose_armour(t, events, by=a)
            if r == 6 and not self._options["morale_on_crossing"]:
                self._draw_morale(a // 5, events)  # 5.5 critical hit: a morale card
        elif r >= 3:
            self._add_damage(t, 2 if r == 4 else 1, events, by=a)
        elif r == 2 and self.hex[t] >= 0 and self._retreat_hexes(t):
            self.phase = SCARE  # 5.6 the attacker picks the retreat hex
            return
        self._finish_action(events)

    def _retreat_hexes(self, t: int) -> list[int]:
        """5.6 one hex away, a hex the tank could enter and that is free."""
        occ, passable = self.occupant, self.layout.passable
        return sorted(h for h in _ADJ[self.hex[t]] if passable[h] and occ[h] < 0)

    def _retreat(self, t: int, h: int, events: list[Event]) -> None:
        """5.6 a scared tank is pushed, it does not move: no capture, no repair."""
        frm = self.hex[t]
        self.relocate(t, h)
        events.append(public("retreated", tank=TANK_IDS[t], **{"from": self.hex_name(frm)}, to_hex=self.hex_name(h)))
        if self._options["fog_of_war"]:
            self._check_reveals_of(t, events)
            if self._may_have_faced(t):
                self.declare_reveal()

    # ------------------------------------------------------------------ damage (clause 5.7-5.9)
    def _lose_armour(self, t: int, events: list[Event], by: int = -1) -> None:
        """5.8 a hit removes an armour token (and with it any damage tokens: a tank stays
        damaged "until it loses an armour token"); a tank without armour is destroyed."""
        self._reveal(t, events)
        if self.armour[t] > 0:
            self.armour[t] -= 1
            self.damage[t] = 0
            events.append(public("armour_lost", tank=TANK_IDS[t], armour=self.armour[t]))
        else:
            self._destroy(t, events, by)

    def _add_damage(self, t: int, n: int, events: list[Event], by: int = -1) -> None:
        """5.7 damage tokens; at 3 they are discarded and an armour token goes."""
        self._reveal(t, events)
        self.damage[t] += n
        events.append(public("damaged", tank=TANK_IDS[t], damage=self.damage[t]))
        if self.damage[t] >= 3:
            self.damage[t] = 0
            self._lose_armour(t, events, by)

    def _destroy(self, t: int, events: list[Event], by: int) -> None:
        self.stakes = True
        seat = t // 5
        self.relocate(t, -1)
        self.destroyed[t] = True
        self.damage[t] = 0
        events.append(public("destroyed", tank=TANK_IDS[t], kind=KINDS[self.kind[t]]))
        enemy = 1 - seat
        if self._options["victory_points"]:
            self._score(enemy, VP_KIND[self.kind[t]], f"destroyed a {KINDS[self.kind[t]]} tank", events)
        if self.ace[seat] == t:
            self.ace_dead[seat] = True  # 7.4 the ace dies with its tank
            events.append(public("ace_killed", seat=seat, tank=TANK_IDS[t]))
            if self._options["victory_points"]:
                self._score(enemy, VP_ACE, "killed the ace", events)

    # ------------------------------------------------------------------ checkpoints (clause 6)
    # capture and repair happen on arrival: see _arrive

    # ------------------------------------------------------------------ tactical cards (clause 8)
    def _tactical_actions(self, seat: int) -> list[Action]:
        """8.1 the cards still face up, each with the targets that touch an enemy tank."""
        out: list[Action] = []
        used = self.tac_used[seat]
        hx = self.hex
        lo = 5 - 5 * seat  # the enemy's first tank
        hexes: set[int] = set()
        if self.smoke[seat]:  # 8.5: under smoke no strike, nor the infantry that backs an attack
            used = (*used, "artillery", "air", "infantry")
        if "artillery" not in used:
            for e in range(lo, lo + 5):
                if hx[e] >= 0:
                    hexes.update(_ART_HEXES[hx[e]])
            row = TACTICAL_HEX_ACT["artillery"]
            out += [row[h] for h in sorted(hexes)]
        if "air" not in used:
            hexes = set()
            for e in range(lo, lo + 5):
                if hx[e] >= 0:
                    hexes.update(_AIR_ROW[hx[e]])
            row = TACTICAL_HEX_ACT["air"]
            out += [row[h] for h in sorted(hexes)]
        if "infantry" not in used:
            out.append(TACTICAL_PLAIN_ACT["infantry"])
        if "smoke" not in used:
            out.append(TACTICAL_PLAIN_ACT["smoke"])
        if "repair" not in used:
            row = TACTICAL_TANK_ACT["repair"]
            stats, kind, armour = self.side_stats[seat], self.kind, self.armour
            for t in range(seat * 5, seat * 5 + 5):
                if hx[t] >= 0 and armour[t] < stats[kind[t]][1]:
                    out.append(row[t])
        if "mines" not in used:
            row = TACTICAL_TANK_ACT["mines"]
            # 8.6 the enemy tank must be in the player's territory (rows 1-7 from the player's edge)
            first, last = (0, _TERRITORY) if seat == 0 else (_TERRITORY, _SIZE)
            for e in range(lo, lo + 5):
                if first <= hx[e] < last:
                    out.append(row[e])
        return out

    def _play_tactical(self, seat: int, action: TankClashAction, events: list[Event]) -> None:
        """8.1 start of turn, one per turn, each card once per game, no range limit."""
        card = action.card
        self.tac_used[seat] = (*self.tac_used[seat], card)
        self.tac_turn = True
        if action.hex >= 0 or action.tank >= 0:
            target = HEX_NAMES[action.hex] if action.hex >= 0 else TANK_IDS[action.tank]
            events.append(public("tactical", seat=seat, card=card, target=target))
        else:
            events.append(public("tactical", seat=seat, card=card))
        if card in ("artillery", "air", "infantry") and self._options["tactical_activation"]:
            roll = self.roll(6)  # 13.3 activation roll: 3 to 6
            ok = roll >= 3
            events.append(public("activation", seat=seat, card=card, roll=roll, success=ok))
            if not ok:
                return
        g = self.field.grid
        enemy_seat = 1 - seat
        if card in ("artillery", "air"):
            h = action.hex
            if card == "artillery":
                around = list(g.adjacency[h])
            else:  # 8.2 designed pattern: two hexes either side in the same row
                c, r = g.coords(h)
                around = [g.index(c + k, r) for k in (-2, -1, 1, 2) if 0 <= c + k < g.width]
            o = self.occupant[h]
            if o >= 0 and o // 5 == enemy_seat:
                self._lose_armour(o, events)
            for n in around:
                o = self.occupant[n]
                if o >= 0 and o // 5 == enemy_seat:  # no friendly fire
                    self._add_damage(o, 1, events)
        elif card == "infantry":
            self.infantry += 1
        elif card == "smoke":
            self.smoke[enemy_seat] = True
        elif card == "repair":
            t = action.tank
            self.armour[t] += 1
            events.append(public("armour_restored", tank=TANK_IDS[t], armour=self.armour[t]))
        elif card == "mines":
            self._add_damage(action.tank, 2, events)
        self._check_victory(events)

    # ------------------------------------------------------------------ morale cards (clause 10)
    def _draw_morale(self, seat: int, events: list[Event]) -> None:
        """10.1 draw; 10.4 an empty deck is refilled by shuffling the discard pile."""
        if not self.morale_deck:
            if not self.morale_discard:
                return
            self.morale_deck.extend(self.morale_discard.take_all())
            self.shuffle(self.morale_deck)
            events.append(public("morale_reshuffled", cards=len(self.morale_deck)))
        card = self.morale_deck.draw()
        self.hands[seat].put_top(card)
        events.append(public("morale_drawn", seat=seat, hand=len(self.hands[seat])))
        events.append(private([seat], "morale_card", card=card))

    def _use_morale(self, seat: int, card: str, events: list[Event], target: str = "") -> None:
        self.hands[seat].remove(card)
        self.morale_discard.put_top(card)
        self.morale_used[seat] = True
        if target:
            events.append(reveal("morale_played", seat=seat, card=card, target=target))
        else:
            events.append(reveal("morale_played", seat=seat, card=card))

    def _anytime_actions(self, seat: int) -> list[Action]:
        """10.8 anytime cards: at any decision of the holder."""
        if self.morale_used[seat]:
            return []
        hand = self.hands[seat]
        out: list[Action] = []
        if "Overhaul" in hand:
            row = MORALE_TANK_ACT["Overhaul"]
            out += [row[t] for t in self.tanks_of(seat) if self.damage[t] > 0]
        if "Sabotage" in hand:
            row = MORALE_TANK_ACT["Sabotage"]
            out += [row[e] for e in self.tanks_of(1 - seat) if self.hex[e] >= 0]
        if "Demolish" in hand:
            row = DEMOLISH_ACT
            out += [row[h] for h in self.layout.houses]
        return out

    def _play_morale(self, seat: int, action: TankClashAction, events: list[Event]) -> None:
        card = action.card
        target = HEX_NAMES[action.hex] if action.hex >= 0 else TANK_IDS[action.tank] if action.tank >= 0 else ""
        self._use_morale(seat, card, events, target)
        if card == "Conceal":
            self.at_mod -= 1
        elif card == "Ambush":
            self._add_damage(self.at_a, 1, events)
        elif card == "Overhaul":
            t = action.tank
            self.damage[t] = 0
            events.append(public("repaired", tank=target, hex=self.hex_name(self.hex[t])))
        elif card == "Sabotage":
            self._add_damage(action.tank, 1, events)
        elif card == "Demolish":
            self._demolish(action.hex, events)
        elif card in MOVEMENT_BONUS or card == "Airdrop":
            self.pm_tank = action.tank
            self.pm_bonus = MOVEMENT_BONUS.get(card, -1)
            self.pm_counts = card != "Airdrop"
            self.phase = MOVE
            return
        self._check_victory(events)

    def _demolish(self, h: int, events: list[Event]) -> None:
        """Demolish (designed): the house becomes ruins, flat for movement and fire."""
        self.demolished = (*self.demolished, h)
        self.layout = _layout(self.field, tuple(sorted(self.demolished)), self.layout)
        self.mv = [None] * 10  # moves may now pass the ruins
        events.append(public("demolished", hex=self.hex_name(h)))
        if self._options["fog_of_war"]:
            self._check_reveals(events)

    # ------------------------------------------------------------------ fog of war (clause 13.2)
    def _reveal(self, t: int, events: list[Event]) -> None:
        if not self.concealed[t]:
            return
        self.concealed[t] = False
        seat = t // 5
        events.append(
            reveal(
                "revealed",
                tank=TANK_IDS[t],
                kind=KINDS[self.kind[t]],
                name=self.tank_name(t),
                ace=self.ace[seat] == t,
            )
        )

    def _check_reveals(self, events: list[Event]) -> None:
        """13.2 two enemy tanks that are in range and sight of each other are both revealed."""
        conc = self.concealed
        if True not in conc:
            return
        h, occupant, seat1 = self.hex, self.occupant, self.occ_mask[1]
        for a in range(5):
            ha = h[a]
            if ha < 0:
                continue
            facing = self._fire_mask(a) & seat1  # seat 1's tanks that tank a could fire at
            while facing:
                low = facing & -facing
                facing ^= low
                b = occupant[low.bit_length() - 1]
                if (conc[a] or conc[b]) and (self._fire_mask(b) >> ha) & 1:
                    self._reveal(a, events)
                    self._reveal(b, events)

    def _check_reveals_of(self, t: int, events: list[Event]) -> None:
        """13.2 after tank ``t`` alone has moved: only pairs with ``t`` in them can have come to
        face each other (tanks never block sight), every other pair was settled before."""
        conc, h = self.concealed, self.hex[t]
        if h < 0 or True not in conc:
            return
        occupant = self.occupant
        facing = self._fire_mask(t) & self.occ_mask[1 - t // 5]
        while facing:
            low = facing & -facing
            facing ^= low
            b = occupant[low.bit_length() - 1]
            if (conc[t] or conc[b]) and (self._fire_mask(b) >> h) & 1:
                first, second = (t, b) if t < b else (b, t)
                self._reveal(first, events)
                self._reveal(second, events)

    # ------------------------------------------------------------------ victory (clauses 12, 13.1)
    def _score(self, seat: int, points: int, why: str, events: list[Event]) -> None:
        self.stakes = True
        self.vp[seat] += points
        events.append(public("victory_points", seat=seat, points=points, total=self.vp[seat], reason=why))

    def _mission_done(self, seat: int) -> bool:
        m = self.mission[seat]
        if m is None:
            return False
        enemy = 1 - seat
        kind = self.mission_kind[seat]
        if kind == "capture":
            return seat in self.cp_holder[enemy * 3 : enemy * 3 + 3]
        if kind == "mediums":
            lo = enemy * 5
            return all(
                d or k != MEDIUM for k, d in zip(self.kind[lo : lo + 5], self.destroyed[lo : lo + 5], strict=True)
            )
        return self.ace_dead[enemy]

    def _check_victory(self, events: list[Event]) -> bool:
        """12.1 base camp, every enemy tank, the secret mission; 13.1 five victory points.

        Only a capture, a destroyed tank or points scored can win, and each of those sets
        ``stakes``: without it there is nothing to look at.
        """
        if self.phase == OVER:
            return True
        if not self.stakes:
            return False
        self.stakes = False
        vp_game = self._options["victory_points"]
        if vp_game and self.vp[0] < VP_TARGET and self.vp[1] < VP_TARGET:
            return False
        for seat in (self.active, 1 - self.active):
            enemy = 1 - seat
            if vp_game:
                if self.vp[seat] >= VP_TARGET:
                    self._win(seat, "victory points", events)
                    return True
                continue
            if self.cp_holder[enemy * 3] == seat:
                self._win(seat, "captured the enemy base camp", events)
                return True
            lo = enemy * 5
            if self.destroyed[lo : lo + 5] == _ALL_DESTROYED:
                self._win(seat, "destroyed every enemy tank", events)
                return True
            if self._mission_done(seat):
                self._win(seat, f"fulfilled the secret mission: {self._mission_text(seat)}", events)
                return True
        if not vp_game and (self._some_mission_met(0) or self._some_mission_met(1)):
            self.declare_reveal()  # the game goes on: the opponent learns which mission it is not
        return False

    def _some_mission_met(self, seat: int) -> bool:
        """12.1 whether some secret mission ``seat`` might hold (unseen by the opponent) is met now."""
        if self.mission[seat] is None:
            return False
        enemy = 1 - seat
        lo = enemy * 5
        return (
            seat in self.cp_holder[enemy * 3 : enemy * 3 + 3]
            or self.ace_dead[enemy]
            or all(d or k != MEDIUM for k, d in zip(self.kind[lo : lo + 5], self.destroyed[lo : lo + 5], strict=True))
        )

    def _mission_text(self, seat: int) -> str:
        m = self.mission[seat]
        for x in load_cards()[0]:
            if x.id == m:
                return x.text
        return ""

    def _win(self, seat: int, reason: str, events: list[Event]) -> None:
        self.winner = seat
        self.reason = reason
        self.phase = OVER
        events.append(public("game_over", winner=seat, reason=reason))

    # ------------------------------------------------------------------ observation (obs.py builds it)
    def _observation(self, seat: int | None) -> dict[str, Any]:
        from hulldown.games.tank_clash.observation import observe

        return observe(self, seat)

    # ------------------------------------------------------------------ copies and resampling
    def _copy_into(self, new: Any) -> None:
        """Lists are copied; tuples, the battlefield and the shared reach cache are shared."""
        new.kind = self.kind.copy()
        new.hex = self.hex.copy()
        new.armour = self.armour.copy()
        new.damage = self.damage.copy()
        new.destroyed = self.destroyed.copy()
        new.concealed = self.concealed.copy()
        new.moved = self.moved.copy()
        new.attacked = self.attacked.copy()
        new.crossed = self.crossed.copy()
        new.fast = self.fast.copy()
        new.occupant = self.occupant.copy()
        new.occ_mask = self.occ_mask.copy()
        new.ace = self.ace.copy()
        new.ace_dead = self.ace_dead.copy()
        new.placed = self.placed.copy()
        new.cp_hex = self.cp_hex.copy()
        new.cp_holder = self.cp_holder.copy()
        new.cp_scored = self.cp_scored.copy()
        new.crossing_scored = self.crossing_scored.copy()
        new.mission = self.mission.copy()
        new.morale_used = self.morale_used.copy()
        new.tac_used = self.tac_used.copy()
        new.smoke = self.smoke.copy()
        new.at_dice = self.at_dice.copy()
        new.vp = self.vp.copy()
        new.side = self.side
        new.side_stats = self.side_stats
        new.field = self.field
        new.layout = self.layout
        new.demolished = self.demolished
        new.mv = self.mv.copy()
        new.mv_area = self.mv_area.copy()
        new.mv_hex = self.mv_hex.copy()
        new.mv_sig = self.mv_sig.copy()
        new.stakes = self.stakes
        new.mission_kind = self.mission_kind.copy()
        new.cp_at = self.cp_at
        new.tac_turn = self.tac_turn
        new.infantry = self.infantry
        new.phase = self.phase
        new.setup_step = self.setup_step
        new.first = self.first
        new.active = self.active
        new.turn_no = self.turn_no
        new.actions_taken = self.actions_taken
        new.pm_tank = self.pm_tank
        new.pm_bonus = self.pm_bonus
        new.pm_counts = self.pm_counts
        new.at_a = self.at_a
        new.at_t = self.at_t
        new.at_mod = self.at_mod
        new.at_extra = self.at_extra
        new.at_rerolls = self.at_rerolls
        new.winner = self.winner
        new.reason = self.reason
        new.mission_deck = self.mission_deck.copy()
        new.morale_deck = self.morale_deck.copy()
        new.morale_discard = self.morale_discard.copy()
        new.hands = [self.hands[0].copy(), self.hands[1].copy()]

    def _resample(self, seat: int, rng: SplitMix64) -> GameState:
        """Redraw what ``seat`` cannot see: the opponent's mission and morale hand,
        the order of the decks, and under fog of war the types (and the ace) of the
        opponent's concealed tanks, keeping what play has shown (11.3, 13.2)."""
        new = self.clone()
        assert isinstance(new, TankClashState)
        other = 1 - seat
        theirs = new.mission[other]
        # Every pool is gathered in sorted order before it is shuffled, so the guess depends
        # on what ``seat`` knows and never on where the cards really are.
        if theirs is not None:
            missions = sorted([*new.mission_deck.cards, theirs])
            perm = rng.permutation(len(missions))
            missions = [missions[i] for i in perm]
            new.mission[other] = missions.pop()
            new.mission_deck.cards = missions
            new.mission_kind[other] = _mission_kinds()[new.mission[other] or ""]
        pool = sorted([*new.morale_deck.cards, *new.hands[other].cards])
        perm = rng.permutation(len(pool))
        pool = [pool[i] for i in perm]
        n = len(new.morale_deck)
        new.morale_deck.cards = pool[:n]
        new.hands[other].cards = pool[n:]
        if self._options["fog_of_war"]:
            new._resample_fog(seat, rng)
        return new

    def _resample_fog(self, seat: int, rng: SplitMix64) -> None:
        """Draw uniformly among *every* assignment of types (and the ace) to the opponent's
        concealed tanks that agrees with what play has shown (13.2).

        At most five tanks hide, so the consistent assignments are enumerated exactly; the
        true one is always among them, so the list is never empty.
        """
        from itertools import permutations

        other = 1 - seat
        hidden = [t for t in self.tanks_of(other) if self.concealed[t] and self.kind[t] >= 0]
        if not hidden:
            return
        ace_hidden = self.ace[other] in hidden
        kinds = sorted(self.kind[t] for t in hidden)
        old = [self.kind[t] for t in hidden]
        options: list[tuple[tuple[int, ...], int]] = []
        for assignment in sorted(set(permutations(kinds))):
            if any(k == HEAVY and self.fast[t] for t, k in zip(hidden, assignment, strict=True)):
                continue
            if self.phase >= MAIN:  # reveals are first checked after set-up
                for t, k in zip(hidden, assignment, strict=True):
                    self.kind[t] = k
                pending = self._reveal_pending()
                for t, k in zip(hidden, old, strict=True):
                    self.kind[t] = k
                if pending:
                    continue
            for ace_at in hidden if ace_hidden else [self.ace[other]]:
                options.append((assignment, ace_at))
        assignment, ace_at = options[rng.below(len(options))]
        for t, k in zip(hidden, assignment, strict=True):
            self.kind[t] = k
            self.armour[t] = self.stats(t)[1]
            self.mv[t] = None  # another type, another speed
        self.ace[other] = ace_at

    def _reveal_pending(self) -> bool:
        """Whether some pair of enemy tanks would already have been revealed to each other."""
        h, conc = self.hex, self.concealed
        for a in range(5):
            if h[a] < 0:
                continue
            ma = self._fire_mask(a)
            for b in range(5, 10):
                hb = h[b]
                if hb >= 0 and (conc[a] or conc[b]) and (ma >> hb) & 1 and (self._fire_mask(b) >> h[a]) & 1:
                    return True
        return False

    def _snapshot(self) -> dict[str, Any]:
        return {
            "arrangement": self.field.arrangement,
            "side": list(self.side),
            "kind": list(self.kind),
            "hex": list(self.hex),
            "armour": list(self.armour),
            "damage": list(self.damage),
            "destroyed": list(self.destroyed),
            "concealed": list(self.concealed),
            "moved": list(self.moved),
            "attacked": list(self.attacked),
            "crossed": list(self.crossed),
            "fast": list(self.fast),
            "ace": list(self.ace),
            "ace_dead": list(self.ace_dead),
            "placed": list(self.placed),
            "demolished": list(self.demolished),
            "cp_hex": list(self.cp_hex),
            "cp_holder": list(self.cp_holder),
            "cp_scored": list(self.cp_scored),
            "crossing_scored": list(self.crossing_scored),
            "mission_deck": list(self.mission_deck),
            "mission": list(self.mission),
            "morale_deck": list(self.morale_deck),
            "hands": [list(h) for h in self.hands],
            "morale_discard": list(self.morale_discard),
            "morale_used": list(self.morale_used),
            "tac_used": [list(u) for u in self.tac_used],
            "tac_turn": self.tac_turn,
            "smoke": list(self.smoke),
            "infantry": self.infantry,
            "phase": self.phase,
            "setup_step": self.setup_step,
            "first": self.first,
            "active": self.active,
            "turn_no": self.turn_no,
            "actions_taken": self.actions_taken,
            "pm": [self.pm_tank, self.pm_bonus, self.pm_counts],
            "attack": [self.at_a, self.at_t, list(self.at_dice), self.at_mod, self.at_extra, self.at_rerolls],
            "vp": list(self.vp),
            "winner": self.winner,
            "reason": self.reason,
        }

    def _card_zones(self) -> Mapping[str, list[str]]:
        zones: dict[str, list[str]] = {
            "morale deck": self.morale_deck.cards,
            "morale discard": self.morale_discard.cards,
            "hand 0": self.hands[0].cards,
            "hand 1": self.hands[1].cards,
            "missions": self.mission_deck.cards,
            "mission 0": [m for m in self.mission[:1] if m],
            "mission 1": [m for m in self.mission[1:] if m],
        }
        for s in (0, 1):
            used, ready = _tactical_zones(s, self.tac_used[s])
            zones[f"tactical used {s}"] = used
            zones[f"tactical ready {s}"] = ready
        return zones
