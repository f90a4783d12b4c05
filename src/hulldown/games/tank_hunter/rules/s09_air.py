"""§9 Long range, air strikes: spying, and anti-air counters before a strike.

Clause numbers refer to docs/rules/tank-hunter.md.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import Action, Event
from hulldown.games.tank_hunter.fields import (
    LINES,
    Ctx,
    StateFields,
)
from hulldown.games.tank_hunter.tables import (
    _AA_DONE,
    AA_AT,
    REVEAL_F,
    REVEAL_R,
)


@trait
class Sec9Air(StateFields):
    """Spying for long range, and anti-air counters (§9)."""

    __slots__ = ()

    def has_spying(self, p: int) -> bool:
        """§9.1 at least one (revealed) unit of the player spies (§10.6); never stacks."""
        revealed, udefs = self.revealed, self.udefs
        return any(revealed[u] and (udefs[u].spy or self.bonus(u, "spying") > 0) for u in self.units_of(p))

    def _anti_air_choices(self, c: Ctx) -> list[Action]:
        """§9.2 each anti-air unit of the target's owner, either line, or no (more) anti-air.

        A face-down anti-air unit is offered to be revealed (§4.2: at any time), and
        then counters like the others: counters come before the strike, so the
        owner must be able to turn one up for it.
        """
        out = [_AA_DONE]
        q = c.tseat
        for ln in LINES:
            for i, u in enumerate(self.line(q, ln)):
                if self._may_anti_air(c, u):
                    out.append(AA_AT[ln][i])
                elif self._may_reveal_anti_air(c, u):
                    out.append((REVEAL_F if ln == "f" else REVEAL_R)[i])
        return out

    def _may_reveal_anti_air(self, c: Ctx, u: int) -> bool:
        """§9.2 a face-down anti-air unit that could counter once revealed (markers are public)."""
        return (
            not self.revealed[u]
            and bool(self.udefs[u].anti_air)
            and not self.ooa[u]
            and not self.pinned[u]
            and not self.evaded[u]
            and not c.aa_used >> u & 1
        )

    def _anti_air_step(self, c: Ctx) -> bool:
        """§9.2 whether the target's owner is asked for anti-air (True: he is).

        Without a revealed unit able to counter, asking him depends on whether a
        face-down unit is one of the anti-air kind: that is declared as a reveal.
        """
        units = self.units_of(c.tseat)
        if any(self._may_anti_air(c, u) for u in units):
            return True
        revealed = self.revealed
        if all(revealed[u] for u in units):
            return False
        self.declare_reveal()
        return any(self._may_reveal_anti_air(c, u) for u in units)

    def _may_anti_air(self, c: Ctx, u: int) -> bool:
        """§9.2 every anti-air unit may counter a strike, each of them once."""
        return bool(self.udefs[u].anti_air) and self.can_fight(u) and not c.aa_used >> u & 1

    def _anti_air(self, c: Ctx, u: int, events: list[Event]) -> None:
        """§9.2 an anti-air counter before the strike; no defence; success discards the card."""
        self.rolled[u] = True
        c.aa_used |= 1 << u
        r = self.roll(6)
        need = self.udefs[u].anti_air
        ok = r <= need
        events.append({"type": "anti-air", "to": "all", "roll": r, "need": need, "success": ok, **self._pub(u)})
        if r >= self.supply(u):
            self._out_of_ammo(u, events)
        if ok:
            events.append({"type": "strike-cancelled", "to": "all", "card": self.ev(c.ev).name})
            self._finish_event(c, events)
