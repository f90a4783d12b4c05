"""§3 Turns (docs/rules/tank-clash.md).

A mixin of the state: the legality and the effect of this chapter's clauses.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import Action, Event, public
from hulldown.games.tank_clash.actions import ATTACK, ATTACK_ACT, MORALE, TACTICAL, TankClashAction
from hulldown.games.tank_clash.actions import END as END_KIND
from hulldown.games.tank_clash.actions import END_ACT as END
from hulldown.games.tank_clash.actions import MOVE as MOVE_KIND
from hulldown.games.tank_clash.fields import MAIN, StateFields
from hulldown.games.tank_clash.rules.s01_battlefield import MASK_RANGE, SIZE


@trait
class Sec3Turns(StateFields):
    __slots__ = ()

    def _start_turn(self, seat: int, events: list[Event]) -> None:
        """§3.1 A new turn: two actions, and the per-turn limits of 8.1 and 10.2 start afresh."""
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
        """§3.4 The turn passes; 13.x the round limit ends an unfinished game."""
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
        """§3.1 One action is done: a second may follow, or the turn passes."""
        if self.at_a >= 0:
            self._clear_attack()
        self.actions_taken += 1
        self.phase = MAIN
        if self._check_victory(events) or self._open_window(events):
            return  # the window passes the turn on when it closes
        if self.actions_taken >= 2:
            self._end_turn(events)

    def _second_action(self) -> tuple[int, int]:
        """§3.1 what the first action of the turn leaves open, as ``(mover, attacker)``.

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
        """§3.1 Whether tank ``t`` (of the seat to act) may take a move action now (3.1)."""
        if self.hex[t] < 0 or self.moved[t]:
            return False
        mover = self._second_action()[0]
        return mover < 0 or mover == t

    def _main_actions(self) -> list[Action]:
        """§3.1-3.3 two actions: two moves, two attacks, or one tank's move and attack; no tank
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
        both = occ[seat] | enemy << SIZE
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
                k = h * MASK_RANGE + stats[kind[t]][0]
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

    def _main(self, action: TankClashAction, events: list[Event]) -> None:
        """§3.1-3.2 An action of the actions phase: end the turn, move, attack or play a card."""
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
            self._open_window(events)
        elif head == MORALE:
            self._play_morale(seat, action, events)
            self._open_window(events)  # not after a movement card: its move is still to come
