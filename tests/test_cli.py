"""The `hulldown` command: listing, playing, replaying, and clear errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from hulldown.cli import app
from hulldown.engine.record import GameRecord

runner = CliRunner()


def test_games_lists_registered_games(toy: Any) -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0
    ids = [g["id"] for g in json.loads(result.stdout)]
    assert "high-card" in ids
    toy_info = next(g for g in json.loads(result.stdout) if g["id"] == "high-card")
    assert toy_info["options"][0]["name"] == "hand"
    text = runner.invoke(app, ["games"])
    assert "High Card" in text.stdout and "hand" in text.stdout


def test_play_a_whole_game_from_stdin(toy: Any, tmp_path: Path) -> None:
    rec = tmp_path / "game.json"
    result = runner.invoke(
        app,
        ["play", "high-card", "--seat", "1", "--opponents", "random", "--seed", "3", "--record", str(rec)],
        input="1\n" * 10,
    )
    assert result.exit_code == 0, result.output
    assert "game over" in result.stdout and "returns:" in result.stdout
    record = GameRecord.load(rec)
    assert record.returns is not None and record.players == 2


def test_play_shows_only_own_hand(toy: Any) -> None:
    from hulldown.engine.registry import load

    state = load("high-card").new(seed=3)
    theirs = state.observation(0)["hand"]
    mine = state.observation(1)["hand"]
    result = runner.invoke(app, ["play", "high-card", "--seat", "1", "--seed", "3"], input="q\n")
    assert result.exit_code == 1 and "abandoned" in result.stdout
    first_view = result.stdout.split("your choice")[0]
    assert str(mine) in first_view or all(c in first_view for c in mine)
    # seat 0's hand is not shown to seat 1 (it may have played one card already)
    assert str(theirs) not in first_view


def test_replay_steps_through_a_record(toy: Any, tmp_path: Path) -> None:
    rec = tmp_path / "g.json"
    runner.invoke(app, ["play", "high-card", "--opponents", "random", "--record", str(rec)], input="1\n" * 10)
    result = runner.invoke(app, ["replay", str(rec), "--no-pause"])
    assert result.exit_code == 0, result.output
    assert "seat 0: Play" in result.stdout and "returns:" in result.stdout


def test_bad_input_gives_one_line_and_exit_2(toy: Any, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "hulldown-record"}')
    cases = [
        ["cards", "chess"],
        ["play", "high-card", "--option", "hand=99"],
        ["play", "high-card", "--option", "colour"],
        ["play", "high-card", "--opponents", "alphazero"],
        ["play", "high-card", "--seat", "5"],
        ["play", "high-card", "--players", "9"],
        ["replay", str(bad)],
        ["replay", str(tmp_path / "missing.json")],
    ]
    for args in cases:
        result = runner.invoke(app, args, input="q\n")
        assert result.exit_code == 2, (args, result.output)
        assert "Traceback" not in result.output
        assert result.stderr.strip().startswith("error:"), (args, result.stderr)
        assert len(result.stderr.strip().splitlines()) <= 2, result.stderr
