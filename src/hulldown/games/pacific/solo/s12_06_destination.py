"""§12.6 Movement tables: the row each behaviour aims at and where one unit goes this turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hulldown.engine import Event
from hulldown.games.pacific import grid
from hulldown.games.pacific.solo.s12_00_common import by_die, chain_length, gives_cover, held_rows, objective_spaces
from hulldown.games.pacific.solo.s12_12_night import known
from hulldown.games.pacific.solo.words import Said, note, row
from hulldown.games.pacific.units import Unit

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


#: §12.6 the movement table's name of each behaviour
MOVE_NAME = {
    "variable": {"initial": "Secure Rows", "low": "Secure Rows", "mid": "Advance", "high": "Attack"},
    "offensive": {"initial": "Advance Rows", "low": "Advance", "mid": "Overcome", "high": "Attack"},
    "defensive": {"initial": "Reinforce Rows", "low": "Secure Rows", "mid": "Reinforce", "high": "Overcome"},
}


#: §12.6 the rulebook row the movement aims at (rows counted from the player's HQ: 6 is the AI's
#: deployment line); the AI's own row is 7 minus it.
MOVE_ROW = {
    "variable": {"initial": 5, "low": 5, "mid": 3, "high": 1},
    "offensive": {"initial": 4, "low": 4, "mid": 3, "high": 2},
    "defensive": {"initial": 5, "low": 5, "mid": 4, "high": 3},
}


def aim_row(st: PacificFields, b: str, table: str, held: list[int], side: int = 1) -> int:
    """§12.6 The own row the behaviour's movement aims at (§12.6; a scenario objective replaces it)."""
    objectives = objective_spaces(st)
    if objectives and not (table == "defensive" and b == "initial" and held[1] + held[2] < 2):
        return max(grid.own_row(side, o) for o in objectives)
    return 7 - MOVE_ROW[table][b]


def _threats(st: PacificFields, u: Unit) -> list[Unit]:
    """§12.6 Enemy units that have ``u`` in range and can damage it (§12.6 "within range of enemy units
    that might cause damage")."""
    return [
        k for e in st.units.values()
        if e.side != u.side and e.space >= 0 and grid.distance(e.space, u.space) <= (k := known(st, e)).card.range
        and k.card.damage > 0 and k.card.pierce >= st.effective_armour(u)
    ]  # fmt: skip


def treats(u: Unit) -> tuple[str, ...]:
    """§12.6 The unit types a Heal (infantry, artillery) or Repair (artillery, tank, transport) unit assists."""
    heal = u.has("heal") or any(t.up.effect == "heal" for t in u.tokens)
    repair = u.has("repair") or any(t.up.effect == "repair" for t in u.tokens)
    return (("infantry", "artillery") if heal else ()) + (("artillery", "tank", "transport") if repair else ())


def has_supplies(u: Unit) -> bool:
    """§12.6 Does the unit carry a Supplies token?"""
    return any(t.up.id == "supplies" or t.up.effect == "supplies" for t in u.tokens)


def _back(st: PacificFields, u: Unit, dests: list[int]) -> int:
    """§12.6 moving back: towards the HQ as far as the MP allow (cover first); -1 if it cannot."""
    here = grid.own_row(u.side, u.space)
    back = [s for s in dests if grid.own_row(u.side, s) < here]
    if not back:
        return -1
    return min(back, key=lambda s: (grid.own_row(u.side, s), 0 if gives_cover(st, s) else 1, s))


