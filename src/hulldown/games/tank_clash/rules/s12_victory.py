"""§12 Victory (docs/rules/tank-clash.md).

A mixin of the state: the legality and the effect of this chapter's clauses.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import Event, public
from hulldown.games.tank_clash.fields import ALL_DESTROYED, MEDIUM, OVER, VP_TARGET, StateFields


@trait
class Sec12Victory(StateFields):
    __slots__ = ()

    def _score(self, seat: int, points: int, why: str, events: list[Event]) -> None:
        """§13.1 ``seat`` scores ``points``: a win may follow, so victory is looked at again."""
        self.stakes = True
        self.vp[seat] += points
        events.append(public("victory_points", seat=seat, points=points, total=self.vp[seat], reason=why))

    def _mission_done(self, seat: int) -> bool:
        """§12.1 Whether ``seat``'s own secret mission is fulfilled now."""
        m = self.mission[seat]
        if m is None:
            return False
        enemy = 1 - seat
        kind = self.mission_kind[seat]
        if kind == "capture":
            return seat in self.cp_holder[enemy * 3 : enemy * 3 + 3]
        if kind == "mediums":
            lo = enemy * 5
            return all(
                d or k != MEDIUM for k, d in zip(self.kind[lo : lo + 5], self.destroyed[lo : lo + 5], strict=True)
            )
        return self.ace_dead[enemy]

    def _check_victory(self, events: list[Event]) -> bool:
        """§12.1 base camp, every enemy tank, the secret mission; 13.1 five victory points.

        Only a capture, a destroyed tank or points scored can win, and each of those sets
        ``stakes``: without it there is nothing to look at.
        """
        if self.phase == OVER:
            return True
        if not self.stakes:
            return False
        self.stakes = False
        vp_game = self._options["victory_points"]
        if vp_game and self.vp[0] < VP_TARGET and self.vp[1] < VP_TARGET:
            return False
        for seat in (self.active, 1 - self.active):
            enemy = 1 - seat
            if vp_game:
                if self.vp[seat] >= VP_TARGET:
                    self._win(seat, "victory points", events)
                    return True
                continue
            if self.cp_holder[enemy * 3] == seat:
                self._win(seat, "captured the enemy base camp", events)
                return True
            lo = enemy * 5
            if self.destroyed[lo : lo + 5] == ALL_DESTROYED:
                self._win(seat, "destroyed every enemy tank", events)
                return True
            if self._mission_done(seat):
                self._win(seat, f"fulfilled the secret mission: {self._mission_text(seat)}", events)
                return True
        if not vp_game and (self._some_mission_met(0) or self._some_mission_met(1)):
            self.declare_reveal()  # the game goes on: the opponent learns which mission it is not
        return False

    def _some_mission_met(self, seat: int) -> bool:
        """§12.1 whether some secret mission ``seat`` might hold (unseen by the opponent) is met now."""
        if self.mission[seat] is None:
            return False
        enemy = 1 - seat
        lo = enemy * 5
        return (
            seat in self.cp_holder[enemy * 3 : enemy * 3 + 3]
            or self.ace_dead[enemy]
            or all(d or k != MEDIUM for k, d in zip(self.kind[lo : lo + 5], self.destroyed[lo : lo + 5], strict=True))
        )

    def _mission_text(self, seat: int) -> str:
        """§12.1 The text of ``seat``'s mission card, for the reason a game was won."""
        m = self.mission[seat]
        for x in self.card_data()[0]:
            if x.id == m:
                return x.text
        return ""

    def _win(self, seat: int, reason: str, events: list[Event]) -> None:
        """§12.1 The game ends with ``seat`` the winner (-1: a draw, 3.4)."""
        self.winner = seat
        self.reason = reason
        self.phase = OVER
        events.append(public("game_over", winner=seat, reason=reason))
