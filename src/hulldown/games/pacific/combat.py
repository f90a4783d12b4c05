"""Shooting (§7), damage (§7.4), terrain and HQ damage (§8) and the optional attack rules (§11)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hulldown.engine import Event, public
from hulldown.games.pacific import grid
from hulldown.games.pacific.cards import UpgradeToken
from hulldown.games.pacific.fields import DESTROYED, HIT_TABLE, HQ_HP, Attack, clamp
from hulldown.games.pacific.units import Unit

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


def weapon_stats(u: Unit, weapon: UpgradeToken | None) -> tuple[int, int, int, int, int]:
    """(range, hit, crit, pierce, damage) of the main gun (weapon None) or an upgrade weapon."""
    if weapon is None:
        c = u.card
        return c.range, c.hit, c.crit, c.pierce, c.damage
    return weapon.range, weapon.hit, weapon.crit, weapon.pierce, weapon.damage


def evasion(st: PacificFields, target: Unit, shooter_space: int, assault: bool) -> tuple[int, int]:
    """§7.7: everything that adds to both Accuracy numbers of an attack on ``target``."""
    es = ec = 0
    s = target.space
    if s >= 0 and not assault:
        t = st.terrain_card(s)
        if t is not None:
            if st.terrain[s] in st.ruins:
                es += t.evasion[0] // 2
                ec += t.evasion[1] // 2
            else:
                es += t.evasion[0]
                ec += t.evasion[1]
    for tok in target.tokens:
        if tok.up.effect == "evasion-1-0":
            es += 1  # Hit the Dirt! (+1/+0), always active
    smoke = 0
    if target.smoke:
        smoke = 1
    if s >= 0 and shooter_space >= 0 and st.smoke:
        for sp in grid.line_of_fire(shooter_space, s):
            if sp in st.smoke:
                smoke = 2
                break
    elif s >= 0 and s in st.smoke:
        smoke = 2
    es += smoke
    ec += smoke  # Smoke Screen and Smoke Grenade do not stack (rulebook)
    if st._options["night"]:
        es += 1
        ec += 1
    if st.weather == "rain":
        es += 1
        ec += 1
    elif st.weather == "storm":
        es += 2
        ec += 2
    if target.cover:
        es += 1
        ec += 1
    guard = 0 if st._options["successful_hit_table"] else target.guard  # §11.3.1: You Missed spares instead
    es += target.evasion_perm + guard
    ec += target.evasion_perm + guard
    return es, ec


def numbers(
    st: PacificFields,
    shooter: Unit,
    weapon: UpgradeToken | None,
    target: Unit | None,
    *,
    shot_index: int = 0,
    assault: bool = False,
    dist: int = 0,
    target_hq: bool = False,
) -> Attack:
    """The attack's final Accuracy, Armour-piercing and Damage (§7.1-7.4, abilities §9)."""
    rng, hit, crit, pierce, damage = weapon_stats(shooter, weapon)
    pen = shooter.wounds + (1 if shooter.usf else 0)
    table = st._options["successful_hit_table"]
    bonus = shooter.promotions + (0 if table else shooter.acc_turn)  # §11.3.1: Fortunate moves the cell
    crit_std = False
    main = weapon is None
    if main and shot_index == 1 and shooter.card.second_gun is not None:
        pierce, damage = shooter.card.second_gun  # §7.8: the second gun, same Accuracy
    elif main and shot_index > 0:
        pen += shot_index  # Multiple (X): +1/+1 per extra attack
    long_range = main and shooter.has("long-range") and shooter.space >= 0
    if long_range and dist == st.weapon_range(shooter, rng, True) and dist > st.weapon_range(shooter, rng, False):
        pen += 3  # Long Range: +3/+3 at the longest range
    if main and shooter.has("self-propelled") and shooter.space >= 0:
        base = st.weapon_range(shooter, rng, True)
        if dist > base:
            pen += dist - base  # §11.4
            crit_std = True
    if assault:
        bonus += 1 + (1 if shooter.has("blasting-charge") else 0) + shooter.assault_bonus
    if shooter.has("mountaineers") and shooter.space >= 0 and "mountain" in st.terrain_tags(shooter.space):
        bonus += 1
    for iid in shooter.attached:
        sc = st.support_card(iid)
        if sc is not None and sc.hero:
            bonus += sc.hero_accuracy  # §11.12
    if target is not None:
        if shooter.has("assault-gun") and target.card.type == "infantry":
            bonus += 1
        if shooter.has("ground-attack") and target.space >= 0:
            bonus += 1
        if shooter.has("fighter-bomber") and target.has("bomber"):
            bonus += 1
        if target.card.type == "tank":
            if shooter.has("heat"):
                pierce += 1
            if shooter.has("anti-tank"):
                damage += 1
        if main and shooter.has("ordnance") and target.space >= 0:
            t = st.terrain_card(target.space)
            if t is not None and "building" in t.tags and st.terrain[target.space] not in st.ruins:
                pierce += 2
                damage += 2
        if target.has("dive-bomber") and shooter.has("anti-aircraft"):
            pen += 1
        if target.has("impenetrable"):
            crit_std = True
        es, ec = evasion(st, target, shooter.space, assault)
    else:
        es = ec = 0
    # Ground Attack does not apply against the HQ (rulebook): target None gives no bonus
    damage += shooter.damage_bonus
    a = Attack(clamp(hit + es + pen - bonus), clamp(crit + ec + pen - bonus), pierce, damage, crit_std)
    if table:  # §11.3.1
        a.shift = shooter.acc_turn
        a.extra = shooter.damage_bonus
        a.spared = target is not None and target.guard > 0
    return a


