"""§6 Movement: movement points, terrain (§6.2, §14.2 water, §14.4 bridges), where each unit may
go (its own moves, and rides on a transport, §15), Covered Movement and Assault (§6.4-§6.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from hulldown.engine import Action, Event, public
from hulldown.games.pacific import actions as acts
from hulldown.games.pacific import grid
from hulldown.games.pacific.ids import SPACE_NAMES
from hulldown.games.pacific.labels import enemy_name, named
from hulldown.games.pacific.offers import make
from hulldown.games.pacific.rules.s01_battlefield import by_iid, ev_id, place
from hulldown.games.pacific.rules.s11_optional import pickable, token_actions, tradeable
from hulldown.games.pacific.units import Unit

if TYPE_CHECKING:
    from hulldown.games.pacific.cards import TerrainCard, UnitCard
    from hulldown.games.pacific.fields import PacificFields

#: Moves and shots keyed by what makes them differ, so the hot loops of legal-action generation
#: format no strings once an action exists (DESIGN rule 6).
_KEYED: Final[dict[tuple[str, str, int, int], Action]] = {}


_MOVES: Final[dict[str, type[acts.Move]]] = {"move": acts.Move, "ride": acts.Ride, "cover": acts.Cover}

#: The plain moves of :data:`_KEYED` by (unit name, start), then by destination: one look-up per
#: unit, then one by space per destination, the commonest choice of all.
_ROWS: Final[dict[tuple[str, int], dict[int, Action]]] = {}


def _move(kind: str, name: str, a: int, b: int) -> Action:
    """§6.1 The move action of one kind, made once: the hot loop of legal-action generation then
    formats no strings."""
    key = (kind, name, a, b)
    x = _KEYED.get(key)
    if x is None:
        x = _KEYED[key] = make(_MOVES[kind], a, b, who=name)
    return x


def can_move(st: PacificFields, u: Unit) -> bool:
    """§6.1 Whether the unit may still move this turn: once a turn, not the turn it is deployed
    without *Mobility* (§5.4), not while a card holds it or a weapon is mounted, and never an
    *Extra Heavy* unit on difficult terrain."""
    if u.space < 0 or u.moved or u.immobile_until >= st.turn:
        return False
    card = u.card  # its tags read in place of Unit.has: asked for every unit at every decision
    if u.deployed_turn == st.turn and "mobility" not in card.tags:
        return False  # §5.4
    for t in u.tokens:
        if t.mounted:
            return False
    if "extra-heavy" in card.tags and "difficult" in st.terrain_tags(u.space):
        return False  # immobilised
    return card.move > 0


def movement_points(st: PacificFields, u: Unit) -> int:
    """§6.1 The unit's movement points this turn (a storm leaves 1, §11.6; §6.3 Under Suppressive
    Fire takes 1)."""
    if st.weather == "storm":
        return 1
    mp = u.card.move + u.mp_bonus + u.mp_perm
    if u.usf:
        mp = max(1, mp - 1)  # §6.3
    return mp


Flags = tuple[list[bool], list[bool], list[bool]]


#: :func:`terrain_flags` by (terrain card on each space, muddy spaces): every decision of the
#: Movement phase asks, while the cards and the mud change a few times a game. Only public fields
#: make the key (placed terrain and mud, §3.4, §11.6), so a seat reads nothing hidden; the terrain
#: table the answer was read from rides with it, for games whose decks differ.
_FLAGS: Final[dict[tuple[tuple[str | None, ...], tuple[int, ...]], tuple[object, Flags]]] = {}


#: The layout :func:`terrain_flags` last answered for: (the game's card list, its terrain table,
#: (terrain card instance on each space, muddy spaces), the answer). A game's card list only
#: grows (a clone shares it), so the same list, instances and mud name the same cards. One
#: tuple, read and replaced whole, so games stepped in other threads never mix two answers.
_LAST_FLAGS: Final[list[Any]] = [(None, None, None, None)]


def terrain_flags(st: PacificFields) -> Flags:
    """§6.2 Per space: difficult terrain (a card's tag or mud, §6.2), mountain and river (water,
    §14.4). The lists are shared (:data:`_FLAGS`): read them, never write."""
    cards = st.cards
    db_terrain = st.db.terrain
    layout = (tuple(st.terrain), tuple(st.muddy))
    last = _LAST_FLAGS[0]
    if last[0] is cards and last[1] is db_terrain and last[2] == layout:
        flags: Flags = last[3]
        return flags
    key = (tuple([cards[iid] if iid >= 0 else None for iid in layout[0]]), layout[1])
    hit = _FLAGS.get(key)
    flags = hit[1] if hit is not None and hit[0] is db_terrain else _flags(db_terrain, key)
    _LAST_FLAGS[0] = (cards, db_terrain, layout, flags)
    return flags


def _flags(db_terrain: dict[str, TerrainCard], key: tuple[tuple[str | None, ...], tuple[int, ...]]) -> Flags:
    """§6.2 :func:`terrain_flags` read off the cards once a layout, kept in :data:`_FLAGS`."""
    diff = [False] * grid.SPACES
    mountain = [False] * grid.SPACES
    river = [False] * grid.SPACES
    for s, cid in enumerate(key[0]):
        if cid is not None:
            tags = db_terrain[cid].tags
            diff[s] = "difficult" in tags
            mountain[s] = "mountain" in tags
            river[s] = "river" in tags
    for s in key[1]:
        diff[s] = True
    if len(_FLAGS) > 4096:  # a long search meets many layouts: keep it bounded
        _FLAGS.clear()
    _FLAGS[key] = (db_terrain, (diff, mountain, river))
    return diff, mountain, river


def sapper(u: Unit) -> bool:
    """§14.4 *Sappers* (the card's tag or a Sappers token): they cross rivers anywhere (§14.4)."""
    return u.has("sappers") or u.token_effect("sappers")


def bridged(st: PacificFields, s: int) -> bool:
    """§14.4: a Bridge card stands on the space (a river crossed by a bridge)."""
    iid = st.terrain[s]
    return iid >= 0 and "bridge" in st.db.terrain[st.cards[iid]].tags


#: A unit card's movement abilities, read off its tags once: (diagonal neighbours, scout, extra
#: heavy, climbers, boat, land only, sappers tag), keyed by the card object's identity.
_MOVER: Final[dict[int, tuple[object, tuple[tuple[tuple[int, ...], ...], bool, bool, bool, bool, bool, bool]]]] = {}


def _mover(card: UnitCard) -> tuple[tuple[tuple[int, ...], ...], bool, bool, bool, bool, bool, bool]:
    """§6.1 The card's movement abilities (:data:`_MOVER`): asked for every unit at every decision
    of the Movement phase, while a card's tags never change."""
    entry = _MOVER.get(id(card))
    if entry is None or entry[0] is not card:
        tags = card.tags
        boat = "embark-disembark" in tags
        neigh = tuple(grid.NEIGH_D if "motorized" in tags else grid.NEIGH)
        info = (neigh, "scout" in tags, "extra-heavy" in tags, "climbers" in tags, boat)
        land_only = not boat and "amphibious" not in tags
        entry = _MOVER[id(card)] = (card, (*info, land_only, "sappers" in tags))
    return entry[1]


#: :func:`reachable`'s answers by (movement abilities, terrain flags, sea, storm, wader, start, MP,
#: enemy spaces), each with the rivers the fill met that only a friendly Sappers' bridge opens
#: (§14.4) and whether one stood there. Friendly units block no move (§6.1), so an answer serves
#: a unit at every decision of its side's Movement phase while the enemy stays put. Each answer
#: also holds its spaces in order and the objects keyed by identity, so no identity is reused
#: while the answer is kept.
_REACH: Final[dict[tuple[int, int, int, bool, bool, int, int, int], tuple[Any, ...]]] = {}


def enemy_spaces(st: PacificFields, side: int) -> int:
    """§6.1 The spaces of the enemies of ``side`` on the battlefield, one bit each: what blocks
    a move of a unit of ``side``."""
    enemy = 0
    for v in st.units.values():
        if v.side != side and v.space >= 0:
            enemy |= 1 << v.space
    return enemy


def reachable(st: PacificFields, u: Unit, mp: int, flags: Flags | None = None, enemy: int = -1) -> dict[int, int]:
    """§6.1 Spaces reachable with ``mp`` (§6.1-6.2): destination -> MP left. A River space a unit
    crosses only on a Sappers' bridge (§14.4) is in the answer for the way through, though the
    unit may not stop there: ``water_ok`` tells. A Bridge card is open ground for every ground
    unit but the Extra Heavy, which never moves over a bridge (rulebook). The answer may be
    shared (:data:`_REACH`): read it, never write. ``enemy``: :func:`enemy_spaces` of the
    unit's side, where the caller has it."""
    answer: dict[int, int] = _reach(st, u, mp, flags, enemy)[0]
    return answer


def _reach(st: PacificFields, u: Unit, mp: int, flags: Flags | None, enemy: int) -> tuple[Any, ...]:
    """§6.1 :func:`reachable`'s entry of :data:`_REACH`: (answer, its spaces in order, ...)."""
    mover = _mover(u.card)
    if flags is None:
        flags = terrain_flags(st)
    storm = st.weather == "storm" and u.card.type != "infantry"
    wader = not mover[5] or mover[6] or u.token_effect("sappers")  # §14.4: on a river as on any space
    if enemy < 0:
        enemy = enemy_spaces(st, u.side)
    diff = flags[0]
    sea = st.sea
    key = (id(mover), id(diff), id(sea), storm, wader, u.space, mp, enemy)
    hit = _REACH.get(key)
    if hit is not None:
        for s, bridge in hit[2]:
            if _sappers_on(st, s) != bridge:
                break
        else:
            return hit
    best, rivers = _flood(st, u, mp, flags, storm, wader)
    if len(_REACH) > 20_000:  # bounded like every cache of the rules
        _REACH.clear()
    bridges = tuple([(s, _sappers_on(st, s)) for s in dict.fromkeys(rivers)])
    entry = _REACH[key] = (best, sorted(best), bridges, mover, diff, sea)
    return entry


def _sappers_on(st: PacificFields, s: int) -> bool:
    """§14.4 Whether a unit that bridges rivers stands on ``s``."""
    occ = st.board[s]
    return occ >= 0 and sapper(st.units[occ])


def _flood(
    st: PacificFields, u: Unit, mp: int, flags: Flags, storm: bool, wader: bool
) -> tuple[dict[int, int], list[int]]:
    """§6.1-§6.2 The flood fill behind :func:`reachable`, and the rivers it met that only a
    friendly Sappers' bridge lets the unit cross (§14.4)."""
    neigh, scout, heavy, climbers, boat, land_only, _ = _mover(u.card)
    difficult, mountain, river = flags
    muddy = st.muddy
    sea = st.sea
    board = st.board
    units = st.units
    side = u.side
    start = u.space
    rivers: list[int] = []
    best = [-1] * grid.SPACES  # MP left on arriving, by space; -1 not reached
    best[start] = mp
    reached: list[int] = []  # in the order first reached: the answer's order
    frontier = [start]
    while frontier:
        nxt = []
        for s in frontier:
            left = best[s]
            if left <= 0:
                continue
            here_diff = not scout and difficult[s]
            most = left - 1  # the most MP a step leaves: a space already left with as many is done
            for n in neigh[s]:
                if best[n] >= most:
                    continue
                occ = board[n]
                if occ >= 0 and units[occ].side != side:
                    continue
                if (land_only and sea[n]) or (boat and not sea[n] and not river[n]):
                    continue  # §14.2: boats stay at sea, only Amphibious vehicles cross the shore
                if river[n]:
                    if (land_only or heavy) and bridged(st, n):
                        if heavy:
                            continue  # §14.4: Extra Heavy units never move over bridges
                    elif not wader:
                        if heavy:
                            continue
                        rivers.append(n)
                        if occ < 0 or not sapper(units[occ]):
                            continue  # §14.4: a river is crossed only on a friendly Sappers' bridge
                d = difficult[n]
                if d and heavy:
                    continue
                if storm and n in muddy:
                    continue  # storm: only infantry crosses Muddy spaces
                rem = 0 if (here_diff or (d and not scout and not (climbers and mountain[n]))) else left - 1
                if rem > best[n]:
                    if best[n] < 0 and n != start:
                        reached.append(n)
                    best[n] = rem
                    nxt.append(n)
        frontier = nxt
    return {s: best[s] for s in reached}, rivers


def storm_blocked(st: PacificFields, u: Unit, s: int) -> bool:
    """§11.6 A storm's mud stops every unit but infantry."""
    return st.weather == "storm" and s in st.muddy and u.card.type != "infantry"


def move_destinations(
    st: PacificFields,
    u: Unit,
    flags: Flags | None = None,
    reach: dict[int, dict[int, int]] | None = None,
    enemy: int = -1,
) -> tuple[list[int], list[int]]:
    """§6.1 Normal destinations and those only Riders' extra space reaches. ``reach`` keeps each
    unit's :func:`reachable` spaces for the other choices listed from the same position;
    ``enemy``: :func:`enemy_spaces` of the unit's side, where the caller has it."""
    mp = movement_points(st, u)
    if flags is None:
        flags = terrain_flags(st)
    entry = _reach(st, u, mp, flags, enemy)
    normal = entry[0]
    if reach is not None:
        reach[u.iid] = normal
    river = flags[2]
    dests = []
    board = st.board
    for s in entry[1]:
        if river[s] and not water_ok(st, u, s):
            continue  # §14.4: the way over a Sappers' bridge, not a place to stop
        occ = board[s]
        if occ < 0 or swap_ok(st, st.units[occ], u.space):
            dests.append(s)
    ride: list[int] = []
    if "riders" in u.card.tags:
        for s in _reach(st, u, mp + 1, flags, enemy)[1]:
            if s not in normal and st.board[s] < 0 and not (river[s] and not water_ok(st, u, s)):
                ride.append(s)
    return dests, ride


def swap_ok(st: PacificFields, other: Unit, to: int) -> bool:
    """§6.1 Simultaneous movement (§6.1): a friendly unit that could still move may take our place."""
    return can_move(st, other) and grid.DIST[other.space][to] <= movement_points(st, other) and water_ok(st, other, to)


def water_ok(st: PacificFields, u: Unit, s: int) -> bool:
    """§14.2/§14.4: boats (Embark & Disembark) stay on water (sea or river, under a Bridge too);
    other units stay ashore unless Amphibious, and only Amphibious vehicles and Sappers stand on a
    river; a Bridge carries every ground unit but the Extra Heavy."""
    tags = st.db.terrain[st.cards[st.terrain[s]]].tags if st.terrain[s] >= 0 else ()
    river = "river" in tags
    if u.has("embark-disembark"):
        return st.sea[s] or river
    if "bridge" in tags and u.has("extra-heavy"):
        return False  # §14.4: Extra Heavy units never move over bridges
    if u.has("amphibious"):
        return True
    return not st.sea[s] and (not river or "bridge" in tags or sapper(u))


def move_actions(
    st: PacificFields, slot: int, flags: Flags, reach: dict[int, dict[int, int]] | None = None
) -> list[Action]:
    """§6.1-§6.5 The slot's units' moves, Covered Movement and Assault, *Advance* and *Sappers*,
    and the tokens used or picked up on the way (§11.10). ``reach`` collects the spaces each
    unit that may move reaches (:func:`move_destinations`)."""
    out: list[Action] = []
    keyed = _KEYED
    side = st.side_of(slot)
    enemy = enemy_spaces(st, side)
    for u in sorted([u for u in st.units.values() if u.owner == slot and u.space >= 0], key=by_iid):
        if can_move(st, u):
            dests, ride = move_destinations(st, u, flags, reach, enemy if u.side == side else -1)
            name = u.card.name
            here = u.space
            row = _ROWS.get((name, here))
            if row is None:
                row = _ROWS[name, here] = {}
            for s in dests:
                a = row.get(s)
                if a is None:
                    a = row[s] = _move("move", name, here, s)
                out.append(a)
            for s in ride:
                out.append(_move("ride", name, here, s))
            if u.card.type == "infantry":
                near = grid.DIST[here]
                board = st.board
                for s in dests:
                    if near[s] == 1 and board[s] < 0:
                        out.append(keyed.get(("cover", name, here, s)) or _move("cover", name, here, s))
                for n in grid.NEIGH[u.space]:
                    o = board[n]
                    e = None if o < 0 else st.units[o]
                    if e is not None and e.side != u.side and (e.face_down or u.card.pierce >= st.effective_armour(e)):
                        out.append(make(acts.Assault, u.space, n, who=named(u, u.side), what=enemy_name(e)))
            if "advance" in u.card.tags and u.mp_bonus == 0 and st.ap[slot] >= 1:
                out.append(make(acts.Advance, u.space, who=named(u, u.side)))
        if "sappers" in u.card.tags or (u.tokens and u.token_effect("sappers")):
            for n in grid.NEIGH[u.space]:
                if "obstacle" in st.terrain_tags(n) and st.terrain[n] >= 0:
                    out.append(make(acts.Sap, u.space, n, who=named(u, u.side)))
        if u.tokens:
            out.extend(token_actions(st, u))
        if st.drops and u.space in st.drops:
            if pickable(st, u):
                out.append(make(acts.Pickup, u.space, who=named(u, u.side)))
            for k, up in tradeable(st, u):
                name = st.db.upgrades[up].name
                old = u.tokens[k].up.name
                out.append(make(acts.Trade, u.space, k, up, who=named(u, u.side), old=old, n=k + 1, upgrade=name))
    return out


def move_unit(st: PacificFields, u: Unit, s: int, events: list[Event]) -> None:
    """§6.1 Move a unit; onto a friendly unit that may move there the two swap places."""
    other = st.unit_at(s)
    frm = u.space
    st.board[frm] = -1
    if other is not None:  # simultaneous movement: the two swap (§6.1)
        place(other, frm)
        st.board[frm] = other.iid
        other.moved = True
    place(u, s)
    st.board[s] = u.iid
    u.moved = True
    events.append(public("moved", unit=ev_id(u), start=SPACE_NAMES[frm], dest=grid.name(s)))
