"""What one seat of Tank Hunter sees, and states consistent with it.

A seat sees its own hand, its own units (face down or not), its own draft
packet and picks; of everyone else it sees revealed units, and of hidden ones
only a face-down card with its markers, exhaustion and attached cards (§1.3).
Draft picks stay hidden until every seat has chosen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hulldown.engine.rng import SplitMix64
from hulldown.games.tank_hunter.cards import COMMANDER

if TYPE_CHECKING:
    from hulldown.games.tank_hunter.state import TankHunterState

_FLAGS = ("revealed", "pinned", "ooa", "exhausted", "rolled", "evaded", "seen")


def _unit_view(s: TankHunterState, u: int, seat: int | None) -> dict[str, Any]:
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
    if s.n_att:
        att = [s.edefs[i].name for i, h in enumerate(s.attach_of) if h == u]
        if att:
            v["attached"] = att
    return v


def _pending(s: TankHunterState) -> list[dict[str, Any]]:
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


def observe(s: TankHunterState, seat: int | None) -> dict[str, Any]:
    from hulldown.games.tank_hunter.state import PHASE_NAMES

    names_u = s.udefs
    players = []
    for p in range(s.players):
        players.append(
            {
                "seat": p,
                "out": s.out[p],
                "points": s.points(p),
                "hand_size": len(s.hand[p]),
                "hand_limit": s.hand_limit(p),
                "front": [_unit_view(s, u, seat) for u in s.front[p]],
                "rear": [_unit_view(s, u, seat) for u in s.rear[p]],
                "commanders": [{"unit": names_u[u].name, "exhausted": s.cmd_exhausted[u]} for u in s.command[p]],
                "score": [names_u[u].name for u in s.score[p]],
                "deployed": [s.ev(c).name for c in s.deployed[p]],
                "packet_size": len(s.packet[p]),
                "kept_size": len(s.kept[p]) + (1 if s.picked[p] >= 0 else 0),
                "picked": s.picked[p] >= 0,
                "ambush": s.ambush[p],
            }
        )

    def name(c: int) -> str:
        return names_u[c].name if c < s.nu else s.ev(c).name

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
        obs["hand"] = [s.ev(c).name for c in s.hand[seat]]
        obs["packet"] = [name(c) for c in s.packet[seat]]
        obs["kept"] = [name(c) for c in s.kept[seat]]
        obs["my_pick"] = name(s.picked[seat]) if s.picked[seat] >= 0 else None
        for c in s.stack:
            if c.kind == "event" and c.stage == "put" and c.seat == seat:
                obs["reinforcement"] = names_u[c.target].name
        if s.supply_target >= 0 and s.turn == seat:
            obs["supply_target"] = s.ref(s.supply_target)
    return obs


def resample(s: TankHunterState, seat: int, rng: SplitMix64) -> TankHunterState:
    """A clone with every card ``seat`` cannot see redrawn (§13).

    Typed slots keep their type (the unit deck holds units, hands and the event
    deck hold events); draft packets and picks of others take whatever is left.
    The event deck keeps its public structure: one Carpet Bombing per third,
    uniformly placed in whatever remains of each third that still holds one.
    Face-down units keep their slot's markers, exhaustion and attachments.
    """
    new = s.clone()
    assert type(new) is type(s)
    nu = s.nu
    n = s.players
    others = [q for q in range(n) if q != seat]

    # where a hidden reinforcement waits, if seat cannot see it
    put_ctx = [c for c in new.stack if c.kind == "event" and c.stage == "put" and c.seat != seat]

    # unit slots: (list, index); rear slots first so they can prefer rear-capable units
    rear_slots: list[tuple[list[int], int]] = []
    line_slots: list[tuple[list[int], int]] = []
    for q in others:
        for i, u in enumerate(new.rear[q]):
            if not new.revealed[u]:
                rear_slots.append((new.rear[q], i))
        for i, u in enumerate(new.front[q]):
            if not new.revealed[u]:
                line_slots.append((new.front[q], i))
    deck_units = list(new.unit_deck)
    limbo_units = [c.target for c in put_ctx]
    mixed_slots: list[tuple[list[int], int]] = []
    for q in others:
        for i in range(len(new.packet[q])):
            mixed_slots.append((new.packet[q], i))
        for i in range(len(new.kept[q])):
            mixed_slots.append((new.kept[q], i))
        if new.picked[q] >= 0:
            mixed_slots.append((new.picked, q))
    mixed_old = [lst[i] for lst, i in mixed_slots]

    old_line_units = [lst[i] for lst, i in rear_slots + line_slots]
    unseen_units = old_line_units + deck_units + limbo_units + [c for c in mixed_old if c < nu]
    # sorted first: the guess may depend on what the seat knows, never on where cards really are
    unseen_units = sorted(unseen_units)
    unseen_units = [unseen_units[i] for i in rng.permutation(len(unseen_units))]

    # flags follow the slot, not the card
    flags = {f: list(getattr(s, f)) for f in _FLAGS}
    attach_by_unit: dict[int, list[int]] = {}
    for i, h in enumerate(s.attach_of):
        if h >= 0:
            attach_by_unit.setdefault(h, []).append(i)
    mapping: dict[int, int] = {}
    pool = unseen_units
    for slots, prefer_rear in ((rear_slots, True), (line_slots, False)):
        for lst, i in slots:
            old = lst[i]
            # a face-down card in a line is never a commander (they are always face up)
            pick = next(k for k, u in enumerate(pool) if s.udefs[u].kind != COMMANDER)
            if prefer_rear:
                for k, u in enumerate(pool):
                    if s.udefs[u].rear_ok and s.udefs[u].kind != COMMANDER:
                        pick = k
                        break
            nu_id = pool.pop(pick)
            lst[i] = nu_id
            mapping[old] = nu_id
    # reset flags of every unseen unit, then copy each slot's flags onto its new card
    for u in unseen_units_all(old_line_units, deck_units, limbo_units, mixed_old, nu):
        for f in _FLAGS:
            getattr(new, f)[u] = False
        new.owner[u] = -1
    for old, nid in mapping.items():
        for f in _FLAGS:
            getattr(new, f)[nid] = flags[f][old]
        new.owner[nid] = s.owner[old]
    for i in range(len(new.attach_of)):
        h = s.attach_of[i]
        if h in mapping:
            new.attach_of[i] = mapping[h]
    for c in put_ctx:
        nid = pool.pop()
        mapping[c.target] = nid
        new.owner[nid] = c.seat
        limbo_idx = new.limbo.index(c.target)
        new.limbo[limbo_idx] = nid
        c.target = nid
    new.unit_deck = [pool.pop() for _ in range(len(deck_units))]
    mixed_units = pool  # what is left goes to packets and picks

    # events
    cb_ids = sorted(c for c in new.event_deck if s.ev(c).effect == "carpet_bombing")
    deck_plain = [c for c in new.event_deck if s.ev(c).effect != "carpet_bombing"]
    hand_cards = [c for q in others for c in new.hand[q]]
    unseen_events = deck_plain + hand_cards + [c for c in mixed_old if c >= nu]
    unseen_events = sorted(unseen_events)
    unseen_events = [unseen_events[i] for i in rng.permutation(len(unseen_events))]
    for q in others:
        new.hand[q] = [unseen_events.pop() for _ in range(len(new.hand[q]))]
    new.event_deck = _rebuild_event_deck(s, rng, unseen_events, cb_ids, len(deck_plain))
    mixed_pool = sorted(mixed_units + unseen_events)
    mixed_pool = [mixed_pool[i] for i in rng.permutation(len(mixed_pool))]
    for lst, i in mixed_slots:
        lst[i] = mixed_pool.pop()

    # references to remapped units in open contexts
    for c in new.stack:
        for fld in ("attacker", "target", "counter", "s_shooter", "s_target"):
            v = getattr(c, fld)
            if c.kind == "event" and fld == "target" and (v >= nu or c.stage == "put"):
                continue
            if v in mapping:
                setattr(c, fld, mapping[v])
    if new.supply_target in mapping:
        new.supply_target = mapping[new.supply_target]
    return new


def unseen_units_all(a: list[int], b: list[int], c: list[int], mixed: list[int], nu: int) -> list[int]:
    return a + b + c + [x for x in mixed if x < nu]


def _rebuild_event_deck(
    s: TankHunterState, rng: SplitMix64, plain: list[int], cb_ids: list[int], n_plain: int
) -> list[int]:
    """Draw ``n_plain`` plain cards from ``plain`` and place the pending Carpet Bombings."""
    cards = [plain.pop() for _ in range(n_plain)]
    if s.reshuffled or not s.cb_piles:
        deck = sorted(cards + cb_ids)
        return [deck[i] for i in rng.permutation(len(deck))]
    # which pile still holds its Carpet Bombing (public: the draw index of each one drawn is known)
    total = len(s.event_deck)
    drawn = s.ev_drawn
    starts = []
    acc = 0
    for size in s.cb_piles:
        starts.append(acc)
        acc += size
    pending: list[bool] = []
    remaining: list[int] = []
    deck_top_first = list(reversed(s.event_deck))
    for k, size in enumerate(s.cb_piles):
        lo = max(starts[k], drawn)
        hi = starts[k] + size
        remaining.append(max(0, hi - lo))
        seg = deck_top_first[lo - drawn : hi - drawn] if hi > lo else []
        pending.append(any(s.ev(c).effect == "carpet_bombing" for c in seg))
    assert sum(remaining) == total
    top_first: list[int] = []
    cb_iter = iter(cb_ids)
    for k, r in enumerate(remaining):
        if r == 0:
            continue
        pos = rng.below(r) if pending[k] else -1
        for i in range(r):
            top_first.append(next(cb_iter) if i == pos else cards.pop())
    top_first.reverse()
    return top_first
