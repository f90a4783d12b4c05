"""A TensorSpec for the kernel's toy game, so the RL adapters are tested before any real game lands.

Layout (players = P, 12 cards):

| slice | meaning |
|---|---|
| ``[0, 12)`` | own hand, one-hot per card |
| ``[12, 12 + 12P)`` | card on the table per seat, one-hot (all 0 if none) |
| next ``P`` | tricks per seat / hand size |
| next ``P`` | seat to play, one-hot |
| next ``P`` | own seat, one-hot |
| next 12 | cards taken in earlier tricks, one-hot |

Actions: ``play:0`` .. ``play:11`` at indices 0..11.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from hulldown.engine.game import Game
from tests.engine.toygame import TOY

N_CARDS = 12


class HighCardTensors:
    def action_ids(self, players: int, options: Mapping[str, Any]) -> list[str]:
        return [f"play:{c}" for c in range(N_CARDS)]

    def observation_shape(self, players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
        return (N_CARDS + N_CARDS * players + 3 * players + N_CARDS,)

    def observation_bounds(self, players: int, options: Mapping[str, Any]) -> tuple[float, float]:
        return 0.0, 1.0

    def encode(
        self, observation: Mapping[str, Any], seat: int, players: int, options: Mapping[str, Any]
    ) -> npt.NDArray[np.float32]:
        out = np.zeros(self.observation_shape(players, options), dtype=np.float32)
        for c in observation["hand"] or ():
            out[int(c)] = 1.0
        base = N_CARDS
        for s, c in enumerate(observation["table"]):
            if c is not None:
                out[base + N_CARDS * s + int(c)] = 1.0
        base += N_CARDS * players
        for s, t in enumerate(observation["tricks"]):
            out[base + s] = t / options["hand"]
        base += players
        out[base + observation["turn"]] = 1.0
        base += players
        out[base + seat] = 1.0
        base += players
        for c in observation["taken"]:
            out[base + int(c)] = 1.0
        return out


#: The toy game with tensors, under the toy game's own id.
#: A lone winner takes +1 and every other seat -1, so only two seats sum to zero.
TOY_RL: Game = dataclasses.replace(TOY, tensors=HighCardTensors(), zero_sum=(2,))
