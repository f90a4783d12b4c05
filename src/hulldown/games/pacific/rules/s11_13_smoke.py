"""§11.13 Smoke Grenades: an attack declared on a unit that may answer with smoke waits for its
owner; the attack (a shot, an assault or a support card's) goes on once the answer is in."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hulldown.engine import Event, public
from hulldown.games.pacific import actions as acts
from hulldown.games.pacific import combat
from hulldown.games.pacific.actions import MAIN
from hulldown.games.pacific.fields import Attack
from hulldown.games.pacific.ids import find_unit, target_internal, unit_on
from hulldown.games.pacific.rules.s01_battlefield import skill_user, where
from hulldown.games.pacific.rules.s07_shooting import fire
from hulldown.games.pacific.rules.s11_07_night import reveal
from hulldown.games.pacific.units import HQ_SPACE, Unit

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


def throw_smoke(st: PacificFields, u: Unit, k: int, events: list[Event]) -> None:
    """§11.13 a Smoke Grenade: the cloud envelops the unit (and a craft with everyone in it)."""
    reveal(st, u, events)
    tk = skill_user(u).tokens[k]  # §15.7: thrown from inside a landing craft
    tk.used = True
    if tk.up.single_use:
        tk.spent = True
    for v in u.each():
        v.smoke = True
    events.append(public("smoke-grenade", space=where(u)))


def declare_fire(st: PacificFields, a: acts.Fire, side: int, events: list[Event], window: bool = True) -> None:
    """§7.5 ``unit`` fires ``weapon`` at ``target``; an attack on a unit may first wait for a Smoke Grenade."""
    u = find_unit(st, a.unit, side)
    if u.cargo is not None and u.has("embark-disembark"):
        u = u.cargo  # §15.5: a landing craft has no gun; its space names its cargo's
    weapon = "main" if a.weapon == MAIN else str(a.weapon)
    target = target_internal(st, u, weapon, a.target)
    if window and target[0] == "u" and smoke_window(st, u, st.units[int(target[1:])], a.id, "fire", events):
        return
    fire(st, u, weapon, target, events)


def declare_assault(st: PacificFields, a: acts.Assault, side: int, events: list[Event], window: bool = True) -> None:
    """§6.4 the infantry on ``frm`` assaults ``target``: the target gets no Evasion from terrain."""
    u = unit_on(st, a.frm)
    e = unit_on(st, a.target)
    reveal(st, u, events)  # an assault is an attack (§11.7: a unit that fires is face up)
    if window and smoke_window(st, u, e, a.id, "assault", events):
        return
    atk = combat.numbers(st, u, None, e, assault=True, dist=1)
    u.moved = True
    u.no_fire = True
    combat.resolve_on_unit(st, u, atk, e, events, "assault")


def smoke_tokens(u: Unit) -> list[int]:
    """§11.13 Positions of the unit's Smoke Grenade (or Smoke Canister) tokens it can still throw."""
    return [k for k, t in enumerate(u.tokens) if t.up.effect == "smoke-grenade" and not t.used and not t.spent]


def smoke_answers(st: PacificFields, target: Unit) -> bool:
    """§11.13: an attack on ``target`` waits for its owner's Smoke Grenade: a seat's unit on the
    battlefield, not already in smoke, holding one it can still throw (the solo AI never throws
    smoke as a reaction)."""
    return not (target.smoke or target.space < 0 or st.is_ai_side(target.side)) and bool(
        smoke_tokens(skill_user(target))
    )


def smoke_window(
    st: PacificFields,
    shooter: Unit | None,
    target: Unit,
    aid: str,
    kind: str,
    events: list[Event],
    side: int = -1,
) -> bool:
    """§11.13: a Smoke Grenade may be thrown at any time, in the opponent's turn too, before the
    dice are rolled: an attack declared on a unit that holds one waits for its owner's choice
    (``smoke:UNIT:K`` / ``no-smoke``). True when the attack now waits. ``shooter`` is None for an
    attack support card (``aid`` is then the card's id and ``side`` the side playing it)."""
    if not smoke_answers(st, target):
        return False
    if shooter is not None:
        reveal(st, shooter, events)  # the attacker is declared before the defender answers
        side = shooter.side
    st.pending_smoke = {
        "action": aid, "kind": kind, "side": side, "shooter": -1 if shooter is None else shooter.iid,
        "space": HQ_SPACE if shooter is None else shooter.space,
        "target": target.iid, "return": st.actor, "phase": st.phase,
    }  # fmt: skip
    st.phase = "smoke"
    st.actor = target.owner
    return True


def resume_attack(st: PacificFields, events: list[Event]) -> None:
    """§11.13 The defender has chosen (§11.13): the declared attack is made."""
    ps = st.pending_smoke
    assert ps is not None
    st.pending_smoke = None
    st.phase = ps["phase"]
    st.actor = ps["return"]
    if ps["kind"] == "ai-fire":
        return  # the AI's Shooting phase makes the shot when it resumes (ai.shooting)
    declared = acts.parse(ps["action"]) if ps["kind"] in ("fire", "assault") else None
    if isinstance(declared, acts.Fire):
        declare_fire(st, declared, ps["side"], events, window=False)
    elif ps["kind"] == "support":
        support_attack(st, ps["action"], st.units[ps["target"]], events)
    elif isinstance(declared, acts.Assault):
        declare_assault(st, declared, ps["side"], events, window=False)


def support_attack(st: PacificFields, card: str, u: Unit, events: list[Event]) -> None:
    """§11.13.3 An attack support card (Shrapnel, Traps, AT mine): its own numbers plus the target's Evasion."""
    sc = st.db.support[card]
    es, ec = combat.evasion(st, u, -1, False)
    atk = Attack(min(10, sc.hit + es), min(10, sc.crit + ec), sc.pierce, sc.damage)
    combat.resolve_on_unit(st, None, atk, u, events, sc.id)
