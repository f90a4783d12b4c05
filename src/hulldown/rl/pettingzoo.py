"""PettingZoo AEC environments for every game that declares tensors.

``env("tank-killers", players=2)`` gives an :class:`~pettingzoo.AECEnv` whose
agents are ``player_0``.. (one per seat). The agent to act is always the seat
the engine says decides now, so reaction windows (a seat answering out of
turn) appear as that agent's turn, exactly as in the engine. Each observation
is ``{"observation": float32 tensor, "action_mask": int8 mask}``; rewards are
the game's returns, paid once when it ends. An illegal action raises
:class:`~hulldown.engine.errors.IllegalActionError` and changes nothing. Once the
game is over every agent's mask is all zero, as in PettingZoo's RLCard games: a
terminated agent may only step ``None`` (docs/rl.md, "After the end"). ``state()`` concatenates every seat's
tensor for centralized critics (it holds each seat's private information).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from hulldown.engine.state import GameState
from hulldown.rl.layout import Layout, agent_name

ObsDict = dict[str, npt.NDArray[Any]]


class HulldownAECEnv(AECEnv):  # type: ignore[misc]
    """One hulldown game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's convention; each instance gets its own copy)
        "render_modes": ["ansi"],
        "name": "hulldown",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        *,
        players: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.layout = Layout(game_id, players, options)
        self.game_id = self.layout.game.id
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"hulldown_{self.game_id.replace('-', '_')}"}
        n = self.layout.players
        self.possible_agents = [agent_name(s) for s in range(n)]
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        obs_box = spaces.Box(self.layout.low, self.layout.high, self.layout.shape, np.float32)
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": obs_box,
                    "action_mask": spaces.Box(0, 1, (self.layout.num_actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.layout.num_actions) for a in self.possible_agents}
        low, high = (np.asarray(b, dtype=np.float32) for b in (self.layout.low, self.layout.high))
        self.state_space = spaces.Box(
            np.tile(np.broadcast_to(low, self.layout.shape).ravel(), n),
            np.tile(np.broadcast_to(high, self.layout.shape).ravel(), n),
            (n * int(np.prod(self.layout.shape)),),
            np.float32,
        )
        self._np_random: np.random.Generator | None = None
        self.game_state: GameState | None = None
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]

    def __str__(self) -> str:
        return str(self.metadata["name"])

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- episode ---------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game. Game options are fixed when the environment is built; ``options`` is ignored."""
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        game_seed = int(self._np_random.integers(0, 2**63 - 1))
        self.game_state = self.layout.new_state(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._select()

    def _select(self) -> None:
        state = self._require_state()
        seat = state.current_player
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def _require_state(self) -> GameState:
        if self.game_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game_state

    def observe(self, agent: str) -> ObsDict:
        state = self._require_state()
        seat = self._seat_of[agent]
        if state.current_player == seat:
            mask = self.layout.mask(state)
        else:
            mask = np.zeros(self.layout.num_actions, dtype=np.int8)
        return {"observation": self.layout.encode(state, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        state = self._require_state()
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for agents whose game is over")
        self.layout.apply_index(state, action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if state.is_over:
            returns = state.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat_of[a]])
                self.terminations[a] = True
        else:
            self._select()
        self._accumulate_rewards()

    # -- output ----------------------------------------------------------------
    def render(self) -> str | None:
        """The spectator's view as text (``Game.render_text`` if the game has one, else JSON)."""
        if self.render_mode is None:
            return None
        state = self._require_state()
        obs = state.observation(None)
        render_text = self.layout.game.render_text
        if render_text is not None:
            return render_text(obs, None)
        return json.dumps(obs, sort_keys=True)

    def state(self) -> npt.NDArray[np.float32]:
        """Every seat's observation tensor, seat 0 first: the global state for centralized critics.

        It holds each seat's private information (hands...), which the other seats cannot see, so
        it is for training (a critic), never for a policy that acts. What no seat sees (the order
        of a deck, a face-down card nobody has looked at) is not in it.
        """
        state = self._require_state()
        return np.concatenate([self.layout.encode(state, s).ravel() for s in range(self.layout.players)])

    def close(self) -> None:
        self.game_state = None


def env(game_id: str, **options: Any) -> HulldownAECEnv:
    """A PettingZoo AEC environment; ``players`` and ``render_mode`` are taken out, the rest are game options."""
    return HulldownAECEnv(game_id, **options)


raw_env = env
