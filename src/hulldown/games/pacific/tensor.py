"""Fixed-size tensors for RL (engine/tensor.py).

Action space: the *action kinds* below, one index each, ids matched by prefix — a coarse but
fixed discrete space (``kind`` index = position in ``KINDS``); adapters map a chosen kind to the
first legal action of that kind. Observation layout (float32, shape (6, 8, 12) flattened + 24):

- planes 0-1: own / enemy unit present; 2-3: own / enemy wounds / hp left; 4-8: unit type one-hot
  (infantry, artillery, tank, transport, aircraft); 9: terrain present; 10: smoke; 11: muddy.
- then 24 scalars: turn/60, phase one-hot (9), own AP/20, enemy AP/20, HQ wounds own/enemy /12,
  hand size/10, deck sizes own/enemy /50, supply own/enemy /6, weather one-hot (5).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

KINDS = (
    "keep", "redraw", "bid", "terrain", "terrain-done", "ta", "ta-pass", "deploy", "play", "upgrade",
    "give-ap", "deploy-done", "move", "ride", "cover", "assault", "advance", "sap", "mount", "smoke",
    "move-done", "fire", "heal", "shoot-done", "dismount", "flip-done", "discard", "discard-done",
    "intercept", "no-intercept", "escort", "no-escort", "aa", "aa-done",
)  # fmt: skip
PHASES = ("mulligan", "bid", "terrain", "hq", "deploy", "move", "shoot", "flip", "discard")
TYPES = ("infantry", "artillery", "tank", "transport", "aircraft")
WEATHER = ("none", "fog", "rain", "winds", "storm")
PLANES = 12
SCALARS = 24


class PacificTensors:
    def action_ids(self, players: int, options: Mapping[str, Any]) -> list[str]:
        return list(KINDS)

    def observation_shape(self, players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
        return (6 * 8 * PLANES + SCALARS,)

    def encode(
        self, observation: Mapping[str, Any], seat: int, players: int, options: Mapping[str, Any]
    ) -> npt.NDArray[np.float32]:
        grid = np.zeros((6, 8, PLANES), dtype=np.float32)
        side = observation["slot_side"][seat]
        for u in observation["units"]:
            if u["space"] == "hq":
                continue
            r, c = (int(x) - 1 for x in u["space"].split(","))
            own = u["side"] == side
            grid[r, c, 0 if own else 1] = 1.0
            grid[r, c, 2 if own else 3] = (u["hp"] - u["wounds"]) / 6.0
            grid[r, c, 4 + TYPES.index(u["type"])] = 1.0
        for key, plane in (("smoke", 10), ("muddy", 11)):
            for s in observation[key]:
                r, c = (int(x) - 1 for x in s.split(","))
                grid[r, c, plane] = 1.0
        for t in observation["terrain"]:
            r, c = (int(x) - 1 for x in t["space"].split(","))
            grid[r, c, 9] = 1.0
        sc = np.zeros(SCALARS, dtype=np.float32)
        sc[0] = observation["turn"] / 60.0
        if observation["phase"] in PHASES:
            sc[1 + PHASES.index(observation["phase"])] = 1.0
        ap = observation["ap"]
        slot_side = observation["slot_side"]
        sc[10] = sum(a for s, a in enumerate(ap) if slot_side[s] == side) / 20.0
        sc[11] = sum(a for s, a in enumerate(ap) if slot_side[s] != side) / 20.0
        sc[12] = observation["hq_wounds"][side] / 12.0
        sc[13] = observation["hq_wounds"][1 - side] / 12.0
        sc[14] = observation["hand_sizes"][seat] / 10.0
        decks = observation["deck_sizes"]
        sc[15] = decks[seat] / 50.0
        sc[16] = sum(d for s, d in enumerate(decks) if slot_side[s] != side) / 50.0
        sc[17] = observation["supply"][side] / 6.0
        sc[18] = observation["supply"][1 - side] / 6.0
        sc[19 + WEATHER.index(observation["weather"])] = 1.0
        return np.concatenate([grid.reshape(-1), sc])
