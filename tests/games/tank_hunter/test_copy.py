"""Clones copy every field: the generated copy follows the field lists, these tests hold the lists to the slots."""

from __future__ import annotations

from hulldown.engine.copying import declared_slots
from hulldown.engine.rng import SplitMix64
from hulldown.games.tank_hunter.state import Ctx, TankHunterState
from tests.games.tank_hunter.helpers import GAME

LISTS = (TankHunterState._SHARED, TankHunterState._FLAT, TankHunterState._NESTED, TankHunterState._SCALARS)


def test_every_field_is_in_exactly_one_list() -> None:
    listed = [name for names in LISTS for name in names] + ["stack", "abon"]
    assert len(listed) == len(set(listed))
    assert sorted(listed) == sorted(declared_slots(TankHunterState))
    assert sorted(TankHunterState.COPY) == sorted(listed)


def _mid_game_with_stack() -> TankHunterState:
    """A random game stopped where a context (an attack, a window, an event) is pending."""
    for seed in range(50):
        s = GAME.new(seed=seed, players=3)
        rng = SplitMix64(seed)
        while not s.is_over:
            assert isinstance(s, TankHunterState)
            if len(s.stack) >= 2 and s.steps > 60:
                return s
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
    raise AssertionError("no game reached a pending context")


def test_clone_copies_every_field_and_shares_no_mutable_list() -> None:
    s = _mid_game_with_stack()
    c = s.clone()
    assert isinstance(c, TankHunterState)
    for name in TankHunterState._SHARED + TankHunterState._SCALARS + ("abon",):
        assert getattr(c, name) is getattr(s, name), name
    for name in TankHunterState._FLAT:
        assert getattr(c, name) == getattr(s, name), name
        assert getattr(c, name) is not getattr(s, name), name
    for name in TankHunterState._NESTED:
        assert getattr(c, name) == getattr(s, name), name
        assert all(a is not b for a, b in zip(getattr(c, name), getattr(s, name), strict=True)), name
    assert len(c.stack) == len(s.stack) >= 2
    for a, b in zip(c.stack, s.stack, strict=True):
        assert a is not b
        assert all(getattr(a, k) == getattr(b, k) for k in Ctx.__slots__)
    assert c.fingerprint() == s.fingerprint()


def test_ctx_copy_copies_every_slot() -> None:
    c = Ctx("attack", 1)
    for i, k in enumerate(Ctx.__slots__):
        setattr(c, k, ("marker", i))
    d = c.copy()
    assert d is not c
    assert [getattr(d, k) for k in Ctx.__slots__] == [("marker", i) for i in range(len(Ctx.__slots__))]
