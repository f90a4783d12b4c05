"""§15 Transport, tow and landing craft: what carries what (§15.1), boarding and fetching at
deployment, loading, unloading and riding during movement."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hulldown.engine import Action, Event, public
from hulldown.games.pacific import actions as acts
from hulldown.games.pacific import grid
from hulldown.games.pacific.ids import HAND_SLOTS
from hulldown.games.pacific.labels import hand_names, named
from hulldown.games.pacific.offers import make
from hulldown.games.pacific.rules.s01_battlefield import by_iid, ev_id, front, place
from hulldown.games.pacific.rules.s05_deployment import unit_deploy_cost
from hulldown.games.pacific.rules.s06_movement import (
    Flags,
    can_move,
    movement_points,
    reachable,
    terrain_flags,
    water_ok,
)
from hulldown.games.pacific.rules.s11_07_night import announce_deployment
from hulldown.games.pacific.units import Unit

if TYPE_CHECKING:
    from hulldown.games.pacific.cards import UnitCard
    from hulldown.games.pacific.fields import PacificFields


def boards_again(st: PacificFields, u: Unit) -> bool:
    """§15.2 Whether ``u`` may still go on board a carrier this turn (§15.2-15.3, our reading): not once
    it has stepped off one. *Mechanize* lets an unloaded unit move and assault on the ground; were
    boarding again allowed too, a mechanized unit could board and leave a transport without end."""
    return u.unloaded_turn != st.turn


def walks_aboard(st: PacificFields, u: Unit, t: Unit, reach: dict[int, int]) -> bool:
    """§15.2: unit ``u``, which reaches ``reach`` this phase, can walk on board carrier ``t``: to
    its space, or for a landing craft to the free space in front of it."""
    if t.has("embark-disembark"):
        f = front(t.side, t.space)
        return f >= 0 and (f == u.space or (f in reach and st.board[f] < 0))
    return t.space in reach


def carries_card(t: Unit, uc: UnitCard) -> bool:
    """§15.1 for a card in hand: what an empty carrier ``t`` may take on board."""
    if t.cargo is not None:
        return False
    if t.has("embark-disembark"):
        return uc.type != "aircraft" and "embark-disembark" not in uc.tags
    return (uc.type == "infantry" and t.has("transport")) or (uc.type == "artillery" and t.has("tow"))


CARRIER_TAGS: Final = ("transport", "tow", "embark-disembark")
#: :data:`CARRIER_TAGS` as a set: a card carries others unless its tags are disjoint from it.
_CARRIER_SET: Final = frozenset(CARRIER_TAGS)


def is_carrier(u: Unit) -> bool:
    """§15.1 Whether the unit carries others (Transport, Tow, Embark & Disembark)."""
    return not _CARRIER_SET.isdisjoint(u.card.tags)


def may_unload(st: PacificFields, t: Unit) -> bool:
    """§15.3: a carrier just deployed unloads only with Mobility; an immobilised one never."""
    if t.cargo is None or t.space < 0 or t.immobile_until >= st.turn:
        return False
    return t.deployed_turn != st.turn or t.has("mobility")


def unload_spaces(st: PacificFields, t: Unit) -> list[int]:
    """§15.3: left or right of a transport, in front of a landing craft; empty, and ground the cargo can stand on."""
    assert t.cargo is not None
    if t.has("embark-disembark"):
        f = front(t.side, t.space)
        cands = [f] if f >= 0 else []
    else:
        r, c = grid.rc(t.space)
        cands = [grid.space(r, cc) for cc in (c - 1, c + 1) if 0 <= cc < grid.COLS]
    return [s for s in cands if st.board[s] < 0 and water_ok(st, t.cargo, s)]


def transport_actions(
    st: PacificFields, slot: int, flags: Flags, reach_of: dict[int, dict[int, int]] | None = None
) -> list[Action]:
    """§15.2-15.3: load (the unit drives in), fetch (the carrier drives to it), unload.
    ``reach_of`` holds the spaces units reach with their MP, where the moves listed them already:
    then it holds every unit that may move, and only those."""
    movers = reach_of  # can_move was asked of every unit already, where given
    if reach_of is None:
        reach_of = {}
    side = st.side_of(slot)
    carry = _CARRIER_SET
    carriers = [u for u in st.units.values() if u.side == side and u.space >= 0 and not carry.isdisjoint(u.card.tags)]
    if not carriers:
        return []
    carriers.sort(key=by_iid)
    out: list[Action] = []
    for t in carriers:
        if t.owner == slot and may_unload(st, t):
            for s in unload_spaces(st, t):
                assert t.cargo is not None
                out.append(make(acts.Unload, t.space, s, who=named(t, t.side), what=t.cargo.card.name))
    units = sorted([u for u in st.units.values() if u.owner == slot and u.space >= 0], key=by_iid)
    for u in units:
        if not (u.iid in movers if movers is not None else can_move(st, u)):
            continue
        reach: dict[int, int] | None = None
        for t in carriers:
            if t is u or not t.can_carry(u) or not boards_again(st, u):
                continue
            if reach is None:
                reach = reach_of.get(u.iid)
                if reach is None:
                    reach = reach_of[u.iid] = reachable(st, u, movement_points(st, u), flags)
            if walks_aboard(st, u, t, reach):
                out.append(make(acts.Load, u.space, t.space, who=named(u, u.side), what=named(t, u.side)))
        if is_carrier(u) and u.cargo is None:
            for c in fetch_targets(st, u, flags, units, reach_of.get(u.iid)):
                out.append(make(acts.Fetch, u.space, c.space, who=named(u, u.side), what=named(c, u.side)))
    return out


def new_empty_carriers(st: PacificFields, slot: int) -> list[Unit]:
    """§15.2 cases 2 and 3: the seat's empty carriers on the battlefield deployed this turn."""
    turn = st.turn
    carry = _CARRIER_SET
    return [
        u
        for u in st.units.values()
        if u.owner == slot
        and u.space >= 0
        and u.deployed_turn == turn
        and u.cargo is None
        and not carry.isdisjoint(u.card.tags)
    ]


