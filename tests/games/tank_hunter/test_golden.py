"""Seeded playouts match the digests recorded before the engine of the rules was restructured.

A mismatch means a rule, the order of the legal actions, an observation or the
heuristic's choice changed: intended changes regenerate the file (see golden.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.games.tank_hunter.golden import cases

GOLDEN = json.loads((Path(__file__).parent / "golden_playouts.json").read_text())
GROUPS = ("random/3p/default/", "random/set", "observed/", "heuristic/")


@pytest.mark.parametrize("group", GROUPS)
def test_playouts_match_golden(group: str) -> None:
    chosen = [(key, fn) for key, fn in cases() if key.startswith(group)]
    assert chosen, group
    wrong = [key for key, fn in chosen if fn() != GOLDEN[key]]
    assert not wrong, f"{len(wrong)} of {len(chosen)} playouts differ, first: {wrong[:5]}"


def test_golden_file_covers_every_case() -> None:
    assert sorted(GOLDEN) == sorted(key for key, _ in cases())
