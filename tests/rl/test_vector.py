"""``hulldown.rl.vector``: batched worker processes, step for step equal to SyncVectorEnv on the same seeds."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from hulldown.engine.errors import AgentSpecError
from hulldown.rl.gymnasium import HulldownEnv
from hulldown.rl.vector import BatchedVectorEnv, make_vector_env


def _run(envs: Any, steps: int, seed: int) -> list[tuple[np.ndarray, ...]]:
    """Every step's observations, rewards, ends and masks, the actions drawn from the masks by a fixed RNG."""
    rng = np.random.default_rng(seed)
    obs, info = envs.reset(seed=seed)
    out = [(obs, info["action_mask"])]
    for _ in range(steps):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
        obs, reward, term, trunc, info = envs.step(actions)
        out.append((obs, reward, term, trunc, info["action_mask"], info["_action_mask"], info["seat"]))
    return out


@pytest.mark.parametrize(
    ("game_id", "num_envs", "workers", "local", "steps"),
    [("high-card", 5, 2, False, 60), ("high-card", 5, 2, True, 60), ("tank-killers", 4, 1, True, 600)],
)
def test_same_seeds_same_steps_as_sync_vector_env(
    game_id: str, num_envs: int, workers: int, local: bool, steps: int
) -> None:
    sync = gym.vector.SyncVectorEnv([lambda: HulldownEnv(game_id, seat="random")] * num_envs)
    batched = make_vector_env(game_id, num_envs, workers=workers, local=local, seat="random")
    try:
        expected, got = _run(sync, steps, 11), _run(batched, steps, 11)
        ends = sum(int(row[2].sum()) for row in expected[1:])
        assert ends >= num_envs  # the run crosses autoresets in every copy, or nearly
        for want, have in zip(expected, got, strict=True):
            assert len(want) == len(have)
            for a, b in zip(want, have, strict=True):
                assert a.dtype == b.dtype and np.array_equal(a, b)
    finally:
        sync.close()
        batched.close()


def test_it_is_a_gymnasium_vector_env() -> None:
    envs = make_vector_env("tank-killers", 3, workers=2, opponents="heuristic")
    try:
        assert isinstance(envs, gym.vector.VectorEnv) and envs.num_envs == 3
        assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
        single = HulldownEnv("tank-killers")
        assert envs.single_observation_space == single.observation_space
        assert envs.observation_space.shape == (3, *single.observation_space.shape)
        obs, info = envs.reset(seed=[1, 2, 3])
        assert envs.observation_space.contains(obs) and info["_action_mask"].all()
        assert envs.get_attr("seat") == (0, 0, 0)
        masks = envs.call("action_masks")
        assert len(masks) == 3 and all(
            np.array_equal(m, i.astype(bool)) for m, i in zip(masks, info["action_mask"], strict=True)
        )
    finally:
        envs.close()


def test_bad_arguments_and_worker_errors_are_reported() -> None:
    with pytest.raises(ValueError, match=r"workers must be 0\.\.1 for 2 envs"):
        BatchedVectorEnv("tank-killers", 2, workers=2, local=True)
    with pytest.raises(ValueError, match=r"workers must be 1\.\.2 for 2 envs"):
        BatchedVectorEnv("tank-killers", 2, workers=0)
    with pytest.raises(ValueError, match="num_envs must be a positive integer"):
        make_vector_env("tank-killers", 0)
    with pytest.raises(AgentSpecError):
        make_vector_env("tank-killers", 2, opponents="grandmaster")  # refused before any process starts
    envs = make_vector_env("tank-killers", 3, workers=2, local=True, illegal_action="raise")
    try:
        _, info = envs.reset(seed=0)
        with pytest.raises(ValueError, match="one action per environment"):
            envs.step(np.zeros(2, dtype=np.int64))
        illegal = np.array([np.flatnonzero(m == 0)[0] for m in info["action_mask"]])
        with pytest.raises(Exception, match="not legal now"):
            envs.step(illegal)  # the workers' IllegalActionError (and the local group's) reaches the caller
        legal = np.array([np.flatnonzero(m)[0] for m in info["action_mask"]])
        assert envs.step(legal)[0].shape[0] == 3  # and the next step finds every worker in step
    finally:
        envs.close()
