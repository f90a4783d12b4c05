"""Fixed-size tensors for RL (engine/tensor.py).

Action space: every action id the game can offer, one index each, in the order documented in
actions.py (set-up, headquarters, deployment, movement, shooting, flip over and discard, air
reactions); ids name hand positions, spaces and aircraft bays, never card instances, so the space
is the same for every game with the same card data (about 35,000 ids). Observation layout
(float32, shape (6, 8, 15) flattened + 24 + 20 x 8):

- planes 0-1: own / enemy unit present; 2-3: own / enemy wounds / hp left; 4-8: unit type one-hot
  (infantry, artillery, tank, transport, aircraft); 9: terrain present; 10: smoke; 11: muddy;
  12: sea (§14.2); 13: objective (§14.3); 14: the unit carries another (§15).
- then 24 scalars: turn/60, phase one-hot (9), own AP/20, enemy AP/20, HQ wounds own/enemy /12,
  hand size/10, deck sizes own/enemy /50, supply own/enemy /6, weather one-hot (5).
- then the seat's own hand by position ``h1..h20`` (the ids' hand references), 8 floats each:
  present, cost/10, kind one-hot (infantry, artillery, tank, transport, aircraft, support).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from hulldown.games.pacific.actions import HAND_SLOTS
from hulldown.games.pacific.cards import load_cards
from hulldown.games.pacific.fast_tensor import PacificStateEncoder
from hulldown.games.pacific.views import of

PHASES = ("mulligan", "bid", "terrain", "hq", "deploy", "move", "shoot", "flip", "discard")
TYPES = ("infantry", "artillery", "tank", "transport", "aircraft")
WEATHER = ("none", "fog", "rain", "winds", "storm")
PLANES = 15
SCALARS = 24
HAND_FEATURES = 8
KIND = ("infantry", "artillery", "tank", "transport", "aircraft")


class PacificTensors:
    def action_ids(self, players: int, options: Mapping[str, Any]) -> list[str]:
        from hulldown.games.pacific.actions import all_action_ids

        db = load_cards()
        terrain = tuple(sorted(t.id for t in db.terrain.values() if t.kind != "natural"))
        return list(all_action_ids(terrain, tuple(sorted(db.upgrades))))

    def observation_shape(self, players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
        return (6 * 8 * PLANES + SCALARS + HAND_SLOTS * HAND_FEATURES,)

    def observation_bounds(
        self, players: int, options: Mapping[str, Any]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """Flags and one-hots 0..1; what has no cap the rules state is unbounded above.

        Hit Points left (support cards such as Veteran and heroes add permanent Hit Points, and
        nothing limits how many one unit takes), action points, HQ wounds, turns, hand, deck and
        supply counts and card costs: their upper bound is infinite. Nothing is negative.
        """
        grid = np.ones((6, 8, PLANES), dtype=np.float32)
        grid[:, :, 2:4] = np.inf
        sc = np.ones(SCALARS, dtype=np.float32)
        sc[0] = sc[10:19] = np.inf
        hand = np.ones((HAND_SLOTS, HAND_FEATURES), dtype=np.float32)
        hand[:, 1] = np.inf
        high = np.concatenate([grid.reshape(-1), sc, hand.reshape(-1)])
        return np.zeros_like(high), high

    def state_encoder(self, players: int, options: Mapping[str, Any]) -> PacificStateEncoder:
        """The same tensor as :meth:`encode`, written from the state without the observation dict."""
        enc = PacificStateEncoder(PHASES, TYPES, WEATHER, KIND, HAND_SLOTS)
        assert enc.size == self.observation_shape(players, options)[0]
        return enc

    def encode(
        self, observation: Mapping[str, object], seat: int, players: int, options: Mapping[str, Any]
    ) -> npt.NDArray[np.float32]:
        obs = of(observation)
        grid = np.zeros((6, 8, PLANES), dtype=np.float32)
        side = obs["slot_side"][seat]
        for u in obs["units"]:
            if u["space"] == "hq":
                continue
            r, c = (int(x) - 1 for x in u["space"].split(","))
            own = u["side"] == side
            grid[r, c, 0 if own else 1] = 1.0
            if u["type"] in TYPES:  # a face-down card shows neither type nor Hit Points (§11.7)
                grid[r, c, 2 if own else 3] = (u["hp"] - u["wounds"]) / 6.0
                grid[r, c, 4 + TYPES.index(u["type"])] = 1.0
            if u["cargo"] is not None:
                grid[r, c, 14] = 1.0
        for spaces, plane in ((obs["smoke"], 10), (obs["muddy"], 11), (obs["sea"], 12), (obs["objectives"], 13)):
            for s in spaces:
                r, c = (int(x) - 1 for x in s.split(","))
                grid[r, c, plane] = 1.0
        for t in obs["terrain"]:
            r, c = (int(x) - 1 for x in t["space"].split(","))
            grid[r, c, 9] = 1.0
        sc = np.zeros(SCALARS, dtype=np.float32)
        sc[0] = obs["turn"] / 60.0
        if obs["phase"] in PHASES:
            sc[1 + PHASES.index(obs["phase"])] = 1.0
        ap = obs["ap"]
        slot_side = obs["slot_side"]
        sc[10] = sum(a for s, a in enumerate(ap) if slot_side[s] == side) / 20.0
        sc[11] = sum(a for s, a in enumerate(ap) if slot_side[s] != side) / 20.0
        sc[12] = obs["hq_wounds"][side] / 12.0
        sc[13] = obs["hq_wounds"][1 - side] / 12.0
        sc[14] = obs["hand_sizes"][seat] / 10.0
        decks = obs["deck_sizes"]
        sc[15] = decks[seat] / 50.0
        sc[16] = sum(d for s, d in enumerate(decks) if slot_side[s] != side) / 50.0
        sc[17] = obs["supply"][side] / 6.0
        sc[18] = obs["supply"][1 - side] / 6.0
        sc[19 + WEATHER.index(obs["weather"])] = 1.0
        hand = np.zeros((HAND_SLOTS, HAND_FEATURES), dtype=np.float32)
        units = load_cards().units
        for k, card in enumerate((obs["hands"][seat] or [])[:HAND_SLOTS]):
            hand[k, 0] = 1.0
            hand[k, 1] = card["cost"] / 10.0
            uc = units.get(card["id"])
            hand[k, 2 + (KIND.index(uc.type) if uc is not None else 5)] = 1.0
        return np.concatenate([grid.reshape(-1), sc, hand.reshape(-1)])
