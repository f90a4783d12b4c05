"""Reinforcement-learning adapters: PettingZoo, Gymnasium and OpenSpiel.

Each adapter is a thin layer over :mod:`hulldown.rl.layout`, which turns a
game's declared :class:`~hulldown.engine.tensor.TensorSpec` into a fixed action
space and observation tensors. The adapters are imported on demand so that
``import hulldown.rl`` does not need the RL libraries installed.
"""

from hulldown.rl.layout import Layout, tensor_game_ids

__all__ = ["Layout", "tensor_game_ids"]
