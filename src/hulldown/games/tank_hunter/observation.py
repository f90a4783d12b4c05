"""What one seat of Tank Hunter sees, and states consistent with it.

Resampling (what a seat does not know, redrawn) is in resample.py.

A seat sees its own hand, its own units (face down or not), its own draft
packet and picks; of everyone else it sees revealed units, and of hidden ones
only a face-down card with its markers, exhaustion and attached cards (§1.3).
Draft picks stay hidden until every seat has chosen.
"""

from __future__ import annotations

from collections.abc import Mapping

from hulldown.games.tank_hunter.fields import PHASE_NAMES, Ctx, StateFields
from hulldown.games.tank_hunter.views import (
    AttackContext,
    CommanderView,
    Context,
    EventContext,
    PlayerView,
    ScoutContext,
    TankHunterObservation,
    UnitView,
    WindowContext,
)


def _unit_view(s: StateFields, u: int, seat: int | None, attached: dict[int, list[str]]) -> UnitView:
    d = s.udefs[u]
    own = seat is not None and s.owner[u] == seat
    v: UnitView = {
        "hidden": not s.revealed[u],
        "pinned": s.pinned[u],
        "ooa": s.ooa[u],
        "exhausted": s.exhausted[u],
        "evaded": s.evaded[u],
        "rolled": s.rolled[u],
    }
    if s.revealed[u] or own:
        v["unit"] = d.name
    if u in attached:
        v["attached"] = attached[u]
    return v


def _pending(s: StateFields) -> list[Context]:
    """The public part of every open context (attack, scouting, window, event card)."""
    out: list[Context] = []
    for c in s.stack:
        kind = c.kind
        if kind == "attack" or kind == "scout":
            out.append(_attack(s, c) if kind == "attack" else _scout(s, c))
        elif kind == "window":
            w: WindowContext = {
                "kind": "window",
                "stage": c.stage,
                "seat": c.seat,
                "passed": c.passed,
                "of": c.n,
                "cancellable": c.parent_cancel,
            }
            out.append(w)
        elif kind == "event":
            out.append(_event(s, c))
        elif kind == "discard":
            out.append({"kind": "discard", "stage": c.stage, "seat": c.seat, "limit": c.n})
        elif kind == "end":
            out.append({"kind": "end", "stage": c.stage, "seat": c.seat})
        else:
            raise ValueError(f"no view of a {kind!r} context")
    return out


def _attack(s: StateFields, c: Ctx) -> AttackContext:
    """An attack: a hidden attacker, target or counter is named only by where it stands."""
    d: AttackContext = {
        "kind": "attack",
        "stage": c.stage,
        "seat": c.seat,
        "attacker_ref": s.ref(c.attacker) if s.line_of(c.attacker) else "",
        "target_seat": c.tseat,
        "shots": c.shots,
        "charge": c.charge,
        "lead": c.lead,
        "type": c.atype,
        "target_ref": s.ref(c.target) if s.line_of(c.target) else "",
    }
    if s.revealed[c.attacker]:
        d["attacker"] = s.udefs[c.attacker].name
    if s.revealed[c.target]:
        d["target"] = s.udefs[c.target].name
    _shooting(s, c, d)
    return d


def _scout(s: StateFields, c: Ctx) -> ScoutContext:
    d: ScoutContext = {
        "kind": "scout",
        "stage": c.stage,
        "seat": c.seat,
        "attacker_ref": s.ref(c.attacker) if s.line_of(c.attacker) else "",
        "target_seat": c.tseat,
        "shots": c.shots,
        "charge": c.charge,
        "lead": c.lead,
        "left": c.left,
    }
    if s.revealed[c.attacker]:
        d["attacker"] = s.udefs[c.attacker].name
    _shooting(s, c, d)
    return d


def _shooting(s: StateFields, c: Ctx, d: AttackContext | ScoutContext) -> None:
    """What an attack and a scouting both show: a revealed counter-attacker, the salvo under way."""
    if c.counter >= 0 and s.revealed[c.counter]:
        d["counter"] = s.udefs[c.counter].name
    if c.stage in ("salvo", "evade"):
        d["shots_left"] = c.s_left
        d["salvo_type"] = c.s_type


