"""Odds shown before an attack (docs/rules/tank-killers.md, "Odds shown before an attack").

When the attacker picks a target (§5.2) the factor it would attack with (§8.1)
is known and so is the Def of a unit in play or of a face-up top card; with the
random factor (§8.3) 1d6 - 1d6 joins it, so the chance follows from the 36 rolls.
Lost-attack (§6) and modifier (§7) cards are still to come from both hands, and
the opponent's is hidden: the odds are "as things stand", before any of them.
A face-down top card's Def is unknown to the attacker and given as unseen. In the
modifier subphase (§7) a pass carries the chance as the factor then stands, since two
passes in a row resolve the attack.
"""

from __future__ import annotations

from fractions import Fraction

from hulldown.engine.odds import OddsEntry, entry
from hulldown.engine.state import ActionId, GameState, Seat
from hulldown.games.tank_killers.actions import TARGET, TankKillersAction
from hulldown.games.tank_killers.fields import INFANTRY, P_MOD, P_TARGET, StateFields

#: §8.3 1d6 - 1d6: how many of the 36 rolls give each difference.
_DIFFERENCES = {d: sum(1 for a in range(1, 7) for b in range(1, 7) if a - b == d) for d in range(-5, 6)}


def destroy_chance(factor: int, defense: int, random_factor: bool) -> Fraction:
    """§8.1 a factor at least the Def destroys; §8.3 with the random factor, on the dice's difference."""
    if not random_factor:
        return Fraction(int(factor >= defense))
    return Fraction(sum(n for d, n in _DIFFERENCES.items() if factor + d >= defense), 36)


def _factor(st: StateFields, card: int) -> int:
    """§8.1 the attacker's penetration factor, or its infantry factor against infantry, with the modifiers."""
    R = st.R
    if R.fcls[card] & INFANTRY:
        return R.finf[st.att] + st.imod
    return R.fpen[st.att] + st.pmod


def _target_card(st: StateFields, action: TankKillersAction) -> int:
    """§5.2 the card a target action names: the top of the opponent's deck (-1 if face down) or a unit in play."""
    opp = 1 - st.active
    if action.on_deck:
        return st.fdeck[opp][-1] if st.top_up[opp] else -1
    return next(c for c in st.in_play[opp] if st.R.fnameid[c] == action.index)


def odds(state: GameState, seat: Seat) -> dict[ActionId, OddsEntry]:
    """§5.2, §8.1, §8.3 each target's chance to be destroyed, before §6-§7 cards; §7.1 a pass as things stand."""
    assert isinstance(state, StateFields)
    st = state
    if st.current_player != seat:
        return {}
    if st.phase == P_MOD:  # §7.1 two passes in a row resolve the attack with the factor as it stands
        chance = destroy_chance(st.attack_factor(), st.R.fdef[st.tgt], st.random_factor)
        return {st.R.PASS.id: entry("8.3" if st.random_factor else "8.1", destroy=chance, before_reaction=True)}
    if st.phase != P_TARGET:
        return {}
    out: dict[ActionId, OddsEntry] = {}
    for a in st.legal_actions():
        if not isinstance(a, TankKillersAction) or a.KIND != TARGET:
            continue
        card = _target_card(st, a)
        if card < 0:
            out[a.id] = entry("8.1", before_reaction=True, unseen=True)
        elif a.on_deck and st.R.fsupport[card]:
            continue  # §5.2 a support card on top goes to the reserve: nothing is attacked
        else:
            chance = destroy_chance(_factor(st, card), st.R.fdef[card], st.random_factor)
            out[a.id] = entry("8.3" if st.random_factor else "8.1", destroy=chance, before_reaction=True)
    return out
