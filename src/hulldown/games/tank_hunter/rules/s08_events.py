"""§8 Event cards: playability and targets, reaction windows, resolution and after-effects.

Clause numbers refer to docs/rules/tank-hunter.md.
"""

from __future__ import annotations

from collections.abc import Iterator

from mypy_extensions import trait

from hulldown.engine.interrupts import first_asked
from hulldown.engine.state import REVEAL, Action, Event, private, public
from hulldown.games.tank_hunter.actions import (
    AntiAir,
    Put,
    Reveal,
    Spot,
    TargetCard,
    TargetSeat,
    TargetUnit,
)
from hulldown.games.tank_hunter.cards import (
    COMMANDER,
    UNTARGETED,
    EventDef,
)
from hulldown.games.tank_hunter.fields import (
    LINES,
    OVER,
    Ctx,
    StateFields,
)
from hulldown.games.tank_hunter.tables import (
    _PASS,
    _PUT_FRONT,
    _PUT_REAR,
    PLAY,
    _act_of,
)

_UNTARGETED = UNTARGETED
#: effects on a unit (or card in play) chosen when the card is played, checked again when it resolves (§8.4)
_RECHECKED = frozenset(("sabotage", "attach_bonus", "conceal", "escape", "remove_marker", "forced_march", "engineers"))