def roll_result(st: PacificFields, a: Attack, armour: int, shield: bool = True) -> tuple[str, int]:
    """Roll (or look up, §11.3) one attack: ("miss"|"hit"|"critical"|"blocked", wounds).

    ``shield`` is False for the HQ: the shielding roll is the units' (§11.2)."""
    if a.pierce < armour:
        return "blocked", 0
    if st._options["successful_hit_table"]:
        if a.spared:
            return "miss", 0  # §11.3.1: You Missed, the unit suffers no damage
        row = 10 - a.hit
        col = 10 - a.crit + (a.pierce - armour) + a.shift
        if col > 9:
            return "critical", DESTROYED
        return "hit", HIT_TABLE[row][col] + a.extra
    roll = st.roll(10)  # a 0 counts as 10 (§7.1)
    if roll >= a.crit and not a.crit_as_standard:
        kind, wounds = "critical", a.damage + 1
    elif roll >= a.hit:
        kind, wounds = "hit", a.damage
    else:
        return "miss", 0
    if shield and st._options["shielding_roll"] and st.roll(10) <= armour:  # §11.2: units only
        return "shielded", 1 if kind == "critical" else 0
    return kind, wounds


def in_building(st: PacificFields, u: Unit) -> bool:
    """Is the unit inside a Building (a terrain card with the tag, not yet flipped to ruins)?"""
    if u.space < 0:
        return False
    t = st.terrain_card(u.space)
    return t is not None and "building" in t.tags and st.terrain[u.space] not in st.ruins


def flames(st: PacificFields, weapon: UpgradeToken | None, target: Unit) -> bool:
    """Upgrade tokens, Flamethrower: against a unit inside a Building the weapon ignores its Armour
    and always deals damage, the die only deciding a critical hit (rulebook)."""
    return weapon is not None and weapon.effect == "flamethrower" and in_building(st, target)


def flame_result(st: PacificFields, a: Attack) -> tuple[str, int]:
    """A flamethrower on a unit inside a Building: a sure hit; the die rolls only for a critical.

    With the Successful Hit Table (§11.3) the Armour counts as 0, so the cell moves right by the
    whole Armour-piercing and the attack never fails."""
    if st._options["successful_hit_table"]:
        return roll_result(st, a, 0, shield=False)
    if st.roll(10) >= a.crit and not a.crit_as_standard:
        return "critical", a.damage + 1
    return "hit", a.damage


def rolled(st: PacificFields, mark: object) -> dict[str, list[int]]:
    """§7.1 The d10s rolled since ``mark``, as an attack event's ``rolls`` field, so the log shows
    the dice; none where no die was rolled (the armour held, the Successful Hit Table)."""
    rolls = [int(e[2]) for e in st.log_entries_since(mark) if e[0] == "die"]
    return {"rolls": rolls} if rolls else {}


def resolve_on_unit(
    st: PacificFields,
    shooter: Unit | None,
    a: Attack,
    target: Unit,
    events: list[Event],
    source: str,
    flame: bool = False,
) -> None:
    """One attack on a unit; ``flame``: a flamethrower on a unit inside a Building (no Armour, no
    shielding roll: the roll is made against the Armour it ignores)."""
    mark = st.log_mark()
    if flame:
        kind, wounds = flame_result(st, a)
    else:
        kind, wounds = roll_result(st, a, st.effective_armour(target))
    events.append(
        public(
            "attack",
            source=source,
            target=-1 if target.face_down else target.iid,
            space="hq" if target.space < 0 else grid.name(target.space),
            result=kind,
            wounds=wounds,
            hit=a.hit,
            crit=a.crit,
            **rolled(st, mark),
        )
    )
    if shooter is not None and st.phase == "shoot" and shooter.side == st.active:
        if target.attacked_by and shooter.iid not in target.attacked_by:
            target.usf = True  # §7.6
        if shooter.iid not in target.attacked_by:
            target.attacked_by.append(shooter.iid)
    if wounds:
        wound_unit(st, target, wounds, events)


