"""§12.6 Movement phase: each unit from the deployment line forward, the unloading of
transports, and Heal and Repair.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hulldown.engine import Event, public
from hulldown.games.pacific import grid
from hulldown.games.pacific.rules.s06_movement import can_move, move_destinations, move_unit
from hulldown.games.pacific.rules.s15_transport import may_unload, unload, unload_spaces
from hulldown.games.pacific.solo.s12_00_common import by_die, gives_cover, held_rows
from hulldown.games.pacific.solo.s12_06_destination import aim_row, destination, treats
from hulldown.games.pacific.solo.s12_06_pickups import board_waiting_carriers, fetch_with_empty_carriers
from hulldown.games.pacific.solo.s12_12_night import known
from hulldown.games.pacific.solo.words import Said, note, say
from hulldown.games.pacific.units import Unit

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


def movement(st: PacificFields, b: str, events: list[Event], table: str = "variable") -> None:
    """§12.6: from row 6 (the AI's deployment line) forward, each unit towards the behaviour's
    row, filling the first empty row of its Supply Line on the way and never leaving a row of that
    line empty; advanced units pull back; wounded units roll; units without a gun seek cover;
    Heal and Repair units go to the wounded; units that generate AP and Supplies transports keep
    safe; a loaded transport drives its cargo to the behaviour's row and unloads it there."""
    side = 1
    board_waiting_carriers(st, b, table, events)
    fetch_with_empty_carriers(st, b, table, events)
    units = sorted(
        (u for u in st.side_units(side) if u.space >= 0),
        key=lambda u: (grid.own_row(side, u.space), -u.card.cost, u.iid),
    )
    for u in units:
        if u.iid not in st.units or u.space < 0:
            continue
        if u.cargo is not None and unload_here(st, u, b, table, events):
            continue  # §12.6/§15.3: already at its row: the cargo steps off, the transport stays
        if not can_move(st, u):
            continue
        dests, _ = move_destinations(st, u)
        dests = [s for s in dests if st.board[s] < 0]
        picked = destination(st, u, dests, b, table, events) if dests else None
        if picked is None:
            if u.cargo is not None:  # the transport stays this turn: its cargo goes on by itself
                unload_here(st, u, b, table, events, staying=True)
            continue
        s, why = picked
        move_unit(st, u, s, events)
        say(st, Said.of("ai.move", unit=u.card.name, space=grid.name(s), why=why), events)
        if u.cargo is not None:
            unload_here(st, u, b, table, events)


def heal_and_repair(st: PacificFields, events: list[Event]) -> None:
    """§12.6: the Heal and Repair units, having sought out the wounded, assist them (once a turn
    each, on its own or a neighbouring space): the costliest wounded unit first, ties by a die."""
    for u in sorted(st.side_units(1), key=lambda x: (-x.card.cost, x.iid)):
        kinds = treats(u)
        if not kinds or u.space < 0 or u.healed:
            continue
        near = [
            f
            for n in [u.space, *grid.NEIGH[u.space]]
            if (f := st.unit_at(n)) is not None and f.side == u.side and f.wounds and f.card.type in kinds
            and not (f is u and f.card.type not in ("infantry", "artillery"))
        ]  # fmt: skip
        if not near:
            continue
        top = max(f.card.cost for f in near)
        best = [f for f in near if f.card.cost == top]
        f = best[st.roll(len(best)) - 1] if len(best) > 1 else best[0]
        f.wounds -= 1
        u.healed = True
        events.append(public("healed", unit=f.iid))
        note(st, Said.of("ai.heal-assist", unit=u.card.name, target=f.card.name), events)


def unload_here(st: PacificFields, t: Unit, b: str, table: str, events: list[Event], staying: bool = False) -> bool:
    """§12.6 with §15.3: a loaded transport unloads when it stands at (or beyond) the behaviour's
    row, when its cargo would have an enemy unit or the HQ in range from the unloading space, or
    (``staying``) when the movement rules keep the transport where it is this turn. The space:
    cover first, then nearest the enemy HQ, then a die roll."""
    c = t.cargo
    if c is None or not may_unload(st, t):
        return False
    spaces = unload_spaces(st, t)
    if not spaces:
        return False
    row = grid.own_row(t.side, t.space)
    at_row = row >= aim_row(st, b, table, held_rows(st, t.side), t.side)
    in_reach = [s for s in spaces if _has_target_from(st, c, s)]
    if not at_row and not in_reach and not staying:
        return False
    opts = in_reach or spaces
    if any(gives_cover(st, s) for s in opts):
        opts = [s for s in opts if gives_cover(st, s)]
    dh = min(grid.hq_distance(1 - t.side, s) for s in opts)
    s = by_die(st, sorted(x for x in opts if grid.hq_distance(1 - t.side, x) == dh))
    unload(st, t, s, events)
    why = "row" if at_row else "reach" if in_reach else "stays"
    say(st, Said.of(f"ai.unload.{why}", carrier=t.card.name, unit=c.card.name, space=grid.name(s)), events)
    return True


def _has_target_from(st: PacificFields, c: Unit, s: int) -> bool:
    """§12.6 Would unit ``c`` standing on ``s`` have an enemy unit it can damage, or the enemy HQ, in range?"""
    if c.card.damage == 0:
        return False
    if grid.hq_distance(1 - c.side, s) <= c.card.range and c.card.pierce >= st.hq_armour(1 - c.side):
        return True
    return any(
        e.side != c.side and e.space >= 0 and grid.distance(e.space, s) <= c.card.range
        and c.card.pierce >= st.effective_armour(known(st, e))
        for e in st.units.values()
    )  # fmt: skip
