"""Why the 2GM heuristic chose a move: the rule of thumb that gave it its score, as a message of
2GM's catalog (``why.*`` keys), so a page words it in its own language.

Worked out only when a bot's move is explained, from what the heuristic itself read (the
seat's observation and the chosen action's own label), so a reason tells the seat nothing new.
The rules mirror ``heuristic.py``: a change to a rule there changes its sentence here.
"""

from __future__ import annotations

from typing import Protocol

from hulldown.engine.state import Action
from hulldown.games.pacific import actions as acts
from hulldown.games.pacific import grid
from hulldown.games.pacific.fields import HAND_LIMIT
from hulldown.games.pacific.solo.words import Said
from hulldown.games.pacific.views import CardView, UnitView

#: The unit types that press towards the enemy; the others keep their distance.
_FORWARD = ("infantry", "tank", "transport")


class Seen(Protocol):
    """What the heuristic reads of the seat's observation."""

    side: int

    def hand(self) -> list[CardView]: ...

    def units(self) -> dict[str, UnitView]: ...


def reason(action: Action, seen: Seen, value: float) -> Said:
    """The rule of thumb behind ``action``, which the heuristic valued at ``value``."""
    assert isinstance(action, acts.PacificAction)
    names = dict(action.names)
    if isinstance(action, acts.Keep):
        return Said.of("why.keep")
    if isinstance(action, acts.Bid):
        return Said.of("why.bid", ap=action.ap)
    if isinstance(action, acts.Terrain | acts.WideTerrain):
        return _why_terrain(action, seen, str(names.get("name", action.terrain)))
    if isinstance(action, acts.Deploy):
        card = seen.hand()[action.hand]
        if action.space == acts.HQ:
            return Said.of("why.deploy-hq", card=card["name"], cost=card["cost"])
        return Said.of("why.deploy", card=card["name"], space=acts.SPACE_NAMES[action.space], cost=card["cost"])
    if isinstance(action, acts.PlayOn):
        return Said.of("why.play-on", card=seen.hand()[action.hand]["name"], unit=_unit(seen, action.unit))
    if isinstance(action, acts.Play):
        return Said.of("why.play", card=seen.hand()[action.hand]["name"])
    if isinstance(action, acts.Upgrade):
        return Said.of("why.upgrade", unit=_unit(seen, action.unit), upgrade=str(names.get("upgrade", action.token)))
    if isinstance(action, acts.Move) and not isinstance(action, acts.Cover):
        return _why_move(action, seen)
    if isinstance(action, acts.Assault):
        frm, target = acts.SPACE_NAMES[action.frm], acts.SPACE_NAMES[action.target]
        return Said.of("why.assault", unit=_unit(seen, frm), target=_unit(seen, target))
    if isinstance(action, acts.Fire) and value > 0:
        return _why_fire(action, seen, str(names.get("what", action.target)))
    if isinstance(action, acts.Discard) and value > 0:
        name = seen.hand()[action.hand]["name"]
        return Said.of("why.discard", card=name, hand=len(seen.hand()), limit=HAND_LIMIT)
    said = action.message()
    what = Said(said.key, tuple(said.args))
    if value > 0:  # Keep, and the reactions and extras valued just above ending a phase
        return Said.of("why.worth", action=what)
    return Said.of("why.none" if value == 0 else "why.least-bad", action=what)


def _unit(seen: Seen, ref: str) -> str | Said:
    """A unit as the seat knows it: its name, or where it lies face down (§11.7)."""
    u = seen.units().get(ref)
    if u is None:
        return ref
    if u["face_down"]:
        return Said.of("why.face-down", space=u["space"])
    return u["name"]


def _why_terrain(action: acts.Terrain | acts.WideTerrain, seen: Seen, name: str) -> Said:
    """Side 0 likes terrain on row 2, just before its own lines; side 1 anywhere but there."""
    row = grid.rc(action.space)[0] + 1
    space = acts.SPACE_NAMES[action.space]
    if (row == 2) == (seen.side == 0):
        key = "why.terrain-front" if seen.side == 0 else "why.terrain-not-front"
        return Said.of(key, terrain=name, space=space)
    return Said.of("why.terrain", terrain=name, space=space)


def _why_move(action: acts.Move, seen: Seen) -> Said:
    """Infantry, tanks and transports go as far towards the enemy as they can; the rest hang back."""
    frm = acts.SPACE_NAMES[action.frm]
    u = seen.units()[frm]
    forward = 1 if seen.side == 0 else -1  # side 0 starts on row 1 and advances down the rows
    rows = (grid.rc(action.to)[0] - grid.rc(action.frm)[0]) * forward
    args: dict[str, str | int | Said] = {"unit": _unit(seen, frm), "frm": frm, "to": acts.SPACE_NAMES[action.to]}
    if u["type"] in _FORWARD and rows > 0:
        return Said.of("why.advance", rows=rows, **args)
    if u["type"] not in _FORWARD and rows < 0:
        return Said.of("why.hang-back", rows=-rows, **args)
    return Said.of("why.move-any", **args)


def _why_fire(action: acts.Fire, seen: Seen, what: str) -> Said:
    """The HQ first, then the most wounded enemy, the one nearest destruction among equals."""
    shooter = _unit(seen, action.unit)
    if action.target == "hq":
        return Said.of("why.fire-hq", unit=shooter)
    e = seen.units().get(action.target)
    if e is None or e["side"] == seen.side:
        return Said.of("why.fire-other", unit=shooter, target=what)
    target = _unit(seen, action.target)
    wounds = e["wounds"]
    if e["hp"] > 0 and e["hp"] - wounds <= 2:
        return Said.of("why.fire-finish", unit=shooter, target=target, wounds=wounds, left=e["hp"] - wounds)
    if wounds:
        return Said.of("why.fire-wounded", unit=shooter, target=target, wounds=wounds)
    return Said.of("why.fire-unit", unit=shooter, target=target)
