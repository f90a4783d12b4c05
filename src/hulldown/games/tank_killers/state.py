"""Tank Killers: the state, composed of its rules chapter by chapter.

Clause numbers refer to docs/rules/tank-killers.md; each chapter's rules are a
mixin in ``rules/``, the state's data is ``fields.StateFields``. Cards are ints
(see :class:`~hulldown.games.tank_killers.tables.Rules`); the top of every deck is
the end of its list. Every decision, including the defender's reaction windows,
is a decision point of one seat, and whether a window opens never depends on a
hidden hand, so a seat learns nothing from whose turn it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import Action, Event
from hulldown.games.tank_killers.actions import TankKillersAction
from hulldown.games.tank_killers.cards import PB, range_label
from hulldown.games.tank_killers.fields import (
    DRAWN,
    K_AMMO,
    K_HIT,
    K_RANGE,
    P_FREE,
    P_LOST,
    P_MANEUVER,
    P_MOD,
    P_NEGATE,
    P_OOA,
    P_OVER,
    P_SAME,
    P_TARGET,
    PHASE_NAMES,
    StateFields,
)
from hulldown.games.tank_killers.observation import observe, observe_part
from hulldown.games.tank_killers.rules.s01_cards import Sec1Cards
from hulldown.games.tank_killers.rules.s03_setup import Sec3Setup
from hulldown.games.tank_killers.rules.s04_maneuver import Sec4Maneuver
from hulldown.games.tank_killers.rules.s05_attack import Sec5Attack
from hulldown.games.tank_killers.rules.s06_lost_attack import Sec6LostAttack
from hulldown.games.tank_killers.rules.s07_modifiers import Sec7Modifiers
from hulldown.games.tank_killers.rules.s08_resolution import Sec8Resolution
from hulldown.games.tank_killers.rules.s10_free_attack import Sec10FreeAttack
from hulldown.games.tank_killers.rules.s11_negation import Sec11Negation
from hulldown.games.tank_killers.rules.s15_turn_limit import Sec15TurnLimit
from hulldown.games.tank_killers.views import TankKillersObservation


class _Fields(StateFields):
    """The one concrete base a compiled state names before its traits (hulldown/compiled.py)."""

    __slots__ = ()


class TankKillersState(
    _Fields,
    Sec1Cards,
    Sec3Setup,
    Sec4Maneuver,
    Sec5Attack,
    Sec6LostAttack,
    Sec7Modifiers,
    Sec8Resolution,
    Sec10FreeAttack,
    Sec11Negation,
    Sec15TurnLimit,
):
    """A game of Tank Killers: the engine's hooks; the rules are in the chapters it inherits."""

    __slots__ = ()

    def _current_player(self) -> int | None:
        ph = self.phase
        if ph == P_MOD:
            return self.mod_seat
        if ph == P_LOST:
            return 1 - self.active
        if ph == P_NEGATE:
            return self.neg_seat
        if ph == P_OVER:
            return None
        return self.active

    def _is_over(self) -> bool:
        return self.phase == P_OVER

    @property
    def is_over(self) -> bool:
        """The engine's answer without its hook call: every playout loop asks before each step."""
        return self.phase == P_OVER

    def _returns(self) -> list[float]:
        w = self.winner
        if w == 0:
            return [1.0, -1.0]
        if w == 1:
            return [-1.0, 1.0]
        return [0.0, 0.0]

    def _legal(self) -> list[Action]:
        ph = self.phase
        # the commonest decisions first (heuristic games: maneuver, then free actions;
        # random ones: modifiers, then maneuver)
        if ph == P_MANEUVER:
            return self._maneuver_actions()
        R = self.R
        if ph == P_MOD:
            tt = R.ttype
            out = [R.PASS]
            row = self.row_mod
            kind = self.tkind
            types: list[int] = []  # listed already
            for c in self.hands[self.mod_seat]:
                t = tt[c]
                if row[t] and t not in types:
                    types.append(t)
                    k = kind[t]
                    if k == K_RANGE:
                        if self.used_range >= 0:
                            continue
                    elif k == K_HIT:
                        if self.used_hit:
                            continue
                    elif k == K_AMMO and (self.used_ammo or (R.tmaxr[t] >= 0 and self.used_range > R.tmaxr[t])):
                        continue
                    out.append(R.PLAY[t])
            return out
        if ph == P_FREE:
            return self._free_actions()
        if ph == P_LOST:
            return self._hand_actions(1 - self.active, self.row_lost)
        if ph == P_OOA:
            return self._hand_actions(self.active, self.row_ooa)
        if ph == P_NEGATE:
            return self._hand_actions(self.neg_seat, R.negate_table(self.neg_seat, self.neg_last))
        if ph == P_TARGET:
            opp = 1 - self.active
            out = []
            if self.fdeck[opp]:
                out.append(R.TARGET_DECK)
            seen = 0
            nid = R.fnameid
            for c in self.in_play[opp]:
                i = nid[c]
                if not (seen >> i) & 1:
                    seen |= 1 << i
                    out.append(R.TARGET[i])
            return out
        if ph == P_SAME:
            return self._same_actions()
        return []

    def _hand_actions(self, seat: int, row: list[bool]) -> list[Action]:
        R = self.R
        out = [R.PASS]
        tt = R.ttype
        play = R.PLAY
        types: list[int] = []  # listed already (cheaper than a bit mask past a machine word)
        for c in self.hands[seat]:
            t = tt[c]
            if row[t] and t not in types:
                types.append(t)
                out.append(play[t])
        return out

    def _apply(self, action: Action, events: list[Event]) -> None:
        if self.shown:
            self.shown = []
        act: TankKillersAction = action  # type: ignore[assignment]  # only this game's actions are legal here
        kind, arg = act.KIND, act.index
        ph = self.phase
        # the commonest decisions of random and heuristic games first
        if ph == P_MOD:
            if kind == 0:
                self._modifier_pass(events)
            else:
                self._play_modifier(arg, events)
        elif ph == P_MANEUVER:
            if kind == 0:
                self._attacker_subphase(events)
            elif kind == 2:
                self._discard_excess(arg, events)
            else:
                self._play_reserves(arg, events)
        elif ph == P_TARGET:
            self._choose_target(arg, events)
        elif ph == P_FREE:
            if kind == 0:
                self._end_turn(events)
            else:
                self._play_free(arg, events)
        elif ph == P_LOST:
            if kind == 0:
                self._start_modifiers()
            else:
                self._play_lost(arg, events)
        elif ph == P_NEGATE:
            if kind == 0:
                self._close_negation(events)
            else:
                self._play_negation(arg, events)
        elif ph == P_OOA:
            if kind == 0:
                self._end_phase(events)
            else:
                self._play_ooa(arg, events)
        elif ph == P_SAME:
            self._choose_free_attacker(arg, events)

    def _resample(self, seat: int, rng: SplitMix64) -> TankKillersState:
        """Redraw what ``seat`` cannot see: the opponent's hand with the tactics deck, and the
        order of both formation decks below a face-up top card."""
        new = self.clone()
        assert isinstance(new, TankKillersState)
        opp = 1 - seat
        # Pools are gathered in sorted order first, so the guess depends only on what the
        # seat knows, never on where the cards really lie.
        unseen = sorted(new.tdeck + new.hands[opp])
        perm = rng.permutation(len(unseen))
        unseen = [unseen[i] for i in perm]
        n = len(new.tdeck)
        new.tdeck = unseen[:n]
        new.hands[opp] = unseen[n:]
        for s in (0, 1):
            deck = new.fdeck[s]
            hidden = len(deck) - (1 if new.top_up[s] else 0)
            if hidden > 1:
                pool = sorted(deck[:hidden])
                p = rng.permutation(hidden)
                deck[:hidden] = [pool[i] for i in p]
        return new

    def _observation(self, seat: int | None) -> TankKillersObservation:
        return observe(self, seat)

    def _observation_part(self, seat: int | None, key: str) -> object:
        return observe_part(self, seat, key)

    def _snapshot(self) -> dict[str, Any]:
        return {
            "hands": [list(h) for h in self.hands],
            "tdeck": list(self.tdeck),
            "tdiscard": list(self.tdiscard),
            "fdeck": [list(d) for d in self.fdeck],
            "top_up": list(self.top_up),
            "reserve": [list(x) for x in self.reserve],
            "casualty": [list(x) for x in self.casualty],
            "in_play": [list(x) for x in self.in_play],
            "waiting": list(self.waiting),
            "exchanges": self.exchanges,
            "active": self.active,
            "turn": self.turn,
            "phase": self.phase,
            "mod_seat": self.mod_seat,
            "passes": self.passes,
            "attack": [self.att, self.tgt, self.tgt_on_deck, self.pmod, self.imod, self.maxr],
            "used": [self.used_range, self.used_hit, self.used_ammo],
            "played": [list(p) for p in self.played],
            "negation": [self.neg_ctx, self.neg_t, self.neg_last, self.neg_seat, self.neg_count, self.neg_player],
            "free_t": self.free_t,
            "last": [self.last_att, self.last_tgt],
            "winner": self.winner,
            "shown": list(self.shown),
        }

    def _card_zones(self) -> Mapping[str, list[int]]:
        z: dict[str, list[int]] = {"tactics_deck": self.tdeck, "tactics_discard": self.tdiscard}
        for s in (0, 1):
            z[f"hand{s}"] = self.hands[s]
            z[f"formation{s}"] = self.fdeck[s]
            z[f"reserve{s}"] = self.reserve[s]
            z[f"casualty{s}"] = self.casualty[s]
            z[f"in_play{s}"] = self.in_play[s]
        return z

    def card_name(self, card: int) -> str:
        return self.R.name_of[card]

    def range_text(self) -> str:
        return range_label(self.attack_range())


__all__ = [
    "DRAWN",
    "PB",
    "PHASE_NAMES",
    "P_FREE",
    "P_LOST",
    "P_MANEUVER",
    "P_MOD",
    "P_NEGATE",
    "P_OOA",
    "P_OVER",
    "P_SAME",
    "P_TARGET",
    "TankKillersState",
]