def board_actions(st: PacificFields, slot: int) -> list[Action]:
    """§15.2 case 3: a unit from hand goes on board a carrier deployed this turn, paying its own cost."""
    carriers = new_empty_carriers(st, slot)
    if not carriers:
        return []
    out: list[Action] = []
    ap = st.ap[slot]
    names = hand_names(st, slot)
    for k, iid in enumerate(sorted(st.hands[slot])[:HAND_SLOTS]):
        uc = st.db.units.get(st.cards[iid])
        if uc is None:
            continue
        for t in carriers:
            if carries_card(t, uc) and board_cost(st, slot, uc, t) <= ap:
                out.append(make(acts.Board, k, t.space, card=names[k], what=named(t, t.side)))
    return out


def fetch_targets(
    st: PacificFields, t: Unit, flags: Flags, units: list[Unit], treach: dict[int, int] | None = None
) -> list[Unit]:
    """§15.2 The units of ``units`` empty carrier ``t`` can drive to with its MP and take on board
    (§15.2): their space (a landing craft: the water space behind it) within its reach
    (``treach``, when the caller has it)."""
    if treach is None:
        treach = reachable(st, t, movement_points(st, t), flags)
    out = []
    for c in units:
        if c is t or not t.can_carry(c) or not boards_again(st, c):
            continue
        if t.has("embark-disembark"):
            b = front(1 - t.side, c.space)
            ok = b >= 0 and b in treach and st.board[b] < 0
        else:
            ok = c.space in treach and water_ok(st, t, c.space)
        if ok:
            out.append(c)
    return out


