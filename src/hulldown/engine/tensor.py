"""What a game declares so that RL tools can see it as fixed-size arrays.

Each game supplies one :class:`TensorSpec` (``Game.tensors``): a fixed discrete
action space (every action id that can ever be legal, in a documented order)
and an encoder from *one seat's observation* to a NumPy array of fixed shape.
That encoder defines the layout and what a tensor may hold: encoding from the
observation keeps hidden information out by construction.

A spec should also give ``observation_bounds(players, options) -> (low, high)``
(per-entry arrays or scalars), which the RL adapters put on their Box spaces;
it is looked up, not required, so a spec without it gets unbounded spaces.

Building the observation dictionary costs several times a step of the engine,
so a spec may also give ``state_encoder(players, options)``: a function
``(state, seat) -> array`` that writes the same tensor straight from the state.
It lives with the game's observation code and is held to the same rule: it
reads only the fields the seat's observation is made of, so it is one more view
of what ``observation(seat)`` shows, in another form. It is a second
implementation of ``encode``, never a different layout: the RL adapters use it
when a spec has one, and ``tests/rl/test_fast_tensors.py`` checks that it
equals ``encode(observation(seat))`` on every state of many random games, for
every seat and player count, while the resampling tests check that it sees
nothing hidden from the seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeAlias

import numpy as np
import numpy.typing as npt

StateEncoder: TypeAlias = Callable[[Any, int], npt.NDArray[np.float32]]
"""``(state, seat) -> tensor`` of one game configuration; the state is that game's own class."""


class TensorSpec(Protocol):
    def action_ids(self, players: int, options: Mapping[str, Any]) -> list[str]:
        """Every action id the game can ever offer with these settings, in a fixed order."""
        ...

    def observation_shape(self, players: int, options: Mapping[str, Any]) -> tuple[int, ...]: ...

    def encode(
        self, observation: Mapping[str, object], seat: int, players: int, options: Mapping[str, Any]
    ) -> npt.NDArray[np.float32]:
        """The seat's observation as a float32 array of ``observation_shape``."""
        ...
