"""One game's fixed RL layout: action indices, masks and observation tensors.

Every adapter (PettingZoo, Gymnasium, OpenSpiel) goes through a :class:`Layout`
so the three agree on the meaning of action index ``i`` and of each tensor
entry. The layout is computed once per (game, players, options) because the
TensorSpec may depend on both; it never looks at a state beyond
``state.observation(seat)``, ``state.legal_actions()`` and the spec's own
state encoder (which writes the same tensor as the observation would, straight
from the state: engine/tensor.py), so no adapter can leak what a seat may not see.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from hulldown.engine.errors import IllegalActionError
from hulldown.engine.game import Game
from hulldown.engine.registry import game_ids, load
from hulldown.engine.state import GameState
from hulldown.engine.tensor import StateEncoder, TensorSpec


def tensor_game_ids() -> list[str]:
    """Registered games that declare tensors, i.e. the games every adapter supports."""
    return [gid for gid in game_ids() if load(gid).tensors is not None]


def agent_name(seat: int) -> str:
    """PettingZoo agent name of a seat (``player_0``...)."""
    return f"player_{seat}"


class Layout:
    """The fixed action space and observation encoding of one game configuration."""

    __slots__ = (
        "_fast",
        "action_ids",
        "game",
        "high",
        "index",
        "low",
        "num_actions",
        "options",
        "players",
        "shape",
        "spec",
    )

    game: Game
    spec: TensorSpec
    players: int
    options: dict[str, Any]
    action_ids: tuple[str, ...]
    index: dict[str, int]
    num_actions: int
    shape: tuple[int, ...]
    low: float | npt.NDArray[np.float32]
    high: float | npt.NDArray[np.float32]
    _fast: StateEncoder | None

    def __init__(self, game: Game | str, players: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        if isinstance(game, str):
            game = load(game)
        if game.tensors is None:
            with_tensors = ", ".join(tensor_game_ids()) or "none"
            raise ValueError(
                f"{game.id} declares no tensors (Game.tensors), so no RL adapter can drive it "
                f"(games with tensors: {with_tensors})"
            )
        self.game = game
        self.spec = game.tensors
        self.players = game.validate_players(players)
        self.options = game.validate_options(options)
        ids = tuple(self.spec.action_ids(self.players, self.options))
        if not ids:
            raise ValueError(f"{game.id}: the tensor spec declares an empty action space")
        index: dict[str, int] = {}
        for i, aid in enumerate(ids):
            if aid in index:
                raise ValueError(f"{game.id}: action id {aid!r} appears twice in the tensor spec's action space")
            index[aid] = i
        self.action_ids = ids
        self.index = index
        self.num_actions = len(ids)
        self.shape = tuple(int(n) for n in self.spec.observation_shape(self.players, self.options))
        # Optional: a spec may bound its tensor entries (tighter Box spaces for Gymnasium/PettingZoo).
        bounds = getattr(self.spec, "observation_bounds", None)
        if callable(bounds):
            lo, hi = bounds(self.players, self.options)
            self.low = lo if isinstance(lo, float | int) else np.asarray(lo, dtype=np.float32)
            self.high = hi if isinstance(hi, float | int) else np.asarray(hi, dtype=np.float32)
            self.low = float(self.low) if isinstance(self.low, int) else self.low
            self.high = float(self.high) if isinstance(self.high, int) else self.high
        else:
            self.low, self.high = -np.inf, np.inf
        # Optional: the same tensor written straight from the state, without the observation dict.
        make = getattr(self.spec, "state_encoder", None)
        self._fast = make(self.players, self.options) if callable(make) else None

    # -- states --------------------------------------------------------------
    def new_state(self, seed: int) -> GameState:
        return self.game.new(seed=seed, players=self.players, options=self.options)

    def encode(self, state: GameState, seat: int) -> npt.NDArray[np.float32]:
        """The seat's observation as a fresh float32 array (callers may keep it)."""
        fast = self._fast
        if fast is None:
            return self.encode_observation(state, seat)
        if not 0 <= seat < self.players:
            raise ValueError(f"seat {seat} does not exist in a {self.players}-player game")
        return fast(state, seat)

    def encode_observation(self, state: GameState, seat: int) -> npt.NDArray[np.float32]:
        """The reference encoding, from ``state.observation(seat)``: what the state encoder must equal."""
        arr = self.spec.encode(state.observation(seat), seat, self.players, self.options)
        if arr.shape != self.shape or arr.dtype != np.float32:
            raise ValueError(
                f"{self.game.id}: the tensor spec encoded an array of {arr.dtype}{list(arr.shape)}, "
                f"but declares float32{list(self.shape)}"
            )
        return arr

    def legal_indices(self, state: GameState) -> list[int]:
        """Indices of the legal actions, ascending."""
        index = self.index
        out: list[int] = []
        for action in state.legal_actions():
            i = index.get(action.id)
            if i is None:
                raise ValueError(
                    f"{self.game.id} offered action {action.id!r}, which its tensor spec's action space lacks"
                )
            out.append(i)
        out.sort()
        return out

    def mask(self, state: GameState) -> npt.NDArray[np.int8]:
        """1 for each legal action of the seat to move, 0 elsewhere (all 0 once the game is over)."""
        # Written into a bytearray that NumPy then views: a dozen item writes in C cost less
        # than one NumPy call.
        m = bytearray(self.num_actions)
        index = self.index
        try:
            for action in state.legal_actions():
                m[index[action.id]] = 1
        except KeyError:
            self.legal_indices(state)  # raises, naming the action the space lacks
            raise
        return np.frombuffer(m, dtype=np.int8)

    def action_id(self, index: Any) -> str:
        """The action id at ``index``; anything that is not an index of the space raises ValueError."""
        if isinstance(index, bool | np.bool_) or not isinstance(index, int | np.integer):
            if isinstance(index, np.ndarray) and index.shape == () and np.issubdtype(index.dtype, np.integer):
                index = int(index)
            else:
                raise ValueError(f"an action is an integer index, not {index!r:.40}")
        i = int(index)
        if not 0 <= i < self.num_actions:
            raise ValueError(f"action index {i} is outside the action space 0..{self.num_actions - 1}")
        return self.action_ids[i]

    def apply_index(self, state: GameState, index: Any) -> None:
        """Apply the action at ``index``; an illegal one raises IllegalActionError and changes nothing."""
        aid = self.action_id(index)
        try:
            state.apply(aid)
        except IllegalActionError:
            raise IllegalActionError(f"action {int(index)} ({aid}) is not legal now") from None


