"""Odds shown before an attack (docs/rules/2gm-pacific.md, "Odds shown before an attack").

A shot's final numbers (§7.1-7.4, §7.7, §9) are all on the table when it is
declared, so the chances follow from the ten faces of the d10 (§7.1), the
shielding roll's ten (§11.2) or, with the Successful Hit Table, from its one
cell (§11.3). A Smoke Grenade (§11.13) or a card from a hidden hand may still
answer the shot: the odds are "before any reaction". A face-down target's card
(§11.7) is hidden, so its odds are given as unseen; an aircraft's attack (§16)
is decided by the interceptions that follow and a Smoke Screen always lands,
so neither gets odds.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from hulldown.engine.odds import OddsEntry, entry
from hulldown.engine.state import JSON, ActionId, GameState, Seat
from hulldown.games.pacific import actions as acts
from hulldown.games.pacific import combat, grid
from hulldown.games.pacific.fields import DESTROYED, HIT_TABLE, HQ_HP, Attack, PacificFields
from hulldown.games.pacific.ids import find_unit, target_internal, unit_on
from hulldown.games.pacific.rules.s01_battlefield import skill_user
from hulldown.games.pacific.units import HQ_SPACE, Unit

#: Wounds and their chance: one attack's outcomes.
Outcomes = list[tuple[Fraction, int]]

_TENTH = Fraction(1, 10)


def outcomes(a: Attack, armour: int, *, shield: bool, table: bool) -> Outcomes:
    """§7.1-7.4, §11.2, §11.3 the wounds one attack deals, as ``combat.roll_result`` rolls them."""
    key = (a.hit, a.crit, a.pierce, a.damage, a.crit_as_standard, a.shift, a.extra, a.spared)
    return _outcomes(key, armour, shield, table)


@lru_cache(maxsize=4096)
def _outcomes(key: tuple[int, int, int, int, bool, int, int, bool], armour: int, shield: bool, table: bool) -> Outcomes:
    """``outcomes`` by the numbers that decide it: few attacks differ, and exact fractions cost."""
    a = Attack(*key[:5])
    a.shift, a.extra, a.spared = key[5], key[6], key[7]
    if a.pierce < armour:
        return [(Fraction(1), 0)]  # §7.3 blocked
    if table:  # §11.3: a lookup, no dice
        if a.spared:
            return [(Fraction(1), 0)]
        col = 10 - a.crit + (a.pierce - armour) + a.shift
        return [(Fraction(1), DESTROYED if col > 9 else HIT_TABLE[10 - a.hit][col] + a.extra)]
    out: Outcomes = []
    saved = Fraction(max(0, min(10, armour)), 10) if shield else Fraction(0)
    for roll in range(1, 11):  # §7.1 a 0 counts as 10
        if roll >= a.crit and not a.crit_as_standard:
            crit, wounds = True, a.damage + 1
        elif roll >= a.hit:
            crit, wounds = False, a.damage
        else:
            out.append((_TENTH, 0))
            continue
        if saved:  # §11.2 at or below the Armour: a standard hit avoided, a critical one 1 wound
            out.append((_TENTH * saved, 1 if crit else 0))
        out.append((_TENTH * (1 - saved), wounds))
    return out


def flame_outcomes(a: Attack, *, table: bool) -> Outcomes:
    """§7.9 a flamethrower on a unit in a Building: a sure hit, the die only for the critical."""
    if table:
        return outcomes(a, 0, shield=False, table=True)
    crit = 0 if a.crit_as_standard else 11 - a.crit
    return [(Fraction(crit, 10), a.damage + 1), (Fraction(10 - crit, 10), a.damage)]


def summary(clause: str, dist: Outcomes, left: int) -> OddsEntry:
    """The entry: any wound, wounds reaching what is ``left`` (§7.4, §8.2), expected wounds."""
    return dict(_summary(clause, tuple(dist), left))


@lru_cache(maxsize=4096)
def _summary(clause: str, dist: tuple[tuple[Fraction, int], ...], left: int) -> tuple[tuple[str, JSON], ...]:
    hit = sum((p for p, w in dist if w > 0), Fraction(0))
    destroy = sum((p for p, w in dist if w >= left), Fraction(0))
    damage = sum((p * min(w, left) for p, w in dist), Fraction(0))
    return tuple(entry(clause, hit=hit, destroy=destroy, damage=damage, before_reaction=True).items())


def _on_unit(st: PacificFields, u: Unit, k: int, e: Unit) -> OddsEntry:
    """§7.5 ``u`` fires weapon ``k`` (-1: main) at unit ``e``, as ``s07_shooting.fire`` does."""
    if e.face_down:
        return entry("11.7", before_reaction=True, unseen=True)
    up = None if k < 0 else u.tokens[k].up
    shot = u.main_shots if k < 0 else 0
    d = grid.distance(u.space, e.space) if e.space >= 0 else grid.hq_distance(e.side, u.space)
    a = combat.numbers(st, u, up, e, shot_index=shot, dist=d)
    table = bool(st._options["successful_hit_table"])
    if combat.flames(st, up, e):
        dist = flame_outcomes(a, table=table)
    else:
        dist = outcomes(a, st.effective_armour(e), shield=bool(st._options["shielding_roll"]), table=table)
    return summary("11.3" if table else "7.1", dist, e.hp - e.wounds)


def _fire(st: PacificFields, a: acts.Fire, side: int) -> OddsEntry | None:
    """§7.5, §8.1, §8.2 the odds of one Fire action, or None for air attacks and Smoke Screens."""
    u = skill_user(find_unit(st, a.unit, side))
    if u.space == HQ_SPACE:
        return None
    k = -1 if a.weapon == acts.MAIN else a.weapon
    target = target_internal(st, u, "main" if k < 0 else str(k), a.target)
    if target[0] == "u":
        return _on_unit(st, u, k, st.units[int(target[1:])])
    if target[0] == "s":
        return None
    up = None if k < 0 else u.tokens[k].up
    shot = u.main_shots if k < 0 else 0
    table = bool(st._options["successful_hit_table"])
    if target == "hq":
        atk = combat.numbers(st, u, up, None, shot_index=shot, target_hq=True)
        dist = [(p, min(w, 12)) for p, w in outcomes(atk, st.hq_armour(1 - side), shield=False, table=table)]
        return summary("8.2", dist, HQ_HP - st.hq_wounds[1 - side])
    s = grid.parse(target[1:])
    iid = st.terrain[s]
    atk = combat.numbers(st, u, up, None, shot_index=shot)
    building = "building" in st.db.terrain[st.cards[iid]].tags and iid not in st.ruins
    if up is not None and up.effect == "flamethrower" and building:
        dist = [(Fraction(1), atk.damage)]  # §8.1 a flamethrower hits a Building automatically
    else:
        dist = outcomes(atk, 0, shield=bool(st._options["shielding_roll"]), table=table)
    if k < 0 and u.has("ordnance") and building:
        dist = [(p, w + 2 if w else 0) for p, w in dist]
    return summary("8.1", dist, st.terrain_hp.get(iid, 0))


def odds(state: GameState, seat: Seat) -> dict[ActionId, OddsEntry]:
    """§6.4, §7.5 each shot and assault of ``seat``: chance of a wound, of destroying, expected wounds."""
    assert isinstance(state, PacificFields)
    st = state
    if st.current_player != seat:
        return {}
    side = st.slot_side[seat]
    out: dict[ActionId, OddsEntry] = {}
    for act in st.legal_actions():
        if isinstance(act, acts.Fire):
            got = _fire(st, act, side)
            if got is not None:
                out[act.id] = got
        elif isinstance(act, acts.Assault):  # §6.4 no terrain Evasion for the target
            u, e = unit_on(st, act.frm), unit_on(st, act.target)
            if e.face_down:
                out[act.id] = entry("11.7", before_reaction=True, unseen=True)
                continue
            atk = combat.numbers(st, u, None, e, assault=True, dist=1)
            table = bool(st._options["successful_hit_table"])
            dist = outcomes(atk, st.effective_armour(e), shield=bool(st._options["shielding_roll"]), table=table)
            out[act.id] = summary("6.4", dist, e.hp - e.wounds)
    return out
