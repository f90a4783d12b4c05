"""§1 The battlefield: where a unit stands, how rows count from a side, and which unit of a
transport's load acts (the one carried, §15), shared by every other chapter."""

from __future__ import annotations

from operator import attrgetter

from hulldown.games.pacific import grid
from hulldown.games.pacific.ids import SPACE_NAMES
from hulldown.games.pacific.units import Unit

#: §1.4 The order in which the rules list units (and so their choices): by card instance. A sort key
#: in C, as every list of choices sorts the units.
by_iid = attrgetter("iid")


def ev_id(u: Unit) -> int:
    """§11.7 How events name a unit: by card instance, or -1 while it lies face down (§11.7)."""
    return -1 if u.face_down else u.iid


def where(u: Unit) -> str:
    """§1.1 A unit's space as events name it (``hq`` beside the HQ, §16.1), so every chapter's
    events read alike."""
    return "hq" if u.space < 0 else SPACE_NAMES[u.space]


def skill_user(u: Unit) -> Unit:
    """§15.5: a landing craft has no gun, skill or token of its own, so the id naming its space
    names the unit it carries when it fires or uses a skill."""
    return u.cargo if u.cargo is not None and u.has("embark-disembark") else u


def place(u: Unit, s: int) -> None:
    """§15.1 Put a unit, and everything it carries, on space ``s`` (§15: cargo rides on its transport)."""
    for v in u.each():
        v.space = s


def front(side: int, s: int) -> int:
    """§1.2 The space in front of ``s`` as ``side`` faces the enemy, -1 off the battlefield."""
    n = s + grid.COLS if side == 0 else s - grid.COLS
    return n if 0 <= n < grid.SPACES else -1
