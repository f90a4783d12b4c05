"""Seeded playouts summarised as digests: the rules' behaviour pinned down, whatever the code does inside.

A random playout is fixed by its seed: the state's own generator for chance, a
second ``SplitMix64`` for the uniform pick among the legal actions. The digest of
its log (every decision and chance outcome, in order), its length and its
returns change if and only if some rule, the order of the legal actions or the
drawing code changes; the observation digest does the same for what each seat
sees, and the heuristic games for the bot's choices.

Regenerate (only when a rule change is intended, and say so in the commit):
    PYTHONPATH=src python -m tests.games.tank_hunter.golden > tests/games/tank_hunter/golden_playouts.json
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from hulldown.engine import registry
from hulldown.engine.agent import SeatView
from hulldown.engine.rng import SplitMix64

#: The option sets the conformance suite plays, with the default first.
OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"commanders": True, "evading": True, "charge": True},
    {"setup": "tanks-only", "nations": "German,Soviet,American"},
    {"setup": "tanks-only", "evading": True, "charge": True, "single_copies": True},
)
RANDOM_SEEDS = 200  # at 3 players, default options (the benchmark's setting)
MIXED_SEEDS = 40  # per option set, players cycling 2..6
OBSERVED_SEEDS = 4  # per option set: every seat's observation at every step
HEURISTIC_SEEDS = 10  # heuristic in one seat against random bots


def _digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


def random_playout(seed: int, players: int, options: dict[str, Any], observe: bool = False) -> dict[str, Any]:
    game = registry.load("tank-hunter")
    state = game.new(seed=seed, players=players, options=options)
    rng = SplitMix64(seed)
    obs = hashlib.sha256()
    while not state.is_over:
        if observe:
            for seat in (None, *range(players)):
                obs.update(json.dumps(state.observation(seat), sort_keys=True).encode())
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    out: dict[str, Any] = {
        "steps": state.steps,
        "returns": state.returns(),
        "log": _digest(state.log_entries()),
    }
    if observe:
        out["observations"] = obs.hexdigest()[:16]
    return out


def heuristic_playout(seed: int, players: int) -> dict[str, Any]:
    game = registry.load("tank-hunter")
    assert game.heuristic is not None
    state = game.new(seed=seed, players=players)
    me = seed % players
    bot = game.heuristic(game, me, seed)
    rng = SplitMix64(seed ^ 77)
    while not state.is_over:
        if state.current_player == me:
            state.apply(bot.act(SeatView(state, me)))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    return {"steps": state.steps, "returns": state.returns(), "log": _digest(state.log_entries())}


def cases() -> list[tuple[str, Any]]:
    """(key, thunk) for every recorded playout."""
    out: list[tuple[str, Any]] = []
    for seed in range(RANDOM_SEEDS):
        out.append((f"random/3p/default/{seed}", lambda s=seed: random_playout(s, 3, {})))
    for k, opts in enumerate(OPTION_SETS):
        for seed in range(MIXED_SEEDS):
            n = 2 + seed % 5
            out.append((f"random/set{k}/{n}p/{seed}", lambda s=seed, n=n, o=opts: random_playout(s, n, o)))
        for seed in range(OBSERVED_SEEDS):
            n = 2 + seed % 5
            out.append((f"observed/set{k}/{n}p/{seed}", lambda s=seed, n=n, o=opts: random_playout(s, n, o, True)))
    for seed in range(HEURISTIC_SEEDS):
        n = 2 + seed % 3
        out.append((f"heuristic/{n}p/{seed}", lambda s=seed, n=n: heuristic_playout(s, n)))
    return out


def main() -> None:
    rows = [f"{json.dumps(key)}: {json.dumps(fn(), sort_keys=True)}" for key, fn in cases()]
    print("{\n" + ",\n".join(rows) + "\n}")


if __name__ == "__main__":
    main()
