"""§11 Optional rules that touch several phases: Tactical Artillery (§11.1), Lend-Lease (§11.5),
upgrade tokens dropped and picked up (§11.10), and the token abilities used while moving."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hulldown.engine import Action, Event, public
from hulldown.games.pacific import actions as acts
from hulldown.games.pacific import grid
from hulldown.games.pacific.fields import HQ_HP
from hulldown.games.pacific.ids import MAX_LENDLEASE, TOKENS, unit_ref
from hulldown.games.pacific.labels import named, token_name
from hulldown.games.pacific.offers import make
from hulldown.games.pacific.rules.s11_07_night import reveal
from hulldown.games.pacific.units import Unit

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


def ta_actions(st: PacificFields) -> list[Action]:
    """§11.1: once, after generating AP, on a space holding a unit or damageable terrain."""
    if not st._options["tactical_artillery"] or st.ta_used:
        return []
    slot = st.actor
    ap = min(9, st.ap[slot])
    if ap < 1:
        return []
    targets = [s for s in range(grid.SPACES) if st.board[s] >= 0]
    return [make(acts.TacticalArtillery, n, s) for n in range(1, ap + 1) for s in targets]


def hq_under_fire(st: PacificFields, side: int) -> bool:
    """§11.5: the side's HQ is within range of an enemy ground unit's main weapon."""
    for u in st.units.values():
        if (
            u.side != side
            and u.space >= 0
            and not u.face_down  # §11.7: only a threat the player can see
            and u.card.damage > 0
            and grid.hq_distance(side, u.space) <= st.weapon_range(u, u.card.range, True)
        ):
            return True
    return False


def lend_lease_actions(st: PacificFields, slot: int) -> list[Action]:
    """§11.5: once a turn, N wounds on one's own HQ for N AP, short of destroying it."""
    if not st._options["lend_lease"] or st.lent:
        return []
    side = st.side_of(slot)
    room = min(MAX_LENDLEASE, HQ_HP - 1 - st.hq_wounds[side])
    if room < 1 or not hq_under_fire(st, side):
        return []
    return [make(acts.LendLease, n) for n in range(1, room + 1)]


def pickable(st: PacificFields, u: Unit) -> list[str]:
    """§11.10: dropped tokens an infantry unit ending its move here can take (it has room, and not one it holds)."""
    if u.card.type != "infantry" or not u.moved:
        return []
    have = {t.up.id for t in u.tokens}
    out: list[str] = []
    for up in st.drops.get(u.space, ()):
        if up not in have and "infantry" in st.db.upgrades[up].for_ and len(u.tokens) + len(out) < TOKENS:
            have.add(up)
            out.append(up)
    return out


def tradeable(st: PacificFields, u: Unit) -> list[tuple[int, str]]:
    """§11.10: (held token position, dropped token) pairs an infantry unit that moved here may
    swap: it takes a dropped token it does not hold and discards one it holds."""
    if u.card.type != "infantry" or not u.moved:
        return []
    have = {t.up.id for t in u.tokens}
    out: list[tuple[int, str]] = []
    for up in dict.fromkeys(st.drops.get(u.space, ())):
        if up in have or "infantry" not in st.db.upgrades[up].for_:
            continue
        out.extend((k, up) for k in range(len(u.tokens)))
    return out


def token_actions(st: PacificFields, u: Unit) -> list[Action]:
    """§9 Mount a weapon (§9 Mount/Dismount) or throw a Smoke Grenade, any time in one's own turn."""
    out: list[Action] = []
    ref = who = ""  # named once, when the unit has a choice (asked for every unit at every decision)
    for k, t in enumerate(u.tokens):
        mount = t.up.mount and not t.mounted and u.space >= 0 and u.card.type != "aircraft"
        smoke = t.up.effect == "smoke-grenade" and not t.used and not t.spent
        if not (mount or smoke):
            continue
        if not ref:
            ref = unit_ref(u, u.side)
            who = named(u, u.side)
        tok = token_name(u, k)
        if mount:
            out.append(make(acts.Mount, ref, k, tok=tok, who=who))
        if smoke:
            out.append(make(acts.Smoke, ref, k, tok=tok, who=who))
    return out


def pickup(st: PacificFields, u: Unit, events: list[Event]) -> None:
    """§11.10 the infantry takes up the dropped tokens it may carry."""
    reveal(st, u, events)
    taken = pickable(st, u)
    left = st.drops.pop(u.space)
    for up in taken:
        u.tokens.append(st.new_token(up))
        left.remove(up)
    if left:
        st.drops[u.space] = left
    events.append(public("pickup", unit=u.iid, tokens=[st.db.upgrades[x].name for x in taken]))
