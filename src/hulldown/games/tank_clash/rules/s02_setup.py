"""§2 Set-up (docs/rules/tank-clash.md).

A mixin of the state: the legality and the effect of this chapter's clauses.
"""

from __future__ import annotations

from collections.abc import Sequence

from mypy_extensions import trait

from hulldown.engine.data import parse_card_list
from hulldown.engine.state import Action, Event, public
from hulldown.engine.zones import Zone
from hulldown.games.tank_clash.actions import PLACE_ACT, TANK_IDS
from hulldown.games.tank_clash.data import KINDS, MoraleModel, TacticalModel, battlefield, load_boards
from hulldown.games.tank_clash.fields import (
    CHECKPOINT_ROWS,
    ROSTER,
    SETUP_ACE,
    SETUP_CHECKPOINT,
    SETUP_TANK,
    SIDES,
    StateFields,
    mission_kinds,
)
from hulldown.games.tank_clash.rules.s01_battlefield import layout_of


def barred_cards(text: str, tactical: Sequence[TacticalModel], morale: Sequence[MoraleModel]) -> frozenset[str]:
    """§2.9 the cards of option ``bar_cards``: tactical cards by id (as events name them) and morale cards by name.

    A tactical card may also be named as printed ("Air support"); either way it
    comes back as its id, the name its actions and events use.
    """
    ids = {t.name: t.id for t in tactical} | {t.id: t.id for t in tactical}
    shown = [*(t.id for t in tactical), *(m.name for m in morale)]
    names = parse_card_list(text, "bar_cards", [*ids, *shown], "tank-clash", shown=shown)
    return frozenset(ids.get(n, n) for n in names)


@trait
class Sec2Setup(StateFields):
    __slots__ = ()

    def _setup(self) -> None:
        """§2.1-2.4 Sides, missions, the first player and the card decks; the battlefield of 1.4."""
        o = self._options
        placement = o["board_placement"]
        if placement == "random":
            names = list(load_boards()[1])
            placement = names[self.choose_index(len(names))]
        self.field = battlefield(placement)
        self.demolished = ()
        self.layout = layout_of(self.field, ())
        self.mv = [None] * 10
        self.mv_area = [0] * 10
        self.mv_hex = [-1] * 10
        self.mv_sig = [0] * 10
        self.stakes = True
        self.opt_book = o.get("morale_timing", "book") == "book"
        # 2.1 sides: chosen or drawn
        s0 = o["side"]
        if s0 == "random":
            s0 = SIDES[self.choose_index(2)]
        self.side = (s0, SIDES[1 - SIDES.index(s0)])
        tanks = self.tank_data()
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
        missions, tactical, morale = self.card_data()
        # 2.2 secret missions (not with victory points)
        self.mission_deck = Zone("missions", [m.id for m in missions])
        self.mission = [None, None]
        if not o["victory_points"]:
            self.shuffle(self.mission_deck)
            self.mission = [self.mission_deck.draw(), self.mission_deck.draw()]
        self.mission_kind = [mission_kinds(o.get("cards_file") or None)[m] if m else "" for m in self.mission]
        # 2.3 first player: the insignia token
        self.first = self.choose_index(2)
        # 2.4 morale deck shuffled; tactical cards face up; 2.9 barred cards left out
        barred = barred_cards(str(o.get("bar_cards", "")), tactical, morale)
        self.morale_deck = Zone("morale deck", [m.name for m in morale if m.name not in barred])
        self.shuffle(self.morale_deck)
        self.hands = [Zone("hand 0"), Zone("hand 1")]
        self.morale_discard = Zone("morale discard")
        self.morale_used = [False, False]
        self.tac_used = [(), ()]
        self.tac_barred = tuple(t.id for t in tactical if t.id in barred)
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

    def _checkpoint_hexes(self) -> list[int]:
        """§2.5 Checkpoints go on open hexes of rows 1, 4 and 7 of the placing seat's side."""
        seat = self._current_player()
        assert seat is not None
        row = CHECKPOINT_ROWS[self.setup_step // 2]
        return self.layout.setup_hexes(seat, row)

    def _place_checkpoint(self, h: int, events: list[Event]) -> None:
        """§2.5 The players take turns, the first player first, one checkpoint a row."""
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
        """§2.6 Tanks go on a free hex of their player's rows 1 to 3 that a tank may stand on."""
        occ = self.occupant
        return [h for h in self.layout.setup_hexes(seat, 0) if occ[h] < 0]

    def _kinds_left(self, seat: int) -> list[int]:
        """§2.6 The types of tank ``seat`` has still to place (3 medium, 1 heavy, 1 destroyer)."""
        left = list(ROSTER)
        for t in self.tanks_of(seat):
            if self.kind[t] >= 0:
                left.remove(self.kind[t])
        return sorted(set(left))

    def _placement_actions(self) -> list[Action]:
        """§2.6 Every type left on every hex the seat may deploy on."""
        seat = self.active
        hexes = self._placement_hexes(seat)
        return [PLACE_ACT[k][h] for k in self._kinds_left(seat) for h in hexes]

    def _place_tank(self, k: int, h: int, events: list[Event]) -> None:
        """§2.6-2.7 Players alternate placing; a placed tank takes its armour tokens."""
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
