"""The playout policy and evaluation a search uses in Tank Killers (games/tank_killers/rollout.py)."""

from __future__ import annotations

from hulldown.agents.registry import make_agent
from hulldown.engine.agent import SeatView
from hulldown.engine.rng import SplitMix64
from hulldown.games.tank_killers import GAME
from hulldown.games.tank_killers.rollout import evaluate, make_policy
from tests.games.tank_killers.helpers import give, new, put


def test_policy_makes_the_heuristics_choice_from_any_determinization() -> None:
    """It reads only the seat's own hand and the face-up cards, so every guess at the rest gives the same choice."""
    policy = make_policy(GAME, 0)
    rng = SplitMix64(3)
    decisions = 0
    for seed in range(6):
        st = new(seed=seed)
        bots = [make_agent("heuristic", GAME, s, seed) for s in (0, 1)]
        while not st.is_over:
            p = st.current_player
            assert p is not None
            chosen = bots[p].act(SeatView(st, p))
            guess = st.resample(p, rng)
            assert policy(guess).id == chosen.id
            decisions += len(st.legal_actions()) > 1
            st.apply(chosen)
    assert decisions > 500


def test_evaluation_counts_casualties_and_the_cards_that_cancel_or_give_attacks() -> None:
    st = new(seed=1)
    give(st, 0, "Buttoned Down")
    give(st, 1, "Point Blank")
    v = evaluate(st)
    assert abs(sum(v) - 1.0) < 1e-9
    assert v[0] > 0.5  # a lost-attack card outweighs a modifier card
    put(st, 0, "Panther", st.casualty[0])
    put(st, 0, "Tiger", st.casualty[0])
    assert evaluate(st)[0] < 0.5  # two casualties outweigh one card


def test_game_declares_policy_and_evaluation_for_the_search() -> None:
    assert GAME.rollout is make_policy
    assert GAME.evaluate is evaluate
