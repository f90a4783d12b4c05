"""A fast playout policy for search: the heuristic's rules of thumb, read off a full state.

The heuristic bot (``heuristic.py``) plays from a seat's observation and
rebuilds its picture of the battle from dictionaries at every decision: about
2 ms a step, far too slow for the thousands of playout steps a search needs.
Random moves are fast but model an opponent that neither shoots when it can
nor drives anywhere in particular, so a search over them learns little about
what the heuristic's opponent will do.

This policy makes the same choices (a winning move first; the base camp and
threatened checkpoints guarded against raiders; tactical cards where they do
real harm; the best shot, a raider's first; morale cards in an attack's
windows and to close distance; then a drive toward the tank's goal, to a hex
with a shot and out of unanswered fire) from the state's own arrays in a few
tens of microseconds, and so plays the heuristic nearly even (measured by
``benchmarks/playout_policy.py``). It is only ever handed the *determinized*
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
from hulldown.games.tank_clash.heuristic import CARD_VALUE, FREE
from hulldown.games.tank_clash.rules.s08_tactical import AIR_ROW as _AIR_ROW
from hulldown.games.tank_clash.state import TankClashState

_G = grid(FIELD_WIDTH, FIELD_ROWS)
_DIST = _G.distances
_SIZE = _G.size
_MASK_RANGE = 7
#: row from each seat's own edge, by hex
_ROW = tuple(tuple(_G.row_from_edge(h, s) for h in range(_SIZE)) for s in (0, 1))
_DRIVES = ("Transport", "Refuel", "Airdrop")
_ADJ = _G.adjacency


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


class _Battle:
    """What scoring a main-phase decision needs about the two sides, worked out once per decision:
    the heuristic's picture of raiders, threatened checkpoints and the enemy's guns."""

    __slots__ = ("home", "mission", "raiders", "shooters", "strikes", "threat", "threatened")

    def __init__(self, s: TankClashState, me: int) -> None:
        enemy = 1 - me
        hx, kind, stats = s.hex, s.kind, s.side_stats[enemy]
        cp_hex = s.cp_hex
        self.home = home = cp_hex[me * 3]
        row = home * _SIZE
        raiders = threat = mission = 0
        foes: list[tuple[int, int]] = []
        aim = s.mission_kind[me]
        for e in range(enemy * 5, enemy * 5 + 5):
            h = hx[e]
            if h < 0:
                continue
            fp, _, speed = stats[kind[e]]
            foes.append((h, 2 * speed + 1))
            if _DIST[row + h] <= speed + 2:  # near enough to reach our base camp soon: that loses the game
                raiders |= 1 << e
            threat |= _fire(s, h, fp)
            if (aim == "ace" and s.ace[enemy] == e) or (aim == "mediums" and kind[e] == MEDIUM):
                mission |= 1 << h
        #: bit ``e`` for each raider, and the hexes the enemy's guns reach and its mission's tanks stand on
        self.raiders, self.threat, self.mission = raiders, threat, mission
        holder = s.cp_holder
        #: our checkpoints an enemy tank could reach soon: one of them may be all its mission needs
        self.threatened = {
            cp_hex[i]
            for i in range(me * 3, me * 3 + 3)
            if holder[i] == me and any(_DIST[cp_hex[i] * _SIZE + h] <= reach for h, reach in foes)
        }
        self.shooters = -1  # how many of our tanks have a shot now: worked out when a card asks
        self.strikes: tuple[dict[int, float], dict[int, float]] | None = None


def _shooters(s: TankClashState, me: int, bt: _Battle) -> int:
    """How many of our tanks could fire from where they stand (the rules' own table, 4.5 and 5.3)."""
    if bt.shooters < 0:
        hx, kind, stats = s.hex, s.kind, s.side_stats[me]
        enemy_occ = s.occ_mask[1 - me]
        bt.shooters = sum(
            1 for t in range(me * 5, me * 5 + 5) if hx[t] >= 0 and _fire(s, hx[t], stats[kind[t]][0]) & enemy_occ
        )
    return bt.shooters


def _strikes(s: TankClashState, me: int, bt: _Battle) -> tuple[dict[int, float], dict[int, float]]:
    """What artillery and air support on each hex would do: a tank hit squarely counts 3 (7 if the hit
    finishes it, 3 more for the mission's), one caught at the edge 1 (2 if already badly damaged).
    Summed from the enemy tanks outward, so each card's many target hexes cost one look-up each."""
    if bt.strikes is None:
        art: dict[int, float] = {}
        air: dict[int, float] = {}
        hx = s.hex
        enemy = 1 - me
        for e in range(enemy * 5, enemy * 5 + 5):
            h = hx[e]
            if h < 0:
                continue
            square = 3.0 + (4.0 if s.armour[e] == 0 else 0.0) + (3.0 if bt.mission >> h & 1 else 0.0)
            edge = 2.0 if s.damage[e] >= 2 else 1.0
            art[h] = art.get(h, 0.0) + square
            air[h] = air.get(h, 0.0) + square
            for n in _ADJ[h]:
                art[n] = art.get(n, 0.0) + edge
            for n in _AIR_ROW[h]:
                if n != h:
                    air[n] = air.get(n, 0.0) + edge
        bt.strikes = (art, air)
    return bt.strikes


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
    hx = s.hex
    enemy_occ = s.occ_mask[enemy]
    base = s.cp_hex[enemy * 3]
    cp_at, holder = s.cp_at, s.cp_holder
    mission = s.mission_kind[me]
    tank = goal = start = fp = here = -1
    may_fire = False
    repairs = 0.0
    bt: _Battle | None = None
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
                tank, here = x, hx[x]
                goal, start, fp, may_fire, repairs = _tank_terms(s, x, me)
                bt = bt or _Battle(s, me)
            assert bt is not None
            score = 20.0
            if goal >= 0:
                score += (start - _DIST[y * _SIZE + goal]) * 2
            if bt.raiders:  # stand on the base camp: no enemy move can end there
                score += 300.0 if y == bt.home else -300.0 if here == bt.home else 0.0
            if y in bt.threatened:
                score += 90.0  # hold a checkpoint an enemy tank is closing on
            elif here in bt.threatened:
                score -= 90.0
            cp = cp_at.get(y)
            if cp is not None:
                owner = cp // 3
                if owner != me and holder[cp] != me:
                    score += 200.0 if mission == "capture" else 60.0
                elif owner == me and holder[cp] != me:
                    score += 40.0
                elif owner == me:
                    score += repairs
            # a hex to shoot from next is worth 6 (14 at the mission's tank), one in the enemy's
            # sights without a shot back -3: worth looking only if that could make it the best
            if scores is not None or score + (14.0 if may_fire else 0.0) > best_score:
                targets = _fire(s, y, fp) & enemy_occ
                if targets:
                    if may_fire:
                        score += 14.0 if targets & bt.mission else 6.0
                elif bt.threat >> y & 1:
                    score -= 3.0
        else:
            if bt is None and k in (ATTACK, TACTICAL):
                bt = _Battle(s, me)
            score = _attack_score(s, a.tank, a.target, me, bt) if k == ATTACK else _other_score(s, a, me, bt)
        if scores is not None:
            scores.append(score)
        if score > best_score:
            best, best_score = a, score
    return best


def _tank_terms(s: TankClashState, t: int, me: int) -> tuple[int, int, int, bool, float]:
    """What every move of tank ``t`` shares: its goal and distance to it, its gun, whether it may
    still fire, and what repairs at a friendly checkpoint are worth to it."""
    goal = _goal(s, t, me)
    start = _DIST[s.hex[t] * _SIZE + goal] if goal >= 0 else 0
    return goal, start, s.side_stats[me][s.kind[t]][0], not s.attacked[t], 10.0 * s.damage[t]


def _attack_score(s: TankClashState, x: int, y: int, me: int, bt: _Battle | None) -> float:
    """The strongest gun at the weakest target, more for a raider or the mission's, less on its own checkpoint."""
    enemy = 1 - me
    kind = s.kind
    arm = s.armour[y]
    score = 100.0 + s.side_stats[me][kind[x]][0] * 3 - arm * 2 + s.damage[y]
    if s.ace[me] == x:
        score += 2
    if arm == 0:
        score += 6
    if bt is not None and bt.raiders >> y & 1:
        score += 20  # it is heading for our base camp
    mission = s.mission_kind[me]
    if (mission == "ace" and s.ace[enemy] == y) or (mission == "mediums" and kind[y] == MEDIUM):
        score += 15
    cp = s.cp_at.get(s.hex[y])
    if cp is not None and s.cp_holder[cp] == enemy:
        score -= 2
    return score


def _tactical_score(s: TankClashState, a: TankClashAction, me: int, bt: _Battle) -> float:
    """Tactical cards cost no action: each played only where it does real harm."""
    card = a.card
    if card == "repair":
        return FREE + 8.0
    if card == "mines":
        return FREE + 5.0 + s.damage[a.tank] * 2
    if card in ("artillery", "air"):
        value = _strikes(s, me, bt)[card == "air"].get(a.hex, 0.0)
        return FREE + value * 3 if value >= 3 else -1.0
    if card == "infantry":  # backs an attack: only when one of ours has a shot
        return FREE if _shooters(s, me, bt) else -1.0
    if card == "smoke":  # two of ours in the enemy's sights and no shot back
        hx, threat = s.hex, bt.threat
        exposed = sum(1 for t in range(me * 5, me * 5 + 5) if hx[t] >= 0 and threat >> hx[t] & 1)
        return FREE - 10.0 if exposed >= 2 and not _shooters(s, me, bt) else -1.0
    return -1.0


def _drive_score(s: TankClashState, a: TankClashAction, me: int) -> float:
    """Transport, Refuel and Airdrop close the distance to a goal out of plain reach, never away from a shot."""
    t = a.tank
    h = s.hex[t]
    goal = _goal(s, t, me)
    fp, _, speed = s.side_stats[me][s.kind[t]]
    if goal < 0 or _fire(s, h, fp) & s.occ_mask[1 - me]:
        return -1.0
    if _DIST[h * _SIZE + goal] - speed < 2:
        return -1.0
    # Airdrop is free (no action); Transport and Refuel replace a move with a longer one
    return FREE if a.card == "Airdrop" else 40.0 if a.card == "Transport" else 34.0


def _other_score(s: TankClashState, a: TankClashAction, me: int, bt: _Battle | None) -> float:
    """Cards that hurt, heal or carry, low re-rolls, retreats toward the enemy's edge."""
    k, card = a.KIND, a.card
    if k == END:
        return 1.0
    if k == TACTICAL:
        assert bt is not None
        return _tactical_score(s, a, me, bt)
    if k == MORALE:
        if card == "Sabotage":
            return FREE + 20.0 if s.damage[a.tank] >= 2 else -1.0  # the third token costs an armour token
        if card == "Overhaul":
            return FREE + 15.0 if s.damage[a.tank] >= 2 else -1.0
        if card in _DRIVES:
            return _drive_score(s, a, me)
        if a.tank < 0 and a.hex < 0:
            return 10.0  # attack and defence cards: offered only in an attack's windows, where they count
        return -1.0
    if k == REROLL:
        return 10.0 - a.value
    if k == RETREAT:
        return -_ROW[1 - me][a.hex] - (5.0 if a.hex in s.cp_at else 0.0)
    if k == DISCARD:
        return -CARD_VALUE.get(card, 0)
    return 0.0  # pass and keep


def make_rollout(game: Game, seed: int) -> Callable[[GameState], Action]:
    """Factory for ``Game.rollout``: the playout policy, for whichever seat is to act."""

    def policy(state: Any) -> Action:
        return choose(state)

    return policy
