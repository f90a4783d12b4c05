"""One package per game; each exposes ``GAME`` (see hulldown.engine.registry).

``hulldown.games()`` is part of the public API, but importing any game package
rebinds the attribute ``hulldown.games`` to this package. Making the package
itself callable keeps ``hulldown.games()`` working either way.
"""

from __future__ import annotations

import sys
import types
from typing import Any


class _CallablePackage(types.ModuleType):
    def __call__(self) -> Any:
        from hulldown.engine.registry import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage
