"""placeholder"""
from __future__ import annotations
from typing import Any
def make_heuristic(game: Any, seat: int, seed: int, **params: str) -> Any:
    raise NotImplementedError