def _event(s: StateFields, c: Ctx) -> EventContext:
    d: EventContext = {
        "kind": "event",
        "stage": c.stage,
        "seat": c.seat,
        "card": s.ev(c.ev).name,
        "target_seat": c.tseat,
        "left": c.left,
    }
    if c.target >= 0 and c.stage != "put" and c.target < s.nu and s.revealed[c.target]:
        d["target"] = s.udefs[c.target].name
    return d


def _players(s: StateFields, seat: int | None) -> list[PlayerView]:
    """Every player's table as ``seat`` sees it."""
    names_u = s.udefs
    attached: dict[int, list[str]] = {}
    if s.n_att:
        for i, h in enumerate(s.attach_of):
            if h >= 0:
                attached.setdefault(h, []).append(s.edefs[i].name)
    players: list[PlayerView] = []
    for p in range(s.players):
        players.append(
            {
                "seat": p,
                "out": s.out[p],
                "points": s.points(p),
                "hand_size": len(s.hand[p]),
                "hand_limit": s.hand_limit(p),
                "front": [_unit_view(s, u, seat, attached) for u in s.front[p]],
                "rear": [_unit_view(s, u, seat, attached) for u in s.rear[p]],
                "commanders": [_commander(s, u) for u in s.command[p]],
                "score": [names_u[u].name for u in s.score[p]],
                "deployed": [s.ev(c).name for c in s.deployed[p]],
                "packet_size": len(s.packet[p]),
                "kept_size": len(s.kept[p]) + (1 if s.picked[p] >= 0 else 0),
                "picked": s.picked[p] >= 0,
                "ambush": s.ambush[p],
            }
        )
    return players


def observe_part(s: StateFields, seat: int | None, key: str) -> object:
    """``observe(s, seat)[key]``, the entries the heuristic reads built alone (the same code builds both)."""
    if key == "players":
        return _players(s, seat)
    if key == "pending":
        return _pending(s)
    if seat is not None:
        if key == "hand":
            return [s.ev(c).name for c in s.hand[seat]]
        if key == "packet":
            return [_name(s, c) for c in s.packet[seat]]
    whole: Mapping[str, object] = observe(s, seat)
    return whole[key]


def _commander(s: StateFields, u: int) -> CommanderView:
    return {"unit": s.udefs[u].name, "exhausted": s.cmd_exhausted[u]}


def _name(s: StateFields, c: int) -> str:
    return s.udefs[c].name if c < s.nu else s.ev(c).name


def observe(s: StateFields, seat: int | None) -> TankHunterObservation:
    names_u = s.udefs
    players = _players(s, seat)

    def name(c: int) -> str:
        return _name(s, c)

    obs: TankHunterObservation = {
        "phase": PHASE_NAMES[s.phase],
        "turn": s.turn,
        "first": s.first,
        "acted": s.acted,
        "draft_round": s.draft_round,
        "current": s.current_player,
        "players": players,
        "unit_deck": len(s.unit_deck),
        "event_deck": len(s.event_deck),
        "discard": [s.ev(c).name for c in s.discard],
        "removed": [name(c) for c in s.removed],
        "in_play": [name(c) for c in s.limbo if c >= s.nu or s.revealed[c]],
        "water_ignored": [s.ev(c).name for c in s.water_ignored],
        "carpet_bombings": s.cb_count,
        "end_reason": s.end_reason,
        "pending": _pending(s),
        "arrange_left": s.arrange_left,
        "seat": seat,
    }
    if seat is not None:
        obs["hand"] = [s.ev(c).name for c in s.hand[seat]]
        obs["packet"] = [_name(s, c) for c in s.packet[seat]]
        obs["kept"] = [name(c) for c in s.kept[seat]]
        obs["my_pick"] = name(s.picked[seat]) if s.picked[seat] >= 0 else None
        for c in s.stack:
            if c.kind == "event" and c.stage == "put" and c.seat == seat:
                obs["reinforcement"] = names_u[c.target].name
        if s.supply_target >= 0 and s.turn == seat:
            obs["supply_target"] = s.ref(s.supply_target)
    return obs
