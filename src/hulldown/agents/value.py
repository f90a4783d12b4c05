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

A model is plain JSON shipped as package data (``models/<game>.json``) and
written by ``benchmarks/train_value.py``; the runtime needs NumPy alone. It is
tied to the tensor layout it was fitted on (the game's default options): the
layout's fingerprint is stored with it, and a state whose options give another
layout (other decks, another scenario) is scored by the game's hand-written
evaluation instead.
"""

from __future__ import annotations

import hashlib
import json
import math
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

from hulldown.engine.game import Game
from hulldown.engine.state import GameState
from hulldown.engine.tensor import StateEncoder

#: The model file format this code reads.
FORMAT = 1
#: Far above any shipped model (a few tens of kB): a larger file is not one of ours.
MAX_BYTES = 400_000


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


class ValueModel:
    """``P(seat wins | seat's tensor) = sigmoid(w . x + b)``, standardisation already folded into ``w`` and ``b``."""

    __slots__ = ("bias", "game_id", "layout", "meta", "players", "weights")

    def __init__(
        self,
        game_id: str,
        players: int,
        layout: str,
        weights: npt.NDArray[np.float64],
        bias: float,
        meta: dict[str, Any] | None = None,
    ) -> None:
        self.game_id = game_id
        self.players = players
        self.layout = layout
        self.weights = np.ascontiguousarray(weights, dtype=np.float64)
        self.bias = float(bias)
        self.meta = dict(meta or {})

    @property
    def size(self) -> int:
        return int(self.weights.shape[0])

    def logit(self, tensor: npt.NDArray[np.float32]) -> float:
        return float(self.weights @ tensor) + self.bias

    def win_chance(self, tensor: npt.NDArray[np.float32]) -> float:
        z = self.logit(tensor)
        if z >= 0:
            return 1.0 / (1.0 + math.exp(-z))
        e = math.exp(z)
        return e / (1.0 + e)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game_id,
            "players": self.players,
            "layout": self.layout,
            "size": self.size,
            "bias": self.bias,
            "weights": [float(f"{w:.6g}") for w in self.weights],
            "meta": self.meta,
        }

    @classmethod
    def from_json(cls, data: Any) -> ValueModel:
        """The model a parsed file describes; ModelError names the first thing wrong with it."""
        if not isinstance(data, dict):
            raise ModelError("a value model is a JSON object")
        if data.get("format") != FORMAT:
            raise ModelError(f"value model format must be {FORMAT}, not {data.get('format')!r:.40}")
        game_id, players, layout = data.get("game"), data.get("players"), data.get("layout")
        if not isinstance(game_id, str) or not isinstance(layout, str):
            raise ModelError("a value model names its game and layout as strings")
        if not isinstance(players, int) or isinstance(players, bool) or players < 1:
            raise ModelError("a value model's players must be a positive whole number")
        size, bias, weights = data.get("size"), data.get("bias"), data.get("weights")
        if not isinstance(size, int) or isinstance(size, bool) or size < 1:
            raise ModelError("a value model's size must be a positive whole number")
        if not isinstance(weights, list) or len(weights) != size:
            raise ModelError(f"a value model needs exactly size={size} weights")
        if not all(isinstance(w, int | float) and not isinstance(w, bool) for w in [*weights, bias]):
            raise ModelError("a value model's weights and bias are numbers")
        arr = np.asarray(weights, dtype=np.float64)
        if not (np.all(np.isfinite(arr)) and math.isfinite(float(bias))):  # type: ignore[arg-type]
            raise ModelError("a value model's weights and bias must be finite")
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise ModelError("a value model's meta is an object")
        return cls(game_id, players, layout, arr, float(bias), meta)  # type: ignore[arg-type]


def model_resource(game_id: str) -> Any:
    """The shipped model file of a game (it may not exist). Callers pass a registered game's id
    (``load_model`` passes ``game.id``), never a client's string."""
    return resources.files("hulldown.agents").joinpath("models", f"{game_id}.json")


def load_model(game: Game) -> ValueModel | None:
    """The model shipped for ``game``, None if there is none; ModelError if the shipped file is bad.

    The file is found from the game's registered id alone, so nothing a client
    sends can name a file.
    """
    res = model_resource(game.id)
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
    return model


class LearnedEvaluator:
    """Scores each seat from that seat's own tensor; the values are shares of the seats' win chances (they sum to 1).

    States whose layout is not the model's fall back to the game's own
    evaluation (or an even split where there is none).
    """

    def __init__(self, game: Game, model: ValueModel) -> None:
        spec = game.tensors
        if spec is None or not hasattr(spec, "state_encoder"):
            raise ModelError(f"{game.id} has no state encoder for its observation tensors")
        self.game = game
        self.model = model
        self._spec: Any = spec
        #: Per option set: the encoder when its layout is the model's, else None.
        self._encoders: dict[Any, StateEncoder | None] = {}

    def _encoder(self, state: GameState) -> StateEncoder | None:
        options = state.options
        try:
            key: Any = (state.players, tuple(sorted(options.items())))
            return self._encoders[key]
        except TypeError:
            key = None
        except KeyError:
            pass
        enc: StateEncoder | None = None
        if state.players == self.model.players and (
            layout_fingerprint(self.game, state.players, options) == self.model.layout
        ):
            enc = self._spec.state_encoder(state.players, options)
        if key is not None:
            self._encoders[key] = enc
        return enc

    def __call__(self, state: GameState) -> list[float]:
        enc = self._encoder(state)
        n = state.players
        if enc is None:
            return self.game.evaluate(state) if self.game.evaluate is not None else [1.0 / n] * n
        chances = [self.model.win_chance(enc(state, seat)) for seat in range(n)]
        total = sum(chances)
        return [c / total for c in chances]
