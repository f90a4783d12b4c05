"""Every game with tensors as an OpenSpiel Python game.

``register()`` registers ``hulldown_<id>`` (``hulldown_tank_killers``,
``hulldown_2gm_pacific``...) with :func:`pyspiel.register_game`, after which
``pyspiel.load_game("hulldown_tank_killers(players=2)")`` works and
OpenSpiel's algorithms run on it.

Conventions:

- **Sequential, sampled stochastic chance.** The engine resolves dice and
  shuffles inside ``apply_action``; OpenSpiel never sees a chance node. Each
  ``new_initial_state()`` deals with the next seed of the game's own sequence
  (``derive_seed(rng_seed, n)``), so a game loaded with the same ``rng_seed``
  deals the same sequence of games.
- **Actions** are indices into the game's fixed action space (its TensorSpec);
  ``action_to_string`` gives the engine's action id.
- **Tensors** for both ``observation_tensor`` and ``information_state_tensor``
  are the TensorSpec encoding of the seat's observation; strings are the
  observation as sorted-key JSON. They are perfect-recall information states
  only in so far as each game's observation carries its own history (see the
  game's tensor layout); algorithms that key tables on information states
  (CFR) treat equal observations as one information set.
- **Utility**: terminal returns only. The range comes from
  ``Game.returns_range`` (default ``(-1.0, 1.0)``). ``Game.zero_sum``
  is true (zero-sum at every player count), a collection of the player counts whose
  returns always sum to zero (``(2,)``: a free-for-all whose lone winner takes +1 and
  every other seat -1 sums to ``2 - players``), or false (general-sum). The GameType of
  a loaded game says what holds for its player count.
- **Depth**: algorithms that recurse one Python frame per move (external-sampling
  MCCFR, full CFR, and OpenSpiel's Python outcome-sampling MCCFR) cannot reach the
  end of games longer than Python's stack; a state that finds itself that deep in
  the stack raises :class:`RecursionDepthError`, which says so, instead of Python's
  bare ``RecursionError``. OpenSpiel's C++ ``pyspiel.OutcomeSamplingMCCFRSolver``
  recurses in C++ and finishes games of any length.
- **Clone and serialize**: OpenSpiel clones a Python state by deep-copying its
  attributes and serializes it by pickling them; the engine state is held in a
  small box whose deep copy is ``GameState.clone()`` (cheap, shares the log) and
  whose pickle is the game record, replayed on load.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

import numpy as np
import pyspiel

from hulldown.engine.game import Game
from hulldown.engine.registry import game_ids, load, replay
from hulldown.engine.rng import derive_seed
from hulldown.engine.state import GameState
from hulldown.rl.layout import Layout

_LayoutKey = tuple[str, int, str]
#: Stack depth is checked every this many moves, and refused this many frames before Python's limit.
_DEPTH_CHECK_EVERY = 16
_DEPTH_MARGIN = 200


class RecursionDepthError(RuntimeError):
    """A recursive algorithm went deeper than Python's stack allows (one frame per move)."""


def is_zero_sum(game: Game, players: int) -> bool:
    """Whether the returns of every finished game with ``players`` seats sum to zero."""
    declared = game.zero_sum
    if isinstance(declared, bool):
        return declared
    return players in declared


def _stack_depth(limit: int) -> int:
    """Frames on the stack, counted up to ``limit`` (cheap enough every few moves)."""
    frame = sys._getframe(1)
    depth = 0
    while frame is not None and depth < limit:
        frame = frame.f_back  # type: ignore[assignment]
        depth += 1
    return depth


_LAYOUTS: dict[_LayoutKey, Layout] = {}
_REGISTERED: dict[str, str] = {}


def short_name(game_id: str) -> str:
    """OpenSpiel's name of a game: ``hulldown_`` and the id with non-alphanumerics as ``_``."""
    return "hulldown_" + re.sub(r"[^a-z0-9]+", "_", game_id.lower())


