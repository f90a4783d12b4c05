"""§6 Salvos, counters, ammunition, pins: values, shots, hits and what they do.

Clause numbers refer to docs/rules/tank-hunter.md.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import Action, Event
from hulldown.games.tank_hunter.actions import (
    Counter,
    Fire,
)
from hulldown.games.tank_hunter.cards import AFV
from hulldown.games.tank_hunter.fields import (
    _AFTER,
    AA,
    GF,
    GR,
    LR,
    SU,
    TR,
    TYPE_NAMES,
    Ctx,
    StateFields,
)
from hulldown.games.tank_hunter.tables import (
    _counter_actions,
    _fire_actions,
)


@trait
class Sec6Salvos(StateFields):
    """Values, salvos, hits, ammunition and pins (§6)."""

    __slots__ = ()

    def supply(self, u: int) -> int:
        """§6.4 a unit's supply value with attached cards (7 never runs out)."""
        v = self.udefs[u].supply
        if self.n_att:
            v += self.bonus(u, "supply")
        return v if v < 7 else 7

    def defence(self, u: int) -> int:
        """§6.2 a unit's defence value with attached cards, never below 0."""
        return max(0, self.udefs[u].defence + self.bonus(u, "defence"))

    def salvo(self, u: int, atype: str) -> tuple[int, int]:
        """§6.1, §6.2 (attack value, shots) before water; values never below 0."""
        d = self.udefs[u]
        if not self.n_att:
            ready = d.salvos.get(atype)
            if ready is not None:
                return ready  # nothing attached anywhere: the printed values
        if atype == AA:
            v, s = d.aa
            v += self.bonus(u, "anti_armour")
        elif atype in (GR, GF):
            v, s = d.attack
        elif atype == TR:
            v, s = d.trample
        elif atype == SU:
            v, s = d.suicide
        else:
            v, s = d.long_range, (1 if d.long_range else 0)
        if s == 0:
            return (-1, 0)
        v += self.bonus(u, "attack")
        return (max(0, v), s)

    def _fire_choices(self, u: int, atype: str, p: int, charge: bool) -> list[Action]:
        """§6.1 the salvo sizes the attacker may choose, with Leadership (§10.11) and Charge (§11.2)."""
        shots = self.salvo(u, atype)[1]
        lead = atype in (AA, GR, TR) and self.udefs[u].kind == AFV and self.leadership_available(p) >= 0
        return _fire_actions(shots, lead, charge)

    def _counter_choices(self, c: Ctx) -> list[Action]:
        """§6.3 no counter, or a counter salvo (with Leadership, §10.11, where allowed)."""
        cu = c.counter
        ct = self._ctype(c)
        shots = self.salvo(cu, ct)[1]
        lead = ct in (AA, GR) and self.udefs[cu].kind == AFV and self.leadership_available(c.tseat) >= 0
        return _counter_actions(shots, lead)

    def _choose_salvo(self, c: Ctx, a: Fire, events: list[Event]) -> None:
        """§6.1 the salvo's size is chosen before the first roll, with Leadership (§10.11) and Charge (§11.2)."""
        c.shots = a.shots
        c.lead = a.lead
        c.charge = a.charge
        if c.lead:
            self._exhaust_leader(c.seat, events)
        events.append(
            {"type": "salvo", "to": "all", "seat": c.seat, "shots": c.shots, "lead": c.lead, "charge": c.charge}
        )
        c.stage = "window"

    def _counter(self, c: Ctx, a: Counter, st: str, events: list[Event]) -> None:
        """§6.3 the target's chosen counter salvo, before (charge: +1, §11.2) or after the attack."""
        c.cshots = a.shots
        c.clead = a.lead
        if c.clead:
            self._exhaust_leader(c.tseat, events)
        ct = self._ctype(c)
        bonus = self.ambush[c.tseat] + (1 if c.charge and st == "pre_ask" else 0)
        self._begin_salvo(c, c.counter, c.attacker, ct, c.cshots, c.clead, bonus, _AFTER[st], "counter")
        events.append(
            {
                "type": "counter",
                "to": "all",
                "seat": c.tseat,
                "attack": TYPE_NAMES[ct],
                "shots": c.cshots,
                "lead": c.clead,
            }
        )

    def _can_counter(self, u: int, ctype: str) -> bool:
        """§6.3 a counter needs the unit in play, able to fight and with a value for the counter's type."""
        return self._in_play(u) and self.can_fight(u) and self.salvo(u, ctype)[1] > 0

    def _begin_salvo(
        self, c: Ctx, shooter: int, target: int, atype: str, shots: int, lead: bool, bonus: int, nxt: str, kind: str
    ) -> None:
        """§6.1 a salvo of one unit at another: it is one attack, shot by shot."""
        c.s_shooter = shooter
        c.s_target = target
        c.s_type = atype
        c.s_left = shots
        c.s_lead = lead
        c.s_hit = False
        c.s_next = nxt
        c.s_kind = kind
        c.bonus = bonus
        c.stage = "salvo"

    def target_number(self, shooter: int, target: int, atype: str, bonus: int) -> int:
        """§5.3 attack value minus defence (no value below 0), then die-roll modifiers."""
        v = self.salvo(shooter, atype)[0]
        deployed, owner = self.deployed, self.owner
        pa = owner[shooter]
        if deployed[pa] or deployed[owner[target] if target >= 0 else pa]:
            v -= self.water_penalty(shooter, target)  # only cards in front of a player can be Water
        if v < 0:
            v = 0
        if atype in (AA, GR, TR, GF):
            v = v - (self.defence(target) if self.n_att else max(0, self.udefs[target].defence))
        elif atype == SU and self.udefs[target].has("open_top"):
            v += 1  # §10.5 open top
        elif atype == LR and self.has_spying(self.owner[shooter]):
            v += 1  # §10.6 spying, never stacking
        return v + bonus

    def _step_salvo(self, c: Ctx, events: list[Event]) -> bool:
        """§6.1 fire the salvo's shots; each rolls, checks ammunition (§6.4) and may hit (§5.3)."""
        sh, tg, ty = c.s_shooter, c.s_target, c.s_type
        in_play = self._in_play
        while c.s_left > 0:
            if not in_play(tg) or not in_play(sh):
                break
            c.s_left -= 1
            self.rolled[sh] = True
            need = self.target_number(sh, tg, ty, c.bonus)
            r = self.roll(6)
            if c.s_lead:
                r2 = self.roll(6)
                rolls = [r, r2]
                high = max(r, r2)
                r = min(r, r2)
            else:
                rolls = [r]
                high = r
            hit = r <= need
            events.append(
                {
                    "type": "shot",
                    "to": "all",
                    "shooter": self.owner[sh],
                    "attack": TYPE_NAMES[ty],
                    "rolls": rolls,
                    "need": need,
                    "hit": hit,
                }
            )
            if high >= self.supply(sh) and not self.ooa[sh]:
                self.ooa[sh] = True
                events.append({"type": "out-of-ammo", "to": "all", **self._pub(sh)})
            if hit:
                if self._may_evade(tg, ty):
                    c.stage = "evade"
                    return False
                self._hit(c, events)
        c.stage = c.s_next
        return True

    def _hit(self, c: Ctx, events: list[Event]) -> None:
        """§5.3 a successful shot: grenades pin (twice: destroyed, §6.4), everything else destroys."""
        c.s_hit = True
        tg = c.s_target
        scorer = self.owner[c.s_shooter]
        if c.s_type == GR:
            if self.pinned[tg]:
                self._destroy(tg, scorer, events)
            else:
                self.pinned[tg] = True
                events.append({"type": "pinned-down", "to": "all", **self._pub(tg)})
        else:
            self._destroy(tg, scorer, events)

    def _out_of_ammo(self, u: int, events: list[Event]) -> None:
        """§6.4 a unit already out of ammo that runs out again is removed from the game."""
        if self.ooa[u]:
            events.append({"type": "removed-from-game", "to": "all", **self._pub(u)})
            self._take_off(u, events)
            self.removed.append(u)
            self._check_out(self.owner[u], events)
        else:
            self.ooa[u] = True
            events.append({"type": "out-of-ammo", "to": "all", **self._pub(u)})

    def _take_off(self, u: int, events: list[Event]) -> None:
        """§8.2 a unit leaves play face up, markers off; the cards attached to it are discarded."""
        self._made_public(u)
        p = self.owner[u]
        ln = self.line_of(u)
        if ln:
            self.line(p, ln).remove(u)
        if self.n_att and u in self.abon:  # ``abon`` has every unit with cards attached
            for i, h in enumerate(self.attach_of):
                if h == u:
                    self.attach_of[i] = -1
                    self.discard.append(i + self.nu)
            self._rebuild_bonus()
        self.revealed[u] = True
        self.pinned[u] = self.ooa[u] = self.exhausted[u] = False

    def _destroy(self, u: int, scorer: int, events: list[Event]) -> None:
        """§5.3 a destroyed unit scores for the attacker's owner (none when it was one's own)."""
        events.append({"type": "destroyed", "to": "all", "by": scorer, **{**self._pub(u), "unit": self.udefs[u].name}})
        p = self.owner[u]
        self._take_off(u, events)
        if scorer >= 0 and scorer != p:
            self.score[scorer].append(u)
        else:
            self.removed.append(u)
        self._check_out(p, events)
