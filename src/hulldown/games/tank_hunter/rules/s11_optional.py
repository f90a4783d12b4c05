"""§11 Optional rules: evading, charge and commanders.

Clause numbers refer to docs/rules/tank-hunter.md.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import Action, Event, public
from hulldown.games.tank_hunter.actions import (
    Command,
    CommandIntel,
    CommandUnit,
)
from hulldown.games.tank_hunter.cards import AFV
from hulldown.games.tank_hunter.fields import (
    AA,
    GR,
    LINES,
    Ctx,
    StateFields,
)
from hulldown.games.tank_hunter.tables import _act_of


@trait
class Sec11Optional(StateFields):
    """Evading, charge and commanders (§11)."""

    __slots__ = ()

    def _may_charge(self, c: Ctx) -> bool:
        """§11.2 Charge: an AFV's anti-armour attack on an AFV (the option on)."""
        return (
            self.opt_charge
            and c.atype == AA
            and self.udefs[c.attacker].kind == AFV
            and self.udefs[c.target].kind == AFV
        )

    def _may_evade(self, u: int, atype: str) -> bool:
        """§11.1 optional; anti-armour and grenade only; not after rolling or while disabled."""
        return (
            self.opt_evading
            and atype in (AA, GR)
            and self.udefs[u].evading > 0
            and self.revealed[u]
            and not self.rolled[u]
            and not self.pinned[u]
            and not self.ooa[u]
        )

    def _evade(self, c: Ctx, yes: bool, events: list[Event]) -> None:
        """§11.1 the hit unit tries to evade (or not); success makes the whole salvo fail."""
        tg = c.s_target
        c.stage = "salvo"
        if yes:
            self.evaded[tg] = True
            r = self.roll(6)
            ok = r <= self.udefs[tg].evading
            events.append({"type": "evade", "to": "all", "roll": r, "success": ok, **self._pub(tg)})
            if ok:
                c.s_left = 0  # §11.1: the attack failed, the rest of its salvo with it
                return
        self._hit(c, events)

    def _command(self, p: int, a: Command | CommandUnit | CommandIntel, events: list[Event]) -> None:
        """§11.3 commanders' designed abilities, each used by exhausting the commander."""
        cmd = self.command[p][a.slot]
        self.cmd_exhausted[cmd] = True
        what = self.udefs[cmd].command
        events.append({"type": "command", "to": "all", "seat": p, "commander": self.udefs[cmd].name})
        if isinstance(a, CommandUnit):
            u = self.line(p, a.line)[a.pos]
            if what == "rally":
                self.pinned[u] = False
            else:
                self.ooa[u] = False
            events.append(public("liberated" if what == "rally" else "resupplied", seat=p, **self._pub(u)))
        elif isinstance(a, CommandIntel):
            self._reveal(self.front[a.seat][a.pos], events)
        else:
            self._draw_event(p, events)

    def _command_actions(self, p: int, out: list[Action]) -> None:
        """§11.3 each refreshed commander's ability, at every unit (or seat) it may be used on."""
        udefs, revealed = self.udefs, self.revealed
        for k, cmd in enumerate(self.command[p]):
            if self.cmd_exhausted[cmd]:
                continue
            what = udefs[cmd].command
            if what in ("rally", "resupply"):
                flags = self.pinned if what == "rally" else self.ooa
                for ln in LINES:
                    for i, u in enumerate(self.line(p, ln)):
                        if flags[u]:
                            out.append(_act_of(CommandUnit, k, ln, i))
            elif what == "intel":
                for q in self.active_seats():
                    if q != p:
                        for j, v in enumerate(self.front[q]):
                            if not revealed[v]:
                                out.append(_act_of(CommandIntel, k, q, j))
            elif what == "logistics":
                out.append(_act_of(Command, k))
