"""§7 Modifier subphase (docs/rules/tank-killers.md).

A mixin of the state: the legality and the effect of this chapter's clauses.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import Event
from hulldown.games.tank_killers.fields import K_AMMO, K_HIT, K_RANGE, N_MOD, P_MOD, StateFields


@trait
class Sec7Modifiers(StateFields):
    __slots__ = ()

    def _start_modifiers(self) -> None:
        """§7.1 The modifier subphase opens, the attacker first."""
        self.phase = P_MOD
        self.mod_seat = self.active
        self.passes = 0

    def _modifier_pass(self, events: list[Event]) -> None:
        """§7.1 A player passes in the modifier subphase; two passes in a row end it and the attack is resolved (§8)."""
        self.passes += 1
        if self.passes >= 2:
            self._resolve(events)
        else:
            self.mod_seat = 1 - self.mod_seat

    def _play_modifier(self, t: int, events: list[Event]) -> None:
        """§7.1-7.6 A modifier card is played (its negation window opens first, §11)."""
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
        """§7.2-7.5 A modifier takes effect: range, hit and ammo slots, and the penetration and infantry factors."""
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
        """§7.4 The attacking unit's maximum range, shortened by a "Max range" card."""
        rng = self.R.frng[self.att]
        return rng if self.maxr < 0 else min(rng, self.maxr)
