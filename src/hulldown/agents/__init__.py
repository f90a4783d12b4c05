"""Bots: the random baseline, each game's heuristic, and search (see ``registry``)."""

from hulldown.agents.registry import make_agent, register_agent
from hulldown.engine.agent import Agent, SeatView

__all__ = ["Agent", "SeatView", "make_agent", "register_agent"]
