from typing import Any
def make_heuristic(game: Any, seat: int, seed: int, **params: str) -> Any:
    raise NotImplementedError
