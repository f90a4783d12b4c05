"""§11 Hidden information (docs/rules/tank-clash.md).

A mixin of the state: the legality and the effect of this chapter's clauses.
"""

from __future__ import annotations

from itertools import permutations

from mypy_extensions import trait

from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import GameState
from hulldown.games.tank_clash.fields import HEAVY, MAIN, StateFields, mission_kinds


@trait
class Sec11Hidden(StateFields):
    __slots__ = ()

    def _resample(self, seat: int, rng: SplitMix64) -> GameState:
        """§11.3 Redraw what ``seat`` cannot see: the opponent's mission and morale hand,
        the order of the decks, and under fog of war the types (and the ace) of the
        opponent's concealed tanks, keeping what play has shown (11.3, 13.2)."""
        new = self.clone()
        assert isinstance(new, Sec11Hidden)
        other = 1 - seat
        theirs = new.mission[other]
        # Every pool is gathered in sorted order before it is shuffled, so the guess depends
        # on what ``seat`` knows and never on where the cards really are.
        if theirs is not None:
            missions = sorted([*new.mission_deck.cards, theirs])
            perm = rng.permutation(len(missions))
            missions = [missions[i] for i in perm]
            new.mission[other] = missions.pop()
            new.mission_deck.cards = missions
            new.mission_kind[other] = mission_kinds(self._options.get("cards_file") or None)[new.mission[other] or ""]
        pool = sorted([*new.morale_deck.cards, *new.hands[other].cards])
        perm = rng.permutation(len(pool))
        pool = [pool[i] for i in perm]
        n = len(new.morale_deck)
        new.morale_deck.cards = pool[:n]
        new.hands[other].cards = pool[n:]
        if self._options["fog_of_war"]:
            new._resample_fog(seat, rng)
        return new

    def _resample_fog(self, seat: int, rng: SplitMix64) -> None:
        """§11.3 Draw uniformly among *every* assignment of types (and the ace) to the opponent's
        concealed tanks that agrees with what play has shown (13.2).

        At most five tanks hide, so the consistent assignments are enumerated exactly; the
        true one is always among them, so the list is never empty.
        """

        other = 1 - seat
        hidden = [t for t in self.tanks_of(other) if self.concealed[t] and self.kind[t] >= 0]
        if not hidden:
            return
        ace_hidden = self.ace[other] in hidden
        kinds = sorted(self.kind[t] for t in hidden)
        old = [self.kind[t] for t in hidden]
        options: list[tuple[tuple[int, ...], int]] = []
        for assignment in sorted(set(permutations(kinds))):
            if any(k == HEAVY and self.fast[t] for t, k in zip(hidden, assignment, strict=True)):
                continue
            if self.phase >= MAIN:  # reveals are first checked after set-up
                for t, k in zip(hidden, assignment, strict=True):
                    self.kind[t] = k
                pending = self._reveal_pending()
                for t, k in zip(hidden, old, strict=True):
                    self.kind[t] = k
                if pending:
                    continue
            for ace_at in hidden if ace_hidden else [self.ace[other]]:
                options.append((assignment, ace_at))
        assignment, ace_at = options[rng.below(len(options))]
        for t, k in zip(hidden, assignment, strict=True):
            self.kind[t] = k
            self.armour[t] = self.stats(t)[1]
            self.mv[t] = None  # another type, another speed
        self.ace[other] = ace_at

    def _reveal_pending(self) -> bool:
        """§11.3 Whether some pair of enemy tanks would already have been revealed to each other."""
        h, conc = self.hex, self.concealed
        for a in range(5):
            if h[a] < 0:
                continue
            ma = self._fire_mask(a)
            for b in range(5, 10):
                hb = h[b]
                if hb >= 0 and (conc[a] or conc[b]) and (ma >> hb) & 1 and (self._fire_mask(b) >> h[a]) & 1:
                    return True
        return False
