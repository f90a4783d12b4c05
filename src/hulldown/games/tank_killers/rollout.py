"""A fast playout policy for search: the heuristic's rules of thumb, read off a full state.

The heuristic bot (``heuristic.py``) rebuilds its picture of the battle from
the observation's dictionaries at every decision; this policy makes its kind
of choices from the state's own arrays. It is only ever handed the
*determinized* states a search plays out (drawn by ``resample`` from the
searching seat's information set), and it reads only what the seat to act
could see there: its own hand, the face-up cards and the attack under way
(never the order of a deck or the other hand), so a playout models each side
as playing from its own knowledge. Choices are deterministic: the draws and
dice already make every playout different.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from hulldown.engine.state import Action, GameState
from hulldown.games.tank_killers.actions import PASS, TankKillersAction
from hulldown.games.tank_killers.cards import E_END, E_FREE, E_LOST, E_MOD, E_NEG, E_OOA, E_REC

# the heuristic's own weights, so the policy keeps making its choices
from hulldown.games.tank_killers.heuristic import _DECK_DEF, _INF, _KEEP
from hulldown.games.tank_killers.state import (
    P_FREE,
    P_LOST,
    P_MANEUVER,
    P_MOD,
    P_OVER,
    P_SAME,
    P_TARGET,
    TankKillersState,
)
from hulldown.games.tank_killers.tables import Rules


class Policy:
    """Chooses for whichever seat is to act; one instance per search (its tables are per rules)."""

    __slots__ = ("R", "keep")

    def __init__(self, R: Rules) -> None:
        self.R = R
        #: How much a tactics card is worth keeping, by type (the lowest is discarded first).
        self.keep = [
            abs(R.tpen[t]) / 3 + (2 if R.trange[t] > 0 else 0) if R.teff[t] == E_MOD else float(_KEEP[R.teff[t]])
            for t in range(R.n_types)
        ]

    def __call__(self, st: GameState) -> Action:
        assert isinstance(st, TankKillersState)
        legal: list[TankKillersAction] = st.legal_actions()  # type: ignore[assignment]
        if len(legal) == 1:
            return legal[0]
        ph = st.phase
        if ph == P_MOD:
            return self._modifier(st, legal)
        if ph == P_TARGET:
            return self._target(st, legal)
        if ph == P_LOST:
            return self._lost(st, legal)
        if ph == P_MANEUVER:
            return self._maneuver(legal)
        if ph == P_SAME:
            return self._free_attacker(st, legal)
        # negation, after a failed attack, free attack: playing is always worth it
        return legal[1] if legal[0].KIND == PASS else legal[0]

    def _maneuver(self, legal: list[TankKillersAction]) -> Action:
        best: Action | None = None
        best_keep = 1e9
        for a in legal:
            kind, t = a.KIND, a.index
            if kind == 1:
                return a
            if kind == 2 and self.keep[t] < best_keep:
                best, best_keep = a, self.keep[t]
        return best if best is not None else legal[0]

    def _target(self, st: TankKillersState, legal: list[TankKillersAction]) -> Action:
        R = self.R
        att = st.att
        opp = 1 - st.active
        best, best_score = legal[0], -1e9
        for a in legal:
            i = a.index
            if i < 0:
                deck = st.fdeck[opp]
                if not st.top_up[opp]:
                    score = R.fpen[att] - _DECK_DEF - 0.5
                else:
                    t = deck[-1]
                    score = (R.finf[att] if R.fcls[t] & _INF else R.fpen[att]) - R.fdef[t]
            else:
                t = next(c for c in st.in_play[opp] if R.fnameid[c] == i)
                score = (R.finf[att] if R.fcls[t] & _INF else R.fpen[att]) - R.fdef[t] + 0.25
            if score >= 0:
                score += 10
            if score > best_score:
                best, best_score = a, score
        return best

    def _lost(self, st: TankKillersState, legal: list[TankKillersAction]) -> Action:
        R = self.R
        if st.attack_factor() + 4 < R.fdef[st.tgt]:
            return legal[0]
        best, best_keep = legal[0], -1
        for a in legal[1:]:
            t = a.index
            k = _KEEP[R.teff[t]]
            if k > best_keep:
                best, best_keep = a, k
        return best

    def _modifier(self, st: TankKillersState, legal: list[TankKillersAction]) -> Action:
        R = self.R
        pas = legal[0]
        att = st.att
        tgt_inf = bool(R.fcls[st.tgt] & _INF)
        delta = R.tinf if tgt_inf else R.tpen
        gap = st.attack_factor() - R.fdef[st.tgt]
        plays = [(a.index, a) for a in legal[1:]]
        if st.mod_seat == st.active:
            if gap >= 0:
                for t, a in plays:
                    if R.trange[t] == 0:
                        return a
                return pas
            ups = sorted(((delta[t], a) for t, a in plays if R.trange[t] <= 0 and delta[t] > 0), key=lambda p: p[0])
            if not ups:
                return pas
            for d, a in ups:
                if gap + d >= 0:
                    return a
            return ups[-1][1]
        if gap < 0:
            return pas
        reach = R.frng[att]
        for t, a in plays:
            if R.trange[t] > reach:
                return a
        downs = sorted(((delta[t], a) for t, a in plays if delta[t] < 0), key=lambda p: p[0])
        if not downs:
            return pas
        enough = [a for d, a in downs if gap + d < 0]
        return enough[-1] if enough else downs[0][1]

    def _free_attacker(self, st: TankKillersState, legal: list[TankKillersAction]) -> Action:
        R = self.R
        s = st.active
        best, best_s = legal[0], -1.0
        for a in legal:
            i = a.index
            v = 8.5 if i < 0 else float(R.fpen[next(c for c in st.in_play[s] if R.fnameid[c] == i)])
            if v > best_s:
                best, best_s = a, v
        return best


def make_policy(game: Any, seed: int) -> Callable[[GameState], Action]:
    """The playout factory a game declares as ``Game.rollout``: ``(game, seed) -> (state -> action)``.

    The rules tables depend on the game's options, so the policy is built on
    its first state and rebuilt if a later state was made with other options.
    """
    built: dict[int, Policy] = {}

    def policy(st: GameState) -> Action:
        assert isinstance(st, TankKillersState)
        p = built.get(id(st.R))
        if p is None:
            p = built[id(st.R)] = Policy(st.R)
        return p(st)

    return policy


#: Logistic weights of the evaluation below. A fit to the outcomes of 3,000 games of this
#: policy against itself (German against American decks, 203,000 positions) gave 9.3 for a
#: side's progress towards breaking (clause 12.1), about 0.17 for a lost-attack, end-turn or
#: negation card in hand, 0.13 for a free-action card and nothing for a modifier or
#: out-of-action card. Those card weights measure how often a side holding such cards went on
#: to win, not what keeping one is worth against using it: with them the search kept free
#: attacks and lost-attack cards the heuristic plays (and never playing them loses nearly
#: every game), so the cards that count are kept at about a third of the fit.
_W_BREAK = 9.3
_W_CARD = {E_MOD: 0.0, E_LOST: 0.05, E_END: 0.05, E_OOA: 0.0, E_FREE: 0.04, E_NEG: 0.05, E_REC: 0.05}


def evaluate(st: Any) -> list[float]:
    """Each seat's chance to win as the position shows it (``Game.evaluate``, for cut playouts).

    Casualties count most; a card that cancels an attack or gives one counts a
    little, a modifier card nothing (spending modifiers to win an exchange is
    what they are for). Weights are symmetric
    between the seats (the game's seat advantage, a constant, leaves the
    search's comparisons alone), so the value is the logistic of the margin.
    """
    R = st.R
    w = _CARD_WEIGHT.get(id(R))
    if w is None:
        w = _CARD_WEIGHT[id(R)] = [_W_CARD[R.teff[R.ttype[c]]] for c in range(R.n_tactics)]
    cas = st.casualty
    margin = _W_BREAK * (2 * len(cas[1]) / R.fsize[1] - 2 * len(cas[0]) / R.fsize[0])
    for c in st.hands[0]:
        margin += w[c]
    for c in st.hands[1]:
        margin -= w[c]
    v0 = 1.0 / (1.0 + math.exp(-margin))
    return [v0, 1.0 - v0]


_CARD_WEIGHT: dict[int, list[float]] = {}


def quiet(st: GameState) -> bool:
    """No attack is under way (``Game.quiet``): a turn starts (maneuver) or its attack is resolved (free actions)."""
    assert isinstance(st, TankKillersState)
    return st.phase in (P_MANEUVER, P_FREE, P_OVER)
