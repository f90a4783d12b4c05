"""Gymnasium's own checker over every game with tensors, and the single-seat conventions."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from hulldown.engine.errors import AgentSpecError, IllegalActionError
from hulldown.rl import gymnasium as hg
from tests.rl.conftest import GAME_IDS, game_configs

CONFIGS = game_configs()


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_check_env_every_seat(game_id: str, players: int) -> None:
    for seat in range(players):
        check_env(hg.HulldownEnv(game_id, seat=seat, players=players), skip_render_check=False)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_registered_env_passes_check_env(game_id: str) -> None:
    eid = hg.register_env(game_id)
    env = gym.make(eid, render_mode="ansi")
    check_env(env.unwrapped)
    env.close()


def test_published_games_have_their_names() -> None:
    assert hg.env_id("tank-killers") == "hulldown/TankKillers-v0"
    assert hg.env_id("2gm-pacific") == "hulldown/Pacific2GM-v0"
    assert hg.env_id("high-card") == "hulldown/HighCard-v0"
    for gid in hg.REGISTERED:
        assert gid in gym.registry


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_episode_with_masked_random_actions(game_id: str, players: int) -> None:
    env = hg.HulldownEnv(game_id, players=players, seat="random", opponents="random")
    rng = np.random.default_rng(1)
    for episode in range(5):
        obs, info = env.reset(seed=episode)
        assert obs.shape == env.observation_space.shape
        total, done = 0.0, False
        while not done:
            mask = env.action_masks()
            assert np.array_equal(mask, info["action_mask"].astype(bool)) and mask.any()
            obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
            assert not info["illegal_action"] and not trunc
            total += float(reward)
            done = term
        assert env.state is not None and env.state.is_over
        assert total == env.state.returns()[info["seat"]]
        # the terminal observation keeps the mask of the learner's last decision (docs/rl.md)
        assert np.array_equal(info["action_mask"].astype(bool), mask)
        assert np.array_equal(env.action_masks(), mask)


def test_illegal_action_penalty_leaves_the_game_unchanged() -> None:
    env = hg.HulldownEnv("high-card", illegal_penalty=-0.5, max_episode_steps=3)
    _, info = env.reset(seed=4)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    assert env.state is not None
    before = env.state.fingerprint()
    _, reward, term, trunc, info = env.step(illegal)
    assert (reward, term, trunc, info["illegal_action"]) == (-0.5, False, False, True)
    assert env.state.fingerprint() == before
    env.step(illegal)
    *_, trunc, _ = env.step(illegal)
    assert trunc  # max_episode_steps counts refused actions too


def test_illegal_action_can_raise() -> None:
    env = hg.HulldownEnv("high-card", illegal_action="raise")
    _, info = env.reset(seed=4)
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    with pytest.raises(ValueError, match="outside the action space"):
        env.step(12)


def test_bad_settings_fail_at_construction() -> None:
    with pytest.raises(AgentSpecError):
        hg.HulldownEnv("high-card", opponents="no-such-bot")
    with pytest.raises(ValueError, match="seat"):
        hg.HulldownEnv("high-card", seat=2)
    with pytest.raises(ValueError, match="opponent spec per other seat"):
        hg.HulldownEnv("high-card", players=3, opponents=["random"])
    with pytest.raises(ValueError, match="option"):
        hg.HulldownEnv("high-card", hand=9)


def test_game_options_reach_the_game() -> None:
    env = hg.HulldownEnv("high-card", hand=1)
    env.reset(seed=0)
    _, _, term, _, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert term  # one card each: one trick ends the game
