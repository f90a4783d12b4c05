"""Regenerates data/golden_default.json (run by hand after a deliberate rules or board change).

The test reads the file; a change in geometry, sight or movement rules then shows as a diff.
"""

from __future__ import annotations

import json
from pathlib import Path

from hulldown.games.tank_clash import GAME
from hulldown.games.tank_clash.state import TankClashState

OUT = Path(__file__).parent / "data" / "golden_default.json"
LOS_CASES = [
    ("A2", "C2", "a house (B2) directly between"),
    ("B1", "B3", "the line runs along the house B2's edge with open A2"),
    ("G2", "G4", "across the river"),
    ("C8", "E6", "from a forest to the open at 3"),
    ("E6", "C8", "from the open into a forest at 3"),
    ("D6", "C8", "from the open into a forest at 2"),
    ("B6", "C8", "forest to forest at 2"),
    ("A6", "B6", "forest to forest, adjacent"),
    ("D4", "D7", "a house (D5) in the way"),
    ("E4", "E7", "three hexes, nothing in the way"),
]
MOVE_CASES = [("F1", 3), ("E2", 3), ("C3", 2), ("I6", 3), ("H4", 2)]


def empty_state() -> TankClashState:
    s = GAME.new(seed=0, options={"side": "german"})
    assert isinstance(s, TankClashState)
    s.kind[0] = 0
    return s


def build() -> dict[str, object]:
    s = empty_state()
    g = s.field.grid
    out: dict[str, object] = {
        "arrangement": "default",
        "about": "Tank Clash default battlefield: terrain-only reaches, sight within range 4, and named cases.",
    }
    reach: dict[str, list[int]] = {}
    sight: dict[str, int] = {}
    for h in range(g.size):
        if not s.passable[h]:
            continue
        s.relocate(0, h)
        reach[g.name(h)] = [len(s._reach(0, 0, n)) for n in (1, 2, 3)]
        sight[g.name(h)] = sum(1 for o in range(g.size) if s.passable[o] and s.can_target(h, o, 4))
    out["reach_counts"] = reach
    out["targets_within_4"] = sight
    cases = []
    for a, b, why in LOS_CASES:
        ha, hb = g.parse(a), g.parse(b)
        cases.append(
            {
                "from": a,
                "to": b,
                "why": why,
                "distance": g.distance(ha, hb),
                "line_of_sight": g.line_of_sight(ha, hb, s.blocks_fire),
                "can_target_range_4": s.can_target(ha, hb, 4),
            }
        )
    out["sight_cases"] = cases
    moves = []
    for name, speed in MOVE_CASES:
        s.relocate(0, g.parse(name))
        moves.append({"from": name, "speed": speed, "reach": sorted(g.name(h) for h in s._reach(0, 0, speed))})
    out["move_cases"] = moves
    return out


if __name__ == "__main__":
    OUT.write_text(json.dumps(build(), indent=1) + "\n")
