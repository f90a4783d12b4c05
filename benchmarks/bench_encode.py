"""CPU time of one observation tensor and action mask per decision, both encodings side by side.

    python benchmarks/bench_encode.py                     # every registered game with tensors
    python benchmarks/bench_encode.py --games tank-hunter --players 6 --games-per-row 4

Random games are played first and every decision's state kept (a clone); then each encoding
runs over all of them, several passes, and the fastest pass counts (CPU time of this process,
so other jobs on the machine move the figures less than wall time would). Columns, in
microseconds per decision:

- ``observation``: ``Layout.encode_observation``, the reference: the seat's observation
  dictionary, then the TensorSpec's ``encode`` of it;
- ``state``: ``Layout.encode``, the game's state encoder (the tensor written from the state);
- ``mask``: ``Layout.mask``.

The states are kept clones, read once each per pass, so memory is colder than in a loop that
steps one live state: the per-step figures of ``bench_rl.py`` are the ones to quote for
throughput; this one compares the two encodings on identical states.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from hulldown.engine.rng import SplitMix64  # noqa: E402
from hulldown.rl.layout import Layout, tensor_game_ids  # noqa: E402


def decisions(layout: Layout, games: int) -> list[Any]:
    """Every state at which a seat decides, in random games of this layout."""
    out = []
    for g in range(games):
        state = layout.new_state(seed=g)
        rng = SplitMix64(g)
        while not state.is_over:
            out.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    return out


def per_decision(run: Callable[[Any], object], states: list[Any], passes: int) -> float:
    """Microseconds of CPU time per state, fastest of ``passes`` passes."""
    best = float("inf")
    for _ in range(passes):
        start = time.process_time()
        for s in states:
            run(s)
        best = min(best, time.process_time() - start)
    return best / len(states) * 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="observation tensor and mask cost per decision")
    parser.add_argument("--games", nargs="*", help="game ids (default: every registered game with tensors)")
    parser.add_argument("--players", type=int, help="player count (default: each game's)")
    parser.add_argument("--games-per-row", type=int, default=6, help="random games whose decisions are timed")
    parser.add_argument("--passes", type=int, default=5, help="passes over the states; the fastest counts")
    args = parser.parse_args(argv)
    print(f"{'game':<16} {'players':>7} {'decisions':>9} {'observation':>11} {'state':>7} {'ratio':>6} {'mask':>6}")
    for game_id in args.games or tensor_game_ids():
        layout = Layout(game_id, args.players)
        states = decisions(layout, args.games_per_row)
        ref = per_decision(lambda s, lay=layout: lay.encode_observation(s, s.current_player), states, args.passes)
        fast = per_decision(lambda s, lay=layout: lay.encode(s, s.current_player), states, args.passes)
        mask = per_decision(layout.mask, states, args.passes)
        row = f"{game_id:<16} {layout.players:>7} {len(states):>9} {ref:>11.1f} {fast:>7.1f}"
        print(f"{row} {ref / fast:>6.1f} {mask:>6.1f}")


if __name__ == "__main__":
    main()
