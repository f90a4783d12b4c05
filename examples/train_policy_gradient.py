"""Train a small policy with REINFORCE (NumPy only) against the random bot and plot its learning curve.

    python examples/train_policy_gradient.py --game tank-killers --iterations 300 --out curve.png --save tk.npz
    hulldown simulate tank-killers --agents policy:file=tk.npz,random --games 1000

The policy is linear-softmax over the game's fixed action space, restricted to
the legal actions by the mask the environment returns (``info["action_mask"]``),
so it never tries an illegal action. Every ``--eval-every`` iterations the
greedy policy plays ``--eval-episodes`` games on fixed seeds; the plot shows its
win rate next to the win rate of the random bot playing the same seat on the
same seeds, the baseline it should beat.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt

import hulldown.rl.gymnasium as hg
from hulldown.rl.layout import tensor_game_ids

FloatArray = npt.NDArray[np.float64]


class LinearSoftmaxPolicy:
    """pi(a | s) proportional to exp(W[a] . s + b[a]) over the legal actions only."""

    def __init__(self, n_inputs: int, n_actions: int, rng: np.random.Generator) -> None:
        self.w = rng.normal(0.0, 0.01, size=(n_actions, n_inputs))
        self.b = np.zeros(n_actions)

    def probabilities(self, obs: FloatArray, mask: npt.NDArray[Any]) -> FloatArray:
        logits = self.w @ obs + self.b
        logits = np.where(mask.astype(bool), logits, -np.inf)
        logits -= logits.max()
        p: FloatArray = np.exp(logits)
        return p / p.sum()

    def grad_log(self, obs: FloatArray, mask: npt.NDArray[Any], action: int) -> tuple[FloatArray, FloatArray]:
        """Gradient of log pi(action | obs) with respect to (w, b)."""
        g = -self.probabilities(obs, mask)
        g[action] += 1.0
        return np.outer(g, obs), g


@dataclass
class Curve:
    iterations: list[int] = field(default_factory=list)
    win_rate: list[float] = field(default_factory=list)
    mean_return: list[float] = field(default_factory=list)
    random_win_rate: float = 0.0
    #: The trained policy as layers (weights, bias) and the player count it was trained for.
    layers: list[tuple[FloatArray, FloatArray]] = field(default_factory=list)
    players: int = 2


def play(env: Any, seed: int, choose: Any) -> tuple[float, list[tuple[FloatArray, npt.NDArray[Any], int]]]:
    """One episode; returns the learner's total reward and its (obs, mask, action) trajectory."""
    obs, info = env.reset(seed=seed)
    trajectory = []
    total, done = 0.0, False
    while not done:
        x = obs.astype(np.float64).ravel()
        mask = info["action_mask"]
        action = choose(x, mask)
        trajectory.append((x, mask, action))
        obs, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
        done = terminated or truncated
    return total, trajectory


def evaluate(env: Any, choose: Any, episodes: int, seed: int) -> tuple[float, float]:
    """Win rate and mean return over fixed seeds (the same for every policy evaluated)."""
    results = [play(env, seed + i, choose)[0] for i in range(episodes)]
    return float(np.mean([r > 0 for r in results])), float(np.mean(results))


def train(
    game: str,
    *,
    players: int | None = None,
    iterations: int = 200,
    episodes_per_iteration: int = 16,
    learning_rate: float = 0.05,
    eval_every: int = 10,
    eval_episodes: int = 200,
    seed: int = 0,
) -> Curve:
    env = make_env(game, players)
    rng = np.random.default_rng(seed)
    n_inputs = int(np.prod(env.observation_space.shape))
    policy = LinearSoftmaxPolicy(n_inputs, int(env.action_space.n), rng)
    baseline = 0.0
    eval_seed = 10_000_000 + seed

    def sample(x: FloatArray, mask: npt.NDArray[Any]) -> int:
        return int(rng.choice(len(mask), p=policy.probabilities(x, mask)))

    def greedy(x: FloatArray, mask: npt.NDArray[Any]) -> int:
        return int(np.argmax(policy.probabilities(x, mask)))

    eval_rng = np.random.default_rng(seed + 1)

    def uniform(x: FloatArray, mask: npt.NDArray[Any]) -> int:
        return int(eval_rng.choice(np.flatnonzero(mask)))

    curve = Curve()
    curve.random_win_rate = evaluate(env, uniform, eval_episodes, eval_seed)[0]
    episode_seed = seed * 1_000_003
    for it in range(iterations + 1):
        if it % eval_every == 0 or it == iterations:
            win, mean = evaluate(env, greedy, eval_episodes, eval_seed)
            curve.iterations.append(it)
            curve.win_rate.append(win)
            curve.mean_return.append(mean)
            print(
                f"iteration {it:4d}  win rate {win:.3f}  mean return {mean:+.3f}"
                f"  (random bot {curve.random_win_rate:.3f})"
            )
        if it == iterations:
            break
        gw = np.zeros_like(policy.w)
        gb = np.zeros_like(policy.b)
        returns = []
        for _ in range(episodes_per_iteration):
            episode_seed += 1
            g, trajectory = play(env, episode_seed, sample)
            returns.append(g)
            advantage = g - baseline
            for x, mask, action in trajectory:
                dw, db = policy.grad_log(x, mask, action)
                gw += advantage * dw
                gb += advantage * db
        baseline = 0.9 * baseline + 0.1 * float(np.mean(returns))
        policy.w += learning_rate * gw / episodes_per_iteration
        policy.b += learning_rate * gb / episodes_per_iteration
    curve.layers = [(policy.w, policy.b)]
    curve.players = int(env.unwrapped.layout.players)
    env.close()
    return curve


def make_env(game: str, players: int | None) -> Any:
    """The registered Gymnasium environment of the game, one seat against the random bot."""
    return gym.make(hg.register_env(game), players=players, opponents="random")


def plot(curve: Curve, game: str, out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(curve.iterations, curve.win_rate, marker="o", label="REINFORCE policy (greedy)")
    ax.axhline(curve.random_win_rate, color="grey", linestyle="--", label="random bot in the same seat")
    ax.set_xlabel("iteration")
    ax.set_ylabel("win rate against the random bot")
    ax.set_ylim(0, 1)
    ax.set_title(f"{game}: learning curve")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> Curve:
    games = tensor_game_ids()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default=games[0] if games else None, help=f"game id (with tensors: {games})")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--episodes-per-iteration", type=int, default=16)
    parser.add_argument("--learning-rate", type=float, default=0.05)
    parser.add_argument("--eval-every", type=int, default=10)
    parser.add_argument("--eval-episodes", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("learning_curve.png"))
    parser.add_argument("--save", type=Path, default=None, help="write the policy here (.npz) for policy:file=")
    args = parser.parse_args(argv)
    if args.game is None:
        parser.error("no registered game declares tensors; give --game")
    curve = train(
        args.game,
        players=args.players,
        iterations=args.iterations,
        episodes_per_iteration=args.episodes_per_iteration,
        learning_rate=args.learning_rate,
        eval_every=args.eval_every,
        eval_episodes=args.eval_episodes,
        seed=args.seed,
    )
    plot(curve, args.game, args.out)
    print(f"learning curve written to {args.out}")
    if args.save is not None:
        from hulldown.agents.policy import save_policy

        save_policy(args.save, args.game, curve.players, curve.layers)
        print(f"policy written to {args.save}: play it with --agents policy:file={args.save}")
    return curve


if __name__ == "__main__":
    main(sys.argv[1:])
