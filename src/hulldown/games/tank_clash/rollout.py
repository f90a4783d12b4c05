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
from typing import Any

from hulldown.engine.game import Game
from hulldown.engine.hexgrid import grid
from hulldown.engine.state import Action, GameState
from hulldown.games.tank_clash.data import FIELD_ROWS, FIELD_WIDTH
from hulldown.games.tank_clash.state import (
    DESTROYER,
    HEAVY,
    HEX_INDEX,
    MAIN,
    MEDIUM,
    TANK_INDEX,
    TankClashState,
)

_G = grid(FIELD_WIDTH, FIELD_ROWS)
_DIST = _G.distances
_SIZE = _G.size
_MASK_RANGE = 7
#: row from each seat's own edge, by hex
_ROW = tuple(tuple(_G.row_from_edge(h, s) for h in range(_SIZE)) for s in (0, 1))
_CARD_VALUE = {"Reinforce": 5, "Sniper": 5, "Experience": 4, "Deflect": 4, "Conceal": 3, "Ambush": 3, "Sabotage": 3}

# action kinds, parsed once per action id
_OTHER, _MOVE, _ATTACK, _END, _REPAIR, _MINES, _INFANTRY, _SABOTAGE, _OVERHAUL, _CARD, _REROLL, _RETREAT, _DISCARD = (
    range(13)
)
_PARSED: dict[str, tuple[int, int, int, str]] = {}


def _parse(aid: str) -> tuple[int, int, int, str]:
    """``(kind, a, b, card)``: tank or hex indices and the card named, as the action's kind needs."""
    p = aid.split(":")
    head = p[0]
    got: tuple[int, int, int, str] = (_OTHER, -1, -1, "")
    if head == "move":
        got = (_MOVE, TANK_INDEX[p[1]], HEX_INDEX[p[2]], "")
    elif head == "attack":
        got = (_ATTACK, TANK_INDEX[p[1]], TANK_INDEX[p[2]], "")
    elif head == "end":
        got = (_END, -1, -1, "")
    elif head == "tactical" and len(p) == 3 and p[1] in ("repair", "mines"):
        got = (_REPAIR if p[1] == "repair" else _MINES, TANK_INDEX[p[2]], -1, "")
    elif head == "tactical" and p[1] == "infantry":
        got = (_INFANTRY, -1, -1, "")
    elif head == "morale" and p[1] in ("Sabotage", "Overhaul"):
        got = (_SABOTAGE if p[1] == "Sabotage" else _OVERHAUL, TANK_INDEX[p[2]], -1, p[1])
    elif head == "morale" and len(p) == 2:
        got = (_CARD, -1, -1, p[1])
    elif head == "reroll":
        got = (_REROLL, int(p[1]), -1, "")
    elif head == "retreat":
        got = (_RETREAT, HEX_INDEX[p[1]], -1, "")
    elif head == "discard":
        got = (_DISCARD, -1, -1, p[1])
    _PARSED[aid] = got
    return got


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


_SETUP: dict[str, tuple[int, int, float]] = {}


def _setup_key(aid: str) -> tuple[int, int, float]:
    """``(kind, index, value)`` of a set-up action: 0 checkpoint, 1 placement, 2 ace, 3 other."""
    p = aid.split(":")
    got: tuple[int, int, float] = (3, -1, 0.0)
    if p[0] == "checkpoint":
        got = (0, -1, -abs(_G.coords(HEX_INDEX[p[1]])[0] - (FIELD_WIDTH / 2 - 0.5)))
    elif p[0] == "place":
        got = (1, HEX_INDEX[p[2]], float(_WANT_ROW[p[1]]))
    elif p[0] == "ace":
        got = (2, TANK_INDEX[p[1]], 0.0)
    _SETUP[aid] = got
    return got


def _setup_choice(s: TankClashState, legal: list[Action], me: int) -> Action:
    """Set-up as the heuristic does it: checkpoints near the middle, tanks by kind a row or three
    from the edge (forest preferred), the ace with the heavy tank."""
    best = legal[0]
    best_score = -1e9
    forest = s.layout.forest
    rows = _ROW[me]
    table = _SETUP
    for a in legal:
        got = table.get(a.id)
        if got is None:
            got = _setup_key(a.id)
        k, h, value = got
        if k == 0:
            score = value
        elif k == 1:
            score = -abs(rows[h] - value) + (0.5 if forest[h] else 0.0)
        elif k == 2:
            score = 3.0 if s.kind[h] == HEAVY else 1.0
        else:
            score = 0.0
        if score > best_score:
            best, best_score = a, score
    return best


def choose(s: TankClashState) -> Action:
    """The action the rules of thumb take in state ``s`` for the seat to act."""
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    me = s.current_player
    assert me is not None
    ph = s.phase
    parsed = _PARSED
    if ph < MAIN and not legal[0].id.startswith("discard:"):
        return _setup_choice(s, legal, me)
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
        got = parsed.get(a.id)
        if got is None:
            got = _parse(a.id)
        k, x, y, card = got
        if k == _MOVE:
            if y == base:
                return a  # 12.1 the enemy base camp wins
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
            if may_fire and score + 6.0 > best_score and _fire(s, y, fp) & enemy_occ:
                score += 6.0
        elif k == _ATTACK:
            arm = s.armour[y]
            score = 100.0 + stats[me][kind[x]][0] * 3 - arm * 2 + s.damage[y]
            if s.ace[me] == x:
                score += 2
            if arm == 0:
                score += 6
            if (mission == "ace" and s.ace[enemy] == y) or (mission == "mediums" and kind[y] == MEDIUM):
                score += 15
            cp = cp_at.get(hx[y])
            if cp is not None and holder[cp] == enemy:
                score -= 2
        elif k == _END:
            score = 1.0
        elif k == _REPAIR:
            score = 158.0
        elif k == _MINES:
            score = 155.0 + s.damage[x] * 2
        elif k == _SABOTAGE:
            score = 170.0 if s.damage[x] >= 2 else -1.0
        elif k == _OVERHAUL:
            score = 165.0 if s.damage[x] >= 2 else -1.0
        elif k == _CARD:
            score = 10.0 if card in _CARD_VALUE else -1.0
        elif k == _REROLL:
            score = 10.0 - x
        elif k == _RETREAT:
            score = -_ROW[enemy][x] - (5.0 if x in cp_at else 0.0)
        elif k == _DISCARD:
            score = -_CARD_VALUE.get(card, 2)
        else:
            score = 0.0  # pass, keep, and the cards this policy leaves alone
        if score > best_score:
            best, best_score = a, score
    return best


def make_rollout(game: Game, seed: int) -> Callable[[GameState], Action]:
    """Factory for ``Game.rollout``: the playout policy, for whichever seat is to act."""

    def policy(state: Any) -> Action:
        return choose(state)

    return policy
