"""§3 Setting up a pitched battle: the initiative bid (§3.3), artificial terrain bought with it
(§3.4, §11.11 Large Field) and the units deployed on that terrain (§3.5 Starting Deployment)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hulldown.engine import Action, Event, public
from hulldown.games.pacific import actions as acts
from hulldown.games.pacific import grid
from hulldown.games.pacific.ids import HAND_SLOTS, unit_ref
from hulldown.games.pacific.labels import hand_names, named
from hulldown.games.pacific.offers import make
from hulldown.games.pacific.rules.s01_battlefield import by_iid
from hulldown.games.pacific.rules.s05_deployment import deploy_action, upgrade_options
from hulldown.games.pacific.rules.s10_multiplayer import slots_of

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


def resolve_initiative(st: PacificFields, events: list[Event]) -> None:
    """§3.3: bids are spent, each side rolls a d10 and adds its bid; ties roll again."""
    for side in (0, 1):
        slot = slots_of(st, side)[0]
        st.ap[slot] -= st.bids[side]
    events.append(public("bids", side0=st.bids[0], side1=st.bids[1]))
    while True:
        a = st.roll(10) + st.bids[0]
        b = st.roll(10) + st.bids[1]
        if a != b:
            break
    st.first_side = 0 if a > b else 1
    events.append(public("initiative", first=st.first_side, total0=a, total1=b))
    st.bid_order = [st.first_side, 1 - st.first_side]
    st.terrain_budget = [st.bids[0], st.bids[1]]
    st.phase = "terrain"


def terrain_actions(st: PacificFields, side: int) -> list[Action]:
    """§3.4: artificial terrain on own rows 2-3 with the AP spent on the bid; §11.11 Large Field:
    a card without *Building* may lie across 2 or 3 spaces of a row (``terrain:T:R,C:W``, from
    R,C rightwards) for 1 AP more; §3.5 Starting Deployment: units on the new cards."""
    budget = st.terrain_budget[side]
    wide = st._options["large_field"]
    out: list[Action] = []
    seen: set[str] = set()
    rows = [grid.row_index(side, 2), grid.row_index(side, 3)]
    terrain = st.terrain
    for iid in st.terrain_piles[side]:
        t = st.db.terrain[st.cards[iid]]
        if t.cost > budget or t.id in seen:
            continue
        seen.add(t.id)
        spans = (2, 3) if wide and "building" not in t.tags and t.cost + 1 <= budget else ()
        for r in rows:
            for c in range(grid.COLS):
                s = grid.space(r, c)
                if terrain[s] >= 0:
                    continue
                out.append(make(acts.Terrain, t.id, s, name=t.name))
                for w in spans:
                    if c + w <= grid.COLS and all(terrain[s + i] < 0 for i in range(w)):
                        out.append(make(acts.WideTerrain, t.id, s, w, name=t.name, cost=t.cost + 1))
    if st.sd_budget:
        out.extend(starting_deployment_actions(st, side))
    return out


def starting_deployment_actions(st: PacificFields, side: int) -> list[Action]:
    """§3.5: units from hand on the terrain cards just placed, upgrades included, each card's
    units costing no more than the AP spent on that card (``deploy:`` and ``upgrade:`` ids)."""
    slot = slots_of(st, side)[0]
    out: list[Action] = []
    spaces = [s for s, t in enumerate(st.terrain) if t in st.sd_budget and st.board[s] < 0]
    mine = {t for t, left in st.sd_budget.items() if left > 0}
    names = hand_names(st, slot)
    for k, iid in enumerate(sorted(st.hands[slot])[:HAND_SLOTS]):
        uc = st.db.units.get(st.cards[iid])
        if uc is None or uc.type == "aircraft":
            continue
        for s in spaces:
            t = st.terrain[s]
            if t in mine and uc.cost <= st.sd_budget[t] and grid.own_row(side, s) in (2, 3):
                out.append(deploy_action(k, names[k], s, uc.cost))
    for u in sorted(st.units.values(), key=by_iid):
        if u.side != side or u.space < 0 or st.terrain[u.space] not in mine:
            continue
        left = st.sd_budget[st.terrain[u.space]]
        have = {t.up.id for t in u.tokens}
        if sum(1 for t in u.tokens if t.up.id not in u.card.free) >= 2:
            continue
        for up in upgrade_options(st, u):
            tok = st.db.upgrades[up]
            if up not in have and tok.cost <= left:
                out.append(make(acts.Upgrade, unit_ref(u, side), up, who=named(u, side), upgrade=tok.name))
    return out


def place_terrain(st: PacificFields, side: int, tid: str, s: int, w: int, events: list[Event]) -> None:
    """§3.4 artificial terrain on ``s`` (§11.11: across ``w`` spaces), paid from the bid's AP."""
    iid = next(i for i in st.terrain_piles[side] if st.cards[i] == tid)
    t = st.db.terrain[st.cards[iid]]
    st.terrain_piles[side].remove(iid)
    for i in range(w):  # §11.11: one card, one pool of Hit Points, over every space it covers
        st.terrain[s + i] = iid
    st.terrain_hp[iid] = t.hp
    cost = t.cost + (1 if w > 1 else 0)
    st.terrain_budget[side] -= cost
    if st._options["starting_deployment"]:
        st.sd_budget[iid] = cost  # §3.5: the same AP deploy units on this card
    events.append(public("terrain", side=side, name=t.name, space=grid.name(s), width=w))
