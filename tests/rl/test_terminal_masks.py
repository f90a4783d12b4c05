"""What the action mask is once a game is over, in each adapter (docs/rl.md, "After the end")."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pyspiel

from hulldown.rl import gymnasium as hg
from hulldown.rl import openspiel as hos
from hulldown.rl import pettingzoo as hz


def _masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The usual masked policy: -inf outside the mask, then softmax (NaN on an all-zero mask)."""
    z = np.where(mask.astype(bool), logits, -np.inf)
    with np.errstate(invalid="ignore"):
        e = np.exp(z - z.max())
        return np.asarray(e / e.sum())


def test_gymnasium_terminal_mask_is_the_last_decisions_mask() -> None:
    env = hg.HulldownEnv("tank-killers", opponents="random")
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=3)
    term = False
    while not term:
        last = info["action_mask"]
        _, _, term, _, info = env.step(int(rng.choice(np.flatnonzero(last))))
    assert env.state is not None and env.state.legal_actions() == []  # no action is legal any more
    assert np.array_equal(info["action_mask"], last) and info["action_mask"].dtype == np.int8
    assert np.array_equal(env.action_masks(), last.astype(bool))
    assert np.isfinite(_masked_softmax(np.zeros(len(last)), info["action_mask"])).all()


def test_gymnasium_vector_autoreset_ignores_the_action_asked_of_a_terminal_observation() -> None:
    """SyncVectorEnv (next-step autoreset) asks the policy about the terminal observation too."""
    envs = gym.vector.SyncVectorEnv([lambda: hg.HulldownEnv("tank-killers", opponents="random") for _ in range(2)])
    rng = np.random.default_rng(1)
    _, info = envs.reset(seed=5)
    ended = 0
    for _ in range(3000):
        masks = info["action_mask"]
        probs = [_masked_softmax(np.zeros(masks.shape[1]), m) for m in masks]
        assert all(np.isfinite(p).all() for p in probs)  # every row, the finished copies' included
        actions = np.array([rng.choice(len(p), p=p) for p in probs])
        _, _, term, _, info = envs.step(actions)
        ended += int(term.sum())
        if ended >= 2:
            break
    assert ended >= 2
    envs.close()


def test_pettingzoo_terminal_mask_is_all_zero() -> None:
    """PettingZoo's convention (its classic games): a terminated agent has no legal action and steps None."""
    env = hz.env("tank-killers")
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    final: dict[str, np.ndarray] = {}
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            final[agent] = obs["action_mask"]
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(final) == env.possible_agents
    assert all(m.dtype == np.int8 and not m.any() for m in final.values())


def test_openspiel_terminal_state_has_no_legal_action() -> None:
    """OpenSpiel's convention: a terminal state's legal actions are empty, its mask all zero."""
    game = pyspiel.load_game(hos.register_game("tank-killers"), {"rng_seed": 4})
    state = game.new_initial_state()
    rng = np.random.default_rng(4)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.legal_actions() == [] and state.legal_actions(0) == [] and state.legal_actions(1) == []
    assert not any(state.legal_actions_mask(0)) and not any(state.legal_actions_mask(1))
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
