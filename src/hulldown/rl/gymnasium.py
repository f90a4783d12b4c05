"""Single-agent Gymnasium environments: one seat against built-in bots.

Importing this module registers ``hulldown/TankKillers-v0``,
``hulldown/TankHunter-v0``, ``hulldown/TankClash-v0`` and
``hulldown/Pacific2GM-v0`` (and ``hulldown/<CamelCaseId>-v0`` for any other
registered game that declares tensors), each only if the game is registered
and declares tensors at import time.

The learner plays ``seat``; every other seat is a bot built from an agent spec
(``opponents="random"`` by default, or ``"heuristic"``, ``"ismcts:iterations=50"``,
one spec per other seat as a list). Bots see only their own
:class:`~hulldown.engine.agent.SeatView`. After the learner acts, the bots play
until the learner must decide again or the game ends; the reward is the
learner's return, paid when the game ends.

Illegal actions: an index that is in the action space but not legal now is,
by default (``illegal_action="penalty"``), refused without changing the game,
rewarded with ``illegal_penalty`` (-1.0) and flagged by ``info["illegal_action"]``.
``illegal_action="raise"`` raises :class:`~hulldown.engine.errors.IllegalActionError`
instead. The penalty mode is the default because Gymnasium's own checker steps
unmasked random actions. An episode is truncated after ``max_episode_steps``
learner steps (legal or not; default: the game's own step bound), so an agent
that only ever tries illegal actions still ends its episodes.

The mask that comes with a terminal observation (``info["action_mask"]`` and
``action_masks()`` once the game is over) is the learner's mask at its last
decision, not the empty set of legal actions: vector environments hand the
terminal observation back and ask the learner for one more action, which
autoreset ignores, and a masked softmax over an all-zero mask is NaN.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from hulldown.agents.registry import make_agent
from hulldown.engine.agent import Agent, SeatView
from hulldown.engine.errors import IllegalActionError
from hulldown.engine.registry import game_ids, load
from hulldown.engine.state import GameState
from hulldown.rl.layout import Layout

Obs = npt.NDArray[np.float32]

#: Environment names of the published games; other games get a CamelCase name from their id.
ENV_NAMES = {
    "tank-killers": "TankKillers",
    "tank-hunter": "TankHunter",
    "tank-clash": "TankClash",
    "2gm-pacific": "Pacific2GM",
}

#: How many deals reset() tries before giving up when the bots finish a game without the learner.
_MAX_DEALS = 100


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``hulldown/TankKillers-v0``."""
    name = ENV_NAMES.get(game_id)
    if name is None:
        name = "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", game_id) if part)
        if name[:1].isdigit():
            name = "G" + name
    return f"hulldown/{name}-v0"


