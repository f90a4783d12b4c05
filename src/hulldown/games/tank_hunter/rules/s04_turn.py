"""§4 The turn: the turn player's decisions, revealing, drawing and the hand limit, the turn passing on.

Clause numbers refer to docs/rules/tank-hunter.md.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import REVEAL, Action, Event, private
from hulldown.games.tank_hunter.actions import (
    Amphibian,
    Attack,
    Carry,
    Command,
    CommandIntel,
    CommandUnit,
    End,
    Play,
    Reveal,
    Scout,
    Wait,
)
from hulldown.games.tank_hunter.fields import (
    Ctx,
    StateFields,
)
from hulldown.games.tank_hunter.tables import (
    _END,
    _WAIT,
    PLAY,
    REVEAL_F,
    REVEAL_R,
    _scout_action,
)


@trait
class Sec4Turn(StateFields):
    """The turn player's decisions and the hand of event cards (§4)."""

    __slots__ = ()

    def hand_limit(self, p: int) -> int:
        """§4.3 three, changed by deployed hand-limit cards (never below 1)."""
        lim = 3
        for c in self.deployed[p]:
            e = self.ev(c)
            if e.effect == "hand_limit":
                lim += e.value
        return max(1, lim)

    def _reveal_actions(self, p: int, out: list[Action]) -> None:
        # a plain loop: lines are short, and a ``False in map(...)`` pre-check costs more than it saves
        """§4.2 revealing any of one's hidden units (one's own turn and reaction windows)."""
        revealed = self.revealed
        for i, u in enumerate(self.front[p]):
            if not revealed[u]:
                out.append(REVEAL_F[i])
        for i, u in enumerate(self.rear[p]):
            if not revealed[u]:
                out.append(REVEAL_R[i])

    def _legal_main(self, p: int) -> list[Action]:
        """§4.1 the turn player's decisions: reveals, card plays, abilities, then the action or the end."""
        out: list[Action] = []
        revealed = self.revealed
        front, rear = self.front[p], self.rear[p]
        # _reveal_actions, inline: this runs at nearly every decision of a turn
        for i, u in enumerate(front):
            if not revealed[u]:
                out.append(REVEAL_F[i])
        for i, u in enumerate(rear):
            if not revealed[u]:
                out.append(REVEAL_R[i])
        hand = self.hand[p]
        if hand:
            # _playable, inline, for the turn player outside any window
            edefs, nu, has_target = self.edefs, self.nu, self._has_target
            for h, c in enumerate(hand):
                e = edefs[c - nu]
                play = e.play
                if (play == 2 or (play == 3 and has_target(p, c, e))) and not e.others:
                    out.append(PLAY[h])
        actor_set = self.actor_set
        if self.command[p] or not (actor_set.isdisjoint(front) and actor_set.isdisjoint(rear)):
            self._ability_actions(p, out)
        if self.acted:
            out.append(_END)
            return out
        self._attack_actions(p, out)
        if not self.scout_set.isdisjoint(front):
            udefs = self.udefs
            players, is_out = self._players, self.out
            for i, u in enumerate(front):
                if udefs[u].scouting and self.can_fight(u):
                    for q in range(players):
                        if q != p and not is_out[q] and False in map(revealed.__getitem__, self.front[q]):
                            out.append(_scout_action(i, q))
        out.append(_WAIT)
        return out

    def _apply_main(self, p: int, a: Action, events: list[Event]) -> None:
        """§4.1 the turn player's decisions: the action of the turn, card plays, abilities, reveals, the end."""
        if isinstance(a, Attack):
            self._declare_attack(p, a, events)
        elif isinstance(a, Wait):
            self._wait(p, events)
        elif isinstance(a, Play):
            self._start_event(p, self.hand[p][a.pos], events)
        elif isinstance(a, End):
            self._end_turn(events)
        elif isinstance(a, Reveal):
            self._reveal(self.line(p, a.line)[a.pos], events)
        elif isinstance(a, (Amphibian, Carry)):
            self._use_ability(p, a, events)
        elif isinstance(a, (Command, CommandUnit, CommandIntel)):
            self._command(p, a, events)
        elif isinstance(a, Scout):
            self._declare_scout(p, a, events)

    def _wait(self, p: int, events: list[Event]) -> None:
        """§4.1 waiting is the turn's action: draw an event card."""
        self.acted = True
        events.append({"type": "wait", "to": "all", "seat": p})
        self._draw_event(p, events)

    def _turn_step(self, events: list[Event]) -> bool:
        """§4.1 a turn player who is out passes the turn; one with only ``end`` left ends it (True: go on)."""
        if self.out[self.turn]:
            self._next_turn(events)
            return True
        if self.acted:
            la = self._legal_main(self.turn)
            if self.hand[self.turn] and sum(type(a) is not Play for a in la) == 1:
                # whether the turn ends by itself shows whether the hand holds a playable card
                self.declare_reveal()
            if len(la) == 1:
                self._end_turn(events)  # nothing left to choose: the turn ends by itself
                return True
            self._legal_cache = la
        return False

    def _reveal(self, u: int, events: list[Event]) -> None:
        """§4.2 a unit turned face up (everyone has now seen it)."""
        self.revealed[u] = True
        self.seen[u] = True
        self._made_public(u)
        events.append({"type": "revealed", "to": "all", REVEAL: True, **self._pub(u)})

    def _discard_from_hand(self, p: int, card: int, events: list[Event]) -> None:
        """§4.3 a card discarded face up from a hand."""
        self._made_public(card)
        self.hand[p].remove(card)
        self.discard.append(card)
        events.append({"type": "discarded", "to": "all", REVEAL: True, "seat": p, "card": self.ev(card).name})

    def _draw_event(self, p: int, events: list[Event]) -> None:
        """§4.3 at the hand limit, discard first; then draw."""
        lim = self.hand_limit(p)
        if len(self.hand[p]) >= lim:
            c = Ctx("discard", p)
            c.n = lim
            self.stack.append(c)
            return
        self._draw_event_now(p, events)

    def _draw_event_now(self, p: int, events: list[Event]) -> None:
        """§4.3-§4.5 draw (refilling an empty deck from the discards); a red card is played at once."""
        if not self.event_deck:
            if not self.discard:
                events.append({"type": "event-deck-empty", "to": "all", "seat": p})
                return
            self.event_deck = self.discard
            self.discard = []
            self.shuffle(self.event_deck)
            self.reshuffled = True
            events.append({"type": "event-deck-reshuffled", "to": "all"})
        card = self.event_deck.pop()
        self.ev_drawn += 1
        e = self.ev(card)
        if e.colour == "red":
            events.append({"type": "drew-red", "to": "all", REVEAL: True, "seat": p, "card": e.name})
            self._start_event(p, card, events, from_hand=False)
        else:
            self.hand[p].append(card)
            events.append(private([p], "drew", seat=p, card=e.name))
            events.append({"type": "drew-event", "to": "all", "seat": p})

    def _end_turn(self, events: list[Event]) -> None:
        """§4.6 the turn player is done; the turn passes once no one wants to play more events.

        Under the book's timing the others first get a window (§8.3), which an
        ``end`` context under it closes by passing the turn.
        """
        if self.opt_book and self._push_window(self.next_seat(self.turn), self.turn, False):
            self.stack.insert(-1, Ctx("end", self.turn))  # under the window: it passes the turn once it closes
            return
        self._pass_turn(events)

    def _pass_turn(self, events: list[Event]) -> None:
        """§4.6 the turn passes clockwise."""
        events.append({"type": "turn-end", "to": "all", "seat": self.turn})
        self._next_turn(events)

    def _next_turn(self, events: list[Event]) -> None:
        """§4.1 the next seat still in the game begins its turn, unless one player is left (§12.1)."""
        self.stack.clear()
        if self._players - sum(self.out) <= 1:
            self._game_over("one player left", events)
            return
        self.turn = self.next_seat(self.turn)
        self._begin_turn(events)
