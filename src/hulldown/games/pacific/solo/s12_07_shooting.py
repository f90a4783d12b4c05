"""§12.7 Shooting: the order of fire, the target priority, Promotion and Fortunate."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hulldown.engine import Event
from hulldown.games.pacific import combat, grid
from hulldown.games.pacific.rules.s05_deployment import play_support
from hulldown.games.pacific.rules.s07_shooting import fire, fire_targets, shots_left
from hulldown.games.pacific.rules.s11_13_smoke import smoke_answers, smoke_window
from hulldown.games.pacific.solo.s12_00_common import audited, objective_spaces
from hulldown.games.pacific.solo.s12_05_placement import support_choice
from hulldown.games.pacific.solo.s12_12_night import hidden_foe, known
from hulldown.games.pacific.solo.words import Said, note
from hulldown.games.pacific.units import HQ_SPACE, Unit

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


def target_priority(st: PacificFields, shooter: Unit, options: list[tuple[str, Any]]) -> tuple[str, str]:
    """§12.7: costly unit a standard hit destroys, the HQ, wounded units, units nearest the AI HQ, terrain."""
    tid, why = target_choice(st, shooter, options)
    return tid, why.render()


def target_choice(st: PacificFields, shooter: Unit, options: list[tuple[str, Any]]) -> tuple[str, Said]:
    """§12.7 :func:`target_priority` with its reason as a catalog message, for the AI's log."""
    best: tuple[Any, ...] | None = None
    choice = ("", Said("ai.target.hq"))
    for tid, atk in options:
        if tid == "hq":
            key: tuple[Any, ...] = (1, 0, 0)
            why = Said("ai.target.hq")
        elif tid.startswith("t"):
            key = (4, 0, 0)
            why = Said("ai.target.terrain")
        else:
            e = known(st, st.units[int(tid[1:])])
            if hidden_foe(st, e):  # §12.12: its Hit Points unknown, never priority 1
                if e.wounds:
                    key = (2, atk.hit, 0, e.space)
                    why = Said("ai.target.hidden-wounded")
                else:
                    d = grid.hq_distance(shooter.side, e.space) if e.space >= 0 else 99
                    key = (3, d, atk.hit, 0 if e.attacked_by else 1, e.space)
                    why = Said("ai.target.hidden-nearest")
            elif atk.damage >= e.hp - e.wounds:
                key = (0, -e.card.cost, atk.hit)
                why = Said.of("ai.target.kill", unit=e.card.name)
            elif e.wounds:
                key = (2, atk.hit, 0)
                why = Said.of("ai.target.wounded", unit=e.card.name)
            else:
                d = grid.hq_distance(shooter.side, e.space) if e.space >= 0 else 99
                key = (3, d, atk.hit, 0 if e.attacked_by else 1)
                why = Said.of("ai.target.nearest", unit=e.card.name)
        if best is None or key < best:
            best, choice = key, (tid, why)
    return choice