@trait
class Sec8Events(StateFields):
    """Event cards from playing to their after-effects, and reaction windows (§8)."""

    __slots__ = ()

    def bonus(self, u: int, stat: str) -> int:
        """§8.2 what attached cards add to one of a unit's values."""
        if not self.n_att:
            return 0
        b = self.abon.get(u)
        return int(b.get(stat, 0)) if b else 0

    def _rebuild_bonus(self) -> None:
        """§8.2 the sums of attached cards, kept ready for every die roll (attachments change rarely)."""
        abon: dict[int, dict[str, int]] = {}
        n = 0
        for i, host in enumerate(self.attach_of):
            if host >= 0:
                n += 1
                e = self.edefs[i]
                d = abon.setdefault(host, {})
                d[e.stat] = d.get(e.stat, 0) + e.value
        self.abon = abon
        self.n_att = n

    def water_penalty(self, a: int, b: int) -> int:
        """§8.5 each Water card in front of the attacker's or target's owner lowers the attack by 1."""
        pa = self.owner[a]
        pb = self.owner[b] if b >= 0 else pa
        if not self.deployed[pa] and not self.deployed[pb]:
            return 0
        seats = {pa, pb}
        pen = 0
        for s in seats:
            for c in self.deployed[s]:
                e = self.ev(c)
                if e.water and c not in self.water_ignored:
                    pen += -e.value if e.value < 0 else 1
        return pen

    def waters_in_play(self) -> list[int]:
        """§8.5 the Water cards deployed in front of any player, in seat order."""
        return [c for q in range(self._players) for c in self.deployed[q] if self.ev(c).water]

    def cards_in_play(self) -> list[int]:
        """§8.2 attached and deployed event cards, in a public order (Combat Engineers' targets)."""
        att = sorted(i + self.nu for i, h in enumerate(self.attach_of) if h >= 0)
        return att + [c for q in range(self._players) for c in self.deployed[q]]

    def _playable(self, p: int, card: int, window: Ctx | None) -> bool:
        """§8.1 whether the seat may play the card now (colour, turn, a target, §8.4)."""
        e = self.edefs[card - self.nu]
        play = e.play
        if not play:
            return False  # red
        if (e.colour == "gray") if p != self.turn else e.others:
            return False
        if play == 2:
            return True  # untargeted
        if play == 1:
            return window is not None and window.parent_cancel  # smoke
        return self._has_target(p, card, e)

    def _has_target(self, p: int, card: int, e: EventDef) -> bool:
        """§8.4 whether ``_targets`` would offer anything, without building the target actions.

        Asked for every card in a hand at every decision that may play one; each
        branch mirrors the one of ``_targets`` (a test compares them on many states).
        """
        eff = e.effect
        revealed, udefs, out = self.revealed, self.udefs, self.out
        if eff == "attach_bonus":  # the commonest design first
            kinds = e.kinds
            for line in (self.front[p], self.rear[p]):
                for u in line:
                    if revealed[u] and udefs[u].kind in kinds:
                        return True
            return False
        if eff == "strike" or eff == "sabotage":
            kinds = e.kinds
            for q in range(self._players):
                if q == p or out[q]:
                    continue
                for u in self.front[q]:
                    if revealed[u] and udefs[u].kind in kinds:
                        return True
                if eff == "sabotage":
                    for u in self.rear[q]:
                        if revealed[u] and udefs[u].kind in kinds:
                            return True
            return False
        if eff == "barrage" or eff == "recon":
            for q in range(self._players):
                if q == p or out[q]:
                    continue
                front = self.front[q]
                if front:
                    if eff == "barrage":
                        return True
                    for u in front:
                        if not revealed[u]:
                            return True
            return False
        if eff == "hand_limit" or eff == "water":
            if e.target == "any":
                return not all(out)
            if e.target == "self":
                return not out[p]
            return any(not out[q] for q in range(self._players) if q != p)
        if eff == "engineers":
            return bool(self.n_att) or any(self.deployed) or max(self.attach_of, default=-1) >= 0
        if eff == "forced_march":
            return bool(self.rear[p])
        if eff == "remove_marker" or eff == "conceal":
            flags = revealed if eff == "conceal" else self.ooa if e.marker == "ammo" else self.pinned
            for u in self.front[p]:
                if flags[u]:
                    return True
            for u in self.rear[p]:  # noqa: SIM110 (a plain loop beats any() on short lines)
                if flags[u]:
                    return True
            return False
        if eff == "escape":
            kinds = e.kinds
            return any(revealed[u] and udefs[u].kind in kinds for u in self.front[p])
        return bool(self._targets(p, card, first=True))

    @staticmethod
    def _untargeted(e: EventDef) -> bool:
        """§8.4 whether the card's effect needs no target."""
        return e.effect in _UNTARGETED

    def _targets(self, p: int, card: int, first: bool = False) -> list[Action]:
        """§8.4 the target actions an event may take; empty when it has none.

        ``first``: stop at the first target (whether the card is playable at all).
        """
        e = self.edefs[card - self.nu]
        eff = e.effect
        out: list[Action] = []
        revealed = self.revealed
        udefs = self.udefs
        if eff in ("strike", "sabotage"):
            kinds = e.kinds
            for q in range(self._players):
                if q == p or self.out[q]:
                    continue
                lines = ("f",) if eff == "strike" else LINES
                for ln in lines:
                    for j, u in enumerate(self.front[q] if ln == "f" else self.rear[q]):
                        if revealed[u] and udefs[u].kind in kinds:
                            out.append(_act_of(TargetUnit, q, ln, j))
                            if first:
                                return out
        elif eff in ("barrage", "recon"):
            for q in range(self._players):
                if q == p or self.out[q]:
                    continue
                front = self.front[q]
                if front and (eff == "barrage" or any(not revealed[v] for v in front)):
                    out.append(_act_of(TargetSeat, q))
                    if first:
                        return out
        elif eff in ("hand_limit", "water"):
            for q in self.active_seats():
                if e.target == "any" or (e.target == "self") == (q == p):
                    out.append(_act_of(TargetSeat, q))
                    if first:
                        return out
        elif eff == "engineers":
            if first and (self.n_att or any(self.deployed)):
                return [_act_of(TargetCard, 0)]
            out = [_act_of(TargetCard, k) for k in range(len(self.cards_in_play()))]
        elif eff in ("attach_bonus", "conceal", "escape", "remove_marker", "forced_march"):
            for ln in LINES:
                for j, u in enumerate(self.front[p] if ln == "f" else self.rear[p]):
                    if eff == "attach_bonus":
                        ok = revealed[u] and udefs[u].kind in e.kinds
                    elif eff == "conceal":
                        ok = revealed[u]
                    elif eff == "escape":
                        ok = revealed[u] and ln == "f" and udefs[u].kind in e.kinds
                    elif eff == "remove_marker":
                        ok = self.ooa[u] if e.marker == "ammo" else self.pinned[u]
                    else:
                        ok = ln == "r"
                    if ok:
                        out.append(_act_of(TargetUnit, p, ln, j))
                        if first:
                            return out
        return out

    def _legal_window(self, c: Ctx) -> list[Action]:
        """§8.3 a reaction window: play a card (§8.1 colours), reveal one's units (§4.2) or pass."""
        out = [_PASS]
        self._window_plays(c.seat, c.parent_cancel, out)
        self._reveal_actions(c.seat, out)
        return out

    def _window_plays(self, seat: int, cancel: bool, out: list[Action], first: bool = False) -> None:
        """§8.1 the cards a seat may play in a window: gray only on its own turn, some gold only on others'.

        ``first``: stop at the first one (whether the seat has any is asked far more often
        than which).
        """
        hand = self.hand[seat]
        if hand:
            # _playable, inline: every seat's hand is asked at every window
            edefs, nu, has_target = self.edefs, self.nu, self._has_target
            other = seat != self.turn
            for h, card in enumerate(hand):
                e = edefs[card - nu]
                play = e.play
                if not play or (e.colour == "gray" if other else e.others):
                    continue
                if play == 2 or (play == 1 and cancel) or (play == 3 and has_target(seat, card, e)):
                    out.append(PLAY[h])
                    if first:
                        return

    def _legal_event(self, c: Ctx) -> list[Action]:
        """§8 the decisions of an event card: its target, anti-air (§9.2), spotting, placing a reinforcement."""
        st = c.stage
        if st == "target":
            return self._targets(c.seat, c.ev)
        if st == "aa":
            return self._anti_air_choices(c)
        if st == "spot":
            return self._spot_choices(c.tseat)
        if st == "put":
            out = [_PUT_FRONT]
            if self.udefs[c.target].has("rear_line"):
                out.append(_PUT_REAR)
            return out
        raise AssertionError(f"no decision at event/{st}")

    def _step_window(self, c: Ctx) -> bool:
        """§8.3 the window asks its seats in turn and closes after the last; ``tseat`` is not asked."""
        c.seat, c.passed = self._next_asked(c.seat, c.passed, c.n, c.tseat, c.parent_cancel)
        if c.passed < c.n:
            return False
        self.stack.pop()
        return True

    def _next_asked(self, seat: int, passed: int, n: int, skip: int, cancel: bool) -> tuple[int, int]:
        """§8.3 from ``seat`` on, the first seat a window asks, and how many passed before it.

        Any seat may interrupt, but only one that could do something is asked, so
        two-player and bot games do not stop at every window (engine/interrupts.py):
        a seat that is out or holds no card passes by itself. Under the book's timing
        a seat also passes when no card in its hand may be played now; that depends
        on its hidden hand, so the step is declared a reveal.
        """
        playable = (lambda q: self._may_play_any(q, cancel)) if self.opt_book else None
        found, k = first_asked(self, self._clockwise(seat, n - passed, skip), self._holds_cards, playable)
        return (found, passed + k) if found >= 0 else (seat, n)

    def _clockwise(self, seat: int, count: int, skip: int) -> Iterator[int]:
        """§8.3 ``count`` seats clockwise from ``seat`` (itself first), leaving out ``skip``."""
        while count > 0:
            if seat != skip:
                yield seat
                count -= 1
            seat = self.next_seat(seat)

    def _holds_cards(self, seat: int) -> bool:
        """§8.3 what everyone sees: the seat is in the game and holds event cards."""
        return not self.out[seat] and bool(self.hand[seat])

    def _may_play_any(self, seat: int, cancel: bool) -> bool:
        """§8.1 whether a window would offer the seat a card to play (its hidden hand decides)."""
        plays: list[Action] = []
        self._window_plays(seat, cancel, plays, first=True)
        return bool(plays)

    def _open_window(self, parent: Ctx | None, start: int) -> None:
        """§8.3 after a declaration the others may react, clockwise from the turn player's left.

        The turn player's priority is used before declaring (he plays his cards in
        the main decision), so the window holds each other active seat once.
        """
        self._push_window(self.next_seat(start), start, parent is not None)

    def _push_window(self, first: int, skip: int, cancel: bool) -> bool:
        """§8.3 a window for every active seat but ``skip``, clockwise from ``first``; False if none is asked."""
        n = self._players - sum(self.out) - 1
        seat, passed = self._next_asked(first, 0, n, skip, cancel)
        if passed >= n:
            return False  # nobody can react: the window would close before anyone decides
        w = Ctx("window", seat)
        w.tseat = skip
        w.n = n
        w.passed = passed
        w.parent_cancel = cancel
        self.stack.append(w)
        return True

    def _open_answers(self, c: Ctx) -> None:
        """§8.3 (book timing) a card played may be answered by every other player before it resolves.

        The turn player has priority, then the others clockwise; the answers may
        be answered in turn, each card opening a window of its own.
        """
        if self.opt_book:
            first = self.turn if c.seat != self.turn and not self.out[self.turn] else self.next_seat(self.turn)
            self._push_window(first, c.seat, False)

    def _start_event(self, p: int, card: int, events: list[Event], from_hand: bool = True) -> None:
        """§8 a card is played (from a hand, or drawn red, §4.4): it waits in play while it resolves."""
        self._made_public(card)
        if from_hand:
            self.hand[p].remove(card)
        self.limbo.append(card)
        e = self.ev(card)
        played = {"type": "event-played", "to": "all", "seat": p, "card": e.name, "colour": e.colour}
        events.append({**played, REVEAL: True})  # from a hidden hand, or drawn face up
        c = Ctx("event", p)
        c.ev = card
        c.stage = "target" if not self._untargeted(e) else "resolve"
        if e.colour == "red" and e.effect in ("water", "hand_limit"):
            c.stage = "resolve"
            c.tseat = p
        self.stack.append(c)
        if from_hand and c.stage == "resolve":
            self._open_answers(c)

    def _finish_event(self, c: Ctx, events: list[Event], host: int = -1, before: int = -1) -> None:
        """§8.2 after-effects: discard, remove from game, attach to a unit, deploy before a player."""
        card = c.ev
        e = self.ev(card)
        if self.stack and self.stack[-1] is c:
            self.stack.pop()
        if card not in self.limbo:
            return  # already settled (the game ended while it resolved)
        self.limbo.remove(card)
        if e.after == "attach" and host >= 0 and self.line_of(host):
            self.attach_of[card - self.nu] = host
            self._rebuild_bonus()
        elif e.after == "deploy" and before >= 0:
            self.deployed[before].append(card)
        elif e.after == "remove":
            self.removed.append(card)
        else:
            self.discard.append(card)

    def _apply_event_ctx(self, c: Ctx, a: Action, events: list[Event]) -> None:
        """§8 a decision of an event card: its target, anti-air (§9.2), spotting, placing a reinforcement."""
        e = self.ev(c.ev)
        if c.stage == "target":
            assert isinstance(a, (TargetUnit, TargetSeat, TargetCard))
            if isinstance(a, TargetSeat):
                c.tseat = a.seat
            elif isinstance(a, TargetUnit):
                c.tseat = a.seat
                c.target = self.line(a.seat, a.line)[a.pos]
            else:
                c.target = self.cards_in_play()[a.pos]
            c.stage = "resolve"
            if e.effect == "strike" and e.air:
                c.stage = "aa"
            events.append(
                {
                    "type": "event-target",
                    "to": "all",
                    "seat": c.seat,
                    "card": e.name,
                    "target": a.target_parts(),
                }
            )
            self._open_answers(c)
            return
        if c.stage == "aa":
            if isinstance(a, AntiAir):
                self._anti_air(c, self.line(c.tseat, a.line)[a.pos], events)
            elif isinstance(a, Reveal):
                self._reveal(self.line(c.tseat, a.line)[a.pos], events)
            else:
                c.stage = "resolve"
            return
        if c.stage == "spot":
            assert isinstance(a, Spot)
            self._spot(c, a, events)
            return
        if c.stage == "put":
            assert isinstance(a, Put)
            u = c.target
            self.limbo.remove(u)
            (self.rear if a.line == "rear" else self.front)[c.seat].append(u)
            ev = {"type": "reinforced", "to": "all", "seat": c.seat, "line": a.line}
            # only a unit able to serve in the rear line may go there: that shows what it is
            events.append({**ev, REVEAL: True} if a.line == "rear" else ev)
            self._finish_event(c, events)
            self._last_unit_drawn(events)

    def _step_event(self, c: Ctx, events: list[Event]) -> bool:
        """§8.4 an event card without a target fizzles; otherwise it waits for its decisions, then resolves."""
        st = c.stage
        e = self.ev(c.ev)
        if st == "target":
            if not self._has_target(c.seat, c.ev, e):
                events.append({"type": "event-fizzled", "to": "all", "card": e.name})
                self._finish_event(c, events)
                return True
            return False
        if st == "aa":
            q = c.tseat
            if c.target not in self.front[q]:
                c.stage = "resolve"
                return True
            if self._anti_air_step(c):
                return False
            c.stage = "resolve"
            return True
        if st == "spot":
            if c.left <= 0 or all(self.revealed[v] for v in self.front[c.tseat]):
                self._finish_event(c, events)
                return True
            return False
        if st == "put":
            return False
        if self.opt_book and c.target >= 0 and e.effect in _RECHECKED and not self._still_target(c):
            events.append({"type": "event-fizzled", "to": "all", "card": e.name})
            self._finish_event(c, events)
            return True
        return self._resolve_event(c, e, events)

    def _still_target(self, c: Ctx) -> bool:
        """§8.4 whether the card's chosen unit or card is still one it could be played on (answers may change that)."""
        if self.ev(c.ev).effect == "engineers":
            return c.target in self.cards_in_play()
        line = self.line
        for a in self._targets(c.seat, c.ev):
            if isinstance(a, TargetUnit) and line(a.seat, a.line)[a.pos] == c.target:
                return True
        return False

    def _resolve_event(self, c: Ctx, e: EventDef, events: list[Event]) -> bool:
        """§8 (§15 designs) an event card's effect; True when the step may go on."""
        p = c.seat
        eff = e.effect
        t = c.target
        if eff == "carpet_bombing":
            self.cb_count += 1
            events.append({"type": "carpet-bombing", "to": "all", "count": self.cb_count})
            self._finish_event(c, events)
            if self.cb_count >= 3:
                self._game_over("third Carpet Bombing", events)
            return True
        if eff == "strike":
            if self.line_of(t) == "f" and self.revealed[t]:
                r = self.roll(6)
                ok = r <= e.value
                events.append({"type": "strike", "to": "all", "card": e.name, "roll": r, "hit": ok, **self._pub(t)})
                if ok:
                    if e.result == "pin" and not self.pinned[t]:
                        self.pinned[t] = True
                        events.append({"type": "pinned-down", "to": "all", **self._pub(t)})
                    else:
                        self._destroy(t, p, events)
            self._finish_event(c, events)
            return True
        if eff == "barrage":
            # errata: one die per unit in the target's front line
            for u in list(self.front[c.tseat]):
                r = self.roll(6)
                events.append({"type": "barrage", "to": "all", "roll": r, **self._pub(u)})
                if r == 1:
                    self._destroy(u, p, events)
                if self.phase == OVER:
                    return True
            self._finish_event(c, events)
            return True
        if eff == "attach_bonus":
            events.append({"type": "attached", "to": "all", "card": e.name, **self._pub(t)})
            self._finish_event(c, events, host=t)
            return True
        return self._resolve_effect(c, e, events)

    def _resolve_effect(self, c: Ctx, e: EventDef, events: list[Event]) -> bool:
        """§8 (§15 designs) the effects that act on their target at once (or start a step of their own)."""
        p, eff, t = c.seat, e.effect, c.target
        if eff == "escape":
            self.front[p].remove(t)
            self.rear[p].append(t)
            self._conceal(t)
            events.append({"type": "escaped", "to": "all", "seat": p, **self._pub(t)})
        elif eff == "conceal":
            self._conceal(t)
            events.append({"type": "concealed", "to": "all", "seat": p, **self._pub(t)})
        elif eff == "smoke":
            self._cancel_pending(events)
        elif eff == "remove_marker":
            if e.marker == "ammo":
                self.ooa[t] = False
            else:
                self.pinned[t] = False
            events.append(public("resupplied" if e.marker == "ammo" else "liberated", seat=p, **self._pub(t)))
        elif eff == "reinforce":
            return self._reinforce(c, events)
        elif eff in ("hand_limit", "water"):
            events.append({"type": "deployed", "to": "all", "card": e.name, "before": c.tseat})
            self._finish_event(c, events, before=c.tseat)
            return True
        elif eff == "engineers":
            self._engineer(t, events)
        elif eff == "ambush":
            self.ambush[p] = max(self.ambush[p], e.value)
        elif eff == "sabotage":
            self._out_of_ammo(t, events)
        elif eff == "recon":
            c.left = max(1, e.value)
            c.stage = "spot"
            return True
        elif eff == "forced_march":
            self.rear[p].remove(t)
            self.front[p].append(t)
            events.append({"type": "advanced", "to": "all", "seat": p, **self._pub(t)})
        elif eff == "supply_drop":
            for u in self.units_of(p):
                self.ooa[u] = False
            events.append({"type": "supply-drop", "to": "all", "seat": p})
        self._finish_event(c, events)
        return True

    def _engineer(self, card: int, events: list[Event]) -> None:
        """§8.2 Combat Engineers: an attached or deployed card goes to the discards."""
        i = card - self.nu
        if self.attach_of[i] >= 0:
            self.attach_of[i] = -1
            self._rebuild_bonus()
        else:
            for q in range(self._players):
                if card in self.deployed[q]:
                    self.deployed[q].remove(card)
        if card in self.water_ignored:
            self.water_ignored.remove(card)
        self.discard.append(card)
        events.append({"type": "engineers", "to": "all", "card": self.ev(card).name})

    def _cancel_pending(self, events: list[Event]) -> None:
        """§5.2 Smoke Screen: the attack or scouting under the current window is cancelled."""
        for ctx in reversed(self.stack):
            if ctx.kind in ("attack", "scout"):
                ctx.stage = "cancelled"
                return

    def _last_unit_drawn(self, events: list[Event]) -> bool:
        """§12.1 with ``deck_end = "last-card"`` the game ends once the unit deck's last card is drawn.

        The rulebook's "the unit deck runs out" reads both ways; under this reading the last
        unit drawn is still placed (the draw has happened), then the game ends.
        """
        if self.unit_deck or self._options.get("deck_end") != "last-card":
            return False
        self._game_over("unit deck ran out", events)
        return True

    def _reinforce(self, c: Ctx, events: list[Event]) -> bool:
        """§11.3 Reinforcements: draw a unit; a commander is placed face up and another card drawn."""
        p = c.seat
        while True:
            if not self.unit_deck:
                self._finish_event(c, events)
                self._game_over("unit deck ran out", events)
                return True
            u = self.unit_deck.pop()
            self.owner[u] = p
            if self.udefs[u].kind == COMMANDER:
                self.command[p].append(u)
                self.revealed[u] = True
                events.append({"type": "commander", "to": "all", REVEAL: True, "seat": p, "unit": self.udefs[u].name})
                if self._last_unit_drawn(events):
                    self._finish_event(c, events)
                    return True
                continue
            c.target = u
            self.limbo.append(u)
            c.stage = "put"
            events.append(private([p], "reinforcement", unit=self.udefs[u].name))
            return False
