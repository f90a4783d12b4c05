"""§3 Before a player's turn: refreshing, rearranging, advancing, supplying.

Clause numbers refer to docs/rules/tank-hunter.md.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import Action, Event, public
from hulldown.games.tank_hunter.actions import (
    Advance,
    Discard,
    Supply,
    Swap,
)
from hulldown.games.tank_hunter.fields import (
    ADVANCE,
    ARRANGE,
    LINES,
    MAIN,
    SUPPLY,
    SUPPLY_DISCARD,
    StateFields,
)
from hulldown.games.tank_hunter.tables import (
    _ADVANCE_NONE,
    _ARRANGE_DONE,
    _SUPPLY_NONE,
    ADVANCE_TO,
    DISCARD,
    _act_of,
)


@trait
class Sec3BeforeTurn(StateFields):
    """The steps before a player's turn (§3)."""

    __slots__ = ()

    def _begin_turn(self, events: list[Event]) -> None:
        """§3.1 a) refresh the turn player's cards; the turn's flags start fresh."""
        p = self.turn
        self._refresh(p)
        revealed = self.revealed
        hidden = 0
        for u in self.front[p]:
            if not revealed[u]:
                hidden += 1
        for u in self.rear[p]:
            if not revealed[u]:
                hidden += 1
        self.rolled = [False] * self.nu
        self.evaded = [False] * self.nu
        self.ambush = [0] * self._players
        self.water_ignored = []
        self.acted = False
        events.append({"type": "turn", "to": "all", "seat": p})
        self.arrange_left = max(0, hidden - 1)
        self.phase = ARRANGE

    def _legal_before_turn(self, ph: int, p: int) -> list[Action]:
        """§3 b) swaps of hidden units, c) advancing one unit, d) supply and its discards."""
        if ph == ARRANGE:
            out = [_ARRANGE_DONE]
            for ln in LINES:
                hidden = [i for i, u in enumerate(self.line(p, ln)) if not self.revealed[u]]
                if not any(self.seen[self.line(p, ln)[i]] for i in hidden):
                    continue  # §3 b): no other player could tell these cards apart
                for a in range(len(hidden)):
                    for b in range(a + 1, len(hidden)):
                        out.append(_act_of(Swap, ln, hidden[a], hidden[b]))
            return out
        if ph == ADVANCE:
            out = [_ADVANCE_NONE]
            for i, u in enumerate(self.rear[p]):
                if not self.ooa[u] and not self.pinned[u]:
                    out.append(ADVANCE_TO[i])
            return out
        if ph == SUPPLY:
            out = [_SUPPLY_NONE]
            for ln in LINES:
                for i, u in enumerate(self.line(p, ln)):
                    if self.ooa[u]:
                        out.append(_act_of(Supply, "ammo", ln, i))
                    if self.pinned[u]:
                        out.append(_act_of(Supply, "pin", ln, i))
            return out
        if ph == SUPPLY_DISCARD:
            return DISCARD[: len(self.hand[p])]
        raise AssertionError(f"no decision in phase {ph}")

    def _apply_before_turn(self, ph: int, p: int, a: Action, events: list[Event]) -> None:
        """§3 b) a swap or done, c) advancing, d) supply and its discards."""
        if ph == ARRANGE:
            if isinstance(a, Swap):
                line = self.line(p, a.line)
                line[a.a], line[a.b] = line[a.b], line[a.a]
                self._merge_groups(line[a.a], line[a.b])
                self.arrange_left -= 1
                events.append({"type": "rearranged", "to": "all", "seat": p, "line": a.line})
                if self.arrange_left <= 0:
                    self.phase = ADVANCE
            else:
                self.phase = ADVANCE
            return
        if ph == ADVANCE:
            if isinstance(a, Advance):
                u = self.rear[p].pop(a.pos)
                self.front[p].append(u)
                events.append({"type": "advanced", "to": "all", "seat": p, **self._pub(u)})
            self.phase = SUPPLY
            return
        if ph == SUPPLY:
            if not isinstance(a, Supply):
                self._to_main(events)
                return
            u = self.line(p, a.line)[a.pos]
            self.supply_target = u
            if len(self.hand[p]) == 3:
                for c in list(self.hand[p]):
                    self._discard_from_hand(p, c, events)
                self._finish_supply(a.marker, events)
            else:
                self.arrange_left = 3
                self.phase = SUPPLY_DISCARD
                self.acted = a.marker == "ammo"  # which marker, until the discards are done
            return
        assert ph == SUPPLY_DISCARD and isinstance(a, Discard)
        self._discard_from_hand(p, self.hand[p][a.pos], events)
        self.arrange_left -= 1
        if self.arrange_left == 0:
            self._finish_supply("ammo" if self.acted else "pin", events)

    def _before_turn_step(self, ph: int, events: list[Event]) -> bool:
        """§3 b)-d): a step with nothing to choose is skipped (True: go on); else its choices are cached."""
        if ph == ARRANGE:
            if self.arrange_left <= 0:
                self.phase = ADVANCE
                return True
        elif ph == ADVANCE:
            if not self.rear[self.turn]:
                self.phase = SUPPLY
                return True
        elif len(self.hand[self.turn]) < 3:
            self._to_main(events)
            return True
        la = self._legal()
        if len(la) == 1:
            if ph == SUPPLY:
                self._to_main(events)
            else:
                self.phase = ADVANCE if ph == ARRANGE else SUPPLY
            return True
        self._legal_cache = la
        return False

    def _merge_groups(self, a: int, b: int) -> None:
        """§3.2 b) after a swap nobody else can tell which of the two face-down cards is which."""
        ga, gb = self.group[a], self.group[b]
        new = self.ngroup
        self.ngroup += 1
        group = self.group = list(self.group)
        for u in range(self.nu):
            if group[u] == ga or group[u] == gb:
                group[u] = new

    def _finish_supply(self, marker: str, events: list[Event]) -> None:
        """§3.4 d) three events discarded re-supply or liberate one unit."""
        u = self.supply_target
        if marker == "ammo":
            self.ooa[u] = False
        else:
            self.pinned[u] = False
        events.append(public("resupplied" if marker == "ammo" else "liberated", seat=self.turn, **self._pub(u)))
        self.supply_target = -1
        self.acted = False
        self._to_main(events)

    def _to_main(self, events: list[Event]) -> None:
        """§3.5 the steps before the turn are over: the turn's main decisions begin."""
        self.phase = MAIN
        self._rear_becomes_front(events)

    def _rear_becomes_front(self, events: list[Event]) -> None:
        """§3.5 e) with no front line left, the rear line becomes the front line."""
        p = self.turn
        if not self.front[p] and self.rear[p]:
            self.front[p] = self.rear[p]
            self.rear[p] = []
            events.append({"type": "rear-becomes-front", "to": "all", "seat": p})
