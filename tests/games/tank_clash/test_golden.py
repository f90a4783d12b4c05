"""Golden data for the default battlefield (data/golden_default.json, made by make_golden.py).

Perft style: for every hex, how many hexes a tank reaches with 1, 2 and 3 hexes of movement
on an empty board, and how many it can target within 4 hexes; plus named cases of distance,
line of sight (a house in the way, forest concealment) and movement ranges (clauses 4, 5.3, 4.5).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.games.tank_clash.make_golden import build

GOLDEN: dict[str, Any] = json.loads((Path(__file__).parent / "data" / "golden_default.json").read_text())


@pytest.fixture(scope="module")
def now() -> dict[str, Any]:
    return build()


def test_movement_range_counts(now: dict[str, Any]) -> None:
    assert now["reach_counts"] == GOLDEN["reach_counts"]


def test_target_counts(now: dict[str, Any]) -> None:
    assert now["targets_within_4"] == GOLDEN["targets_within_4"]


def test_sight_cases(now: dict[str, Any]) -> None:
    assert now["sight_cases"] == GOLDEN["sight_cases"]
    by = {(c["from"], c["to"]): c for c in GOLDEN["sight_cases"]}
    assert not by[("A2", "C2")]["line_of_sight"]  # the house blocks
    assert by[("G2", "G4")]["can_target_range_4"]  # rivers do not block fire
    assert by[("C8", "E6")]["can_target_range_4"] and not by[("E6", "C8")]["can_target_range_4"]
    assert by[("D6", "C8")]["can_target_range_4"]
    assert not by[("B6", "C8")]["can_target_range_4"] and by[("A6", "B6")]["can_target_range_4"]


def test_movement_cases(now: dict[str, Any]) -> None:
    assert now["move_cases"] == GOLDEN["move_cases"]
    f1 = next(m for m in GOLDEN["move_cases"] if m["from"] == "F1")
    assert "E2" in f1["reach"]  # a forest can be entered ...
    e2 = next(m for m in GOLDEN["move_cases"] if m["from"] == "E2")
    assert len(e2["reach"]) <= 6  # ... and from it a tank moves one hex
