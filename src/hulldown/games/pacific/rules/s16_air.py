"""§16 Air combat: aircraft bays beside the HQ (§16.1), interception, escort and AA (§16.1),
paratroopers' drops (§16.3), and the attack once every reaction is in."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal

from hulldown.engine import Action, Event, public
from hulldown.games.pacific import actions as acts
from hulldown.games.pacific import combat, grid
from hulldown.games.pacific.actions import WORDS
from hulldown.games.pacific.hook import active
from hulldown.games.pacific.ids import BAYS
from hulldown.games.pacific.labels import named
from hulldown.games.pacific.offers import make
from hulldown.games.pacific.rules.s01_battlefield import by_iid, ev_id
from hulldown.games.pacific.rules.s10_multiplayer import slots_of
from hulldown.games.pacific.rules.s11_07_night import reveal
from hulldown.games.pacific.units import HQ_SPACE, Unit

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields

NO_INTERCEPT: Final = WORDS["no-intercept"]


NO_ESCORT: Final = WORDS["no-escort"]


AA_DONE: Final = WORDS["aa-done"]


def free_bay(st: PacificFields, side: int) -> int:
    """§16.1 The lowest free bay beside ``side``'s HQ (1..BAYS), 0 when all are taken."""
    taken = {u.bay for u in st.units.values() if u.space == HQ_SPACE and u.side == side}
    for b in range(1, BAYS + 1):
        if b not in taken:
            return b
    return 0


def air_reactions(st: PacificFields) -> list[Action]:
    """§16.1 The defender's interception, the attacker's escort, then the defender's AA."""
    air = st.pending_air
    assert air is not None
    ph = st.phase
    if ph == "intercept":
        return [
            *(
                make(acts.Intercept, st.units[f].bay, who=named(st.units[f], air["def"]))
                for f in air_fighters(st, air["def"])
            ),
            NO_INTERCEPT,
        ]
    if ph == "escort":
        return [
            *(
                make(acts.Escort, st.units[f].bay, who=named(st.units[f], 1 - air["def"]))
                for f in air_fighters(st, 1 - air["def"], exclude=air["plane"])
            ),
            NO_ESCORT,
        ]
    return [
        *(make(acts.AntiAircraft, st.units[a].space, who=named(st.units[a], air["def"])) for a in aa_units(st)),
        AA_DONE,
    ]


def air_fighters(st: PacificFields, side: int, exclude: int = -1) -> list[int]:
    """§16.1 The side's fighters beside its HQ, which may intercept or escort."""
    return [
        u.iid
        for u in sorted(st.units.values(), key=by_iid)
        if u.side == side and u.space == HQ_SPACE and u.has("fighter") and u.iid != exclude
    ]


def aa_units(st: PacificFields) -> list[int]:
    """§16: AA units of the defender that have the attacked target within range, once per turn."""
    air = st.pending_air
    assert air is not None
    out = []
    for u in sorted(st.units.values(), key=by_iid):
        if u.side != air["def"] or u.space < 0 or not u.has("anti-aircraft") or u.aa_used:
            continue
        tgt = air["target"]
        if tgt == "hq" or (
            tgt.startswith("u") and st.units.get(int(tgt[1:]), None) is not None and st.units[int(tgt[1:])].space < 0
        ):
            d = grid.hq_distance(air["def"], u.space)
        else:
            d = grid.distance(u.space, st.units[int(tgt[1:])].space) if int(tgt[1:]) in st.units else 99
        if d <= st.weapon_range(u, u.card.range, True):
            out.append(u.iid)
    return out


def start_air_attack(st: PacificFields, plane: Unit, target: str, events: list[Event]) -> None:
    """§16.1 The attacker declares the target; then intercept, escort and AA are declared in turn."""
    st.pending_air = {
        "plane": plane.iid, "target": target, "def": 1 - plane.side, "interceptor": -1, "escort": -1,
        "return": st.actor, "phase": st.phase,
    }  # fmt: skip
    events.append(
        public(
            "air-attack",
            unit=plane.iid,
            name=plane.card.name,
            target_unit=-1 if target == "hq" else ev_id(st.units[int(target[1:])]),
        )
    )
    if air_fighters(st, 1 - plane.side):
        _set_reaction(st, "intercept", 1 - plane.side, events)
        return
    _after_intercept(st, events)


def _set_reaction(
    st: PacificFields, phase: Literal["aa", "intercept", "escort"], side: int, events: list[Event]
) -> None:
    """§16.1 Hand the reaction ``phase`` to ``side`` (the solo AI answers at once, §12)."""
    if st.is_ai_side(side):
        st.phase = phase
        active().air_reaction(st, phase, events)
        return
    st.phase = phase
    st.actor = slots_of(st, side)[0]


def _after_intercept(st: PacificFields, events: list[Event]) -> None:
    """§16.1 After interception and escort: AA when there is any, else the attack."""
    air = st.pending_air
    assert air is not None
    if aa_units(st):
        _set_reaction(st, "aa", air["def"], events)
        return
    resolve_air(st, events)


