"""The actions the rules offer, built once per process and shared (DESIGN rule 6).

Legality indexes these tables (grown to the largest card set seen) or finds an action by
its fields, so no step formats or parses an id. ``_USIGS`` numbers the lists of unit
designs a process has dealt (the meaning of unit ids), for the memos of attack tables.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from hulldown.engine.state import Action
from hulldown.games.tank_hunter.actions import (
    Advance,
    AntiAir,
    AntiAirDone,
    ArrangeDone,
    Counter,
    Discard,
    End,
    Evade,
    Fire,
    NoAdvance,
    NoCounter,
    NoScoutCounter,
    NoSupply,
    Pass,
    Pick,
    PlaceRear,
    Play,
    Put,
    Reveal,
    Scout,
    ScoutCounter,
    Spot,
    TankHunterAction,
    Wait,
    intern,
)

# Actions indexed by a position, built once and grown to the largest card set
# seen (``_grow_tables``): legality checks index a list instead of building actions.
PICK: list[Action] = []


PLAY: list[Action] = []


DISCARD: list[Action] = []


SPOT: list[Action] = []


SCOUNTER: list[Action] = []


ADVANCE_TO: list[Action] = []


REVEAL_F: list[Action] = []


REVEAL_R: list[Action] = []


AA_AT: dict[str, list[Action]] = {"f": [], "r": []}


_TABLES: tuple[tuple[list[Action], Callable[[int], TankHunterAction]], ...] = (
    (PICK, Pick),
    (PLAY, Play),
    (DISCARD, Discard),
    (SPOT, Spot),
    (SCOUNTER, ScoutCounter),
    (ADVANCE_TO, Advance),
    (REVEAL_F, partial(Reveal, "f")),
    (REVEAL_R, partial(Reveal, "r")),
    (AA_AT["f"], partial(AntiAir, "f")),
    (AA_AT["r"], partial(AntiAir, "r")),
)


def _grow_tables(n: int) -> None:
    """Make every indexed table hold positions 0..n-1 (n: cards in the game)."""
    for table, make in _TABLES:
        while len(table) < n:
            table.append(intern(make(len(table))))


#: a small int for each distinct list of unit designs a game deals (the meaning of unit ids)
_USIGS: dict[tuple[object, ...], int] = {}


_END: Action = intern(End())


_WAIT: Action = intern(Wait())


_PASS: Action = intern(Pass())


_ARRANGE_DONE: Action = intern(ArrangeDone())


_ADVANCE_NONE: Action = intern(NoAdvance())


_SUPPLY_NONE: Action = intern(NoSupply())


_AA_DONE: Action = intern(AntiAirDone())


_NO_SCOUNTER: Action = intern(NoScoutCounter())


_PUT_FRONT: Action = intern(Put("front"))


_PUT_REAR: Action = intern(Put("rear"))


_EVADE: tuple[Action, ...] = (intern(Evade(True)), intern(Evade(False)))


_FIRE: dict[tuple[int, bool, bool], list[Action]] = {}


_COUNTER: dict[tuple[int, bool], list[Action]] = {}


_REAR_MASKS: list[list[Action]] = []


_BY_FIELDS: dict[tuple[Any, ...], Action] = {}


def _act_of(kind: Callable[..., TankHunterAction], *fields: Any) -> Action:
    """The shared action of that kind with those fields (built once)."""
    key = (kind, *fields)
    a = _BY_FIELDS.get(key)
    if a is None:
        a = _BY_FIELDS[key] = intern(kind(*fields))
    return a


_SCOUTS: dict[int, Action] = {}


def _scout_action(i: int, q: int) -> Action:
    """Scouting seat q with front-line unit i (built once)."""
    a = _SCOUTS.get(i * 8 + q)
    if a is None:
        a = _SCOUTS[i * 8 + q] = intern(Scout(i, q))
    return a


def _rear_masks(k: int) -> list[Action]:
    """The placements of k rear-line candidates: one action per subset sent to the rear (built once)."""
    while len(_REAR_MASKS) <= k:
        _REAR_MASKS.append([intern(PlaceRear(m)) for m in range(1 << len(_REAR_MASKS))])
    return _REAR_MASKS[k]


def _fire_actions(shots: int, lead: bool, charge: bool) -> list[Action]:
    """Salvo sizes 1..shots, each with or without Leadership / Charge when allowed (built once)."""
    key = (shots, lead, charge)
    out = _FIRE.get(key)
    if out is None:
        out = _FIRE[key] = [
            intern(Fire(s, ld, ch))
            for s in range(1, shots + 1)
            for ld in ((False, True) if lead else (False,))
            for ch in ((False, True) if charge else (False,))
        ]
    return out


def _counter_actions(shots: int, lead: bool) -> list[Action]:
    """No counter, or a counter salvo of 1..shots, with Leadership when allowed (built once)."""
    key = (shots, lead)
    out = _COUNTER.get(key)
    if out is None:
        out = [intern(NoCounter())]
        for s in range(1, shots + 1):
            out.append(intern(Counter(s)))
            if lead:
                out.append(intern(Counter(s, True)))
        _COUNTER[key] = out
    return out
