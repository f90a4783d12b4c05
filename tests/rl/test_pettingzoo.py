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
    assert env.game_state is not None and env.game_state.is_over
    assert [totals[a] for a in env.possible_agents] == env.game_state.returns()


def test_illegal_action_raises_and_changes_nothing() -> None:
    env = hz.env("high-card")
    env.reset(seed=1)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    assert env.game_state is not None
    before = env.game_state.fingerprint()
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    with pytest.raises(ValueError, match="outside the action space"):
        env.step(99)
    assert env.game_state.fingerprint() == before


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


@pytest.mark.parametrize(("game_id", "players"), [("high-card", 3), ("tank-killers", 2)])
def test_state_is_every_seats_observation_in_its_space(game_id: str, players: int) -> None:
    import importlib

    # The module, not the function of the same name that pettingzoo.test exports.
    state_test = importlib.import_module("pettingzoo.test.state_test")
    env = hz.env(game_id, players=players)
    state_test.test_state_space(env)  # PettingZoo's own check of the declared space
    env.reset(seed=5)
    rng = np.random.default_rng(0)
    for _agent in env.agent_iter():
        state = env.state()
        assert env.state_space.contains(state)
        views = [env.observe(a)["observation"] for a in env.possible_agents]
        assert np.array_equal(state, np.concatenate(views))
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_after_the_end_each_agent_sees_the_final_position_and_no_legal_action() -> None:
    """As PettingZoo's RLCard games do: terminated agents step None, the mask is all zero."""
    env = hz.env("high-card", players=2, hand=2)
    env.reset(seed=1)
    seen = {}
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            seen[agent] = obs
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.game_state is not None and sorted(seen) == env.possible_agents
    for seat, agent in enumerate(env.possible_agents):
        assert np.array_equal(seen[agent]["observation"], env.layout.encode(env.game_state, seat))
        assert not seen[agent]["action_mask"].any()
