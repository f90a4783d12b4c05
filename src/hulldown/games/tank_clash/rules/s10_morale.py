"""§10 Morale cards (docs/rules/tank-clash.md).

A mixin of the state: the legality and the effect of this chapter's clauses.
"""

from __future__ import annotations

from collections.abc import Callable

from mypy_extensions import trait

from hulldown.engine.interrupts import first_asked
from hulldown.engine.state import Action, Event, private, public, reveal
from hulldown.games.tank_clash.actions import DEMOLISH_ACT, MORALE, MORALE_TANK_ACT, TANK_IDS, TankClashAction
from hulldown.games.tank_clash.fields import (
    AIRDROP_HEXES,
    MAIN,
    MOVE,
    MOVEMENT_BONUS,
    OVER,
    PRE_ROLL_DEFENCE,
    RED,
    WINDOW,
    StateFields,
)
from hulldown.games.tank_clash.rules.s01_battlefield import layout_of


@trait
class Sec10Morale(StateFields):
    __slots__ = ()

    def _move_card_actions(self, seat: int, start: int) -> list[Action]:
        """§10.7 Transport and Refuel at the start of a move, Airdrop at the start of the turn,
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

    def _play_red(self, card: str, events: list[Event]) -> None:
        """§10.6 attack cards, played before the roll."""
        seat = self.active
        self._use_morale(seat, card, events)
        if card == "Sniper":
            self.at_mod += 1
        elif card == "Experience":
            self.at_rerolls += 1
        elif card == "Reinforce":
            self.at_extra += 1

    def _deflect(self, events: list[Event]) -> None:
        """§10.7 Deflect: the attacker re-rolls every die that scores a hit."""
        self._use_morale(1 - self.active, "Deflect", events)
        self.at_dice = [self.roll(6) if d + self.at_mod >= 5 else d for d in self.at_dice]
        events.append(public("rerolled", attacker=TANK_IDS[self.at_a], dice=list(self.at_dice)))

    def _draw_morale(self, seat: int, events: list[Event]) -> None:
        """§10.1 draw; 10.4 an empty deck is refilled by shuffling the discard pile."""
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
        """§10.2/10.4 A played card goes to the discard pile and the seat's card for the turn is spent."""
        self.hands[seat].remove(card)
        self.morale_discard.put_top(card)
        self.morale_used[seat] = True
        if target:
            events.append(reveal("morale_played", seat=seat, card=card, target=target))
        else:
            events.append(reveal("morale_played", seat=seat, card=card))

    def _anytime_actions(self, seat: int) -> list[Action]:
        """§10.8-10.9 anytime cards: at any decision of the holder, and in the windows of the other's turn."""
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

    def _anytime_playable(self, seat: int) -> bool:
        """§10.8 whether ``_anytime_actions`` would offer anything, without building the actions."""
        if self.morale_used[seat]:
            return False
        cards = self.hands[seat].cards
        if "Sabotage" in cards and self.occ_mask[1 - seat]:
            return True  # an enemy tank on the board
        if "Demolish" in cards and self.layout.houses:
            return True
        if "Overhaul" in cards:
            lo = seat * 5
            return max(self.damage[lo : lo + 5]) > 0
        return False

    def _may_play_morale(self, seat: int) -> bool:
        """§10.2 what everyone sees: the seat holds a card and has not played one this turn."""
        return not self.morale_used[seat] and bool(self.hands[seat].cards)

    def _holds_red(self, seat: int) -> bool:
        """§10.6 an attack card, for the attacker's window before the roll."""
        hand = self.hands[seat]
        return any(c in hand for c in RED)

    def _holds_defence(self, seat: int) -> bool:
        """§10.7-10.8 a card for the defender's window before the roll: Conceal, Ambush or an anytime card."""
        hand = self.hands[seat]
        return any(c in hand for c in PRE_ROLL_DEFENCE) or self._anytime_playable(seat)

    def _holds_deflect(self, seat: int) -> bool:
        """§10.7 Deflect, for the defender's window after a hit is rolled."""
        return "Deflect" in self.hands[seat]

    def _asks(self, seat: int, playable: Callable[[int], bool]) -> bool:
        """§10.2 whether a morale window asks ``seat`` (engine/interrupts.py).

        Under the book's timing only a seat holding a card it may play then is asked,
        so games do not stop where nobody could answer; that depends on the hidden
        hand and is declared a reveal. Under ``morale_timing = "attacks"`` (games
        recorded before) a window asks whenever the seat holds any card, which shows
        nothing about the hand.
        """
        if self.morale_used[seat] or not self.hands[seat].cards:
            return False  # the common case, answered before any call: nobody is asked
        return first_asked(self, (seat,), self._may_play_morale, playable if self.opt_book else None)[0] >= 0

    def _open_window(self, events: list[Event]) -> bool:
        """§10.9 after each play of the turn player, the other may answer with a blue or purple
        card played "anytime" (Overhaul, Sabotage, Demolish); True if the window opened."""
        if not self.opt_book or self.phase != MAIN:
            return False
        if not self._asks(1 - self.active, self._anytime_playable):
            return False
        self.phase = WINDOW
        return True

    def _answer_window(self, action: TankClashAction, events: list[Event]) -> None:
        """§10.9 the other player plays an anytime card or passes; the turn goes on (or passes
        if its second action is done)."""
        if action.KIND == MORALE:
            self._play_morale(1 - self.active, action, events)
            if self.phase == OVER:
                return
        self.phase = MAIN
        if self.actions_taken >= 2:
            self._end_turn(events)

    def _play_morale(self, seat: int, action: TankClashAction, events: list[Event]) -> None:
        """§10.6-10.8 The effect of a morale card played outside the attack-card window."""
        card = action.card
        target = action.aimed_at
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
        """§10.8 Demolish (designed): the house becomes ruins, flat for movement and fire."""
        self.demolished = (*self.demolished, h)
        self.layout = layout_of(self.field, tuple(sorted(self.demolished)), self.layout)
        self.mv = [None] * 10  # moves may now pass the ruins
        events.append(public("demolished", hex=self.hex_name(h)))
        if self._options["fog_of_war"]:
            self._check_reveals(events)
