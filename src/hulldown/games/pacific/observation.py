"""What a seat sees (DESIGN rule 3): the whole battlefield, its own hand, sizes of the rest."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from hulldown.games.pacific import grid
from hulldown.games.pacific.views import (
    AirView,
    CardView,
    PacificObservation,
    SmokeReactionView,
    TerrainCardView,
    TerrainView,
    UnitView,
)

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields
    from hulldown.games.pacific.units import Unit


def observe(st: PacificFields, seat: int | None) -> PacificObservation:
    db = st.db

    def card(iid: int) -> CardView:
        return _card(st, iid)

    bids = [
        b if (st.phase != "bid" or (seat is not None and st.side_of(seat) == side)) else None
        for side, b in enumerate(st.bids)
    ]
    return {
        "you": seat,
        "your_side": None if seat is None else st.side_of(seat),
        "players": st._players,
        "solo": st.solo,
        "armies": list(st.armies),
        "slot_side": list(st.slot_side),
        "turn": st.turn,
        "round": st.round,
        "phase": st.phase,
        "active_side": st.active,
        "actor": st.actor,
        "first_side": st.first_side,
        "ap": list(st.ap),
        "hq_wounds": list(st.hq_wounds),
        "hq_armour": [st.hq_armour(0), st.hq_armour(1)],
        "hq_cards": [[card(i) for i in h] for h in st.hq_cards],
        "hands": _hands(st, seat),
        "hand_sizes": [len(h) for h in st.hands],
        "deck_sizes": [len(d) for d in st.decks],
        "discards": [[card(i) for i in d] for d in st.discards],
        "units": _units(st, seat),
        "terrain": _terrain(st),
        "terrain_piles": [[card_t(st, i) for i in z] for z in st.terrain_piles],
        "terrain_out": [card_t(st, i) for i in st.terrain_out],
        "natural_pile": len(st.natural_pile),
        "smoke": [grid.name(s) for s in st.smoke],
        "muddy": [grid.name(s) for s in st.muddy],
        "weather": st.weather,
        "scenario": None if st.scenario is None else st.scenario.id,
        "attacker": None if st.scenario is None else st.scenario.attacker,
        "sea": [grid.name(s) for s in range(grid.SPACES) if st.sea[s]],
        "objectives": [grid.name(s) for s in st.objectives],
        "max_rounds": st.max_rounds,
        "drops": {grid.name(s): [db.upgrades[t].name for t in toks] for s, toks in sorted(st.drops.items())},
        "bids": bids,
        "supply": [st.supply_line(0), st.supply_line(1)],
        "air": _air(st),
        "smoke_reaction": _smoke_reaction(st),
        "ai_log": list(st.ai_log),
        "ai_said": list(st.ai_said),
        "behaviour": st.behaviour if st.solo else None,
        "winner": st.winner if st.over else None,
        "over": st.over,
        "end_reason": st.end_reason if st.over else None,
    }


def _terrain(st: PacificFields) -> list[TerrainView]:
    db = st.db
    return [
        {
            "space": grid.name(s),
            "id": st.cards[t],
            "name": db.terrain[st.cards[t]].name,
            "hp": st.terrain_hp.get(t, 0),
            "ruins": t in st.ruins,
            "width": st.terrain.count(t),  # §11.11: a Large Field card covers 2-3 spaces
        }
        for s, t in enumerate(st.terrain)
        if t >= 0
    ]


def observe_part(st: PacificFields, seat: int | None, key: str) -> object:
    """``observe(st, seat)[key]``, the entries the heuristic reads built alone (the same code builds both)."""
    if key == "you":
        return seat
    if key == "your_side":
        return None if seat is None else st.side_of(seat)
    if key == "hands":
        return _hands(st, seat)
    if key == "units":
        return _units(st, seat)
    whole: Mapping[str, object] = observe(st, seat)
    return whole[key]


def _card(st: PacificFields, iid: int) -> CardView:
    cid = st.cards[iid]
    return {"iid": iid, "id": cid, "name": st.db.name(cid), "cost": st.db.cost(cid)}


def _hands(st: PacificFields, seat: int | None) -> list[list[CardView] | None]:
    """Each slot's hand, or None where the seat may not see it."""
    hands: list[list[CardView] | None] = []
    for slot in range(st.nslots):
        visible = slot == seat or (st.solo and slot == 1 and st.ai_revealed)
        # sorted by card instance: the k-th entry is what the actions call hand position k (actions.py)
        hands.append([_card(st, i) for i in sorted(st.hands[slot])] if visible else None)
    return hands


def _units(st: PacificFields, seat: int | None) -> list[UnitView]:
    # listed by position, not by card instance: the order must not tell a face-down card (§11.7)
    return [_unit(st, u, seat) for u in sorted(st.units.values(), key=_where)]


def _unit(st: PacificFields, u: Unit, seat: int | None) -> UnitView:
    return {**st.unit_public(u, seat, st.hidden_from(seat, u)), "attached_cards": [_card(st, i) for i in u.attached]}


def _where(u: Unit) -> tuple[int, int, int]:
    return (u.space, u.side, u.bay)


def _air(st: PacificFields) -> AirView | None:
    """The air attack under way, its aircraft and target named by where they are (§16)."""
    air = st.pending_air
    if not air:
        return None

    def where(iid: int) -> str | None:
        u = st.units.get(iid)
        if u is None:
            return None
        return grid.name(u.space) if u.space >= 0 else f"{'AB'[u.side]}{u.bay}"

    tgt = air["target"]
    return {
        "plane": where(air["plane"]),
        "target": "hq" if tgt == "hq" else where(int(tgt[1:])),
        "defender": air["def"],
        "interceptor": where(air["interceptor"]),
        "escort": where(air["escort"]),
        "paratroopers": bool(air.get("para")),
    }


def _smoke_reaction(st: PacificFields) -> SmokeReactionView | None:
    """The attack waiting for its target's owner to throw a Smoke Grenade or not (§11.13)."""
    ps = st.pending_smoke
    if not ps:
        return None
    target = st.units[ps["target"]]
    support = ps["kind"] == "support"
    return {
        # an aircraft attacks from beside its HQ; an attack card has no shooter but its card
        "shooter": None if support else "hq" if ps["space"] < 0 else grid.name(ps["space"]),
        "target": grid.name(target.space),
        "assault": ps["kind"] == "assault",
        "card": ps["action"] if support else None,
    }


def card_t(st: PacificFields, iid: int) -> TerrainCardView:
    cid = st.cards[iid]
    return {"iid": iid, "id": cid, "name": st.db.terrain[cid].name}
