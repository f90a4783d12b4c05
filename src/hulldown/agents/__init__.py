"""Bots: the random baseline, each game's heuristic, and search (see ``registry``)."""

from hulldown.agents.base import Agent, SeatView
from hulldown.agents.registry import make_agent, register_agent

__all__ = ["Agent", "SeatView", "make_agent", "register_agent"]
