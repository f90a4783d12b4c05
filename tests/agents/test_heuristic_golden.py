"""Every game's heuristic still plays the games it played when the digests were recorded.

The heuristics are tuned for speed (a balance study plays millions of their
games); a mismatch here means a bot now chooses differently. An intended change
of play regenerates the file (see heuristic_golden.py) in a commit that says why.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.agents.heuristic_golden import SETTINGS, cases, play

GOLDEN = json.loads((Path(__file__).parents[1] / "fixtures" / "heuristic_games.json").read_text())


@pytest.mark.parametrize("game_id", sorted({s[0] for s in SETTINGS}))
def test_heuristic_games_match_golden(game_id: str) -> None:
    chosen = cases(game_id)
    assert chosen
    wrong = [k for k, g, n, o, s in chosen if play(g, n, o, s) != GOLDEN[k]]
    assert not wrong, f"{len(wrong)} of {len(chosen)} games differ, first: {wrong[:3]}"


def test_golden_file_covers_every_case() -> None:
    assert sorted(GOLDEN) == sorted(k for k, *_ in cases())
