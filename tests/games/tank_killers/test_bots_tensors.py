"""The heuristic bot beats random play; the tensor spec is fixed-size and complete."""

from __future__ import annotations

import numpy as np

from hulldown.agents.random_agent import RandomAgent
from hulldown.agents.registry import make_agent
from hulldown.engine.agent import SeatView
from hulldown.engine.rng import SplitMix64
from hulldown.games.tank_killers import GAME
from hulldown.games.tank_killers.render import render_text


def test_heuristic_beats_random() -> None:
    games, wins = 24, 0
    for i in range(games):
        h = i % 2
        st = GAME.new(seed=500 + i)
        bots = {h: make_agent("heuristic", GAME, h, i), 1 - h: RandomAgent(i)}
        views = {s: SeatView(st, s) for s in (0, 1)}
        while not st.is_over:
            s = st.current_player
            assert s is not None
            st.apply(bots[s].act(views[s]))
        wins += st.returns()[h] > 0
    assert wins >= 0.75 * games


def test_tensor_spec_covers_every_legal_action_and_encodes_observations() -> None:
    spec = GAME.tensors
    assert spec is not None
    for opts in ({}, {"deck0": "british", "deck1": "german", "random_factor": True}):
        space = spec.action_ids(2, opts)
        assert len(space) == len(set(space)) and space[0] == "pass"
        index = {a: i for i, a in enumerate(space)}
        shape = spec.observation_shape(2, opts)
        st = GAME.new(seed=9, options=opts)
        rng = SplitMix64(3)
        while not st.is_over:
            seat = st.current_player
            assert seat is not None
            obs = st.observation(seat)
            v = spec.encode(obs, seat, 2, opts)
            assert v.shape == shape and v.dtype == np.float32 and np.isfinite(v).all()
            assert np.array_equal(v, spec.encode(st.observation(seat), seat, 2, opts))
            legal = st.legal_actions()
            assert all(a.id in index for a in legal)
            st.apply(legal[rng.below(len(legal))])


def test_render_text_shows_the_seats_view() -> None:
    st = GAME.new(seed=1)
    text = render_text(st.observation(0), 0)
    assert "Tank Killers" in text and "Your hand" in text
    assert "Your hand" not in render_text(st.observation(None), None)
