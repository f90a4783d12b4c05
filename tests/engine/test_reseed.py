"""``GameState.reseed``: a clone gets dice of its own, the seed decides them, a real game still replays."""

from __future__ import annotations

import pytest

from hulldown.engine import RecordError
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


def test_reseed_leaves_the_position_alone_and_makes_a_search_copy() -> None:
    state = TOY.new(seed=7)
    observation = state.observation(0)
    legal = state.legal_actions()
    state.reseed(99)
    assert state.observation(0) == observation
    assert state.legal_actions() == legal
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    # Its dice no longer follow from the game's seed: no record claims they do.
    with pytest.raises(RecordError, match="no record"):
        state.record()
    # The state it was cloned from is untouched and keeps its record.
    real = TOY.new(seed=7)
    search = real.clone()
    search.reseed(1)
    while not real.is_over:
        real.apply(real.legal_actions()[0])
    assert real.record().final == real.fingerprint()


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