def _sideways(st: PacificFields, u: Unit, dests: list[int], foes: list[Unit]) -> int:
    """§12.6 "move sideways, away from the enemy unit": the same row, farthest from the foes."""
    if not foes:
        return -1
    row = u.space // grid.COLS
    side = [s for s in dests if s // grid.COLS == row]
    now = min(grid.distance(e.space, u.space) for e in foes)
    side = [s for s in side if min(grid.distance(e.space, s) for e in foes) > now]
    if not side:
        return -1
    return max(side, key=lambda s: (min(grid.distance(e.space, s) for e in foes), -s))


def unanswered_threats(st: PacificFields, u: Unit) -> list[Unit]:
    """§12.6 Enemy units that have ``u`` in range and that no AI unit's main weapon can damage (§12.6)."""
    out = []
    for e in st.units.values():
        if e.side == u.side or e.space < 0:
            continue
        e = known(st, e)
        if grid.distance(e.space, u.space) > e.card.range:
            continue
        if e.card.pierce < st.effective_armour(u) or e.card.damage == 0:
            continue
        armour = st.effective_armour(e)
        if not any(f.side == u.side and f.card.damage > 0 and f.card.pierce >= armour for f in st.units.values()):
            out.append(e)
    return out


#: where §12.6 sends a unit and why (None: it stays)
Where = tuple[int, Said] | None


def destination(st: PacificFields, u: Unit, dests: list[int], b: str, table: str, events: list[Event]) -> Where:
    """§12.6 Where one unit goes this turn (None: it stays), with the reason: a wounded unit in an
    enemy's range rolls, the special movers follow their own lines, the others go towards the
    behaviour's row."""
    here = grid.own_row(u.side, u.space)
    held = held_rows(st, u.side)
    chain = chain_length(st, u.side)
    last_of_line = held[here] == 1 and here <= chain
    plan = _special(st, u, dests, here, last_of_line, events)
    if not isinstance(plan, str):
        return plan
    if plan == "back":
        return _wounded_back(st, u, dests)
    if plan == "cover":
        return _to_cover(st, u, dests, here, last_of_line)
    return _towards_row(st, u, dests, b, table, held, last_of_line)


def _special(st: PacificFields, u: Unit, dests: list[int], here: int, last: bool, events: list[Event]) -> Where | str:
    """§12.6 The lines of the table before the behaviour's row: a wounded unit's roll, the units
    that generate AP, Supplies, Heal and Repair, units without a gun and units an enemy threatens
    that no AI unit can damage. A mode (``back``, ``cover``, ``normal``) when the move is left to
    those steps."""
    threats = _threats(st, u)
    if u.wounds and threats:
        r = st.roll(10)
        if u.wounds == 1:
            mode = "back" if r <= 2 else "cover" if r <= 6 else "normal"
        else:
            mode = "back" if r <= 5 else "cover" if r <= 8 else "normal"
        note(st, Said.of("ai.wounded", unit=u.card.name, roll=r, mode=Said(f"ai.wounded.{mode}")), events)
        return mode
    if "generates-ap" in u.card.tags and "command-group" in u.card.tags:
        return _command_group(st, u, dests, here, last, threats)
    if "generates-ap" in u.card.tags:
        return _radio_operator(st, u, dests, last, threats)
    if u.card.type == "transport" and has_supplies(u):
        return _supplies(st, u, dests, here)
    return _assist_or_evade(st, u, dests, last)


def _command_group(st: PacificFields, u: Unit, dests: list[int], here: int, last: bool, threats: list[Unit]) -> Where:
    """§12.6 A Command Group: forward only out of the enemy's range, at most to row 4 (own row 3);
    in range, back, else sideways away from the enemy."""
    side = u.side
    if not threats:
        fwd = [s for s in dests if here < grid.own_row(side, s) <= 3]
        fwd = [
            s
            for s in fwd
            if not [
                e
                for e in st.units.values()
                if e.side != side
                and e.space >= 0
                and grid.distance(e.space, s) <= known(st, e).card.range
                and known(st, e).card.damage > 0
            ]
        ]
        if fwd and not last:
            top = max(grid.own_row(side, s) for s in fwd)
            best = sorted(s for s in fwd if grid.own_row(side, s) == top)
            return by_die(st, best), Said("ai.dest.command-forward")
        return None
    s = _back(st, u, dests)
    if s >= 0:
        return s, Said("ai.dest.command-back")
    s = _sideways(st, u, dests, threats)
    return (s, Said("ai.dest.command-sideways")) if s >= 0 else None


def _radio_operator(st: PacificFields, u: Unit, dests: list[int], last: bool, threats: list[Unit]) -> Where:
    """§12.6 Any other unit that generates AP (Radio Operator, Radio Link): on cover it stays; else
    1 space onto adjacent cover; else back; else sideways away from a threatening enemy."""
    if gives_cover(st, u.space):
        return None
    near = [s for s in dests if grid.distance(s, u.space) == 1 and gives_cover(st, s)]
    if near:
        return by_die(st, sorted(near)), Said("ai.dest.radio-cover")
    s = _back(st, u, dests)
    if s >= 0 and (threats or not last):
        return s, Said("ai.dest.radio-back")
    s = _sideways(st, u, dests, threats)
    return (s, Said("ai.dest.radio-sideways")) if s >= 0 else None


def _supplies(st: PacificFields, u: Unit, dests: list[int], here: int) -> Where:
    """§12.6 A transport with Supplies drives towards row 6 with all its MP, onto cover if it can."""
    side = u.side
    why = Said("ai.dest.supplies")
    if here == 1:  # already on row 6: only onto cover there
        cov = [s for s in dests if grid.own_row(side, s) == 1 and gives_cover(st, s)]
        return (by_die(st, sorted(cov)), why) if cov and not gives_cover(st, u.space) else None
    low = min(grid.own_row(side, s) for s in dests)
    if low >= here:
        return None
    best = [s for s in dests if grid.own_row(side, s) == low]
    cov = [s for s in best if gives_cover(st, s)]
    return by_die(st, sorted(cov or best)), why


def _assist_or_evade(st: PacificFields, u: Unit, dests: list[int], last: bool) -> Where | str:
    """§12.6 Heal and Repair units go to the wounded units they can assist; a unit without a gun
    seeks cover; a unit an enemy threatens that no AI unit can damage leaves its range."""
    kinds = treats(u)
    wounded = [f for f in st.units.values() if f.side == u.side and f.space >= 0 and f is not u
               and f.wounds and f.card.type in kinds]  # fmt: skip
    if wounded:
        if any(grid.distance(f.space, u.space) <= 1 for f in wounded):
            return None
        d = {s: min(grid.distance(s, f.space) for f in wounded) for s in dests}
        now = min(grid.distance(u.space, f.space) for f in wounded)
        best_d = min(d.values())
        if best_d < now and not last:
            return by_die(st, sorted(s for s in dests if d[s] == best_d)), Said("ai.dest.heal")
    if u.card.damage == 0 and u.cargo is None:
        return "cover"
    danger = unanswered_threats(st, u)
    if danger:
        safe = [s for s in dests if all(grid.distance(e.space, s) > e.card.range for e in danger)]
        if safe:
            s = min(safe, key=lambda s: (0 if gives_cover(st, s) else 1, grid.distance(s, u.space), s))
            return s, Said("ai.dest.evade")
    return "normal"


def _wounded_back(st: PacificFields, u: Unit, dests: list[int]) -> Where:
    """§12.6 A wounded unit's roll sends it back; when it cannot go back, towards a Heal or Repair
    unit that can assist it."""
    s = _back(st, u, dests)
    if s >= 0:
        return s, Said("ai.dest.wounded-back")
    healers = [f for f in st.units.values() if f.side == u.side and f.space >= 0 and u.card.type in treats(f)]
    if healers:
        d = {s: min(grid.distance(s, f.space) for f in healers) for s in dests}
        now = min(grid.distance(u.space, f.space) for f in healers)
        nearest = min(d.values())
        if nearest < now:
            return by_die(st, sorted(s for s in dests if d[s] == nearest)), Said("ai.dest.wounded-healer")
    return None


def _to_cover(st: PacificFields, u: Unit, dests: list[int], here: int, last: bool) -> Where:
    """§12.6 To the nearest cover (1 space for a unit without a gun); the last unit of a row of the
    Supply Line stays on its row."""
    cov = [s for s in dests if gives_cover(st, s) and grid.distance(s, u.space) <= (1 if u.card.damage == 0 else 9)]
    cov = [s for s in cov if not (last and grid.own_row(u.side, s) != here)]
    if not cov or gives_cover(st, u.space):
        return None
    return min(cov, key=lambda s: (grid.distance(s, u.space), s)), Said("ai.dest.cover")


def _towards_row(
    st: PacificFields, u: Unit, dests: list[int], b: str, table: str, held: list[int], last: bool
) -> Where:
    """§12.6 Towards the behaviour's row: a unit behind it fills the first empty row of its Supply
    Line on the way (never leaving a row of that line empty), a unit beyond it pulls back; among
    equal options cover, in Attack the spaces nearest the enemy HQ, then a die roll."""
    side = u.side
    here = grid.own_row(side, u.space)
    chain = chain_length(st, side)
    target_row = aim_row(st, b, table, held, side)
    if here > target_row:  # advanced units pull back
        want = target_row
    elif here < target_row:
        gap = chain + 1
        want = gap if here < gap <= target_row else target_row
        if last and not (table == "offensive" and b == "high" and here == chain):
            return None  # §12.6: never leave a row of the Supply Line empty
    else:
        return None
    cur = abs(here - want)
    opts = [s for s in dests if abs(grid.own_row(side, s) - want) < cur]
    if here < want:
        opts = [s for s in opts if grid.own_row(side, s) <= want]
    if not opts:
        return None
    best_d = min(abs(grid.own_row(side, s) - want) for s in opts)
    opts = [s for s in opts if abs(grid.own_row(side, s) - want) == best_d]
    if any(gives_cover(st, s) for s in opts):  # §12.6: several options: towards Evasion
        opts = [s for s in opts if gives_cover(st, s)]
    if b == "high" and len(opts) > 1:  # Attack: towards the enemy HQ
        dh = min(grid.hq_distance(1 - side, s) for s in opts)
        opts = [s for s in opts if grid.hq_distance(1 - side, s) == dh]
    return by_die(st, sorted(opts)), Said.of("ai.dest.row", line=row("move", table, b), row=7 - want)
