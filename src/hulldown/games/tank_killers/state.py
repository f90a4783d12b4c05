"""Tank Killers: the state and the rules, each rule in one named method.

Clause numbers refer to docs/rules/tank-killers.md. Cards are ints (see
:class:`~hulldown.games.tank_killers.cards.Rules`); the top of every deck is the
end of its list. Every decision, including the defender's reaction windows, is
a decision point of one seat, and whether a window opens never depends on a
hidden hand, so a seat learns nothing from whose turn it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import REVEAL, Action, Event, GameState, mark_reveal
from hulldown.games.tank_killers.actions import TankKillersAction
from hulldown.games.tank_killers.cards import (
    CLASS_BIT,
    E_END,
    E_LOST,
    PB,
    Rules,
    range_label,
    rules_for,
)

# Decision points.
P_MANEUVER, P_TARGET, P_LOST, P_MOD, P_OOA, P_FREE, P_SAME, P_NEGATE, P_OVER = range(9)
PHASE_NAMES = (
    "maneuver",
    "target",
    "lost attack",
    "modifier",
    "after failed attack",
    "free attack",
    "free attacker",
    "negation",
    "over",
)
# What a negation window decides about.
N_LOST, N_MOD, N_OOA, N_FREE = range(4)
# Modifier kinds limited to one per attack (clause 7.2).
K_OTHER, K_RANGE, K_HIT, K_AMMO = range(4)

HAND_LIMIT = 9
DRAW = 3
INFANTRY = CLASS_BIT["infantry"]
DRAWN = 2  # winner value of a game stopped by the turn limit


class TankKillersState(GameState):
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

    # -- setup (clause 3) ------------------------------------------------------
    def _setup(self) -> None:
        R = self.R = rules_for(self._options)
        self.tkind = _TKIND.get(id(R)) or _kinds(R)
        self.random_factor = bool(self._options["random_factor"])
        self.turn_limit = int(self._options["turn_limit"])
        self.tdeck = list(range(R.n_tactics))
        self.shuffle(self.tdeck)
        self.tdiscard = []
        self.fdeck = []
        for s in (0, 1):
            deck = list(range(R.fstart[s], R.fstart[s] + R.fsize[s]))
            self.shuffle(deck)
            self.fdeck.append(deck)
        self.hands = [[], []]
        for s in (0, 1):
            for _ in range(DRAW):
                self.hands[s].append(self.tdeck.pop())
        self.top_up = [False, False]
        self.reserve = [[], []]
        self.casualty = [[], []]
        self.in_play = [[], []]
        self.waiting = [False, False]
        self.exchanges = 0
        self.active = 0
        self.turn = 0
        self.winner = -1
        self.shown = []
        self.last_roll = None
        self._clear_attack()
        self.last_att = self.last_tgt = -1
        self.free_t = -1
        self.neg_ctx = self.neg_t = self.neg_last = self.neg_seat = self.neg_player = -1
        self.neg_count = 0
        self._maneuver([])

    def _clear_attack(self) -> None:
        self.att = -1
        self.tgt = -1
        self.tgt_on_deck = False
        self.pmod = 0
        self.imod = 0
        self.maxr = -1
        self.used_range = -1
        self.used_hit = False
        self.used_ammo = False
        self.played = []
        self.mod_seat = self.active
        self.passes = 0
        self.row_lost = self.row_mod = self.row_ooa = _NO_ROW

    # -- protocol hooks ----------------------------------------------------------
    def _current_player(self) -> int | None:
        ph = self.phase
        if ph == P_OVER:
            return None
        if ph == P_LOST:
            return 1 - self.active
        if ph == P_MOD:
            return self.mod_seat
        if ph == P_NEGATE:
            return self.neg_seat
        return self.active

    def _is_over(self) -> bool:
        return self.phase == P_OVER

    def _returns(self) -> list[float]:
        w = self.winner
        if w == 0:
            return [1.0, -1.0]
        if w == 1:
            return [-1.0, 1.0]
        return [0.0, 0.0]

    def _legal(self) -> list[Action]:
        ph = self.phase
        R = self.R
        tt = R.ttype
        if ph == P_MOD:
            out = [R.PASS]
            row = self.row_mod
            kind = self.tkind
            seen = 0
            for c in self.hands[self.mod_seat]:
                t = tt[c]
                if row[t] and not (seen >> t) & 1:
                    seen |= 1 << t
                    k = kind[t]
                    if k == K_RANGE:
                        if self.used_range >= 0:
                            continue
                    elif k == K_HIT:
                        if self.used_hit:
                            continue
                    elif k == K_AMMO and (self.used_ammo or (R.tmaxr[t] >= 0 and self.used_range > R.tmaxr[t])):
                        continue
                    out.append(R.PLAY[t])
            return out
        if ph == P_LOST:
            return self._hand_actions(1 - self.active, self.row_lost)
        if ph == P_OOA:
            return self._hand_actions(self.active, self.row_ooa)
        if ph == P_NEGATE:
            return self._hand_actions(self.neg_seat, R.negate_table(self.neg_seat, self.neg_last))
        if ph == P_TARGET:
            opp = 1 - self.active
            out = []
            if self.fdeck[opp]:
                out.append(R.TARGET_DECK)
            seen = 0
            nid = R.fnameid
            for c in self.in_play[opp]:
                i = nid[c]
                if not (seen >> i) & 1:
                    seen |= 1 << i
                    out.append(R.TARGET[i])
            return out
        if ph == P_FREE:
            return self._free_actions()
        if ph == P_MANEUVER:
            return self._maneuver_actions()
        if ph == P_SAME:
            return self._same_actions()
        return []

    def _hand_actions(self, seat: int, row: list[bool]) -> list[Action]:
        R = self.R
        out = [R.PASS]
        tt = R.ttype
        play = R.PLAY
        seen = 0
        for c in self.hands[seat]:
            t = tt[c]
            if row[t] and not (seen >> t) & 1:
                seen |= 1 << t
                out.append(play[t])
        return out

    def _apply(self, action: Action, events: list[Event]) -> None:
        if self.shown:
            self.shown = []
        act: TankKillersAction = action  # type: ignore[assignment]  # only this game's actions are legal here
        kind, arg = act.KIND, act.index
        ph = self.phase
        if ph == P_MOD:
            if kind == 0:
                self._modifier_pass(events)
            else:
                self._play_modifier(arg, events)
        elif ph == P_LOST:
            if kind == 0:
                self._start_modifiers()
            else:
                self._play_lost(arg, events)
        elif ph == P_NEGATE:
            if kind == 0:
                self._close_negation(events)
            else:
                self._play_negation(arg, events)
        elif ph == P_OOA:
            if kind == 0:
                self._end_phase(events)
            else:
                self._play_ooa(arg, events)
        elif ph == P_TARGET:
            self._choose_target(arg, events)
        elif ph == P_FREE:
            if kind == 0:
                self._end_turn(events)
            else:
                self._play_free(arg, events)
        elif ph == P_SAME:
            self._choose_free_attacker(arg, events)
        elif ph == P_MANEUVER:
            if kind == 0:
                self._attacker_subphase(events)
            elif kind == 2:
                self._discard_excess(arg, events)
            else:
                self._play_reserves(arg, events)

    # -- shared moves ------------------------------------------------------------
    def _take(self, seat: int, t: int) -> int:
        """Take a card of type ``t`` from a hand and put it face up on the tactics discard pile."""
        hand = self.hands[seat]
        tt = self.R.ttype
        for i, c in enumerate(hand):
            if tt[c] == t:
                del hand[i]
                self.tdiscard.append(c)
                return c
        raise AssertionError("card not in hand")  # legality guarantees it

    def _played(self, seat: int, t: int, events: list[Event]) -> int:
        c = self._take(seat, t)
        self.shown.append(c)
        events.append({"type": "played", "to": "all", REVEAL: True, "seat": seat, "card": self.R.tname[t]})
        return c

    def _casualty(self, card: int, seat: int, events: list[Event]) -> None:
        """A destroyed or out-of-action unit goes to its casualty pile; clause 12 victory check."""
        cas = self.casualty[seat]
        cas.append(card)
        self.shown.append(card)
        events.append({"type": "casualty", "to": "all", "seat": seat, "card": self.R.fname[card]})
        if 2 * len(cas) >= self.R.fsize[seat] and self.winner < 0:
            self.winner = 1 - seat
            self.phase = P_OVER
            events.append({"type": "game_over", "to": "all", "winner": 1 - seat})

    def _ran_out(self, seat: int, events: list[Event]) -> None:
        """Clause 13, the full exchange rule: an empty formation deck is rebuilt from the reserve pile."""
        other = 1 - seat
        if self.waiting[other]:
            self.waiting[other] = False
            self.exchanges += 1
        else:
            self.waiting[seat] = True
        self._rebuild(seat, events)

    def _rebuild(self, seat: int, events: list[Event]) -> None:
        res = self.reserve[seat]
        if res and not self.fdeck[seat]:
            self.fdeck[seat] = res
            self.reserve[seat] = []
            self.shuffle(res)
            self.top_up[seat] = False
            events.append({"type": "formation_rebuilt", "to": "all", "seat": seat, "cards": len(res)})

    # -- I. maneuver phase (clause 4) --------------------------------------------
    def _maneuver(self, events: list[Event]) -> None:
        s = self.active
        hand = self.hands[s]
        deck = self.tdeck
        drawn: list[str] = []
        for _ in range(DRAW):
            if not deck:
                if not self.tdiscard:
                    break
                deck = self.tdeck = self.tdiscard
                self.tdiscard = []
                self.shuffle(deck)
                events.append({"type": "tactics_reshuffled", "to": "all", "cards": len(deck)})
            c = deck.pop()
            hand.append(c)
            drawn.append(self.R.tname[self.R.ttype[c]])
        events.append({"type": "drew", "to": "all", "seat": s, "count": len(drawn)})
        events.append({"type": "drew_cards", "to": [s], "cards": drawn})
        self.phase = P_MANEUVER

    def _maneuver_actions(self) -> list[Action]:
        R = self.R
        s = self.active
        hand = self.hands[s]
        over = len(hand) > HAND_LIMIT
        tt = R.ttype
        can_recover = bool(self.casualty[s])
        if not over:
            if not can_recover:
                return [R.PASS]
            recover = R.recover
            if not any(recover[tt[c]] for c in hand):
                return [R.PASS]
        out: list[Action] = [] if over else [R.PASS]
        seen = 0
        for c in hand:
            t = tt[c]
            if (seen >> t) & 1:
                continue
            seen |= 1 << t
            if over:
                out.append(R.DISCARD[t])
            if can_recover and R.recover[t]:
                out.append(R.PLAY[t])
        return out

    def _discard_excess(self, t: int, events: list[Event]) -> None:
        c = self._take(self.active, t)
        self.shown.append(c)
        events.append({"type": "discarded", "to": "all", REVEAL: True, "seat": self.active, "card": self.R.tname[t]})

    def _play_reserves(self, t: int, events: list[Event]) -> None:
        """Reserves / Reinforcements: top casualty card to the bottom of the reserve pile (clause 14)."""
        s = self.active
        self._played(s, t, events)
        card = self.casualty[s].pop()
        self.reserve[s].insert(0, card)
        self.shown.append(card)
        events.append({"type": "recovered", "to": "all", "seat": s, "card": self.R.fname[card]})

    # -- II.1 attacker subphase (clause 5.1) ------------------------------------
    def _attacker_subphase(self, events: list[Event]) -> None:
        s = self.active
        ip = self.in_play[s]
        if ip:
            self.reserve[s].extend(ip)
            ip.clear()
        if not self.fdeck[s]:
            self._rebuild(s, events)
        if self.waiting[s] or not self.fdeck[s]:
            events.append({"type": "cannot_attack", "to": "all", "seat": s})
            self._end_turn(events)
            return
        self._reveal_attacker(events)

    def _reveal_attacker(self, events: list[Event]) -> None:
        s = self.active
        deck = self.fdeck[s]
        c = deck.pop()
        self.top_up[s] = False
        self.in_play[s].append(c)
        self.shown.append(c)
        events.append({"type": "attacker", "to": "all", REVEAL: True, "seat": s, "card": self.R.fname[c]})
        if not deck:
            self._ran_out(s, events)
        self._start_attack(c, events)

    def _start_attack(self, card: int, events: list[Event]) -> None:
        self._clear_attack()
        self.att = card
        self.phase = P_TARGET
        opp = 1 - self.active
        if not self.fdeck[opp] and not self.in_play[opp]:
            self._end_phase(events)

    # -- II.2 target subphase (clause 5.2) --------------------------------------
    def _choose_target(self, arg: int, events: list[Event]) -> None:
        R = self.R
        opp = 1 - self.active
        if arg < 0:
            deck = self.fdeck[opp]
            card = deck[-1]
            # a top card already face up (a target missed before) shows nothing new
            turned_up = not self.top_up[opp]
            self.top_up[opp] = True
            self.shown.append(card)
            ev = {"type": "target", "to": "all", "seat": opp, "card": R.fname[card], "from": "deck"}
            events.append(mark_reveal(ev) if turned_up else ev)
            if R.fsupport[card]:
                deck.pop()
                self.top_up[opp] = False
                self.reserve[opp].append(card)
                events.append({"type": "support_to_reserve", "to": "all", "seat": opp, "card": R.fname[card]})
                self.tgt = card
                if not deck:
                    self._ran_out(opp, events)
                self._end_phase(events)
                return
            self.tgt_on_deck = True
        else:
            nid = R.fnameid
            for card in self.in_play[opp]:
                if nid[card] == arg:
                    break
            self.shown.append(card)
            events.append({"type": "target", "to": "all", "seat": opp, "card": R.fname[card], "from": "play"})
        self.tgt = card
        self.row_lost, self.row_mod, self.row_ooa = R.tables(self.att, card)
        self.phase = P_LOST

    # -- II.3 lost attack subphase (clause 6) -----------------------------------
    def _play_lost(self, t: int, events: list[Event]) -> None:
        defender = 1 - self.active
        self._played(defender, t, events)
        self.played.append((defender, t))
        if self.R.negatable[t]:
            self._open_negation(N_LOST, t, defender)
        else:
            self._lost_effect(t, events)

    def _lost_effect(self, t: int, events: list[Event]) -> None:
        e = self.R.teff[t]
        if e == E_LOST:
            events.append({"type": "lost_action", "to": "all"})
            self._end_phase(events)
        elif e == E_END:
            events.append({"type": "end_turn", "to": "all"})
            self._end_turn(events)
        else:  # out of action: the attacking unit goes to its casualty pile
            s = self.active
            self.in_play[s].remove(self.att)
            self._casualty(self.att, s, events)
            if self.phase != P_OVER:
                self._end_phase(events)

    # -- II.4 modifier subphase (clause 7) --------------------------------------
    def _start_modifiers(self) -> None:
        self.phase = P_MOD
        self.mod_seat = self.active
        self.passes = 0

    def _modifier_pass(self, events: list[Event]) -> None:
        self.passes += 1
        if self.passes >= 2:
            self._resolve(events)
        else:
            self.mod_seat = 1 - self.mod_seat

    def _play_modifier(self, t: int, events: list[Event]) -> None:
        seat = self.mod_seat
        self._played(seat, t, events)
        self.played.append((seat, t))
        k = self.tkind[t]
        if k == K_RANGE:
            self.used_range = self.R.trange[t]
        elif k == K_HIT:
            self.used_hit = True
        elif k == K_AMMO:
            self.used_ammo = True
        if self.R.negatable[t]:
            self._open_negation(N_MOD, t, seat)
            return
        self._modifier_effect(t, events)
        if self.phase == P_MOD:
            self.passes = 0
            self.mod_seat = 1 - seat

    def _modifier_effect(self, t: int, events: list[Event]) -> None:
        R = self.R
        self.pmod += R.tpen[t]
        self.imod += R.tinf[t]
        if R.tmaxr[t] >= 0:
            self.maxr = R.tmaxr[t] if self.maxr < 0 else min(self.maxr, R.tmaxr[t])
        r = R.trange[t]
        if r >= 0 and r > self.attack_range():
            events.append({"type": "out_of_range", "to": "all"})
            self._end_phase(events)

    def attack_range(self) -> int:
        """The attacking unit's maximum range, shortened by a "Max range" card (clause 7.4)."""
        rng = self.R.frng[self.att]
        return rng if self.maxr < 0 else min(rng, self.maxr)

    # -- II.5 resolution subphase (clause 8) ------------------------------------
    def attack_factor(self) -> int:
        """Penetration factor, or the infantry factor against infantry, with the modifiers."""
        R = self.R
        if R.fcls[self.tgt] & INFANTRY:
            return R.finf[self.att] + self.imod
        return R.fpen[self.att] + self.pmod

    def _resolve(self, events: list[Event]) -> None:
        R = self.R
        factor = self.attack_factor()
        if self.random_factor:
            a = self.roll(6)
            b = self.roll(6)
            self.last_roll = (a, b)
            factor += a - b
        defense = R.fdef[self.tgt]
        hit = factor >= defense
        events.append({"type": "resolution", "to": "all", "factor": factor, "defense": defense, "destroyed": hit})
        if hit:
            self._destroy_target(events)
            if self.phase != P_OVER:
                self._end_phase(events)
        else:
            self.phase = P_OOA

    def _destroy_target(self, events: list[Event]) -> None:
        opp = 1 - self.active
        card = self.tgt
        if self.tgt_on_deck:
            deck = self.fdeck[opp]
            deck.pop()
            self.top_up[opp] = False
            self.tgt_on_deck = False
            self._casualty(card, opp, events)
            if not deck and self.phase != P_OVER:
                self._ran_out(opp, events)
        else:
            self.in_play[opp].remove(card)
            self._casualty(card, opp, events)

    def _play_ooa(self, t: int, events: list[Event]) -> None:
        s = self.active
        self._played(s, t, events)
        self.played.append((s, t))
        if self.R.negatable[t]:
            self._open_negation(N_OOA, t, s)
            return
        self._destroy_target(events)
        if self.phase != P_OVER:
            self._end_phase(events)

    def _end_phase(self, events: list[Event]) -> None:
        """A phase ends: an attacking support card goes to its casualty pile (clause 8.4)."""
        s = self.active
        att = self.att
        self.last_att = att
        self.last_tgt = self.tgt
        if att >= 0 and self.R.fsupport[att]:
            ip = self.in_play[s]
            if att in ip:
                ip.remove(att)
                self._casualty(att, s, events)
        self.att = -1
        self.tgt = -1
        self.tgt_on_deck = False
        if self.phase == P_OVER:
            return
        if self.can_attack(s):
            self.phase = P_FREE
        else:
            self._end_turn(events)

    def can_attack(self, s: int) -> bool:
        """Whether a free attack is possible at all: not waiting (clause 13) and a unit to attack with."""
        if self.waiting[s]:
            return False
        return bool(self.fdeck[s]) or bool(self.in_play[s])

    # -- III. free attack phase (clause 10) -------------------------------------
    def _free_actions(self) -> list[Action]:
        R = self.R
        s = self.active
        out = [R.PASS]
        row = R.free_table(s, self.last_att, self.last_tgt)
        deck_ok = bool(self.fdeck[s])
        units = self.in_play[s]
        fcls = R.fcls
        seen = 0
        for c in self.hands[s]:
            t = R.ttype[c]
            if not row[t] or (seen >> t) & 1:
                continue
            seen |= 1 << t
            if R.tsame[t]:
                m = R.tatt[t]
                ok = any(fcls[u] & m for u in units) if m else deck_ok or bool(units)
            else:
                ok = deck_ok
            if ok:
                out.append(R.PLAY[t])
        return out

    def _play_free(self, t: int, events: list[Event]) -> None:
        s = self.active
        self._played(s, t, events)
        if self.R.negatable[t]:
            self._open_negation(N_FREE, t, s)
        else:
            self._free_effect(t, events)

    def _free_effect(self, t: int, events: list[Event]) -> None:
        if self.R.tsame[t]:
            self.free_t = t
            self.phase = P_SAME
        else:
            self._reveal_attacker(events)

    def _same_actions(self) -> list[Action]:
        R = self.R
        s = self.active
        m = R.tatt[self.free_t]
        out = []
        if not m and self.fdeck[s]:
            out.append(R.ATTACKER_DECK)
        seen = 0
        for c in self.in_play[s]:
            i = R.fnameid[c]
            if (not m or R.fcls[c] & m) and not (seen >> i) & 1:
                seen |= 1 << i
                out.append(R.ATTACKER[i])
        return out

    def _choose_free_attacker(self, arg: int, events: list[Event]) -> None:
        self.free_t = -1
        if arg < 0:
            self._reveal_attacker(events)
            return
        R = self.R
        s = self.active
        card = next(c for c in self.in_play[s] if R.fnameid[c] == arg)
        self.shown.append(card)
        events.append({"type": "attacker", "to": "all", "seat": s, "card": R.fname[card], "again": True})
        self._start_attack(card, events)

    # -- negation (clause 11) ---------------------------------------------------
    def _open_negation(self, ctx: int, t: int, player: int) -> None:
        self.neg_ctx = ctx
        self.neg_t = t
        self.neg_last = t
        self.neg_player = player
        self.neg_seat = 1 - player
        self.neg_count = 0
        self.phase = P_NEGATE

    def _play_negation(self, t: int, events: list[Event]) -> None:
        seat = self.neg_seat
        self._played(seat, t, events)
        self.played.append((seat, t))
        self.neg_count += 1
        if self.R.negatable[t]:
            self.neg_last = t
            self.neg_seat = 1 - seat
        else:
            self._close_negation(events)

    def _close_negation(self, events: list[Event]) -> None:
        effective = self.neg_count % 2 == 0
        ctx = self.neg_ctx
        t = self.neg_t
        player = self.neg_player
        self.neg_ctx = self.neg_t = self.neg_last = self.neg_seat = self.neg_player = -1
        self.neg_count = 0
        if not effective:
            events.append({"type": "negated", "to": "all", "card": self.R.tname[t]})
        if ctx == N_LOST:
            if effective:
                self._lost_effect(t, events)
            else:
                self._start_modifiers()
        elif ctx == N_MOD:
            self.phase = P_MOD
            if effective:
                self._modifier_effect(t, events)
            if self.phase == P_MOD:
                self.passes = 0
                self.mod_seat = 1 - player
        elif ctx == N_OOA:
            if effective:
                self._destroy_target(events)
            if self.phase != P_OVER:
                self._end_phase(events)
        elif effective:
            self._free_effect(t, events)
        else:
            self._end_turn(events)

    # -- end of turn -------------------------------------------------------------
    def _end_turn(self, events: list[Event]) -> None:
        """The turn ends (also by an End Turn card); at the turn limit the game is drawn (clause 15)."""
        if self.att >= 0:
            s = self.active
            att = self.att
            self.last_att, self.last_tgt = att, self.tgt
            self.att = -1
            self.tgt = -1
            self.tgt_on_deck = False
            if self.R.fsupport[att] and att in self.in_play[s]:
                self.in_play[s].remove(att)
                self._casualty(att, s, events)
                if self.phase == P_OVER:
                    return
        self._clear_attack()
        self.last_att = self.last_tgt = -1
        self.turn += 1
        if self.turn >= self.turn_limit:
            self.winner = DRAWN
            self.phase = P_OVER
            events.append({"type": "game_over", "to": "all", "winner": None})
            return
        self.active = 1 - self.active
        self.mod_seat = self.active
        self._maneuver(events)

    # -- copies, resampling, views -----------------------------------------------
    def _resample(self, seat: int, rng: SplitMix64) -> TankKillersState:
        """Redraw what ``seat`` cannot see: the opponent's hand with the tactics deck, and the
        order of both formation decks below a face-up top card."""
        new = self.clone()
        assert isinstance(new, TankKillersState)
        opp = 1 - seat
        # Pools are gathered in sorted order first, so the guess depends only on what the
        # seat knows, never on where the cards really lie.
        unseen = sorted(new.tdeck + new.hands[opp])
        perm = rng.permutation(len(unseen))
        unseen = [unseen[i] for i in perm]
        n = len(new.tdeck)
        new.tdeck = unseen[:n]
        new.hands[opp] = unseen[n:]
        for s in (0, 1):
            deck = new.fdeck[s]
            hidden = len(deck) - (1 if new.top_up[s] else 0)
            if hidden > 1:
                pool = sorted(deck[:hidden])
                p = rng.permutation(hidden)
                deck[:hidden] = [pool[i] for i in p]
        return new

    def _observation(self, seat: int | None) -> dict[str, Any]:
        from hulldown.games.tank_killers.observation import observe

        return observe(self, seat)

    def _snapshot(self) -> dict[str, Any]:
        return {
            "hands": [list(h) for h in self.hands],
            "tdeck": list(self.tdeck),
            "tdiscard": list(self.tdiscard),
            "fdeck": [list(d) for d in self.fdeck],
            "top_up": list(self.top_up),
            "reserve": [list(x) for x in self.reserve],
            "casualty": [list(x) for x in self.casualty],
            "in_play": [list(x) for x in self.in_play],
            "waiting": list(self.waiting),
            "exchanges": self.exchanges,
            "active": self.active,
            "turn": self.turn,
            "phase": self.phase,
            "mod_seat": self.mod_seat,
            "passes": self.passes,
            "attack": [self.att, self.tgt, self.tgt_on_deck, self.pmod, self.imod, self.maxr],
            "used": [self.used_range, self.used_hit, self.used_ammo],
            "played": [list(p) for p in self.played],
            "negation": [self.neg_ctx, self.neg_t, self.neg_last, self.neg_seat, self.neg_count, self.neg_player],
            "free_t": self.free_t,
            "last": [self.last_att, self.last_tgt],
            "winner": self.winner,
            "shown": list(self.shown),
        }

    def _card_zones(self) -> Mapping[str, list[int]]:
        z: dict[str, list[int]] = {"tactics_deck": self.tdeck, "tactics_discard": self.tdiscard}
        for s in (0, 1):
            z[f"hand{s}"] = self.hands[s]
            z[f"formation{s}"] = self.fdeck[s]
            z[f"reserve{s}"] = self.reserve[s]
            z[f"casualty{s}"] = self.casualty[s]
            z[f"in_play{s}"] = self.in_play[s]
        return z

    # -- helpers for views, bots and tests ---------------------------------------
    def card_name(self, card: int) -> str:
        return self.R.name_of[card]

    def range_text(self) -> str:
        return range_label(self.attack_range())


_NO_ROW: list[bool] = []
_TKIND: dict[int, list[int]] = {}


def _kinds(R: Rules) -> list[int]:
    kinds = [{"Range": K_RANGE, "Hit": K_HIT, "Ammo": K_AMMO}.get(cat, K_OTHER) for cat in R.tcat]
    _TKIND[id(R)] = kinds
    return kinds


__all__ = ["PB", "PHASE_NAMES", "TankKillersState"]
