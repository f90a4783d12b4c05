"""A rule-of-thumb Tank Killers bot.

It sees only its seat's observation and legal actions (``SeatView``) plus the
public card data. Its rules: attack the target it can most surely destroy;
as defender spend a lost-attack card only when the attack could succeed; in the
modifier subphase play just enough to win the exchange (a Range card beyond
the attacker's reach stops an attack outright); always negate, always take a
free attack, and throw away the weakest cards at the hand limit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hulldown.engine.agent import SeatView
from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import Action
from hulldown.games.tank_killers.actions import DISCARD, PASS, PLAY, TankKillersAction
from hulldown.games.tank_killers.cards import (
    CLASS_BIT,
    E_END,
    E_FREE,
    E_LOST,
    E_MOD,
    E_NEG,
    E_OOA,
    E_REC,
    Rules,
    rules_for,
)
from hulldown.games.tank_killers.views import AttackView, part

if TYPE_CHECKING:
    from hulldown.engine.game import Game

Plays = list[tuple[int, TankKillersAction]]
ById = dict[int, TankKillersAction]

_INF = CLASS_BIT["infantry"]
# How much a card is worth keeping, by effect (higher is kept longer).
_KEEP = {E_OOA: 9, E_END: 8, E_LOST: 7, E_FREE: 6, E_NEG: 5, E_REC: 4, E_MOD: 0}
_DECK_DEF = 6  # expected defense of an unseen formation card


class TankKillersHeuristic:
    name = "heuristic"

    def __init__(self, seat: int, seed: int, rules: Rules) -> None:
        self.seat = seat
        self._rng = SplitMix64(seed)
        self.R = rules
        self._keep = [self._keep_value(t) for t in range(rules.n_types)]
        self.unit: list[dict[str, int]] = [{}, {}]
        for c in range(rules.n_tactics, rules.n_cards):
            s = rules.seat_of(c)
            self.unit[s].setdefault(rules.fname[c], c)

    # -- helpers -------------------------------------------------------------------
    def _card(self, seat: int, name: str) -> int:
        return self.unit[seat][name]

    def _factor(self, att: int, tgt: int) -> int:
        R = self.R
        return R.finf[att] if R.fcls[tgt] & _INF else R.fpen[att]

    def _delta(self, t: int, tgt_infantry: bool) -> int:
        return self.R.tinf[t] if tgt_infantry else self.R.tpen[t]

    def _keep_value(self, t: int) -> float:
        e = self.R.teff[t]
        if e == E_MOD:
            return abs(self.R.tpen[t]) / 3 + (2 if self.R.trange[t] > 0 else 0)
        return _KEEP[e]

    def act(self, view: SeatView) -> Action:
        legal: list[TankKillersAction] = view.legal_actions()  # type: ignore[assignment]
        if not legal:
            raise ValueError("the heuristic was asked to act when its seat has no decision")
        if len(legal) == 1:
            return legal[0]
        # the two entries it reads, not the whole observation: most of a game's time otherwise
        phase = part(view, "phase")
        ids = {a.KIND: a for a in legal if a.KIND == PASS}
        plays = [(a.index, a) for a in legal if a.KIND == PLAY]
        if phase == "maneuver":
            return self._maneuver(legal, plays)
        if phase == "target":
            return self._target(view, legal)
        if phase == "lost attack":
            return self._lost(_gap(part(view, "attack")), plays, ids)
        if phase == "modifier":
            return self._modifier(part(view, "attack"), plays, ids)
        if phase == "free attacker":
            return self._free_attacker(legal)
        # negation, after failed attack, free attack: playing is always worth it
        return plays[0][1] if plays else ids[PASS]

    def _maneuver(self, legal: list[TankKillersAction], plays: Plays) -> Action:
        if plays:
            return plays[0][1]
        discards = [a for a in legal if a.KIND == DISCARD]
        if discards:
            return min(discards, key=lambda a: self._keep[a.index])
        return legal[0]

    def _target(self, view: SeatView, legal: list[TankKillersAction]) -> Action:
        me = self.seat
        attack = part(view, "attack")
        if attack is None:
            raise ValueError("a target is chosen only for an attack under way")
        att = self._card(me, attack["attacker"])
        opp = 1 - me
        best, best_score = legal[0], -1e9
        for a in legal:
            if a.on_deck:
                top = part(view, "sides")[opp]["top"]
                if top is None:
                    score = self.R.fpen[att] - _DECK_DEF - 0.5
                else:
                    t = self._card(opp, top)
                    score = self._factor(att, t) - self.R.fdef[t]
            else:
                t = self._card(opp, a.name)
                score = self._factor(att, t) - self.R.fdef[t] + 0.25
            if score >= 0:
                score += 10
            if score > best_score:
                best, best_score = a, score
        return best

    def _lost(self, gap: int, plays: Plays, ids: ById) -> Action:
        if not plays or gap + 4 < 0:
            return ids[PASS]
        return max(plays, key=lambda p: _KEEP[self.R.teff[p[0]]])[1]

    def _modifier(self, a: AttackView | None, plays: Plays, ids: ById) -> Action:
        R = self.R
        gap = _gap(a)  # >= 0: the attack succeeds as things stand
        assert a is not None and a["target"] is not None  # _gap checked both
        attacking = a["seat"] == self.seat
        tgt_inf = bool(R.fcls[self._card(1 - a["seat"], a["target"])] & _INF)
        att = self._card(a["seat"], a["attacker"])
        if attacking:
            if gap >= 0:
                for t, act in plays:  # take the Range slot before the defender can
                    if R.trange[t] == 0:
                        return act
                return ids[PASS]
            ups = sorted(((self._delta(t, tgt_inf), act) for t, act in plays if R.trange[t] <= 0), key=lambda p: p[0])
            ups = [(d, act) for d, act in ups if d > 0]
            if not ups:
                return ids[PASS]
            enough = [(d, act) for d, act in ups if gap + d >= 0]
            return enough[0][1] if enough else ups[-1][1]
        if gap < 0:
            return ids[PASS]
        reach = R.frng[att]
        for t, act in plays:
            if R.trange[t] > reach:
                return act
        downs = sorted(((self._delta(t, tgt_inf), act) for t, act in plays), key=lambda p: p[0])
        downs = [(d, act) for d, act in downs if d < 0]
        if not downs:
            return ids[PASS]
        enough = [(d, act) for d, act in downs if gap + d < 0]
        return enough[-1][1] if enough else downs[0][1]

    def _free_attacker(self, legal: list[TankKillersAction]) -> Action:
        def strength(a: TankKillersAction) -> float:
            if a.on_deck:
                return 8.5
            c = self._card(self.seat, a.name)
            return float(self.R.fpen[c])

        return max(legal, key=strength)


def _gap(a: AttackView | None) -> int:
    """Attack factor less defense: the lost-attack and modifier subphases come only once a target is chosen."""
    if a is None or a["factor"] is None or a["defense"] is None:
        raise ValueError("the attack has no target yet")
    return a["factor"] - a["defense"]


class LazyHeuristic:
    """Builds the heuristic on its first decision, when the game's options are known."""

    name = "heuristic"

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.seed = seed
        self._bot: TankKillersHeuristic | None = None

    def act(self, view: SeatView) -> Action:
        if self._bot is None:
            self._bot = TankKillersHeuristic(self.seat, self.seed, rules_for(view.options))
        return self._bot.act(view)


def make_heuristic(game: Game, seat: int, seed: int, **params: str) -> LazyHeuristic:
    if params:
        raise TypeError(f"the tank-killers heuristic takes no parameters (got {', '.join(params)})")
    return LazyHeuristic(seat, seed)