def _span(low: float | npt.NDArray[np.float32], high: float | npt.NDArray[np.float32]) -> str:
    """The bounds in a few words: per-entry arrays would print hundreds of numbers."""
    lo, hi = float(np.min(low)), float(np.max(high))
    per_entry = " (per entry)" if isinstance(low, np.ndarray) or isinstance(high, np.ndarray) else ""
    return f"{lo:g}..{hi:g}{per_entry}"


def describe(game_id: str, players: int | None = None, options: Mapping[str, Any] | None = None) -> str:
    """A game's RL layout in words: sizes, the action ids in index order and the spec's own documentation.

    Each game documents its tensor layout in the docstring of its TensorSpec, next to the encoder;
    this puts that text beside the concrete sizes for one configuration.
    """
    import inspect

    layout = Layout(game_id, players, options)
    spec_doc = inspect.getdoc(type(layout.spec)) or inspect.getdoc(inspect.getmodule(type(layout.spec))) or ""
    lines = [
        f"{layout.game.id}: {layout.players} players, options {layout.options}",
        f"observation: float32 {list(layout.shape)}, entries within {_span(layout.low, layout.high)}",
        f"actions: {layout.num_actions}",
    ]
    lines += [f"  {i:>5}  {aid}" for i, aid in enumerate(layout.action_ids)]
    if spec_doc:
        lines += ["", spec_doc]
    return "\n".join(lines)
