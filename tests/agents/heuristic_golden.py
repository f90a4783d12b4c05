"""Heuristic-against-heuristic games summarised as digests of their moves: the bots' choices pinned down.

Each case is one game of ``hulldown.sim.bench.heuristic_game`` (the games the
bench times): a game, a seed, a player count and options. Its digest is the
sha256 of the game's action ids joined by newlines, so it changes if and only if
some bot chooses differently (or a rule, or the order of the legal actions,
changes). Making a heuristic faster must leave every digest as it was.

Regenerate (only when a bot's choices are meant to change, and say why in the commit):
    PYTHONPATH=src python -m tests.agents.heuristic_golden > tests/fixtures/heuristic_games.json
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from hulldown.engine import registry
from hulldown.engine.rng import derive_seed
from hulldown.sim.bench import heuristic_game

#: (game, players, options, games): the default setting first, then others that take other paths.
SETTINGS: tuple[tuple[str, int, dict[str, Any], int], ...] = (
    ("tank-killers", 2, {}, 150),
    ("tank-killers", 2, {"deck0": "british", "deck1": "german", "random_factor": True}, 50),
    ("tank-killers", 2, {"deck0": "american", "deck1": "british"}, 50),
    ("2gm-pacific", 2, {}, 16),
    ("2gm-pacific", 1, {}, 6),
    ("2gm-pacific", 3, {"scenario": "island-landing", "weather": "rolled", "night": True}, 6),
    ("2gm-pacific", 4, {"scenario": "inland-defence", "deck": "random", "heroes": True}, 6),
    ("tank-clash", 2, {}, 12),
    ("tank-clash", 2, {"fog_of_war": True, "victory_points": True, "tactical_activation": True}, 6),
    ("tank-clash", 2, {"board_placement": "random", "morale_on_crossing": True, "ace_reroll": True}, 6),
    ("tank-hunter", 3, {}, 30),
    ("tank-hunter", 2, {"commanders": True, "evading": True, "charge": True}, 15),
    ("tank-hunter", 4, {"setup": "tanks-only", "nations": "German,Soviet,American"}, 15),
    ("tank-hunter", 6, {"event_timing": "declarations", "deck_end": "last-card"}, 10),
    ("tank-hunter", 5, {"setup": "tanks-only", "single_copies": True, "evading": True}, 10),
)


def key(game_id: str, players: int, options: dict[str, Any], seed: int) -> str:
    return f"{game_id}/{players}p/{json.dumps(options, sort_keys=True, separators=(',', ':'))}/{seed}"


def play(game_id: str, players: int, options: dict[str, Any], seed: int) -> str:
    """The digest of one heuristic game's moves."""
    state = heuristic_game(registry.load(game_id), seed, players, options)
    moves = "\n".join(entry[2] for entry in state.log_entries() if entry[0] == "action")
    return hashlib.sha256(moves.encode()).hexdigest()


def cases(game_id: str | None = None) -> list[tuple[str, str, int, dict[str, Any], int]]:
    """(key, game, players, options, seed) for every recorded game, or one game's."""
    out = []
    for gid, players, options, games in SETTINGS:
        if game_id is None or gid == game_id:
            for i in range(games):
                seed = derive_seed(0, "heuristic", i)
                out.append((key(gid, players, options, seed), gid, players, options, seed))
    return out


def main() -> None:
    rows = [f"{json.dumps(k)}: {json.dumps(play(g, n, o, s))}" for k, g, n, o, s in cases()]
    print("{\n" + ",\n".join(rows) + "\n}")


if __name__ == "__main__":
    main()
