"""The quick answers legality relies on agree with the slow, obviously right ones."""

from __future__ import annotations

from hulldown.engine.rng import SplitMix64
from hulldown.games.tank_hunter.state import _FRONT_VOLLEYS, MAIN, TankHunterState, _forget
from tests.games.tank_hunter.golden import OPTION_SETS
from tests.games.tank_hunter.helpers import GAME


def test_has_target_agrees_with_targets() -> None:
    """For every event design and seat, on states all through random games of every option set."""
    checked = 0
    for k, opts in enumerate(OPTION_SETS):
        for seed in range(4):
            s = GAME.new(seed=seed, players=2 + (seed + k) % 5, options=opts)
            assert isinstance(s, TankHunterState)
            cards = {s.edefs[i].name: s.nu + i for i in range(len(s.edefs))}
            rng = SplitMix64(seed)
            while not s.is_over:
                if s.steps % 4 == 0:
                    for card in cards.values():
                        e = s.ev(card)
                        for p in range(s.players):
                            assert s._has_target(p, card, e) == bool(s._targets(p, card, first=True)), (e.name, p)
                            assert s._has_target(p, card, e) == bool(s._targets(p, card)), (e.name, p)
                            checked += 1
                legal = s.legal_actions()
                s.apply(legal[rng.below(len(legal))])
    assert checked > 10_000


def test_memoised_attack_lists_agree_with_fresh_ones() -> None:
    """Legal lists read from the attack memos equal those built with every memo dropped first.

    Dropping the memos before each list is what happens when their size bound is reached,
    so this also checks that a reset mid-game changes nothing.
    """
    compared = 0
    for k, opts in enumerate(OPTION_SETS):
        for seed in range(3):
            s = GAME.new(seed=100 + seed, players=2 + (seed + k) % 5, options=opts)
            assert isinstance(s, TankHunterState)
            rng = SplitMix64(seed)
            while not s.is_over:
                if not s.stack and s.phase == MAIN and not s.acted:
                    memoised = s._legal_main(s.turn)
                    _forget()
                    assert not _FRONT_VOLLEYS
                    fresh = s._legal_main(s.turn)
                    assert [a.id for a in memoised] == [a.id for a in fresh]
                    assert s._legal_main(s.turn) == fresh
                    compared += 1
                legal = s.legal_actions()
                s.apply(legal[rng.below(len(legal))])
    assert compared > 500
