"""A trained policy as a bot: ``policy:file=PATH`` plays a network saved by a training script.

A researcher's policy is useful beyond its training loop only if the tools
that measure bots can seat it: ``simulate``, ``tournament`` and ``balance``
build every agent from a spec, so a policy gets a spec like any bot. The file
is the one format NumPy reads without running code (``.npz``, loaded with
``allow_pickle=False``), holding a small multilayer perceptron over the game's
RL layout: ``w0, b0, w1, b1, ...`` with ReLU between layers, the last layer
one logit per action index of the layout (docs/rl.md). The policy sees what
the RL adapters give the seat, the encoded observation, and chooses among the
legal actions only.

The web server never builds this agent: its bots are an allow-list without
file parameters (agents/limits.py), so a client cannot name a file here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from hulldown.agents.registry import register_agent
from hulldown.engine.agent import SeatView
from hulldown.engine.errors import AgentSpecError
from hulldown.engine.game import Game
from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import Action

FORMAT = "hulldown-policy-1"
Floats = npt.NDArray[np.float32]


def save_policy(path: str | Path, game: str, players: int, layers: list[tuple[Any, Any]]) -> Path:
    """Write ``layers`` (``(weights[out, in], bias[out])`` each) as a policy file ``policy:file=`` loads."""
    arrays: dict[str, Any] = {"format": np.array(FORMAT), "game": np.array(game), "players": np.array(players)}
    for k, (w, b) in enumerate(layers):
        arrays[f"w{k}"] = np.asarray(w, dtype=np.float32)
        arrays[f"b{k}"] = np.asarray(b, dtype=np.float32)
    p = Path(path)
    with p.open("wb") as fh:
        np.savez(fh, **arrays)
    return p


def _load(path: Path, game: Game) -> tuple[int, list[tuple[Floats, Floats]]]:
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = {k: str(data[k]) for k in ("format", "game", "players") if k in data}
            if meta.get("format") != FORMAT:
                raise AgentSpecError(f"policy file {path}: not a {FORMAT} file (save one with save_policy)")
            layers: list[tuple[Floats, Floats]] = []
            while f"w{len(layers)}" in data:
                k = len(layers)
                layers.append((data[f"w{k}"].astype(np.float32), data[f"b{k}"].astype(np.float32)))
    except AgentSpecError:
        raise
    except (OSError, ValueError, KeyError) as exc:
        raise AgentSpecError(f"policy file {path}: cannot be read as a policy ({exc})") from None
    if not layers:
        raise AgentSpecError(f"policy file {path}: holds no layers (w0, b0, ...)")
    if meta.get("game") != game.id:
        raise AgentSpecError(f"policy file {path} was trained for {meta.get('game')}, not {game.id}")
    return int(meta.get("players", "2")), layers


class PolicyAgent:
    """Greedy (or sampling) over the legal actions by the network's logits."""

    name = "policy"

    def __init__(self, game: Game, path: Path, sample: bool, seed: int) -> None:
        from hulldown.rl.layout import Layout

        players, self.layers = _load(path, game)
        self.layout = Layout(game, players)
        self.sample = sample
        self._rng = SplitMix64(seed)
        sizes = [self.layout.shape[0] if len(self.layout.shape) == 1 else int(np.prod(self.layout.shape))]
        for k, (w, b) in enumerate(self.layers):
            if w.ndim != 2 or w.shape[1] != sizes[-1] or b.shape != (w.shape[0],):
                raise AgentSpecError(f"policy file {path}: layer {k} does not take {sizes[-1]} inputs")
            sizes.append(w.shape[0])
        if sizes[-1] != self.layout.num_actions:
            raise AgentSpecError(
                f"policy file {path}: {sizes[-1]} outputs, but {game.id} with {players} players has "
                f"{self.layout.num_actions} actions"
            )

    def logits(self, x: Floats) -> Floats:
        for k, (w, b) in enumerate(self.layers):
            x = w @ x + b
            if k < len(self.layers) - 1:
                x = np.maximum(x, 0.0)
        return x

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if not legal:
            raise ValueError("policy asked to act when its seat has no decision")
        if view.players != self.layout.players:
            raise ValueError(f"policy trained for {self.layout.players} players, seated at {view.players}")
        spec = self.layout.spec
        obs = spec.encode(view.observation(), view.seat, view.players, view.options).reshape(-1)
        scores = self.logits(obs)
        index = self.layout.index
        values = np.array([scores[index[a.id]] for a in legal], dtype=np.float64)
        if not self.sample:
            return legal[int(np.argmax(values))]
        p = np.exp(values - values.max())
        u = self._rng.random() * float(p.sum())
        return legal[min(int(np.searchsorted(np.cumsum(p), u, side="right")), len(legal) - 1)]


def make_policy(game: Game, seat: int, seed: int, **params: str) -> PolicyAgent:
    unknown = set(params) - {"file", "sample"}
    if unknown:
        raise TypeError(f"policy takes file= and sample= (not {', '.join(sorted(unknown))})")
    if "file" not in params:
        raise AgentSpecError("policy needs file=PATH (a .npz saved by hulldown.agents.policy.save_policy)")
    sample = params.get("sample", "false")
    if sample not in ("true", "false"):
        raise ValueError("sample is true or false")
    return PolicyAgent(game, Path(params["file"]), sample == "true", seed)


register_agent("policy", make_policy, "a trained policy from a local .npz file (file=PATH[,sample=true])")
