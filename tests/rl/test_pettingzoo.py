"""PettingZoo's own suites (api_test, seed_test) over every game with tensors."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from hulldown.engine.errors import IllegalActionError
from hulldown.rl import pettingzoo as hz
from tests.rl.conftest import game_configs

CONFIGS = game_configs()


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_api(game_id: str, players: int) -> None:
    api_test(hz.env(game_id, players=players, render_mode="ansi"), num_cycles=200)


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_seed(game_id: str, players: int) -> None:
    seed_test(lambda: hz.env(game_id, players=players), num_cycles=200)


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_full_game_pays_the_returns(game_id: str, players: int) -> None:
    env = hz.env(game_id, players=players)
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size > 0
        env.step(int(rng.choice(legal)))
    assert env.state is not None and env.state.is_over
    assert [totals[a] for a in env.possible_agents] == env.state.returns()


def test_illegal_action_raises_and_changes_nothing() -> None:
    env = hz.env("high-card")
    env.reset(seed=1)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    assert env.state is not None
    before = env.state.fingerprint()
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    with pytest.raises(ValueError, match="outside the action space"):
        env.step(99)
    assert env.state.fingerprint() == before


def test_only_the_seat_to_move_has_a_mask() -> None:
    env = hz.env("high-card", players=3)
    env.reset(seed=2)
    for agent in env.possible_agents:
        has_moves = env.observe(agent)["action_mask"].any()
        assert has_moves == (agent == env.agent_selection)


def test_render_shows_the_spectator_view() -> None:
    env = hz.env("high-card", render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and '"hand": null' in text


def test_game_without_tensors_is_refused(toy: object) -> None:
    from hulldown.engine import registry
    from tests.engine.toygame import TOY

    registry.register(TOY)
    with pytest.raises(ValueError, match="declares no tensors"):
        hz.env("high-card")