def _layout(key: _LayoutKey) -> Layout:
    layout = _LAYOUTS.get(key)
    if layout is None:
        game_id, players, options = key
        layout = _LAYOUTS[key] = Layout(game_id, players, json.loads(options))
    return layout


class _Box:
    """Holds the engine state so OpenSpiel's deepcopy and pickle go through clone and records."""

    __slots__ = ("state",)

    def __init__(self, state: GameState) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.state.clone())

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return _restore, (self.state.record().to_json(),)


def _restore(record_json: str) -> _Box:
    return _Box(replay(record_json))


class HulldownState(pyspiel.State):  # type: ignore[misc]
    """One game in OpenSpiel's State protocol; the engine state is built on first use."""

    def __init__(self, game: HulldownGame, key: _LayoutKey, seed: int) -> None:
        super().__init__(game)
        self._key = key
        self._seed = seed
        # Built lazily: OpenSpiel makes a fresh initial state for every clone and then
        # overwrites its attributes, so dealing eagerly would deal once per clone for nothing.
        self._box: _Box | None = None

    @property
    def engine_state(self) -> GameState:
        box = self._box
        if box is None:
            box = self._box = _Box(_layout(self._key).new_state(self._seed))
        return box.state

    # -- OpenSpiel protocol --------------------------------------------------------
    def current_player(self) -> int:
        seat = self.engine_state.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        state = self.engine_state
        if state.current_player != player:
            return []
        return _layout(self._key).legal_indices(state)

    def _apply_action(self, action: int) -> None:
        state = self.engine_state
        if state.steps % _DEPTH_CHECK_EVERY == 0 and state.steps:
            self._check_depth(state.steps)
        _layout(self._key).apply_index(state, action)

    def _check_depth(self, steps: int) -> None:
        """Refuse before Python's own RecursionError, saying which algorithms cannot work and why."""
        limit = sys.getrecursionlimit()
        if _stack_depth(limit) < limit - _DEPTH_MARGIN:
            return
        game = self.get_game()
        raise RecursionDepthError(
            f"{game.get_type().short_name}: {steps} moves into a game with Python's stack nearly full "
            f"(recursion limit {limit}): a recursive algorithm (external-sampling MCCFR, CFR) walks one "
            f"frame per move, and these games last hundreds of moves (at most {game.max_game_length()}); "
            "use one that samples a trajectory per iteration without Python recursion (outcome-sampling"
            " MCCFR in C++: pyspiel.OutcomeSamplingMCCFRSolver; ISMCTS) or a short game"
        )

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The seat's tensor as a flat list, as pyspiel gives it (default: the seat to move).

        pyspiel's own version first asks the game for the tensor's shape, and for a Python game it
        finds the shape by dealing a new initial state and encoding it: a whole deal per call,
        which also used up one of the game's ``rng_seed`` deals. The layout knows the shape.
        """
        seat = self.current_player() if player is None else int(player)
        if not 0 <= seat < self.get_game().num_players():
            raise ValueError(
                f"player {seat} has no observation tensor (players 0..{self.get_game().num_players() - 1})"
            )
        tensor: list[float] = _layout(self._key).encode(self.engine_state, seat).ravel().tolist()
        return tensor

    #: Both are the seat's TensorSpec tensor (docs/rl.md).
    information_state_tensor = observation_tensor

    def _action_to_string(self, player: int, action: int) -> str:
        return _layout(self._key).action_id(action)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        raise RuntimeError("hulldown games have sampled chance: there are no explicit chance nodes")

    def is_terminal(self) -> bool:
        return self.engine_state.is_over

    def returns(self) -> list[float]:
        return [float(r) for r in self.engine_state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> HulldownState:
        """A state ``player_id`` cannot tell from this one (the engine's ``resample``), for ISMCTS.

        ``probability_sampler`` returns uniform floats in [0, 1); four of them seed the redraw.
        """
        seed = 0
        for _ in range(4):
            seed = (seed << 16) | int(float(probability_sampler()) * 65536.0)
        new: HulldownState = self.clone()
        new._box = _Box(self.engine_state.resample(player_id, seed))
        return new

    def __str__(self) -> str:
        """The omniscient state (as the engine's snapshot): OpenSpiel compares clones by it."""
        return json.dumps(self.engine_state.snapshot(), sort_keys=True, separators=(",", ":"))


class _Observer:
    """OpenSpiel's PyObserver interface over the TensorSpec: one seat's observation only."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.tensor = np.zeros(int(np.prod(layout.shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(layout.shape)}

    def set_from(self, state: HulldownState, player: int) -> None:
        self.tensor[:] = self.layout.encode(state.engine_state, player).ravel()

    def string_from(self, state: HulldownState, player: int) -> str:
        return json.dumps(state.engine_state.observation(player), sort_keys=True, separators=(",", ":"))


class HulldownGame(pyspiel.Game):  # type: ignore[misc]
    """One hulldown game with one parameter set (players, game options, rng_seed)."""

    #: Set on the per-game subclass made by :func:`register_game`.
    GAME_ID: str = ""
    GAME_TYPE: Any = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.GAME_ID
        game = load(game_id)
        params = dict(params or {})
        players = int(params.pop("players", game.info.default_players))
        self._base_seed = int(params.pop("rng_seed", 0))
        layout = Layout(game, players, params)
        self._key: _LayoutKey = (game_id, layout.players, json.dumps(layout.options, sort_keys=True))
        _LAYOUTS[self._key] = layout
        lo, hi = game.returns_range
        zero_sum = is_zero_sum(game, layout.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=layout.num_actions,
            max_chance_outcomes=0,
            num_players=layout.players,
            min_utility=float(lo),
            max_utility=float(hi),
            utility_sum=0.0 if zero_sum else None,
            max_game_length=game.info.max_steps,
        )
        full = {"players": layout.players, "rng_seed": self._base_seed, **layout.options}
        # The registered type speaks for the default player count; the loaded game for its own.
        super().__init__(_game_type(game, layout.players), info, full)
        self._dealt = 0

    def new_initial_state(self) -> HulldownState:
        seed = derive_seed(self._base_seed, self._dealt)
        self._dealt += 1
        return HulldownState(self, self._key, seed)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params:
            raise ValueError(f"hulldown observers take no parameters (got {params})")
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info
        ):
            raise ValueError("hulldown observers give one seat's own view (public and its private information)")
        return _Observer(_layout(self._key))


def _game_type(game: Game, players: int | None = None) -> Any:
    info = game.info
    zero_sum = is_zero_sum(game, info.default_players if players is None else players)
    spec: dict[str, Any] = {"players": info.default_players, "rng_seed": 0}
    for opt in info.options:
        spec[opt.name] = opt.default
    return pyspiel.GameType(
        short_name=short_name(info.id),
        long_name=f"hulldown {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


def register_game(game_id: str) -> str:
    """Register one game with pyspiel (once per process); returns its OpenSpiel short name."""
    name = _REGISTERED.get(game_id)
    if name is not None:
        return name
    game = load(game_id)
    if game.tensors is None:
        raise ValueError(f"{game_id} declares no tensors (Game.tensors), so it cannot be an OpenSpiel game")
    game_type = _game_type(game)
    name = str(game_type.short_name)
    if name not in pyspiel.registered_names():
        # A class, not a closure: pyspiel keeps the creator until after the interpreter has shut
        # down, and releasing a closure then aborts the process.
        cls = type(f"HulldownGame_{name}", (HulldownGame,), {"GAME_ID": game_id, "GAME_TYPE": game_type})
        pyspiel.register_game(game_type, cls)
    _REGISTERED[game_id] = name
    return name


def register() -> list[str]:
    """Register every registered game that declares tensors; returns the OpenSpiel short names."""
    return [register_game(gid) for gid in game_ids() if load(gid).tensors is not None]