def breaks_supply(st: PacificFields, e: Unit) -> bool:
    """§12.7 Would the loss of the player's unit ``e`` break the player's Supply Line (§12.7)? It is the
    only unit of a row of that line."""
    if e.space < 0:
        return False
    row = e.space // grid.COLS
    alone = sum(1 for f in st.units.values() if f.side == e.side and f.space >= 0 and f.space // grid.COLS == row) == 1
    return alone and grid.own_row(e.side, e.space) <= st.supply_line(e.side)


def shooting(st: PacificFields, events: list[Event]) -> bool:
    """§12.7: farthest forward first, costliest first on ties; all main weapons, then the tokens. Promotion
    cards are played first (undamaged tank, else artillery or armed transport, else the first
    undamaged infantry that destroys an enemy unit); Fortunate when attacking the battle objective
    or a unit whose loss breaks the player's Supply Line.

    The phase is a queue in the state (``ai_shots``) so that it can wait for the player: a shot
    at a unit holding a Smoke Grenade is declared (logged, Fortunate played) and kept in
    ``ai_shot`` while the player decides (§11.13); an air attack waits for the player's
    interception, escort and AA (§16.1). True when the phase now waits; called again, it goes
    on where it stopped."""
    if st.ai_shots is None:
        _promote(st, None, events)
        order = sorted(
            (u for u in st.side_units(1) if u.space >= 0),
            key=lambda u: (-grid.own_row(1, u.space), -u.card.cost, u.iid),
        )
        order += [u for u in st.side_units(1) if u.space == HQ_SPACE and u.card.damage > 0]
        # §12.7: every unit's main weapon first, then the upgrades in the same order
        st.ai_shots = [(u.iid, -1) for u in order] + [(u.iid, k) for u in order for k in range(len(u.tokens))]
    queue = st.ai_shots
    while queue and not st.over:
        uid, k = queue[0]
        u = st.units.get(uid)
        if u is None or k >= len(u.tokens):  # gone, or a resampled guess without that token
            st.ai_shot = None
            queue.pop(0)
            continue
        if st.ai_shot is not None:  # the player has answered the declared shot: it is made now
            tid, fresh = st.ai_shot
            st.ai_shot = None
            if _ai_fire(st, u, k, tid, fresh, events):
                return True
            if k >= 0:
                queue.pop(0)
            continue
        if k < 0:
            if u.card.damage == 0 or shots_left(u) <= 0 or u.no_fire:
                queue.pop(0)
                continue
        else:
            tk = u.tokens[k]
            if tk.used or tk.spent or not tk.up.is_weapon or u.space == HQ_SPACE:
                queue.pop(0)
                continue
            if tk.up.mount and not tk.mounted and not audited(st):
                _mount(st, u, k)  # legacy: mounted before looking for a target
        opts = _options(st, u, k)
        if not opts:
            queue.pop(0)
            continue
        if k >= 0 and u.tokens[k].up.mount and not u.tokens[k].mounted:
            _mount(st, u, k)  # §12.14: mounted to fire, only when it has a target
        tid, why = target_choice(st, u, opts)
        _fortunate(st, u, tid, events)
        note(st, Said.of("ai.shooting", unit=u.card.name, target=why), events)
        fresh = u.wounds == 0
        victim = st.units.get(int(tid[1:])) if tid.startswith("u") else None
        if victim is not None and smoke_answers(st, victim):
            aid = f"fire:{'main' if k < 0 else k}:{tid}"
            st.ai_shot = (tid, fresh)
            smoke_window(st, u, victim, aid, "ai-fire", events)
            return True
        if _ai_fire(st, u, k, tid, fresh, events):
            return True
        if k >= 0:
            queue.pop(0)
    st.ai_shots = None
    return False


def _mount(st: PacificFields, u: Unit, k: int) -> None:
    """§12.7 Mount/Dismount: the weapon is mounted only to fire it (the unit moves no more while it stays so)."""
    tk = u.tokens[k]
    tk.mounted = True
    tk.mounted_turn = st.turn


def _options(st: PacificFields, u: Unit, k: int) -> list[tuple[str, Any]]:
    """§12.7 The targets of one weapon with the attack's numbers as the AI works them out; an
    unoccupied Terrain card only when the player's units are closer to it than the AI's (§12.14)."""
    opts = []
    for tid, _ in fire_targets(st, u, k):
        if tid.startswith("t") and audited(st) and not _player_closer(st, grid.parse(tid[1:])):
            continue
        up = None if k < 0 else u.tokens[k].up
        e = st.units.get(int(tid[1:])) if tid.startswith("u") else None
        if e is not None:
            e = known(st, e)  # §12.12: the numbers as the AI can work them out
        opts.append((tid, combat.numbers(st, u, up, e, shot_index=u.main_shots if k < 0 else 0)))
    return opts


def _player_closer(st: PacificFields, s: int) -> bool:
    """§12.7 target 5: are the player's units closer to the terrain space than the AI's units?"""
    near = [99, 99]
    for f in st.units.values():
        if f.space >= 0:
            near[f.side] = min(near[f.side], grid.distance(f.space, s))
    return near[0] < near[1]


def _ai_fire(st: PacificFields, u: Unit, k: int, tid: str, fresh: bool, events: list[Event]) -> bool:
    """§12.7 One AI attack (§12.7), then the Promotion of an undamaged infantry that destroyed an enemy
    unit. True when an air attack now waits for the player's reactions (§16.1)."""
    victim = st.units.get(int(tid[1:])) if tid.startswith("u") else None
    fire(st, u, "main" if k < 0 else str(k), tid, events)
    if victim is not None and victim.iid not in st.units and fresh and u.card.type == "infantry":
        _promote(st, u, events)
    return st.pending_air is not None


def _hand_support(st: PacificFields, effect: str) -> list[int]:
    """§12.7 The AI's support cards of one effect that it can pay now, costliest first."""
    out = [
        i
        for i in st.hands[1]
        if (sc := st.db.support.get(st.cards[i])) is not None and sc.effect == effect and sc.play_cost <= st.ap[1]
    ]
    return sorted(out, key=lambda i: (-st.db.support[st.cards[i]].play_cost, i))


def _promote(st: PacificFields, killer: Unit | None, events: list[Event]) -> None:
    """§12.7 Promotion: at the start of shooting on undamaged tanks, else undamaged artillery or
    armed transports; ``killer``: the undamaged infantry that has just destroyed an enemy unit."""
    while cards := _hand_support(st, "promotion"):
        sc = st.db.support[st.cards[cards[0]]]
        if killer is None:
            target, why = support_choice(st, sc, "mid", phase="shoot")
            if target < 0:
                return
        else:
            if killer.iid not in st.units or killer.wounds:
                return
            target, why = killer.iid, Said.of("ai.promo-killer", unit=killer.card.name)
        play_support(st, 1, cards[0], target, events)
        note(st, why, events)
        if killer is not None:
            return


def _fortunate(st: PacificFields, u: Unit, tid: str, events: list[Event]) -> None:
    """§12.7: Fortunate (accuracy for the turn) on the attacker when it attacks the battle
    objective (the HQ, or a unit on a scenario objective) or a unit whose loss breaks the player's
    Supply Line; once a unit."""
    if u.acc_turn or u.space == HQ_SPACE:
        return
    cards = _hand_support(st, "accuracy-turn")
    if not cards:
        return
    if tid == "hq":
        why = Said("ai.fortune.hq")
    elif tid.startswith("u") and (e := st.units.get(int(tid[1:]))) is not None:
        e = known(st, e)
        if e.space in objective_spaces(st):
            why = Said.of("ai.fortune.objective", unit=e.card.name)
        elif breaks_supply(st, e):
            why = Said.of("ai.fortune.supply", unit=e.card.name)
        else:
            return
    else:
        return
    sc = st.db.support[st.cards[cards[0]]]
    play_support(st, 1, cards[0], u.iid, events)
    note(st, Said.of("ai.fortune", card=sc.name, unit=u.card.name, why=why), events)
