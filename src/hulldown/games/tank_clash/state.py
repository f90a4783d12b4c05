"""Tank Clash: the state, composed of its rules chapter by chapter (docs/rules/tank-clash.md).

The state's data is ``fields.StateFields``; each chapter's rules are a mixin in
``rules/``. Here are only the engine's hooks: whose decision it is, the legal
actions of each decision point and where an action goes.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from hulldown.engine.state import Action, Event, public, reveal
from hulldown.games.tank_clash.actions import (
    ACE_ACT,
    BY_ID,
    CHECKPOINT_ACT,
    DISCARD,
    DISCARD_ACT,
    MORALE,
    MORALE_PLAIN_ACT,
    REROLL,
    REROLL_ACT,
    RETREAT_ACT,
    TANK_IDS,
    TankClashAction,
)
from hulldown.games.tank_clash.actions import KEEP_ACT as KEEP
from hulldown.games.tank_clash.actions import MOVE as MOVE_KIND
from hulldown.games.tank_clash.actions import PASS_ACT as PASS
from hulldown.games.tank_clash.data import KINDS
from hulldown.games.tank_clash.fields import (
    ATK_DEF,
    ATK_DEFLECT,
    ATK_RED,
    ATK_REROLL,
    HAND_LIMIT,
    MAIN,
    MOVE,
    OVER,
    PRE_ROLL_DEFENCE,
    RED,
    SCARE,
    SETUP_ACE,
    SETUP_CHECKPOINT,
    SETUP_TANK,
    TACTICAL_IDS,
    WINDOW,
    StateFields,
)
from hulldown.games.tank_clash.observation import observe, observe_part
from hulldown.games.tank_clash.rules.s02_setup import Sec2Setup
from hulldown.games.tank_clash.rules.s03_turns import Sec3Turns
from hulldown.games.tank_clash.rules.s04_movement import Sec4Movement
from hulldown.games.tank_clash.rules.s05_attacks import Sec5Attacks
from hulldown.games.tank_clash.rules.s06_checkpoints import Sec6Checkpoints
from hulldown.games.tank_clash.rules.s07_aces import Sec7Aces
from hulldown.games.tank_clash.rules.s08_tactical import Sec8Tactical
from hulldown.games.tank_clash.rules.s10_morale import Sec10Morale
from hulldown.games.tank_clash.rules.s11_hidden import Sec11Hidden
from hulldown.games.tank_clash.rules.s12_victory import Sec12Victory
from hulldown.games.tank_clash.rules.s13_options import Sec13Options
from hulldown.games.tank_clash.views import TankClashObservation


@lru_cache(maxsize=256)
def _tactical_zones(seat: int, used: tuple[str, ...], barred: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """A seat's tactical cards as card instances, played and still face up (card_zones); barred: in neither."""
    ready = [f"{seat}:{c}" for c in TACTICAL_IDS if c not in used and c not in barred]
    return [f"{seat}:{c}" for c in used], ready


class _Fields(StateFields):
    """The one concrete base a compiled state names before its traits (hulldown/compiled.py)."""

    __slots__ = ()


class TankClashState(
    _Fields,
    Sec2Setup,
    Sec3Turns,
    Sec4Movement,
    Sec5Attacks,
    Sec6Checkpoints,
    Sec7Aces,
    Sec8Tactical,
    Sec10Morale,
    Sec11Hidden,
    Sec12Victory,
    Sec13Options,
):
    """A game of Tank Clash (two seats): the engine's hooks; the rules are in the chapters it inherits."""

    __slots__ = ()

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
        if ph in (ATK_DEF, ATK_DEFLECT, WINDOW):
            return 1 - self.active
        return self.active

    def _is_over(self) -> bool:
        return self.phase == OVER

    def find_action(self, action: Action | str) -> Action:
        """The engine's look-up, with shortcuts: actions are shared objects (actions.py), so one
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
        if ph == WINDOW:
            return [PASS, *self._anytime_actions(1 - self.active)]
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
                self._open_window(events)
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
        elif ph == WINDOW:
            self._answer_window(action, events)

    def _observation(self, seat: int | None) -> TankClashObservation:
        return observe(self, seat)

    def _observation_part(self, seat: int | None, key: str) -> object:
        return observe_part(self, seat, key)

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
            used, ready = _tactical_zones(s, self.tac_used[s], self.tac_barred)
            zones[f"tactical used {s}"] = used
            zones[f"tactical ready {s}"] = ready
        return zones
