"""benchmarks/strength.py: the ``--sees-all`` yardstick really hands the search the true state."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hulldown.engine.registry import load
from hulldown.engine.rng import SplitMix64

ROOT = Path(__file__).resolve().parents[2]


def _strength_module():  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import strength

        return strength
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))


def test_sees_all_worlds_are_the_true_state_and_fair_worlds_are_not() -> None:
    strength = _strength_module()
    game = load("tank-killers")
    state = game.new(seed=3)
    truth = state.observation(1)  # what the opponent holds
    seen = strength._SeesAll(state, 0).resample(SplitMix64(1))
    assert seen is not state
    assert seen.observation(1) == truth
    fair = [strength.SeatView(state, 0).resample(SplitMix64(k)).observation(1) for k in range(5)]
    assert any(world != truth for world in fair)  # the opponent's hand is redrawn


def test_the_script_reports_a_sees_all_run() -> None:
    cmd = [
        sys.executable, "benchmarks/strength.py", "tank-killers", "--games", "2",
        "--ismcts", "ismcts:iterations=5", "--opponents", "heuristic", "--sees-all",
    ]  # fmt: skip
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300, check=True,
                         env={"PYTHONPATH": f"{ROOT / 'src'}:{ROOT}", "PATH": "/usr/bin:/bin"})  # fmt: skip
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["sees_all"] is True
    assert result["win_rate"]["n"] == 2
    assert result["even_share"] == 0.5
    assert [games for _, games in result["by_seat"].values()] == [1, 1]  # the seats alternate
    assert sum(score for score, _ in result["by_seat"].values()) == 2 * result["win_rate"]["rate"]


def test_at_four_players_the_even_share_is_a_quarter() -> None:
    cmd = [
        sys.executable, "benchmarks/strength.py", "tank-hunter", "--players", "4", "--games", "4",
        "--ismcts", "ismcts:iterations=3", "--opponents", "random",
    ]  # fmt: skip
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300, check=True,
                         env={"PYTHONPATH": f"{ROOT / 'src'}:{ROOT}", "PATH": "/usr/bin:/bin"})  # fmt: skip
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["even_share"] == 0.25
    assert result["beats_opponent"] == (result["win_rate"]["low"] > 0.25)
    assert [games for _, games in result["by_seat"].values()] == [1, 1, 1, 1]
