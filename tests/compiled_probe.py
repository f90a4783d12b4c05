"""Play a fixed set of games and print what they did, for comparing the compiled build with plain Python.

``tests/test_compiled.py`` runs this module twice, once on each build, and
compares the two outputs: every log entry of random and heuristic games, every
seat's observation along the way, a search's choices, and a state carried
through pickle, clone and resample. Run alone::

    PYTHONPATH=build/compiled:. python -m tests.compiled_probe
"""

from __future__ import annotations

import hashlib
import json
import pickle
import sys
from typing import Any

from hulldown.agents.registry import make_agent
from hulldown.compiled import compiled_modules
from hulldown.engine.agent import SeatView
from hulldown.engine.registry import load
from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import GameState
from hulldown.sim.bench import heuristic_game

GAMES = ("tank-killers", "2gm-pacific", "tank-clash", "tank-hunter")


def _digest(obj: object) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True, default=repr).encode()).hexdigest()[:16]


def _random_game(game_id: str, seed: int) -> dict[str, Any]:
    """A uniformly random game, every seat's observation digested at every step."""
    state = load(game_id).new(seed=seed)
    rng = SplitMix64(seed)
    seen = hashlib.sha256()
    mid: GameState | None = None
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        for seat in range(state.players):
            seen.update(json.dumps(state.observation(seat), sort_keys=True, default=repr).encode())
        if state.steps == 40:
            mid = state.clone()
    out: dict[str, Any] = {
        "log": _digest(state.log_entries()),
        "returns": state.returns(),
        "steps": state.steps,
        "observations": seen.hexdigest()[:16],
    }
    if mid is not None:
        again = pickle.loads(pickle.dumps(mid))
        guess = mid.resample(0, SplitMix64(seed + 1))
        out["pickled"] = [_digest(again.log_entries()), [a.id for a in again.legal_actions()]]
        out["resampled"] = [_digest(guess.snapshot()), [a.id for a in guess.legal_actions()]]
    return out


def _search(game_id: str, seed: int) -> list[str]:
    """A short search's choices through the first decisions of a heuristic-played game."""
    game = load(game_id)
    state = game.new(seed=seed)
    chosen = []
    for _ in range(6):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        agent = make_agent("ismcts:iterations=60,seconds=60", game, seat, seed)
        action = agent.act(SeatView(state, seat))
        chosen.append(action.id)
        state.apply(action)
    return chosen


def probe() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for game_id in GAMES:
        game = load(game_id)
        out[game_id] = {
            "random": [_random_game(game_id, seed) for seed in range(6)],
            "heuristic": [
                _digest(heuristic_game(game, seed, game.info.min_players, {}).log_entries()) for seed in range(3)
            ],
            "search": _search(game_id, 5),
        }
    return out


if __name__ == "__main__":
    games = probe()  # loads the games, and with them every module that can be compiled
    json.dump({"compiled": compiled_modules(), "games": games}, sys.stdout, sort_keys=True)
