"""A fast playout policy for search: the heuristic's rules of thumb, read off a full state.

The heuristic bot (``heuristic.py``) plays from a seat's observation, which the
game builds as dictionaries of every unit, card and terrain at each decision:
most of its cost per step. A search plays thousands of playout steps a
decision, so it needs the same kind of choices (deploy what it can afford,
advance the troops, hit the HQ, shoot what it can destroy) made from the
state's own fields.

This policy is only ever handed the *determinized* states a search plays out
(drawn by ``resample`` from the searching seat's information set), so reading
their fields reveals nothing the seat does not hold as a guess. Choices are
deterministic: the dice already make every playout different.

Where it departs from the heuristic it does so for the solo AI's reasons
(ai.py): a shot is valued by what it is expected to do (the chance to hit
times the wounds, a bonus for the chance to destroy the target, more for a
dangerous target), not by the target's wounds alone; and a move is also
valued by the supply line (§4.4) it extends or breaks, since every row held is
an AP a turn.

Cost: about 16 µs a choice once the legal actions are listed, against about
90 µs for the heuristic (legal actions themselves cost about 50 µs).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hulldown.engine.game import Game
from hulldown.engine.state import Action, GameState
from hulldown.games.pacific import actions as acts
from hulldown.games.pacific import combat, grid
from hulldown.games.pacific.actions import MAIN, SPACE_NAMES
from hulldown.games.pacific.state import Attack, PacificState
from hulldown.games.pacific.units import Unit

_SPACE = {n: i for i, n in enumerate(SPACE_NAMES)}
_ROW = tuple(s // grid.COLS + 1 for s in range(grid.SPACES))  # 1-based row from side 0
_COL = tuple(s % grid.COLS + 1 for s in range(grid.SPACES))  # 1-based column
_ADVANCE = frozenset(("infantry", "tank", "transport"))
_ONE = (acts.Heal, acts.Mount, acts.Intercept, acts.Escort, acts.AntiAircraft, acts.Advance)

#: Weights of the shot values, kept together so they can be tuned as one.
HQ_WOUND = 2.5  # an expected wound on the HQ (twelve lose the game)
UNIT_WOUND = 1.0  # an expected wound on a unit
KILL = 3.0  # chance to destroy the target, times its threat (cost)
SUPPLY = 3.0  # a move that extends the supply line (§4.4), or that breaks it (negative)


def _rows(s: PacificState, side: int) -> tuple[list[int], list[bool], int]:
    """Own units in each of ``side``'s rows (1..6 from its HQ), enemy presence there, and its supply line."""
    own = [0] * 8
    enemy = [False] * 8
    board, units = s.board, s.units
    for sp in range(grid.SPACES):
        uid = board[sp]
        if uid >= 0:
            k = _ROW[sp] if side == 0 else 7 - _ROW[sp]
            if units[uid].side == side:
                own[k] += 1
            else:
                enemy[k] = True
    return own, enemy, s.supply_line(side)


def _unit(s: PacificState, ref: str, side: int) -> Unit | None:
    """The unit a reference names for ``side``: its space, or a bay beside an HQ (actions.py)."""
    sp = _SPACE.get(ref)
    if sp is not None:
        uid = s.board[sp]
        return s.units.get(uid) if uid >= 0 else None
    c = ref[0]
    if c in "ae":
        want = side if c == "a" else 1 - side
        bay = int(ref[1:])
        for u in s.units.values():
            if u.space < 0 and u.side == want and u.bay == bay:
                return u
    return None


def _shooter(s: PacificState, ref: str, side: int, slot: int) -> Unit | None:
    """The unit firing: the one on the space, or what a landing craft of ours carries (§15.5)."""
    u = _unit(s, ref, side)
    if u is not None and u.owner != slot and u.cargo is not None:
        return u.cargo
    return u


def _chance(a: Attack) -> tuple[float, float]:
    """(chance of a standard hit, chance of a critical) of one d10 attack (§7.1)."""
    crit = 0.0 if a.crit_as_standard else (11 - a.crit) / 10.0
    hit = (11 - a.hit) / 10.0
    if hit < crit:
        hit = crit
    return hit - crit, crit


