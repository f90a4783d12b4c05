"""Batch play at scale: single games, simulations on local processes or Ray, tournaments, balance reports."""

from hulldown.sim.runner import GameResult, play_game
from hulldown.sim.simulate import SimulationResult, simulate
from hulldown.sim.stats import wilson

__all__ = ["GameResult", "SimulationResult", "play_game", "simulate", "wilson"]
