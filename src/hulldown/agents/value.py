"""Learned position evaluations: a logistic model over a seat's observation tensor.

A hand-written evaluation weighs a few quantities a designer chose
(casualties, cards in hand); a cut playout scored by it cannot tell apart
choices whose effect lies elsewhere. A model fitted to the outcomes of many
self-played games weighs every entry of the seat's observation tensor
(``Game.tensors``, the layout the RL adapters use) by how much it predicted
winning.

The model reads one seat's tensor, which is written from what that seat's
observation shows and nothing else, so a seat's value can only depend on what
the seat could see in the (determinized) state the search hands it.

A model is either that logistic regression (format 1) or a network with one
hidden layer of rectified units before it (format 2): a lead in points means
more near the end of a game than at its start, an interaction no weighted sum
of entries can express. Either is plain JSON shipped as package data
(``models/<game>.json``, or ``models/<game>-<P>p.json`` for another player
count) and written by ``benchmarks/train_value.py``; the runtime needs NumPy
alone. It is
tied to the tensor layout it was fitted on (the game's default options): the
layout's fingerprint is stored with it, and a state whose options give another
layout (other decks, another scenario) is scored by the game's hand-written
evaluation instead.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
from collections.abc import Mapping
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

from hulldown.engine.game import Game
from hulldown.engine.state import GameState
from hulldown.engine.tensor import StateEncoder

#: The model file formats this code reads: 1 logistic, 2 one hidden layer.
FORMATS = (1, 2)
#: Far above any shipped model (at most a few hundred kB): a larger file is not one of ours.
MAX_BYTES = 2_000_000
#: A hidden layer wider than this is not a model small enough to score in microseconds.
MAX_HIDDEN = 256


class ModelError(ValueError):
    """A model file that is missing, malformed or made for another game or layout."""


def layout_fingerprint(game: Game, players: int, options: dict[str, Any]) -> str:
    """Names one tensor layout: its shape and its action ids, which list the cards and units the layout indexes.

    Two option sets with the same fingerprint put the same thing at every
    index, so a model fitted on one reads the other correctly.
    """
    spec = game.tensors
    if spec is None:
        raise ModelError(f"{game.id} declares no observation tensors")
    shape = [int(n) for n in spec.observation_shape(players, options)]
    ids = spec.action_ids(players, options)
    text = json.dumps({"shape": shape, "actions": ids}, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class Hidden:
    """A hidden layer: ``relu(weights @ tensor[inputs] + bias)``, reading only the entries ``inputs``."""

    __slots__ = ("bias", "inputs", "weights")

    def __init__(
        self, inputs: npt.NDArray[np.intp], weights: npt.NDArray[np.float64], bias: npt.NDArray[np.float64]
    ) -> None:
        self.inputs = np.ascontiguousarray(inputs, dtype=np.intp)
        self.weights = np.ascontiguousarray(weights, dtype=np.float32)
        self.bias = np.ascontiguousarray(bias, dtype=np.float32)

    @property
    def units(self) -> int:
        return int(self.weights.shape[0])

    def __call__(self, tensor: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        h: npt.NDArray[np.float32] = self.weights @ tensor[self.inputs]
        h += self.bias
        return np.maximum(h, 0.0, out=h)


class ValueModel:
    """``P(seat wins | seat's tensor) = sigmoid(w . x + b)``, or ``sigmoid(w . hidden(x) + b)`` with a hidden layer.

    Standardisation is already folded into the first layer's weights and biases.
    """

    __slots__ = ("bias", "game_id", "hidden", "layout", "meta", "players", "size", "weights")

    def __init__(
        self,
        game_id: str,
        players: int,
        layout: str,
        weights: npt.NDArray[np.float64],
        bias: float,
        meta: dict[str, Any] | None = None,
        hidden: Hidden | None = None,
        size: int | None = None,
    ) -> None:
        self.game_id = game_id
        self.players = players
        self.layout = layout
        self.weights = np.ascontiguousarray(weights, dtype=np.float64)
        self.bias = float(bias)
        self.meta = dict(meta or {})
        self.hidden = hidden
        #: The tensor's length; a logistic model has one weight per entry.
        self.size = int(self.weights.shape[0]) if size is None else size

    def logit(self, tensor: npt.NDArray[np.float32]) -> float:
        if self.hidden is not None:
            return float(self.weights @ self.hidden(tensor)) + self.bias
        return float(self.weights @ tensor) + self.bias

    def win_chance(self, tensor: npt.NDArray[np.float32]) -> float:
        z = self.logit(tensor)
        if z >= 0:
            return 1.0 / (1.0 + math.exp(-z))
        e = math.exp(z)
        return e / (1.0 + e)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": 1 if self.hidden is None else 2,
            "game": self.game_id,
            "players": self.players,
            "layout": self.layout,
            "size": self.size,
            "bias": self.bias,
            "weights": _numbers(self.weights),
        }
        if self.hidden is not None:
            data["inputs"] = [int(i) for i in self.hidden.inputs]
            data["hidden_weights"] = [_numbers(row) for row in self.hidden.weights]
            data["hidden_bias"] = _numbers(self.hidden.bias)
        data["meta"] = self.meta
        return data

    @classmethod
    def from_json(cls, data: Any) -> ValueModel:
        """The model a parsed file describes; ModelError names the first thing wrong with it."""
        if not isinstance(data, dict):
            raise ModelError("a value model is a JSON object")
        if data.get("format") not in FORMATS:
            raise ModelError(f"value model format must be one of {FORMATS}, not {data.get('format')!r:.40}")
        game_id, layout = data.get("game"), data.get("layout")
        players: Any = data.get("players")
        if not isinstance(game_id, str) or not isinstance(layout, str):
            raise ModelError("a value model names its game and layout as strings")
        if not _whole(players):
            raise ModelError("a value model's players must be a positive whole number")
        size: Any = data.get("size")
        bias = data.get("bias")
        if not _whole(size):
            raise ModelError("a value model's size must be a positive whole number")
        hidden = _hidden(data, size) if data["format"] == 2 else None
        inputs = size if hidden is None else hidden.units
        weights = _vector(data.get("weights"), inputs, "weights")
        (b,) = _vector([bias], 1, "bias")
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise ModelError("a value model's meta is an object")
        if data.get("target", "first") != "first":
            raise ModelError("a value model predicts each seat's share of first place; no other target is read")
        return cls(game_id, players, layout, weights, float(b), meta, hidden, size)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _index(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _numbers(values: npt.NDArray[Any]) -> list[float]:
    return [float(f"{float(w):.6g}") for w in values]


def _vector(values: Any, length: int, name: str) -> npt.NDArray[np.float64]:
    """``values`` as ``length`` finite numbers, or ModelError."""
    if not isinstance(values, list) or len(values) != length:
        raise ModelError(f"a value model needs exactly {length} {name}")
    if not all(isinstance(w, int | float) and not isinstance(w, bool) for w in values):
        raise ModelError(f"a value model's {name} are numbers")
    arr = np.asarray(values, dtype=np.float64)
    if not np.all(np.isfinite(arr)):
        raise ModelError(f"a value model's {name} must be finite")
    return arr


def _hidden(data: dict[str, Any], size: int) -> Hidden:
    """A format-2 file's hidden layer, checked against the tensor's ``size``."""
    inputs, rows = data.get("inputs"), data.get("hidden_weights")
    if not isinstance(inputs, list) or not inputs or not all(_index(i) for i in inputs):
        raise ModelError("a value model's inputs are tensor indices")
    if any(b <= a for a, b in itertools.pairwise(inputs)) or inputs[-1] >= size:
        raise ModelError(f"a value model's inputs must increase and stay below size={size}")
    if not isinstance(rows, list) or not 1 <= len(rows) <= MAX_HIDDEN:
        raise ModelError(f"a value model's hidden layer has 1 to {MAX_HIDDEN} units")
    weights = np.stack([_vector(row, len(inputs), "hidden weights") for row in rows])
    bias = _vector(data.get("hidden_bias"), len(rows), "hidden biases")
    return Hidden(np.asarray(inputs, dtype=np.intp), weights, bias)


def model_resource(game_id: str, players: int | None = None) -> Any:
    """The shipped model file of a game (it may not exist): the default one, or the one for ``players`` seats.

    Callers pass a registered game's id (``load_model`` passes ``game.id``) and
    a whole number, never a client's string.
    """
    name = f"{game_id}.json" if players is None else f"{game_id}-{int(players)}p.json"
    return resources.files("hulldown.agents").joinpath("models", name)


def load_model(game: Game, players: int | None = None) -> ValueModel | None:
    """The model shipped for ``game`` (at ``players`` seats), None if there is none; ModelError if the file is bad.

    With ``players`` the file made for that count is read, else the default
    file when it was fitted at that count. The file is found from the game's
    registered id alone, so nothing a client sends can name a file.
    """
    if players is not None:
        model = _read_model(game, players)
        if model is not None:
            return model
        model = _read_model(game, None)
        return model if model is not None and model.players == players else None
    return _read_model(game, None)


def _read_model(game: Game, players: int | None) -> ValueModel | None:
    res = model_resource(game.id, players)
    if not res.is_file():
        return None
    raw = res.read_bytes()
    if len(raw) > MAX_BYTES:
        raise ModelError(f"{game.id}'s value model is over {MAX_BYTES} bytes")
    try:
        data = json.loads(raw)
    except ValueError as exc:
        raise ModelError(f"{game.id}'s value model is not JSON: {exc}") from None
    model = ValueModel.from_json(data)
    if model.game_id != game.id:
        raise ModelError(f"the value model for {game.id} was made for {model.game_id}")
    if players is not None and model.players != players:
        raise ModelError(f"{game.id}'s {players}-player value model was fitted at {model.players} players")
    return model


class LearnedEvaluator:
    """Scores each seat from that seat's own tensor.

    A ``first`` model's values are shares of the seats' win chances (they sum to 1). An ``ahead``
    model's are each seat's expected share of opponents beaten, as predicted, not rescaled: each
    is a chance in its own right, as a finished game's rank is.

    ``models`` maps a player count to the model fitted at it. States with no
    model for their count, or whose layout is not their model's, fall back to
    the game's own evaluation (or an even split where there is none).
    """

    def __init__(self, game: Game, models: Mapping[int, ValueModel]) -> None:
        spec = game.tensors
        if spec is None or not hasattr(spec, "state_encoder"):
            raise ModelError(f"{game.id} has no state encoder for its observation tensors")
        self.game = game
        self.models = dict(models)
        self._spec: Any = spec
        #: Per player count and option set: the model and its encoder when the layout is the model's, else None.
        self._encoders: dict[Any, tuple[ValueModel, StateEncoder] | None] = {}

    def _encoder(self, state: GameState) -> tuple[ValueModel, StateEncoder] | None:
        options = state.options
        try:
            key: Any = (state.players, tuple(sorted(options.items())))
            return self._encoders[key]
        except TypeError:
            key = None
        except KeyError:
            pass
        found: tuple[ValueModel, StateEncoder] | None = None
        model = self.models.get(state.players)
        if model is not None and layout_fingerprint(self.game, state.players, options) == model.layout:
            found = (model, self._spec.state_encoder(state.players, options))
        if key is not None:
            self._encoders[key] = found
        return found

    def __call__(self, state: GameState) -> list[float]:
        found = self._encoder(state)
        n = state.players
        if found is None:
            return self.game.evaluate(state) if self.game.evaluate is not None else [1.0 / n] * n
        model, enc = found
        chances = [model.win_chance(enc(state, seat)) for seat in range(n)]
        total = sum(chances)
        return [c / total for c in chances]
