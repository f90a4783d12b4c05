"""The quick answers legality relies on agree with the slow, obviously right ones."""

from __future__ import annotations

from hulldown.engine.rng import SplitMix64
from hulldown.games.tank_hunter.state import TankHunterState
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
