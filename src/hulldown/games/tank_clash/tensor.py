"""Tank Clash as fixed-size arrays for RL (engine/tensor.py).

Action space: every action id the game can offer, in this order:
``end``, ``pass``, ``keep``, ``reroll:1..6``, then per hex (A1, B1, .. L1, A2, ..
L14): ``checkpoint:H``, ``place:medium:H``, ``place:heavy:H``,
``place:destroyer:H``, ``retreat:H``, ``tactical:artillery:H``,
``tactical:air:H``, ``morale:Demolish:H``; then per tank (a1..a5, b1..b5):
``ace:T``, ``tactical:repair:T``, ``tactical:mines:T``, and
``morale:{Overhaul,Sabotage,Transport,Refuel,Airdrop}:T``; then
``tactical:infantry``, ``tactical:smoke``, ``morale:{Sniper,Experience,
Reinforce,Conceal,Ambush,Deflect}``, ``discard:<card>`` for the 12 morale
cards; then ``move:T:H`` (tank-major) and ``attack:T:E`` (a-tanks on b-tanks,
then b on a).

Observation: ``PLANES`` planes of 14 x 12 hexes, *seen from the encoding
seat's edge* (seat 1's view is turned 180 degrees so row 0 is always the own
base row), flattened, followed by ``SCALARS`` numbers. Planes:
0-4 terrain (flat, river, bridge, forest, house); 5-7 own tank by type;
8 own armour / 3; 9 own damage / 3; 10 own ace; 11-13 enemy tank by known type;
14 enemy concealed; 15 enemy armour / 3; 16 enemy damage / 3; 17 enemy ace;
18 own checkpoint held by own side; 19 own checkpoint held by the enemy;
20 enemy checkpoint held by the enemy; 21 enemy checkpoint held by own side.
Scalars: is-my-turn, actions taken / 2, turn / 80, own hand size / 3,
enemy hand size / 3, own VP / 5, enemy VP / 5, own tactical cards left / 6,
enemy tactical cards left / 6, smoke on me, then the own hand as 12 card flags.
Everything comes from the observation, so nothing hidden can leak into it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from hulldown.engine.hexgrid import grid
from hulldown.games.tank_clash.actions import ALL
from hulldown.games.tank_clash.data import FIELD_ROWS, FIELD_WIDTH, KINDS, MORALE_NAMES
from hulldown.games.tank_clash.fast_tensor import TankClashStateEncoder
from hulldown.games.tank_clash.views import of

MORALE = MORALE_NAMES
PLANES = 22
SCALARS = 10 + len(MORALE)
_G = grid(FIELD_WIDTH, FIELD_ROWS)
_TERRAIN_PLANE = {".": 0, ":": 0, "^": 0, "R": 0, "~": 1, "=": 2, "T": 3, "H": 4}


def all_action_ids() -> list[str]:
    """The ids of the action space, in the order of its indices (actions.ALL)."""
    return [a.id for a in ALL]


class TankClashTensors:
    """The TensorSpec of Tank Clash (layouts in the module docstring)."""

    def action_ids(self, players: int, options: Mapping[str, Any]) -> list[str]:
        return all_action_ids()

    def observation_shape(self, players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
        return (PLANES * _G.size + SCALARS,)

    def observation_bounds(
        self, players: int, options: Mapping[str, Any]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """0..1 except armour (at most 6, so 2), hand sizes (all 12 morale cards: 4) and victory points."""
        from hulldown.games.tank_clash.fields import VP_ACE, VP_CHECKPOINT, VP_CROSSING, VP_KIND, VP_TARGET

        planes = np.ones((PLANES, _G.size), dtype=np.float32)
        planes[8] = planes[15] = 6 / 3
        scalars = np.ones(SCALARS, dtype=np.float32)
        scalars[3] = scalars[4] = len(MORALE) / 3
        # Every point a seat could ever score: the three enemy checkpoints, the crossing, each
        # enemy tank and its ace, and a mission target.
        most_vp = 3 * VP_CHECKPOINT + VP_CROSSING + 5 * max(VP_KIND) + VP_ACE + VP_TARGET
        scalars[5] = scalars[6] = most_vp / 5
        high = np.concatenate([planes.reshape(-1), scalars])
        return np.zeros_like(high), high

    def state_encoder(self, players: int, options: Mapping[str, Any]) -> TankClashStateEncoder:
        """The same tensor as :meth:`encode`, written from the state without the observation dict."""
        return TankClashStateEncoder(_G, PLANES, SCALARS, _TERRAIN_PLANE)

    def encode(
        self, observation: Mapping[str, object], seat: int, players: int, options: Mapping[str, Any]
    ) -> npt.NDArray[np.float32]:
        obs = of(observation)
        planes = np.zeros((PLANES, _G.size), dtype=np.float32)

        def cell(name: str) -> int:
            h = _G.parse(name)
            return _G.rotate(h) if seat == 1 else h

        for r, row in enumerate(obs["terrain"]):
            for c, ch in enumerate(row):
                h = r * _G.width + c
                planes[_TERRAIN_PLANE[ch], _G.rotate(h) if seat == 1 else h] = 1.0
        for t in obs["tanks"]:
            if t["hex"] is None:
                continue
            h = cell(t["hex"])
            own = t["seat"] == seat
            base = 5 if own else 11
            if t["kind"] is not None:
                planes[base + KINDS.index(t["kind"]), h] = 1.0
            elif not own:
                planes[14, h] = 1.0
            off = 0 if own else 7
            if t["armour"] is not None:
                planes[8 + off, h] = t["armour"] / 3.0
            planes[9 + off, h] = t["damage"] / 3.0
            if t["ace"]:
                planes[10 + off, h] = 1.0
        for cp in obs["checkpoints"]:
            h = cell(cp["hex"])
            own_cp = cp["owner"] == seat
            held_by_owner = cp["holder"] == cp["owner"]
            planes[(18 if held_by_owner else 19) if own_cp else (20 if held_by_owner else 21), h] = 1.0
        enemy = 1 - seat
        hand = obs["hand"] or []
        scalars = [
            1.0 if obs["to_move"] == seat else 0.0,
            obs["actions_taken"] / 2.0,
            min(obs["turn"], 80) / 80.0,
            obs["hand_sizes"][seat] / 3.0,
            obs["hand_sizes"][enemy] / 3.0,
            obs["victory_points"][seat] / 5.0,
            obs["victory_points"][enemy] / 5.0,
            (6 - len(obs["tactical_used"][seat])) / 6.0,
            (6 - len(obs["tactical_used"][enemy])) / 6.0,
            1.0 if obs["smoke"][seat] else 0.0,
            *(1.0 if c in hand else 0.0 for c in MORALE),
        ]
        return np.concatenate([planes.reshape(-1), np.asarray(scalars, dtype=np.float32)])
