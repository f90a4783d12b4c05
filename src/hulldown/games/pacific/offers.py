"""The actions the rules offer, each built once and shared while the same names label it (DESIGN rule 6).

A decision offers about a hundred actions and each is looked up here, so this module is compiled
with the rules in the compiled build (``hulldown.compiled``); the action classes it builds stay
Python, in actions.py.
"""

from __future__ import annotations

from typing import Any, Final

from hulldown.engine.messages import Arg
from hulldown.games.pacific.actions import A, relabeller

#: How many labelled actions are kept before the table starts again: labels vary with the units,
#: and a long search must stay bounded.
MADE_LIMIT: Final = 200_000

_MADE: Final[dict[tuple[Any, ...], Any]] = {}
_BARE: Final[dict[tuple[Any, ...], Any]] = {}


def make(cls: type[A], *values: Any, key: str = "", **names: Arg) -> A:
    """The action ``cls(*values)``, labelled with ``names``.

    One id (``fire:1,5:main:2,3``) is offered for whichever unit stands on that space, and its
    label must name that unit, not the first one ever seen there; so an action is shared per
    fields *and* names. What the fields define (the id) is built once per fields; an action with
    new names copies it, and its label is rendered only when read.
    """
    k = (cls, values, key, *names.values())
    a: A | None = _MADE.get(k)
    if a is None:
        if len(_MADE) > MADE_LIMIT:
            _MADE.clear()
        core = (cls, values, key)
        bare = _BARE.get(core)
        if bare is None:
            bare = _BARE[core] = cls(*values, key=key)
        made: A = relabeller(cls)(bare, tuple(names.items())) if names else bare
        _MADE[k] = made
        return made
    return a