def wound_unit(st: PacificFields, u: Unit, wounds: int, events: list[Event]) -> None:
    """§7.4; §15.4: the wounds of a carrier are also dealt to what it carries."""
    u.wounds += wounds
    c = u.cargo
    if c is not None:
        c.wounds += wounds
        if c.wounds >= c.hp:
            u.cargo = None
            discard_unit(st, c, events)
    if u.wounds >= u.hp:
        destroy(st, u, events)


def discard_unit(st: PacificFields, u: Unit, events: list[Event]) -> None:
    """A unit's card, its attached cards and whatever it carries go to their owners' discard piles."""
    for v in u.each():
        v.face_down = False  # a destroyed card goes face up to the discard pile
        pile = st.discards[v.owner]
        pile.put_top(v.iid)
        for iid in v.attached:
            pile.put_top(iid)
        events.append(public("destroyed", unit=v.iid, name=v.card.name))


def destroy(st: PacificFields, u: Unit, events: list[Event]) -> None:
    """§7.4: the card and everything attached to it go to the owner's discard pile."""
    if u.iid not in st.units:
        return
    # §12.2: only a loss that shortens the AI's Supply Line in the player's turn cuts it
    watch = st.solo and u.space >= 0 and u.side == 1 - st.active
    supply = st.supply_line(u.side) if watch else 0
    del st.units[u.iid]
    if u.space >= 0:
        st.board[u.space] = -1
        if st._options["upgrade_drop"] and u.card.type == "infantry":  # §11.10
            left = [t.up.id for t in u.tokens if t.up.offensive and not t.spent]
            if left:
                st.drops.setdefault(u.space, []).extend(left)
        if watch and st.supply_line(u.side) < supply:
            st.supply_broken[u.side] = True
    discard_unit(st, u, events)


def damage_hq(st: PacificFields, side: int, wounds: int, events: list[Event]) -> None:
    st.hq_wounds[side] += wounds
    events.append(public("hq-damaged", side=side, wounds=wounds))
    if st.hq_wounds[side] >= HQ_HP:  # §8.2
        st.over = True
        st.end_reason = "hq"
        st.winner = 1 - side


def attack_hq(st: PacificFields, shooter: Unit, a: Attack, side: int, events: list[Event], source: str) -> None:
    mark = st.log_mark()
    kind, wounds = roll_result(st, a, st.hq_armour(side), shield=False)
    events.append(public("attack-hq", source=source, side=side, result=kind, wounds=wounds, **rolled(st, mark)))
    if wounds:
        damage_hq(st, side, min(wounds, 12), events)


def attack_terrain(st: PacificFields, s: int, a: Attack, flame: bool, ordnance: bool, events: list[Event]) -> None:
    """§8.1: terrain with Hit Points; a Building flips to ruins; a flamethrower hits buildings automatically."""
    iid = st.terrain[s]
    t = st.db.terrain[st.cards[iid]]
    if "indestructible" in t.tags or st.terrain_hp.get(iid, 0) <= 0:
        return
    building = "building" in t.tags and iid not in st.ruins
    mark = st.log_mark()
    if flame and building:
        kind, wounds = "hit", a.damage
    else:
        kind, wounds = roll_result(st, a, 0)
    if ordnance and building and wounds:
        wounds += 2
    events.append(public("attack-terrain", space=grid.name(s), result=kind, wounds=wounds, **rolled(st, mark)))
    if not wounds:
        return
    st.terrain_hp[iid] -= min(wounds, DESTROYED)
    if st.terrain_hp[iid] <= 0:
        if building:
            st.ruins.append(iid)
            st.terrain_hp[iid] = 0
            events.append(public("ruins", space=grid.name(s)))
        else:
            st.remove_terrain(iid)
            events.append(public("terrain-destroyed", space=grid.name(s)))


def tactical_artillery(n: int) -> Attack:
    """§11.1, rulebook table: n AP give Armour-piercing n and Accuracy (11-n)+/(11-n)+."""
    return Attack(clamp(11 - n), clamp(11 - n), n, 1)


def destroy_quietly(st: PacificFields, u: Unit) -> None:
    """An aircraft that has flown its mission goes to the discard pile (rulebook)."""
    del st.units[u.iid]
    pile = st.discards[u.owner]
    pile.put_top(u.iid)
    for iid in u.attached:
        pile.put_top(iid)
