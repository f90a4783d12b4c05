"""§10 Abilities: scouting, leadership, amphibians, transportation and pulling.

Clause numbers refer to docs/rules/tank-hunter.md.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import Action, Event
from hulldown.games.tank_hunter.actions import (
    Amphibian,
    Carry,
    Scout,
    Spot,
)
from hulldown.games.tank_hunter.cards import (
    AFV,
    GUN,
    INF,
)
from hulldown.games.tank_hunter.fields import (
    AA,
    GR,
    LINES,
    TYPE_NAMES,
    Ctx,
    StateFields,
)
from hulldown.games.tank_hunter.rules.s05_attacks import _counter_type
from hulldown.games.tank_hunter.tables import (
    _NO_SCOUNTER,
    SCOUNTER,
    SPOT,
    _act_of,
)


@trait
class Sec10Abilities(StateFields):
    """Unit abilities, scouting first (§10)."""

    __slots__ = ()

    def leadership_available(self, p: int) -> int:
        """§10.11 a revealed, refreshed Leadership unit in the player's front line, or -1."""
        for u in self.front[p]:
            if self.revealed[u] and not self.exhausted[u] and self.udefs[u].lead:
                return u
        return -1

    def targetable(self, u: int) -> bool:
        """§10.11 a revealed Leadership unit in the front line hides behind non-Leadership units."""
        if not self.revealed[u]:
            return False
        udefs = self.udefs
        if not udefs[u].lead:
            return True
        front = self.front[self.owner[u]]
        if u in front:
            for o in front:
                if o != u and not (self.revealed[o] and udefs[o].lead):
                    return False
        return True

    def _ability_actions(self, p: int, out: list[Action]) -> None:
        """§10.8-§10.10 amphibian, transportation, pulling; §11.3 commanders: exhaust on own turn."""
        udefs = self.udefs
        revealed, exhausted = self.revealed, self.exhausted
        actors = self.actors
        front, rear = self.front[p], self.rear[p]
        if not self.command[p] and self.actor_set.isdisjoint(front) and self.actor_set.isdisjoint(rear):
            return  # the usual case, checked at C speed
        waters: list[int] | None = None
        actor_set = self.actor_set
        for ln, i, u in [
            (ln, i, u)
            for ln, line in (("f", front), ("r", rear))
            if not actor_set.isdisjoint(line)
            for i, u in enumerate(line)
            if actors[u] and revealed[u] and not exhausted[u]
        ]:
            d = udefs[u]
            if d.has("amphibian") and not self.ooa[u] and not self.pinned[u]:
                if waters is None:
                    waters = self.waters_in_play()
                for k, w in enumerate(waters):
                    if w not in self.water_ignored:
                        out.append(_act_of(Amphibian, ln, i, k))
            for icon, kind in (("transportation", INF), ("pulling", GUN)):
                if d.has(icon) and not self.ooa[u]:
                    for tl in LINES:
                        for j, v in enumerate(self.line(p, tl)):
                            if udefs[v].kind != kind:
                                continue
                            if revealed[v]:
                                out.append(_act_of(Carry, ln, i, "conceal", tl, j))
                            if tl == "f" and udefs[v].rear_ok:
                                out.append(_act_of(Carry, ln, i, "rear", tl, j))
        if self.command[p]:
            self._command_actions(p, out)

    def _use_ability(self, p: int, a: Amphibian | Carry, events: list[Event]) -> None:
        """§10.8 amphibian, §10.9 transportation, §10.10 pulling: exhaust, act, roll for ammunition."""
        u = self.line(p, a.line)[a.pos]
        self.exhausted[u] = True
        if isinstance(a, Amphibian):
            w = self.waters_in_play()[a.water]
            self.water_ignored.append(w)
            events.append({"type": "amphibian", "to": "all", "seat": p, "card": self.ev(w).name, **self._pub(u)})
        else:
            v = self.line(p, a.tline)[a.tpos]
            if a.how == "conceal":
                events.append({"type": "concealed", "to": "all", "seat": p, **self._pub(v)})
                self._conceal(v)
            else:
                self.front[p].remove(v)
                self.rear[p].append(v)
                events.append({"type": "moved-to-rear", "to": "all", "seat": p, **self._pub(v)})
        self._ability_ammo_roll(u, events)

    def _ability_ammo_roll(self, u: int, events: list[Event]) -> None:
        """§10.8-§10.10 the ability's user rolls only to see whether it runs out of ammo."""
        r = self.roll(6)
        events.append({"type": "ammo-check", "to": "all", "roll": r, **self._pub(u)})
        if r >= self.supply(u):
            self._out_of_ammo(u, events)

    def _exhaust_leader(self, p: int, events: list[Event]) -> None:
        """§10.11 the Leadership unit is exhausted for the salvo it leads."""
        u = self.leadership_available(p)
        self.exhausted[u] = True
        events.append({"type": "leadership", "to": "all", "seat": p, **self._pub(u)})

    def _declare_scout(self, p: int, a: Scout, events: list[Event]) -> None:
        """§10.1 a scouting is declared like an attack: the others may react before the roll."""
        u = self.front[p][a.pos]
        c = Ctx("scout", p)
        c.attacker = u
        c.tseat = a.seat
        c.stage = "window"
        self.acted = True
        self.stack.append(c)
        events.append({"type": "scout-declared", "to": "all", "seat": p, "target_seat": c.tseat, **self._pub(u)})

    def _spot_choices(self, q: int) -> list[Action]:
        """§10.1, Recon Flight: the hidden front-line units of seat q the spotter may reveal."""
        return [SPOT[j] for j, v in enumerate(self.front[q]) if not self.revealed[v]]

    def _scout_counter_choices(self, c: Ctx) -> list[Action]:
        """§10.1 after a failed scouting: no counter, or a counter by a front-line unit."""
        out = [_NO_SCOUNTER]
        for j, v in enumerate(self.front[c.tseat]):
            if self._may_counter_scout(v, c.attacker):
                out.append(SCOUNTER[j])
        return out

    def _may_counter_scout(self, v: int, scout: int) -> bool:
        """§10.1 any front-line unit (revealed first if hidden) except turretless tanks (§10.5)."""
        d = self.udefs[v]
        if d.has("no_turret") or self.ooa[v] or self.pinned[v] or self.evaded[v]:
            return False
        ct = _counter_type(d.kind, self.udefs[scout].kind, "scout")
        return self.salvo(v, ct)[1] > 0

    def _scout_counter(self, c: Ctx, v: int, events: list[Event]) -> None:
        """§10.1 a failed scouting countered by front-line unit ``v``, revealed first if hidden."""
        if not self.revealed[v]:
            self._reveal(v, events)
        c.counter = v
        ct = self._ctype(c)
        shots = self.salvo(v, ct)[1]
        lead = ct in (AA, GR) and self.udefs[v].kind == AFV and self.leadership_available(c.tseat) >= 0
        if shots == 1 and not lead:
            self._begin_salvo(c, v, c.attacker, ct, 1, False, self.ambush[c.tseat], "done", "counter")
            events.append(
                {
                    "type": "counter",
                    "to": "all",
                    "seat": c.tseat,
                    "attack": TYPE_NAMES[ct],
                    "shots": 1,
                    "lead": False,
                }
            )
        else:
            c.stage = "counter_ask"

    def _spot(self, c: Ctx, a: Spot, events: list[Event]) -> None:
        """§10.1 (Recon Flight too): the spotter reveals one hidden front-line unit of his choice."""
        self._reveal(self.front[c.tseat][a.pos], events)
        c.left -= 1

    def _step_scout(self, c: Ctx, events: list[Event]) -> bool:
        """§10.1 a scouting after its window: the roll, the spotting, or the opponent's counter."""
        st = c.stage
        if st == "window":
            c.stage = "roll"
            self._open_window(c, c.seat)
            return True
        if st == "cancelled":
            self.stack.pop()
            events.append({"type": "scout-cancelled", "to": "all", "seat": c.seat})
            return True
        if st == "roll":
            u = c.attacker
            if self.line_of(u) != "f" or not self.can_fight(u) or self.out[c.tseat]:
                c.stage = "cancelled"
                return True
            r = self.roll(6)
            self.rolled[u] = True
            ok = r <= self.udefs[u].scouting
            events.append({"type": "scout-roll", "to": "all", "seat": c.seat, "roll": r, "success": ok})
            if r >= self.supply(u):
                self._out_of_ammo(u, events)
            if ok:
                hidden = [v for v in self.front[c.tseat] if not self.revealed[v]]
                if len(hidden) <= r:
                    for v in hidden:
                        self._reveal(v, events)
                    self.stack.pop()
                    return True
                c.left = r
                c.stage = "spot"
                return False
            front = self.front[c.tseat]
            if any((not self.revealed[v]) or self._may_counter_scout(v, u) for v in front):
                c.stage = "counter_pick"
                return False
            self.stack.pop()
            return True
        if st == "spot":
            if c.left <= 0 or all(self.revealed[v] for v in self.front[c.tseat]):
                self.stack.pop()
                return True
            return False
        if st in ("counter_pick", "counter_ask", "evade"):
            return False
        if st == "salvo":
            return self._step_salvo(c, events)
        self.stack.pop()
        return True
