"""A fast playout policy for search: the heuristic's rules of thumb, read off a full state.

The heuristic bot (``heuristic.py``) plays from a seat's observation and
rebuilds its picture of the battle from dictionaries at every decision: about
2 ms a step, far too slow for the thousands of playout steps a search needs.
Random moves are fast but model an opponent that neither shoots when it can
nor drives anywhere in particular, so a search over them learns little about
what the heuristic's opponent will do.

This policy makes the same kind of choices (a winning move first, then the
best shot, then a drive toward the tank's goal) from the state's own arrays
in a few tens of microseconds. It is only ever handed the *determinized*
states a search plays out (drawn by ``resample`` from the searching seat's
information set), so reading their fields reveals nothing the seat does not
hold as a guess. Choices are deterministic: the dice already make every
playout different.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from hulldown.engine.game import Game
from hulldown.engine.hexgrid import grid
from hulldown.engine.state import Action, GameState
from hulldown.games.tank_clash.actions import (
    ACE,
    ATTACK,
    CHECKPOINT,
    DISCARD,
    END,
    MORALE,
    MOVE,
    PLACE,
    REROLL,
    RETREAT,
    TACTICAL,
    TankClashAction,
)
from hulldown.games.tank_clash.data import FIELD_ROWS, FIELD_WIDTH
from hulldown.games.tank_clash.fields import DESTROYER, HEAVY, MAIN, MEDIUM
from hulldown.games.tank_clash.state import TankClashState

_G = grid(FIELD_WIDTH, FIELD_ROWS)
_DIST = _G.distances
_SIZE = _G.size
_MASK_RANGE = 7
#: row from each seat's own edge, by hex
_ROW = tuple(tuple(_G.row_from_edge(h, s) for h in range(_SIZE)) for s in (0, 1))
_CARD_VALUE = {"Reinforce": 5, "Sniper": 5, "Experience": 4, "Deflect": 4, "Conceal": 3, "Ambush": 3, "Sabotage": 3}


def _fire(s: TankClashState, h: int, fp: int) -> int:
    """Bit mask of the hexes a tank of firepower ``fp`` on ``h`` may attack (the rules' own table)."""
    k = h * _MASK_RANGE + fp
    m: int = s.layout.fire[k]
    return m if m >= 0 else s.layout.fire_mask(k)


def _goal(s: TankClashState, t: int, me: int) -> int:
    """Where tank ``t`` heads (-1: nowhere): the heuristic's ``_goal`` on the state's arrays."""
    hx = s.hex
    here = hx[t]
    row = here * _SIZE
    enemy = 1 - me
    if s.damage[t] >= 2:
        own = [h for h in s.cp_hex[me * 3 : me * 3 + 3] if h != here]
        if own:
            return min(own, key=lambda h: _DIST[row + h])
    holder = s.cp_holder
    open_cps = [s.cp_hex[i] for i in range(enemy * 3, enemy * 3 + 3) if holder[i] != me]
    mission = s.mission_kind[me]
    kind = s.kind[t]
    if open_cps and (mission == "capture" or (s.side_stats[me][kind][2] >= 3 and kind != DESTROYER)):
        nearest = min(open_cps, key=lambda h: _DIST[row + h])
        if mission == "capture" or _DIST[row + nearest] <= 6:
            return nearest
    foes = [e for e in range(enemy * 5, enemy * 5 + 5) if hx[e] >= 0]
    wanted: list[int] = []
    if mission == "ace":
        wanted = [e for e in foes if s.ace[enemy] == e]
    elif mission == "mediums":
        wanted = [e for e in foes if s.kind[e] == MEDIUM]
    pool = wanted or foes
    if pool:
        near = min(pool, key=lambda e: _DIST[row + hx[e]])
        if wanted or _DIST[row + hx[near]] <= 5:
            return hx[near]
    if open_cps:
        return min(open_cps, key=lambda h: _DIST[row + h])
    return s.cp_hex[enemy * 3]


_WANT_ROW = {"heavy": 2, "destroyer": 1, "medium": 3}


def _setup_choice(
    s: TankClashState, legal: list[TankClashAction], me: int, scores: list[float] | None = None
) -> Action:
    """Set-up as the heuristic does it: checkpoints near the middle, tanks by kind a row or three
    from the edge (forest preferred), the ace with the heavy tank. ``scores``, when given, gets
    every action's score in legal order (``rank``)."""
    best = legal[0]
    best_score = -1e9
    forest = s.layout.forest
    rows = _ROW[me]
    for a in legal:
        k = a.KIND
        if k == CHECKPOINT:
            score = -abs(_G.coords(a.hex)[0] - (FIELD_WIDTH / 2 - 0.5))
        elif k == PLACE:
            h = a.hex
            score = -abs(rows[h] - _WANT_ROW[a.card]) + (0.5 if forest[h] else 0.0)
        elif k == ACE:
            score = 3.0 if s.kind[a.tank] == HEAVY else 1.0
        else:
            score = 0.0
        if scores is not None:
            scores.append(score)
        if score > best_score:
            best, best_score = a, score
    return best


def choose(s: TankClashState, scores: list[float] | None = None) -> Action:
    """The action the rules of thumb take in state ``s`` for the seat to act.

    With ``scores`` it also scores every legal action, in legal order, for ``rank``: a playout
    never asks, so its shortcuts (a winning move at once, a firing hex looked for only where it
    could make the best) stay where only the best counts.
    """
    legal = cast("list[TankClashAction]", s.legal_actions())
    if len(legal) == 1 and scores is None:
        return legal[0]
    me = s.current_player
    assert me is not None
    ph = s.phase
    if ph < MAIN and legal[0].KIND != DISCARD:
        return _setup_choice(s, legal, me, scores)
    enemy = 1 - me
    hx, kind, stats = s.hex, s.kind, s.side_stats
    enemy_occ = s.occ_mask[enemy]
    base = s.cp_hex[enemy * 3]
    cp_at, holder = s.cp_at, s.cp_holder
    mission = s.mission_kind[me]
    tank = goal = start = fp = -1
    may_fire = False
    repairs = 0.0
    best = legal[0]
    best_score = -1e9
    for a in legal:
        k = a.KIND
        if k == MOVE:
            x, y = a.tank, a.hex
            if y == base:
                if scores is None:
                    return a  # 12.1 the enemy base camp wins
                scores.append(1e9)
                continue
            if x != tank:  # a tank's moves come together: its goal and gun once for them all
                tank = x
                goal = _goal(s, x, me)
                start = _DIST[hx[x] * _SIZE + goal] if goal >= 0 else 0
                fp = stats[me][kind[x]][0]
                may_fire = not s.attacked[x]
                repairs = 10.0 * s.damage[x]
            score = 20.0
            if goal >= 0:
                score += (start - _DIST[y * _SIZE + goal]) * 2
            cp = cp_at.get(y)
            if cp is not None:
                owner = cp // 3
                if owner != me and holder[cp] != me:
                    score += 200.0 if mission == "capture" else 60.0
                elif owner == me and holder[cp] != me:
                    score += 40.0
                elif owner == me:
                    score += repairs
            # a hex to shoot from next is worth 6: worth looking only if that could make it the best
            if may_fire and (scores is not None or score + 6.0 > best_score) and _fire(s, y, fp) & enemy_occ:
                score += 6.0
        elif k == ATTACK:
            score = _attack_score(s, a.tank, a.target, me)
        else:
            score = _other_score(s, a, enemy)
        if scores is not None:
            scores.append(score)
        if score > best_score:
            best, best_score = a, score
    return best


def _attack_score(s: TankClashState, x: int, y: int, me: int) -> float:
    """The strongest gun at the weakest target, more for the mission's, less on its own checkpoint."""
    enemy = 1 - me
    kind = s.kind
    arm = s.armour[y]
    score = 100.0 + s.side_stats[me][kind[x]][0] * 3 - arm * 2 + s.damage[y]
    if s.ace[me] == x:
        score += 2
    if arm == 0:
        score += 6
    mission = s.mission_kind[me]
    if (mission == "ace" and s.ace[enemy] == y) or (mission == "mediums" and kind[y] == MEDIUM):
        score += 15
    cp = s.cp_at.get(s.hex[y])
    if cp is not None and s.cp_holder[cp] == enemy:
        score -= 2
    return score


def _other_score(s: TankClashState, a: TankClashAction, enemy: int) -> float:
    """Cards that hurt or heal at once, low re-rolls, retreats toward the enemy's edge."""
    k, card = a.KIND, a.card
    if k == END:
        return 1.0
    if k == TACTICAL and card == "repair":
        return 158.0
    if k == TACTICAL and card == "mines":
        return 155.0 + s.damage[a.tank] * 2
    if k == MORALE and card == "Sabotage":
        return 170.0 if s.damage[a.tank] >= 2 else -1.0
    if k == MORALE and card == "Overhaul":
        return 165.0 if s.damage[a.tank] >= 2 else -1.0
    if k == MORALE and a.tank < 0 and a.hex < 0:
        return 10.0 if card in _CARD_VALUE else -1.0
    if k == REROLL:
        return 10.0 - a.value
    if k == RETREAT:
        return -_ROW[enemy][a.hex] - (5.0 if a.hex in s.cp_at else 0.0)
    if k == DISCARD:
        return -_CARD_VALUE.get(card, 2)
    return 0.0  # pass, keep, and the cards this policy leaves alone


def make_rollout(game: Game, seed: int) -> Callable[[GameState], Action]:
    """Factory for ``Game.rollout``: the playout policy, for whichever seat is to act."""

    def policy(state: Any) -> Action:
        return choose(state)

    return policy
