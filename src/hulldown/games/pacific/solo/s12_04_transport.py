"""§12.4 Transport lines: the cargo a carrier of a transport line takes, from the hand or
(§15.2) from the battlefield.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hulldown.engine import Event
from hulldown.games.pacific import grid
from hulldown.games.pacific.rules.s05_deployment import deploy, deploy_spaces
from hulldown.games.pacific.rules.s06_movement import can_move, movement_points, reachable, terrain_flags, water_ok
from hulldown.games.pacific.rules.s15_transport import carries_card, fetch
from hulldown.games.pacific.solo.s12_00_common import Pick, by_die, ordered
from hulldown.games.pacific.solo.s12_04_priorities import compulsory_upgrades, upgrade_options
from hulldown.games.pacific.solo.words import Said, note
from hulldown.games.pacific.units import Unit

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


CARRIER_KINDS = ("transport-infantry", "transport-tow", "transport-infantry-or-tow")


def cargo_for(st: PacificFields, kind: str, wish: str, carrier: str, free: list[int]) -> tuple[int, list[str]]:
    """§12.4 transport lines: the costliest card of the hand the carrier can take on board
    (infantry with the wished upgrade when it is compulsory; towed artillery for Tow, or when the
    Variable Attack line finds no infantry); -1 when there is none (the line does not fit)."""
    tags = st.db.units[carrier].tags
    wants: list[str] = []
    if kind in ("transport-infantry", "transport-infantry-or-tow") and "transport" in tags:
        wants.append("infantry")
    if kind in ("transport-tow", "transport-infantry-or-tow") and "tow" in tags:
        wants.append("artillery")
    probe = Unit(-1, st.db.units[carrier], 1, 1, -1, st.turn)
    for want in wants:
        cands = []
        for i in free:
            uc = st.db.units.get(st.cards[i])
            if uc is None or uc.type != want or not carries_card(probe, uc):
                continue
            ups = compulsory_upgrades(st, st.cards[i], wish) if want == "infantry" else []
            if want == "infantry" and wish and not wish.endswith("?") and not ups:
                continue  # "infantry with an offensive upgrade": it must have one
            cands.append(Pick(i, 0, uc.cost + sum(st.db.upgrades[x].cost for x in ups), ups, ""))
        if cands:
            top = ordered(st, cands)[0]
            return top.iid, top.ups
    return -1, []


def _cargo_wants(st: PacificFields, kind: str, carrier: str) -> list[str]:
    """§12.4 The cargo types a transport line asks of this carrier, in order (§12.4)."""
    tags = st.db.units[carrier].tags
    wants: list[str] = []
    if kind in ("transport-infantry", "transport-infantry-or-tow") and "transport" in tags:
        wants.append("infantry")
    if kind in ("transport-tow", "transport-infantry-or-tow") and "tow" in tags:
        wants.append("artillery")
    return wants


def field_cargo(st: PacificFields, kind: str, wish: str, carrier: str, taken: set[int], side: int = 1) -> list[Unit]:
    """§12.4 transport line with no cargo in hand: the AI units of the battlefield the carrier
    may take on board instead (deployed in an earlier turn, §15.2 cases 1-2), by the same choice
    as from the hand: infantry holding the compulsory upgrade, else towed artillery."""
    probe = Unit(-1, st.db.units[carrier], 1, side, -1, st.turn)
    for want in _cargo_wants(st, kind, carrier):
        need = 0
        if want == "infantry" and wish and not wish.endswith("?"):
            need = 2 if wish == "two-offensive" else 1
        out = [
            u
            for u in sorted(st.side_units(side), key=lambda x: x.iid)
            if u.space >= 0
            and u.iid not in taken
            and u.deployed_turn < st.turn
            and u.card.type == want
            and probe.can_carry(u)
            and len(upgrade_options(st, tuple(t.up.id for t in u.tokens), wish, set())) >= need
        ]
        if out:
            return out
    return []


def _pickup_space(
    st: PacificFields, uc: Any, cands: list[Unit], spaces: list[int], side: int = 1
) -> tuple[int, Unit] | None:
    """§15.2 for a transport line whose cargo is on the battlefield: the costliest unit (equal
    costs: die roll) that can be taken on board this turn, and the deployment-line space for the
    carrier nearest it (die roll): with *Mobility* the carrier's MP must reach the unit from there
    (it fetches it in the Deployment phase, case 2), without it the unit's MP must reach the
    carrier (it boards in the Movement phase, case 1)."""
    flags = terrain_flags(st)
    mobile = "mobility" in uc.tags
    by_cost = ordered(st, [Pick(c.iid, 0, c.card.cost, [], "") for c in cands])
    for p in by_cost:
        c = st.units[p.iid]
        if mobile:
            ok = []
            for s in spaces:
                probe = Unit(-1, uc, 1, side, s, st.turn)
                if c.space in reachable(st, probe, movement_points(st, probe), flags) and water_ok(st, probe, c.space):
                    ok.append(s)
        else:
            if not can_move(st, c):
                continue
            reach = reachable(st, c, movement_points(st, c), flags)
            ok = [s for s in spaces if s in reach]
        if ok:
            near = min(grid.DIST[c.space][s] for s in ok)
            return by_die(st, sorted(s for s in ok if grid.DIST[c.space][s] == near)), c
    return None


def field_plan(
    st: PacificFields, kind: str, wish: str, carrier: str, taken: set[int], side: int = 1
) -> tuple[int, Unit] | None:
    """§12.4 The unit of the battlefield a transport line with no cargo in hand takes on board, and
    where its carrier is deployed (None: the line does not fit)."""
    uc = st.db.units[carrier]
    spaces = [s for s in deploy_spaces(st, st.side_slots[side][0], uc.tags) if grid.own_row(side, s) == 1]
    cands = field_cargo(st, kind, wish, carrier, taken, side)
    return _pickup_space(st, uc, cands, spaces, side) if cands and spaces else None


def deploy_for_field_cargo(
    st: PacificFields, p: Pick, uc: Any, spaces: list[int], label: Said, events: list[Event]
) -> bool:
    """§12.4 transport line, its cargo on the battlefield (§15.2): the carrier is deployed next to
    the unit; with Mobility it fetches it at once (case 2), else the unit boards it in the
    Movement phase (case 1, ``board_waiting_carriers``)."""
    cands = [st.units[p.field]] if p.field in st.units and st.units[p.field].space >= 0 else []
    plan = _pickup_space(st, uc, cands, spaces) if cands else None
    if plan is None:
        note(st, Said.of("ai.dep.unreachable", label=label, unit=uc.name), events)
        return False
    s, c = plan
    deploy(st, 1, p.iid, grid.name(s), events)
    t = st.units[p.iid]
    if "mobility" in uc.tags:
        fetch(st, t, c, events)
        note(st, Said.of("ai.dep.fetch", label=label, unit=uc.name, cargo=c.card.name), events)
    else:
        note(st, Said.of("ai.dep.wait", label=label, unit=uc.name, cargo=c.card.name), events)
    return True
