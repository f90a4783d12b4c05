"""Recorded games replay to their recorded final states, so records made before a change still play back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hulldown.engine.record import GameRecord
from tests.games.tank_hunter.helpers import GAME

RECORDS = Path(__file__).parents[2] / "fixtures" / "records"


@pytest.mark.parametrize("name", ["tank-hunter-11.json", "tank-hunter-23.json"])
def test_record_replays_to_its_final_state(name: str) -> None:
    text = (RECORDS / name).read_text(encoding="utf-8")
    record = GameRecord.from_json(text)
    state = GAME.replay(record)
    assert state.is_over
    assert state.fingerprint() == record.final
    assert state.returns() == json.loads(text)["result"]["returns"]


def test_records_made_before_the_event_timing_option_replay_with_its_legacy_value() -> None:
    record = GameRecord.from_json((RECORDS / "tank-hunter-11.json").read_text(encoding="utf-8"))
    assert "event_timing" not in record.options
    state = GAME.replay(record)
    assert state.options["event_timing"] == "declarations"
    assert GAME.new(seed=1, players=2).options["event_timing"] == "book"
