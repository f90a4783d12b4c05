"""Clones copy what the rules change in place: the copy is generated from ``PacificFields.COPY``."""

from __future__ import annotations

from hulldown.engine.rng import SplitMix64
from hulldown.games.pacific.fields import PacificFields
from hulldown.games.pacific.state import PacificState

from .test_rules import GAME


def _mid_game(seed: int) -> PacificState:
    st = GAME.new(seed=seed, players=2, options={"night": True, "upgrade_drop": True})
    rng = SplitMix64(seed)
    while not st.is_over and st.steps < 300:
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])
    assert isinstance(st, PacificState)
    return st


def test_clone_shares_no_container_the_rules_change() -> None:
    st = _mid_game(5)
    c = st.clone()
    assert isinstance(c, PacificState)
    assert c.fingerprint() == st.fingerprint()
    for name, kind in PacificFields.COPY.items():
        old, new = getattr(st, name), getattr(c, name)
        if kind == "share":
            assert new is old, name
            continue
        if old is None:
            assert new is None, name
            continue
        assert new is not old, name
        if kind == "values":
            assert all(new[k] is not v for k, v in old.items()), name
        if kind == "lists":
            assert all(a is not b for a, b in zip(new, old, strict=True)), name


def test_a_clone_plays_on_without_touching_its_original() -> None:
    st = _mid_game(8)
    before = st.fingerprint()
    c = st.clone()
    rng = SplitMix64(1)
    while not c.is_over and c.steps < st.steps + 200:
        legal = c.legal_actions()
        c.apply(legal[rng.below(len(legal))])
    assert st.fingerprint() == before