def deploy_fetch_actions(st: PacificFields, slot: int) -> list[Action]:
    """§15.2 case 2: in the Deployment phase a carrier with *Mobility* deployed this turn drives
    to a unit deployed in an earlier turn and takes it on board (`fetch:`); it moves no more."""
    carriers = new_empty_carriers(st, slot)
    if not carriers:
        return []
    out: list[Action] = []
    flags = terrain_flags(st)
    units = sorted(
        (u for u in st.units.values() if u.owner == slot and u.space >= 0 and u.deployed_turn < st.turn),
        key=by_iid,
    )
    for t in sorted(carriers, key=by_iid):
        if not t.has("mobility") or not can_move(st, t):
            continue
        for c in fetch_targets(st, t, flags, units):
            out.append(make(acts.Fetch, t.space, c.space, who=named(t, t.side), what=named(c, t.side)))
    return out


def board_cost(st: PacificFields, slot: int, uc: UnitCard, t: Unit) -> int:
    """§15.2 The unit's cost; *Embarked* units cost 1 AP less from a landing craft or Amphibious vehicle."""
    cost = unit_deploy_cost(st, slot, uc.cost, uc.tags, -1)
    if "embarked" in uc.tags and (t.has("embark-disembark") or t.has("amphibious")):
        cost = max(0, cost - 1)
    return cost


def board(st: PacificFields, slot: int, iid: int, tr: Unit, events: list[Event]) -> Unit:
    """§15.2 case 3: the hand card ``iid`` is deployed on board carrier ``tr``, paying its own cost."""
    uc = st.db.units[st.cards[iid]]
    st.ap[slot] -= board_cost(st, slot, uc, tr)
    st.hands[slot].remove(iid)
    c = Unit(iid, uc, slot, tr.side, tr.space, st.turn)
    for up in uc.free:
        c.tokens.append(st.new_token(up))
    tr.cargo = c
    c.face_down = st._options["night"]  # §11.7
    announce_deployment(st, c, events)
    events.append(public("loaded", unit=ev_id(c), carrier=ev_id(tr)))
    return c


def load(st: PacificFields, u: Unit, t: Unit, events: list[Event]) -> None:
    """§15.2: ``u`` leaves the battlefield and rides on ``t``; its movement is over."""
    if st.board[u.space] == u.iid:
        st.board[u.space] = -1
    del st.units[u.iid]
    u.moved = True
    t.cargo = u
    place(u, t.space)
    events.append(public("loaded", unit=ev_id(u), carrier=ev_id(t)))


def fetch(st: PacificFields, tr: Unit, c: Unit, events: list[Event]) -> None:
    """§15.2: carrier ``tr`` drives to ``c`` (a landing craft to the sea space behind it), spending
    all its MP, and takes it on board; it moves no more this turn."""
    dest = front(1 - tr.side, c.space) if tr.has("embark-disembark") else c.space
    st.board[tr.space] = -1
    if st.board[c.space] == c.iid:
        st.board[c.space] = -1
    place(tr, dest)
    st.board[dest] = tr.iid
    tr.moved = True
    load(st, c, tr, events)
    events.append(public("moved", unit=ev_id(tr), dest=grid.name(dest)))


def unload(st: PacificFields, t: Unit, s: int, events: list[Event]) -> None:
    """§15.3: the cargo steps off onto ``s``; the carrier's movement is over, and so is the
    cargo's unless it has *Mechanize* (it may then move, even if deployed this turn)."""
    c = t.cargo
    assert c is not None
    t.cargo = None
    t.moved = True
    st.units[c.iid] = c
    place(c, s)
    st.board[s] = c.iid
    c.unloaded_turn = st.turn
    if c.has("mechanize"):
        c.moved = False
        if c.deployed_turn == st.turn:
            c.deployed_turn = st.turn - 1
    else:
        c.moved = True
    events.append(public("unloaded", unit=ev_id(c), carrier=ev_id(t), dest=grid.name(s)))
