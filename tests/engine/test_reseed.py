"""``GameState.reseed``: a clone gets dice of its own, the seed decides them, a real game still replays."""

from __future__ import annotations

import pytest

from hulldown.engine import GameRecord, replay
from tests.engine.toygame import TOY


def _rolls(state: object, n: int) -> list[int]:
    return [state.roll(6) for _ in range(n)]  # type: ignore[attr-defined]


def test_a_reseeded_clone_rolls_its_own_dice_and_the_seed_decides_them() -> None:
    state = TOY.new(seed=5)
    same = state.clone()
    assert _rolls(same, 20) == _rolls(state.clone(), 20)  # a plain clone repeats its original's dice
    a, b, c = state.clone(), state.clone(), state.clone()
    a.reseed(123)
    b.reseed(123)
    c.reseed(124)
    ra, rb, rc = _rolls(a, 20), _rolls(b, 20), _rolls(c, 20)
    assert ra == rb
    assert ra != rc
    assert ra != _rolls(state.clone(), 20)


def test_reseed_leaves_the_position_alone_and_the_record_replays(toy: object) -> None:
    state = TOY.new(seed=7)
    before = state.fingerprint()
    observation = state.observation(0)
    state.reseed(99)
    assert state.observation(0) == observation
    assert state.legal_actions() == TOY.new(seed=7).legal_actions()
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    record = state.record()
    again = replay(GameRecord.from_json(record.to_json()))
    assert again.fingerprint() == state.fingerprint()
    assert before != state.fingerprint()


def test_scripted_outcomes_still_come_first() -> None:
    state = TOY.new(seed=3)
    state.script_chance(6, 1)
    state.reseed(42)
    assert _rolls(state, 2) == [6, 1]


@pytest.mark.parametrize("bad", ["7", 1.5, None, True])
def test_a_seed_must_be_an_int(bad: object) -> None:
    state = TOY.new(seed=3)
    before = state.snapshot()
    with pytest.raises(TypeError, match="a seed is an int"):
        state.reseed(bad)  # type: ignore[arg-type]
    assert state.snapshot() == before
