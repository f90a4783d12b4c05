"""Random-playout throughput of a game on one core: the number search and simulation live on."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from hulldown.compiled import compiled_modules
from hulldown.engine.game import Game
from hulldown.engine.rng import SplitMix64, derive_seed
from hulldown.engine.state import GameState
from hulldown.sim.runner import PlayCollector, fewer_collections


def _playout(state: GameState, rng: SplitMix64) -> int:
    steps = 0
    while True:
        legal = state.legal_actions()
        if not legal:
            return steps
        state.apply(legal[rng.below(len(legal))])
        steps += 1


def _mid_game_states(game: Game, players: int | None, options: Mapping[str, Any], count: int) -> list[GameState]:
    """States a third of the way into random games: what search clones in practice."""
    out = []
    rng = SplitMix64(derive_seed(0, "bench-mid"))
    for i in range(count):
        probe = game.new(seed=i, players=players, options=options)
        length = _playout(probe.clone(), SplitMix64(i))
        state = probe
        for _ in range(length // 3):
            legal = state.legal_actions()
            if not legal:  # other dice than the measuring playout's: this game may end sooner
                break
            state.apply(legal[rng.below(len(legal))])
        out.append(state)
    return out


def _time_per_call(fn: Any, states: list[GameState], min_seconds: float = 0.2) -> float:
    calls = 0
    start = time.perf_counter()
    while True:
        for s in states:
            fn(s)
        calls += len(states)
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return elapsed / calls


def heuristic_game(game: Game, seed: int, players: int, options: Mapping[str, Any]) -> GameState:
    """One whole game of the game's heuristic in every seat, each bot seeded with the game's seed.

    The bench times these games and the golden test pins their moves down, so a
    faster heuristic is shown to play the very games it played before.
    """
    from hulldown.agents.registry import make_agent
    from hulldown.engine.agent import SeatView

    state = game.new(seed=seed, players=players, options=options)
    agents = [make_agent("heuristic", game, seat, seed) for seat in range(players)]
    views = [SeatView(state, seat) for seat in range(players)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(views[seat]))
    return state


def _heuristic_games(
    game: Game, n: int, opts: Mapping[str, Any], seed: int, seconds: float, collector: PlayCollector
) -> tuple[int, int, float]:
    """Games of the game's own heuristic against itself: what a balance study's games cost.

    A study plays bots, not uniform moves, so its speed is bounded by the bots'
    thinking as much as by the rules; at least one whole game is timed.
    """
    games = steps = 0
    start = time.perf_counter()
    while games == 0 or time.perf_counter() - start < seconds:
        steps += heuristic_game(game, derive_seed(seed, "heuristic", games), n, opts).steps
        games += 1
        collector.between_games()
    return games, steps, time.perf_counter() - start


def bench(
    game: Game,
    seconds: float = 3.0,
    *,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
) -> dict[str, Any]:
    """Play uniformly random games for ``seconds`` in this process and time clone and resample.

    The collector is set as ``simulate`` and ``balance`` set it while they play
    (:func:`~hulldown.sim.runner.fewer_collections`), so the figures are theirs.
    """
    if seconds <= 0:
        raise ValueError("seconds must be positive")
    opts = game.validate_options(options)
    n = game.validate_players(players)
    with fewer_collections() as collector:
        return _bench(game, seconds, n, opts, seed, collector)


def _bench(
    game: Game, seconds: float, n: int, opts: dict[str, Any], seed: int, collector: PlayCollector
) -> dict[str, Any]:
    rng = SplitMix64(seed)
    games = steps = 0
    setup = 0.0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        t0 = time.perf_counter()
        state = game.new(seed=derive_seed(seed, games), players=n, options=opts)
        setup += time.perf_counter() - t0
        steps += _playout(state, rng)
        games += 1
        del state  # gone before the collector runs, as in a simulation's games
        collector.between_games()
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    mids = _mid_game_states(game, n, opts, 8)
    clone_s = _time_per_call(lambda s: s.clone(), mids)
    resample_rng = SplitMix64(1)
    resample_s = _time_per_call(lambda s: s.resample(0, resample_rng), mids)
    legal_s = _time_per_call(lambda s: s.clone().legal_actions(), mids) - clone_s
    h_games, h_steps, h_seconds = (
        _heuristic_games(game, n, opts, seed, seconds, collector) if game.heuristic else (0, 0, 0.0)
    )
    return {
        "game": game.id,
        # the modules this run loaded from the compiled build (make compiled); [] in plain Python
        "compiled": compiled_modules(),
        "players": n,
        "options": opts,
        "seconds": elapsed,
        "games": games,
        "steps": steps,
        "steps_per_s": steps / elapsed,
        "games_per_s": games / elapsed,
        "mean_steps": steps / games,
        "setup_us": 1e6 * setup / games,
        "clone_us": 1e6 * clone_s,
        "resample_us": 1e6 * resample_s,
        "legal_us": max(0.0, 1e6 * legal_s),
        "heuristic_games_per_s": h_games / h_seconds if h_seconds else 0.0,
        "heuristic_steps_per_s": h_steps / h_seconds if h_seconds else 0.0,
    }