class HulldownEnv(gym.Env[Obs, np.int64]):
    """One seat of a hulldown game against bots (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (Gymnasium's own convention)

    def __init__(
        self,
        game_id: str,
        *,
        seat: int | str = 0,
        opponents: str | Sequence[str] = "random",
        players: int | None = None,
        render_mode: str | None = None,
        illegal_action: str = "penalty",
        illegal_penalty: float = -1.0,
        max_episode_steps: int | None = None,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        if illegal_action not in ("penalty", "raise"):
            raise ValueError(f"illegal_action must be 'penalty' or 'raise', not {illegal_action!r}")
        self.layout = Layout(game_id, players, options)
        game = self.layout.game
        n = self.layout.players
        if seat != "random" and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n):
            raise ValueError(f"seat must be 0..{n - 1} or 'random', not {seat!r}")
        if isinstance(opponents, str):
            specs = [opponents] * (n - 1)
        else:
            specs = list(opponents)
            if len(specs) != n - 1:
                raise ValueError(f"give one opponent spec per other seat ({n - 1}), not {len(specs)}")
        # Check the specs now, so a typo fails at construction rather than at the first reset.
        for spec in set(specs):
            make_agent(spec, game, 0, 0)
        self.seat_choice = seat
        self.opponent_specs = specs
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.max_episode_steps = game.info.max_steps if max_episode_steps is None else int(max_episode_steps)
        self.observation_space = spaces.Box(self.layout.low, self.layout.high, self.layout.shape, np.float32)
        self.action_space = spaces.Discrete(self.layout.num_actions)
        self.state: GameState | None = None
        self.seat = 0 if seat == "random" else int(seat)
        self._bots: dict[int, Agent] = {}
        self._episode_steps = 0
        #: the mask of the learner's latest decision, which a terminal observation keeps
        self._mask: npt.NDArray[np.int8] = np.zeros(self.layout.num_actions, np.int8)

    # -- episode ---------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        """Deal a new game; the bots move until the learner's first decision.

        Game options are fixed when the environment is built; ``options`` is ignored.
        """
        super().reset(seed=seed)
        game = self.layout.game
        n = self.layout.players
        for _ in range(_MAX_DEALS):
            game_seed = int(self.np_random.integers(0, 2**63 - 1))
            if self.seat_choice == "random":
                self.seat = int(self.np_random.integers(0, n))
            others = [s for s in range(n) if s != self.seat]
            self._bots = {
                s: make_agent(spec, game, s, game_seed) for s, spec in zip(others, self.opponent_specs, strict=True)
            }
            self.state = self.layout.new_state(game_seed)
            self._episode_steps = 0
            self._play_bots()
            if not self.state.is_over:
                return self.layout.encode(self.state, self.seat), self._info(False)
        raise RuntimeError(f"{game.id}: the bots ended {_MAX_DEALS} games in a row before seat {self.seat} decided")

    def _play_bots(self) -> None:
        state = self._require_state()
        seat = state.current_player
        while seat is not None and seat != self.seat:
            action = self._bots[seat].act(SeatView(state, seat))
            state.apply(action)
            seat = state.current_player

    def _require_state(self) -> GameState:
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        return self.state

    def _current_mask(self) -> npt.NDArray[np.int8]:
        """The legal actions now; once the game is over, those of the learner's last decision."""
        state = self._require_state()
        if not state.is_over:
            self._mask = self.layout.mask(state)
        return self._mask.copy()

    def _info(self, illegal: bool) -> dict[str, Any]:
        return {"action_mask": self._current_mask(), "illegal_action": illegal, "seat": self.seat}

    def step(self, action: Any) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        state = self._require_state()
        if state.is_over:
            raise RuntimeError("the game is over: call reset()")
        aid = self.layout.action_id(action)
        self._episode_steps += 1
        illegal = False
        reward = 0.0
        try:
            state.apply(aid)
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise IllegalActionError(f"action {int(action)} ({aid}) is not legal now") from None
            illegal = True
            reward = self.illegal_penalty
        else:
            self._play_bots()
        terminated = state.is_over
        if terminated:
            reward += float(state.returns()[self.seat])
        truncated = not terminated and self._episode_steps >= self.max_episode_steps
        return self.layout.encode(state, self.seat), reward, terminated, truncated, self._info(illegal)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Legal actions now, as booleans (the method name MaskablePPO and similar tools look for).

        After the game's end, the mask of the learner's last decision, as ``info["action_mask"]``.
        """
        return self._current_mask().astype(bool)

    # -- output ----------------------------------------------------------------
    def render(self) -> str | None:
        """The learner's view as text (``Game.render_text`` if the game has one, else JSON)."""
        if self.render_mode is None:
            return None
        state = self._require_state()
        obs = state.observation(self.seat)
        render_text = self.layout.game.render_text
        if render_text is not None:
            return render_text(obs, self.seat)
        return json.dumps(obs, sort_keys=True)


def register_env(game_id: str, env_name: str | None = None) -> str:
    """Register one game with Gymnasium (idempotent); returns its environment id."""
    eid = env_name or env_id(game_id)
    if eid not in gym.registry:
        gym.register(id=eid, entry_point=f"{__name__}:HulldownEnv", kwargs={"game_id": game_id})
    return eid


def register_all() -> list[str]:
    """Register every game that is registered and declares tensors now; returns the environment ids."""
    return [register_env(gid) for gid in game_ids() if load(gid).tensors is not None]


REGISTERED = register_all()
