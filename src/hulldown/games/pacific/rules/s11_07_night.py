"""§11.7 Night combat: face-down units, when they turn face up, and the Flip phase."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hulldown.engine import Event, mark_reveal, private, public
from hulldown.games.pacific import grid
from hulldown.games.pacific.rules.s01_battlefield import where
from hulldown.games.pacific.units import Unit

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


def reveal(st: PacificFields, u: Unit, events: list[Event]) -> None:
    """§11.7: the card is turned face up and stays so."""
    if u.face_down:
        u.face_down = False
        events.append(mark_reveal(public("revealed", unit=u.iid, name=u.card.name, space=where(u))))


def shows_face_down(st: PacificFields, *units: Unit) -> None:
    """§11.7 a face-down unit that moves or carries shows the enemy something of what it is
    (how far it may go, what it may carry), even if it stays face down: declare a reveal."""
    for u in units:
        if any(v.face_down for v in u.each()):
            st.declare_reveal()
            return


def near_enemy(st: PacificFields, u: Unit) -> bool:
    """§11.7: two spaces or less from an enemy unit or the enemy HQ (an HQ and the aircraft
    beside it count one space beyond its deployment line, §1.2)."""
    enemy = 1 - u.side
    s = u.space
    if s >= 0 and grid.hq_distance(enemy, s) <= 2:
        return True
    for e in st.units.values():
        if e.side != enemy:
            continue
        if s >= 0 and e.space >= 0:
            if grid.DIST[s][e.space] <= 2:
                return True
        elif s >= 0:
            if grid.hq_distance(enemy, s) <= 2:
                return True
        elif e.space >= 0 and grid.hq_distance(u.side, e.space) <= 2:
            return True
    return False


def reveal_sweep(st: PacificFields, events: list[Event]) -> None:
    """§11.7 after every decision: face-down units near the enemy, or showing a bought upgrade
    token (a unit deployed with upgrades is deployed face up), are turned face up."""
    for w in list(st.units.values()):
        for u in w.each():
            if not u.face_down:
                continue
            # a carried unit stands where its carrier stands
            if near_enemy(st, w) or any(t.up.id not in u.card.free for t in u.tokens):
                reveal(st, u, events)


def announce_deployment(st: PacificFields, u: Unit, events: list[Event]) -> None:
    """§11.7 A face-down deployment tells the enemy only where a card went (§11.7).

    Even that is a reveal: the card left a hidden hand, and the AP paid show its cost.
    """
    if not u.face_down:
        events.append(mark_reveal(public("deployed", unit=u.iid, name=u.card.name, space=where(u))))
        return
    events.append(mark_reveal(public("deployed", unit=-1, space=where(u), face_down=True)))
    own = [s for s in range(st._players) if st.slot_side[s] == u.side and not (st.solo and u.side == 1)]
    if own:
        events.append(private(own, "deployed-face-down", unit=u.iid, name=u.card.name, space=where(u)))
