"""The agent protocol, kept importable from its old home (it lives in :mod:`hulldown.engine.agent`)."""

from hulldown.engine.agent import Agent, SeatView

__all__ = ["Agent", "SeatView"]