def air_step(st: PacificFields, kind: str, uid: int, events: list[Event]) -> None:
    """§16.1 One reaction chosen (a fighter, an AA unit, or none) and the next one asked."""
    air = st.pending_air
    assert air is not None
    if uid in st.units:
        reveal(st, st.units[uid], events)  # intercepting, escorting and AA fire are attacks
    if kind == "intercept":
        air["interceptor"] = uid
        if air_fighters(st, 1 - air["def"], exclude=air["plane"]):
            _set_reaction(st, "escort", 1 - air["def"], events)
            return
        _after_intercept(st, events)
    elif kind == "no-intercept":
        _after_intercept(st, events)
    elif kind == "escort":
        air["escort"] = uid
        _after_intercept(st, events)
    elif kind == "no-escort":
        _after_intercept(st, events)
    elif kind == "aa":
        # step 1: AA fires at the escort if there is one, else at the attacking aircraft
        aa = st.units[uid]
        aa.aa_used = True
        tgt = air["escort"] if air["escort"] in st.units else air["plane"]
        plane = st.units[tgt]
        atk = combat.numbers(st, aa, None, plane)
        combat.resolve_on_unit(st, aa, atk, plane, events, aa.card.name)
        if aa_units(st) and (air["plane"] in st.units):
            return
        if air.get("para"):
            end_reaction(st)
            return
        resolve_air(st, events)
    elif kind == "aa-done":
        if air.get("para"):
            end_reaction(st)
            return
        resolve_air(st, events)


def paratroopers_aa(st: PacificFields, para: Unit, events: list[Event]) -> bool:
    """§16.3: enemy AA units with the drop space in range may fire at the paratroopers (no
    interception). True when a player's AA decision now waits."""
    st.pending_air = {
        "plane": para.iid, "target": f"u{para.iid}", "def": 1 - para.side, "interceptor": -1, "escort": -1,
        "return": st.actor, "phase": st.phase, "para": True,
    }  # fmt: skip
    if aa_units(st):
        events.append(public("paratroopers", unit=ev_id(para), space=grid.name(para.space)))
        if st.is_ai_side(1 - para.side):  # the AI fires every AA unit it can, one by one
            st.phase = "aa"
            _ai_fires_aa(st, events)
            return False
        _set_reaction(st, "aa", 1 - para.side, events)
        return True
    st.pending_air = None
    return False


def _ai_fires_aa(st: PacificFields, events: list[Event]) -> None:
    """§16.3 The AI's AA units fire one by one until the attack is resolved.

    A function of its own so that ``st.pending_air`` is read as declared: just after
    the caller set it, a type checker (and the compiled build) would take it for
    never ``None``, though each reaction may clear it.
    """
    while st.pending_air is not None and st.phase == "aa":
        active().air_reaction(st, "aa", events)


def end_reaction(st: PacificFields) -> None:
    """§16.1 Play returns to the phase and seat the air attack interrupted."""
    air = st.pending_air
    assert air is not None
    st.phase = air["phase"]
    st.actor = air["return"]
    st.pending_air = None


def resolve_air(st: PacificFields, events: list[Event]) -> None:
    """§16.1 Steps 2-5 of the rulebook's firing order: escort, bomber HMG, interceptor, the attack."""
    air = st.pending_air
    assert air is not None
    plane_id, icp, esc = air["plane"], air["interceptor"], air["escort"]
    if esc in st.units and icp in st.units:
        e = st.units[esc]
        combat.resolve_on_unit(st, e, combat.numbers(st, e, None, st.units[icp]), st.units[icp], events, e.card.name)
    if plane_id in st.units and icp in st.units:
        p = st.units[plane_id]
        for t in p.tokens:
            if t.up.is_weapon and icp in st.units:
                combat.resolve_on_unit(
                    st, p, combat.numbers(st, p, t.up, st.units[icp]), st.units[icp], events, p.card.name
                )
    if icp in st.units and plane_id in st.units:
        i = st.units[icp]
        combat.resolve_on_unit(
            st, i, combat.numbers(st, i, None, st.units[plane_id]), st.units[plane_id], events, i.card.name
        )
    if plane_id in st.units:
        p = st.units[plane_id]
        tgt = air["target"]
        if tgt == "hq":
            combat.attack_hq(st, p, combat.numbers(st, p, None, None, target_hq=True), air["def"], events, p.card.name)
        else:
            victims = [int(tgt[1:])]
            e0 = st.units.get(victims[0])
            if p.has("bomber") and e0 is not None and e0.space >= 0:  # Bomber: the row's neighbours too
                r, c = grid.rc(e0.space)
                # §16.2: one after another along the row, in column order (the Mosquito example)
                victims = [
                    st.board[grid.space(r, cc)]
                    for cc in (c - 1, c, c + 1)
                    if 0 <= cc < grid.COLS and st.board[grid.space(r, cc)] >= 0
                ]
            for v in victims:
                if v in st.units and p.iid in st.units:
                    e = st.units[v]
                    combat.resolve_on_unit(st, p, combat.numbers(st, p, None, e), e, events, p.card.name)
    for done in (plane_id, icp, esc):  # aircraft are discarded after use
        if done in st.units:
            combat.destroy_quietly(st, st.units[done])
    st.phase = air["phase"]
    st.actor = air["return"]
    st.pending_air = None
    if st.hq_wounds[0] >= 12 or st.hq_wounds[1] >= 12:
        st.over = True
