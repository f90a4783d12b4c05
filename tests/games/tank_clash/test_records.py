"""Recorded games replay to their recorded final states, so records made before a change still play back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hulldown.engine.record import GameRecord
from hulldown.games.tank_clash import GAME

RECORDS = Path(__file__).parents[2] / "fixtures" / "records"


@pytest.mark.parametrize("name", ["tank-clash-3.json", "tank-clash-8.json", "tank-clash-26.json"])
def test_record_replays_to_its_final_state(name: str) -> None:
    text = (RECORDS / name).read_text(encoding="utf-8")
    record = GameRecord.from_json(text)
    state = GAME.replay(record)
    assert state.is_over
    assert state.fingerprint() == record.final
    assert state.returns() == json.loads(text)["result"]["returns"]
