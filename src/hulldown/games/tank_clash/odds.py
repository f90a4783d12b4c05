"""Odds shown before an attack (docs/rules/tank-clash.md, "Odds shown before an attack").

An attack rolls as many dice as the attacker's firepower, plus one for infantry
support (8.3), keeps the highest and adds the ace (7.2) and the defender's
checkpoint (6.3) (5.4); the dice table (5.5) and the damage and armour rules
(5.7, 5.8) then say what happens. All of that is known to the attacker when it
declares, so the chances follow exactly from the faces of the highest die.
Morale cards (10.6-10.8) and the ace's re-roll (7.3) may still change the roll:
the odds are "before any reaction". A concealed target's armour (13.2) is
hidden, so its chance to be destroyed is given as unseen.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from hulldown.engine.odds import OddsEntry, entry
from hulldown.engine.state import ActionId, GameState, Seat
from hulldown.games.tank_clash.actions import ATTACK, TankClashAction
from hulldown.games.tank_clash.fields import StateFields


@lru_cache(maxsize=256)
def results(dice: int, modifier: int) -> dict[int, Fraction]:
    """§5.4 the chance of each result 1..6: the highest of ``dice`` d6 plus ``modifier``, held to 1..6."""
    out = dict.fromkeys(range(1, 7), Fraction(0))
    for high in range(1, 7):
        chance = Fraction(high**dice - (high - 1) ** dice, 6**dice)
        out[max(1, min(6, high + modifier))] += chance
    return out


def destroy_chance(table: dict[int, Fraction], armour: int, damage: int) -> Fraction:
    """§5.5, 5.7, 5.8 a tank with no armour left is destroyed by a hit, or by damage that reaches 3 tokens."""
    if armour > 0:
        return Fraction(0)
    return table[5] + table[6] + (table[4] if damage >= 1 else 0) + (table[3] if damage >= 2 else 0)


def attack_numbers(st: StateFields, a: int, t: int) -> tuple[int, int]:
    """§5.4 (dice, modifier) of ``a`` attacking ``t``: firepower, infantry (8.3), ace (7.2), checkpoint (6.3)."""
    dice = st.stats(a)[0] + st.infantry
    mod = 1 if st.ace[a // 5] == a and not st._options["ace_reroll"] else 0
    cp = st.cp_at.get(st.hex[t])
    if cp is not None and st.cp_holder[cp] == t // 5:
        mod -= 1
    return dice, mod


def odds(state: GameState, seat: Seat) -> dict[ActionId, OddsEntry]:
    """§5.4-5.8 each attack of ``seat``: the chance of a hit (5 or 6), of destroying, the expected damage."""
    assert isinstance(state, StateFields)
    st = state
    if st.current_player != seat:
        return {}
    out: dict[ActionId, OddsEntry] = {}
    for act in st.legal_actions():
        if not isinstance(act, TankClashAction) or act.KIND != ATTACK:
            continue
        a, t = act.tank, act.target
        table = results(*attack_numbers(st, a, t))
        hit = table[5] + table[6]
        damage = table[3] + 2 * table[4]  # 5.5 damage tokens: light 1, heavy 2
        if st.concealed[t]:
            out[act.id] = entry("5.5", hit=hit, damage=damage, before_reaction=True, unseen=True)
        else:
            destroy = destroy_chance(table, st.armour[t], st.damage[t])
            out[act.id] = entry("5.5", hit=hit, destroy=destroy, damage=damage, before_reaction=True)
    return out
