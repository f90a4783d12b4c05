"""What one seat of Tank Hunter sees, and states consistent with it.

Resampling (what a seat does not know, redrawn) is in resample.py.

A seat sees its own hand, its own units (face down or not), its own draft
packet and picks; of everyone else it sees revealed units, and of hidden ones
only a face-down card with its markers, exhaustion and attached cards (§1.3).
Draft picks stay hidden until every seat has chosen.
"""

from __future__ import annotations

from typing import Any

from hulldown.games.tank_hunter.fields import PHASE_NAMES, StateFields


def _unit_view(s: StateFields, u: int, seat: int | None, attached: dict[int, list[str]]) -> dict[str, Any]:
    d = s.udefs[u]
    own = seat is not None and s.owner[u] == seat
    v: dict[str, Any] = {
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


def _pending(s: StateFields) -> list[dict[str, Any]]:
    """The public part of every open context (attack, scouting, window, event card)."""
    out: list[dict[str, Any]] = []
    for c in s.stack:
        d: dict[str, Any] = {"kind": c.kind, "stage": c.stage, "seat": c.seat}
        if c.kind in ("attack", "scout"):
            if s.revealed[c.attacker]:
                d["attacker"] = s.udefs[c.attacker].name
            d["attacker_ref"] = s.ref(c.attacker) if s.line_of(c.attacker) else ""
            d["target_seat"] = c.tseat
            d["shots"] = c.shots
            d["charge"] = c.charge
            d["lead"] = c.lead
            if c.kind == "attack":
                d["type"] = c.atype
                if s.revealed[c.target]:
                    d["target"] = s.udefs[c.target].name
                d["target_ref"] = s.ref(c.target) if s.line_of(c.target) else ""
            else:
                d["left"] = c.left
            if c.counter >= 0 and s.revealed[c.counter]:
                d["counter"] = s.udefs[c.counter].name
            if c.stage in ("salvo", "evade"):
                d["shots_left"] = c.s_left
                d["salvo_type"] = c.s_type
        elif c.kind == "window":
            d["passed"] = c.passed
            d["of"] = c.n
            d["cancellable"] = c.parent_cancel
        elif c.kind == "event":
            d["card"] = s.ev(c.ev).name
            d["target_seat"] = c.tseat
            if c.target >= 0 and c.stage != "put" and c.target < s.nu and s.revealed[c.target]:
                d["target"] = s.udefs[c.target].name
            d["left"] = c.left
        elif c.kind == "discard":
            d["limit"] = c.n
        out.append(d)
    return out


def _players(s: StateFields, seat: int | None) -> list[dict[str, Any]]:
    """Every player's table as ``seat`` sees it."""
    names_u = s.udefs
    attached: dict[int, list[str]] = {}
    if s.n_att:
        for i, h in enumerate(s.attach_of):
            if h >= 0:
                attached.setdefault(h, []).append(s.edefs[i].name)
    players = []
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
                "commanders": [{"unit": names_u[u].name, "exhausted": s.cmd_exhausted[u]} for u in s.command[p]],
                "score": [names_u[u].name for u in s.score[p]],
                "deployed": [s.ev(c).name for c in s.deployed[p]],
                "packet_size": len(s.packet[p]),
                "kept_size": len(s.kept[p]) + (1 if s.picked[p] >= 0 else 0),
                "picked": s.picked[p] >= 0,
                "ambush": s.ambush[p],
            }
        )
    return players


def observe_part(s: StateFields, seat: int | None, key: str) -> Any:
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
    return observe(s, seat)[key]


def _name(s: StateFields, c: int) -> str:
    return s.udefs[c].name if c < s.nu else s.ev(c).name


def observe(s: StateFields, seat: int | None) -> dict[str, Any]:
    names_u = s.udefs
    players = _players(s, seat)

    def name(c: int) -> str:
        return _name(s, c)

    obs: dict[str, Any] = {
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
        obs["hand"] = observe_part(s, seat, "hand")
        obs["packet"] = observe_part(s, seat, "packet")
        obs["kept"] = [name(c) for c in s.kept[seat]]
        obs["my_pick"] = name(s.picked[seat]) if s.picked[seat] >= 0 else None
        for c in s.stack:
            if c.kind == "event" and c.stage == "put" and c.seat == seat:
                obs["reinforcement"] = names_u[c.target].name
        if s.supply_target >= 0 and s.turn == seat:
            obs["supply_target"] = s.ref(s.supply_target)
    return obs