def _shot(s: PacificState, u: Unit, weapon: int, target: str, side: int) -> float:
    """The value of firing ``u``'s ``weapon`` at ``target`` (a :class:`~actions.Fire`'s fields)."""
    up = None
    shot = 0
    if weapon == MAIN:
        shot = u.main_shots
    else:
        tok = u.tokens[weapon]
        up = tok.up
        if up.effect == "smoke-screen":
            return -1.0
    if target == "hq":
        if u.space < 0:
            return 6.0  # an air attack on the HQ: its numbers come after the reactions
        a = combat.numbers(s, u, up, None, shot_index=shot, target_hq=True)
        if a.pierce < s.hq_armour(1 - side):
            return 0.1
        ph, pc = _chance(a)
        return 4.0 + HQ_WOUND * (ph * a.damage + pc * (a.damage + 1))
    e = _unit(s, target, side)
    if e is None or e.side == side:
        return 0.2  # terrain
    if u.space < 0 or e.space < 0:
        return 4.0 + e.wounds  # air combat: decided by the reactions that follow
    d = grid.DIST[u.space][e.space]
    a = combat.numbers(s, u, up, e, shot_index=shot, dist=d)
    flame = combat.flames(s, up, e)  # a sure hit, whatever the Armour (§7.9)
    if a.pierce < s.effective_armour(e) and not flame:
        return 0.1
    ph, pc = _chance(a)
    if flame:
        ph = 1.0 - pc
    left = e.hp - e.wounds
    dmg = a.damage
    kill = (ph if dmg >= left else 0.0) + (pc if dmg + 1 >= left else 0.0)
    wounds = ph * min(dmg, left) + pc * min(dmg + 1, left)
    return 4.0 + UNIT_WOUND * wounds + KILL * kill * (1.0 + e.card.cost / 5.0)


def choose(s: PacificState, scores: list[float] | None = None) -> Action:
    """The action the rules of thumb take in state ``s`` for the seat to act.

    With ``scores`` it also appends every legal action's value, in legal order (``rank``).
    """
    legal = s.legal_actions()
    if len(legal) == 1 and scores is None:
        return legal[0]
    slot = s.actor
    side = s.slot_side[slot]
    best = legal[0]
    best_v = -1e9
    hand: list[int] | None = None
    rows: tuple[list[int], list[bool], int] | None = None
    for a in legal:
        v = 0.0
        if isinstance(a, acts.Fire):
            u = _shooter(s, a.unit, side, slot)
            v = 0.2 if u is None else _shot(s, u, a.weapon, a.target, side)
        elif isinstance(a, acts.Move) and not isinstance(a, acts.Cover):  # and Ride
            uid = s.board[a.frm]
            u = s.units.get(uid) if uid >= 0 else None
            if u is not None and u.space >= 0:
                r = _ROW[a.to]
                now = _ROW[u.space]
                gain = r - now if side == 0 else now - r
                v = 0.5 + gain * (0.3 if u.card.type in _ADVANCE else -0.2)
                if gain and SUPPLY:
                    if rows is None:
                        rows = _rows(s, side)
                    own, enemy, chain = rows
                    k0 = now if side == 0 else 7 - now
                    k1 = k0 + gain
                    if k0 <= chain and own[k0] == 1:
                        v -= SUPPLY
                    elif k1 == chain + 1 and not own[k1] and not enemy[k1]:
                        v += SUPPLY
            else:
                v = 0.5
        elif isinstance(a, acts.Deploy):
            if hand is None:
                hand = sorted(s.hands[slot].cards)
            uc = s.unit_card(hand[a.hand])
            col = 0 if a.space == acts.HQ else _COL[a.space]
            v = 5.0 + (uc.cost if uc is not None else 0) - abs(col - 4.5) * 0.1
        elif isinstance(a, acts.Keep):
            v = 1.0
        elif isinstance(a, acts.Bid):
            v = -abs(a.ap - 1)
        elif isinstance(a, acts.Terrain | acts.WideTerrain):
            v = 1.5 if (_ROW[a.space] == 2) == (side == 0) else 1.0
        elif isinstance(a, acts.Play | acts.PlayOn):
            v = 2.0
        elif isinstance(a, acts.Upgrade):
            v = 1.5
        elif isinstance(a, acts.Assault):
            v = 2.5
        elif isinstance(a, _ONE):
            v = 1.0
        elif isinstance(a, acts.Discard):
            v = -1.0 if len(s.hands[slot]) <= 7 else 1.0
        elif isinstance(a, acts.TacticalArtillery):
            v = -a.ap * 0.2
        elif isinstance(a, acts.LendLease):
            v = -5.0
        if scores is not None:
            scores.append(v)
        if v > best_v:
            best, best_v = a, v
    return best


def make_rollout(game: Game, seed: int) -> Callable[[GameState], Action]:
    """Factory for ``Game.rollout``: the playout policy, for whichever seat is to act."""

    def policy(state: Any) -> Action:
        return choose(state)

    return policy
