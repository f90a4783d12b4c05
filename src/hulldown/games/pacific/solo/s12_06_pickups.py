"""§12.6 Before the moves: carriers take units on board (a transport line's carrier deployed
this turn, §12.4 with §15.2 case 1; an empty carrier of an earlier turn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hulldown.engine import Event
from hulldown.games.pacific import grid
from hulldown.games.pacific.rules.s06_movement import can_move, movement_points, reachable, terrain_flags
from hulldown.games.pacific.rules.s15_transport import (
    boards_again,
    fetch,
    fetch_targets,
    is_carrier,
    load,
    walks_aboard,
)
from hulldown.games.pacific.solo.s12_00_common import Pick, chain_length, held_rows, ordered
from hulldown.games.pacific.solo.s12_04_priorities import lines, priority
from hulldown.games.pacific.solo.s12_04_transport import CARRIER_KINDS, field_cargo
from hulldown.games.pacific.solo.s12_06_destination import aim_row, has_supplies, treats
from hulldown.games.pacific.solo.words import Said, say

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


def board_waiting_carriers(st: PacificFields, b: str, table: str, events: list[Event], side: int = 1) -> None:
    """§12.6 before the moves, with §12.4/§15.2 case 1: an empty carrier a transport line deployed
    this turn takes on board the costliest unit of its line that can reach it (equal costs: die)."""
    entries = lines(st, table, b)
    flags = terrain_flags(st)
    carriers = sorted(
        (t for t in st.side_units(side) if t.space >= 0 and t.cargo is None and t.deployed_turn == st.turn
         and is_carrier(t)),
        key=lambda t: (-t.card.cost, t.iid),
    )  # fmt: skip
    taken: set[int] = set()
    for t in carriers:
        pr = priority(st, table, b, st.cards[t.iid])
        if not 1 <= pr <= len(entries) or entries[pr - 1][0] not in CARRIER_KINDS:
            continue
        kind, wish = entries[pr - 1]
        cands = [
            c
            for c in field_cargo(st, kind, wish, st.cards[t.iid], taken, side)
            if can_move(st, c) and t.space in reachable(st, c, movement_points(st, c), flags)
        ]
        if not cands:
            continue
        c = st.units[ordered(st, [Pick(c.iid, 0, c.card.cost, [], "") for c in cands])[0].iid]
        taken.add(c.iid)
        load(st, c, t, events)
        say(st, Said.of("ai.board-line", unit=c.card.name, carrier=t.card.name), events)


def _may_leave(held: list[int], chain: int, row: int) -> bool:
    """§12.6 May one AI unit leave own row ``row`` without leaving a row of its Supply Line empty?"""
    return held[row] > 1 or row > chain


def fetch_with_empty_carriers(st: PacificFields, b: str, table: str, events: list[Event], side: int = 1) -> None:
    """§12.6 before the moves, after :func:`board_waiting_carriers` (reconstructed, rules §12.6):
    an empty carrier on the battlefield from an earlier turn (Transport, Tow or landing craft, its
    cargo unloaded or never taken; not a Supplies transport) goes back for a unit, as a transport
    line's carrier would. The
    cargo: the costliest unit of its side it can carry (equal costs: die roll) that stands behind
    the behaviour's row, was deployed in an earlier turn, can still move and is not a special
    mover (Heal and Repair, units that generate AP, Supplies); neither it nor the carrier may leave
    a row of the Supply Line empty. The unit boards the carrier when its MP reach it (§15.2
    case 1: the carrier may then move on and unload it, §12.6), else the carrier spends all its MP
    driving to the unit (``fetch``) and moves on next turn, when the carrier's MP are more than
    twice the unit's (the ride must beat the unit's own two moves)."""
    carriers = sorted(
        (t for t in st.side_units(side) if t.space >= 0 and t.cargo is None and t.deployed_turn < st.turn
         and is_carrier(t) and can_move(st, t) and not has_supplies(t)),
        key=lambda t: (-t.card.cost, t.iid),
    )  # fmt: skip
    if not carriers:
        return
    flags = terrain_flags(st)
    for t in carriers:
        if t.iid not in st.units or t.cargo is not None or not can_move(st, t):
            continue
        held = held_rows(st, side)
        chain = chain_length(st, side)
        aim = aim_row(st, b, table, held, side)
        if not _may_leave(held, chain, grid.own_row(side, t.space)):
            continue  # it could not drive its cargo on (§12.6)
        cands = [
            c
            for c in sorted(st.side_units(side), key=lambda x: x.iid)
            if c is not t and c.space >= 0 and c.deployed_turn < st.turn and t.can_carry(c) and can_move(st, c)
            and boards_again(st, c)
            and grid.own_row(side, c.space) < aim and _may_leave(held, chain, grid.own_row(side, c.space))
            and not treats(c) and not c.has("generates-ap") and not has_supplies(c)
        ]  # fmt: skip
        if not cands:
            continue
        # driving back costs the carrier its move and the unit its own: worth it only when next
        # turn's ride beats the unit's own two moves
        tmp = movement_points(st, t)
        fetchable = {c.iid for c in fetch_targets(st, t, flags, cands) if tmp > 2 * movement_points(st, c)}
        plans: dict[int, str] = {}
        for c in cands:
            if walks_aboard(st, c, t, reachable(st, c, movement_points(st, c), flags)):
                plans[c.iid] = "load"
            elif c.iid in fetchable:
                plans[c.iid] = "fetch"
        if not plans:
            continue
        top = ordered(st, [Pick(i, 0, st.units[i].card.cost, [], "") for i in sorted(plans)])[0]
        c = st.units[top.iid]
        if plans[c.iid] == "load":
            load(st, c, t, events)
            say(st, Said.of("ai.board-empty", unit=c.card.name, carrier=t.card.name), events)
        else:
            fetch(st, t, c, events)
            say(st, Said.of("ai.fetch", unit=c.card.name, carrier=t.card.name), events)
