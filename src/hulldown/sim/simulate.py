"""Many games of one pairing: aggregate statistics, progress, tables on disk."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hulldown.agents.registry import validate_spec
from hulldown.engine.game import Game
from hulldown.sim.backends import Progress, RunOutcome, run_jobs
from hulldown.sim.runner import GameResult, Job, game_locator, resolve_game
from hulldown.sim.stats import rate
from hulldown.sim.stream import GameStream
from hulldown.sim.table import check_suffix, rows, write_table
from hulldown.sim.tally import Tally

__all__ = ["SimulationResult", "prepare", "progress_bar", "rows", "simulate", "write_table"]


@dataclass(slots=True)
class SimulationResult:
    """A run's outcome. ``results`` holds this run's games unless they were only streamed to disk."""

    game: str
    agents: list[str]
    players: int
    options: dict[str, Any]
    seed: int
    results: list[GameResult]
    seconds: float
    interrupted: bool
    workers: int
    backend: str
    #: Every game of the run, those resumed from disk included.
    tally: Tally
    #: Games found on disk and not played again.
    resumed: int = 0
    #: Decisions played by this run (the speed figures count these, not the resumed ones).
    played_steps: int = 0

    @property
    def games(self) -> int:
        return self.tally.games

    def wins(self) -> list[int]:
        return list(self.tally.wins)

    def draws(self) -> int:
        return self.tally.draws

    def steps(self) -> int:
        return self.tally.steps

    def summary(self) -> dict[str, Any]:
        """The aggregate as one JSON-able object (what ``simulate --json`` prints)."""
        t, n, secs = self.tally, self.tally.games, self.seconds
        played = n - self.resumed
        return {
            "game": self.game,
            "games": n,
            "agents": list(self.agents),
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "wins": list(t.wins),
            "draws": t.draws,
            "win_rates": [rate(w, n) for w in t.wins],
            "mean_return": t.mean_returns(),
            "length": t.length_summary(),
            "steps": t.steps,
            "resumed": self.resumed,
            "seconds": secs,
            "steps_per_s": self.played_steps / secs if secs > 0 else 0.0,
            "games_per_s": played / secs if secs > 0 else 0.0,
            "workers": self.workers,
            "backend": self.backend,
            "interrupted": self.interrupted,
        }


@contextlib.contextmanager
def progress_bar(total: int, label: str, enabled: bool = True) -> Iterator[Progress | None]:
    """A Rich progress bar on stderr (stdout stays clean for ``--json``)."""
    if not enabled:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn
    from rich.progress import Progress as RichProgress

    console = Console(stderr=True)
    with RichProgress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(label, total=total, rate="")

        def tick(k: int) -> None:
            speed = bar.tasks[task].speed  # Rich's estimate over the last half minute
            bar.update(task, advance=k, rate=f"{speed:,.1f} games/s" if speed else "")

        yield tick


def prepare(
    game: Game | str, agents: Sequence[str], players: int | None, options: Mapping[str, Any] | None
) -> tuple[Game, list[str], int, dict[str, Any]]:
    """Validate everything up front so a bad option fails before any process starts."""
    g = resolve_game(game)
    specs = [a.strip() for a in agents if a.strip()]
    if not specs:
        raise ValueError("name at least one agent (e.g. --agents random,heuristic)")
    if players is None:
        players = len(specs) if len(specs) > 1 else g.info.default_players
    n = g.validate_players(players)
    if len(specs) == 1:
        specs = specs * n
    if len(specs) != n:
        raise ValueError(f"{len(specs)} agents named for {n} seats")
    opts = g.validate_options(options)
    for spec in dict.fromkeys(specs):
        validate_spec(spec, g)
    return g, specs, n, opts


def _stream_for(out: Path, g: Game, job: Job, resume: bool) -> GameStream:
    run = {
        "game": g.id,
        "agents": list(job.agents),
        "players": job.players,
        "options": dict(job.options),
        "seed": str(job.seed),
        "cards": job.collect_cards,
    }
    return GameStream(out, g.id, run, resume=resume)


def simulate(
    game: Game | str,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: bool = False,
    collect_cards: bool = False,
    out: str | Path | None = None,
    resume: bool = False,
    keep_results: bool = True,
) -> SimulationResult:
    """Play ``games`` games; game ``i`` uses seed ``derive_seed(seed, i)``.

    The aggregate is the same for the same arguments whatever ``workers`` and
    ``backend`` are. Interrupted runs return (and write) the finished games.
    A ``.parquet`` ``out`` is written as the games finish and can be resumed
    (``resume=True`` plays only the games it lacks); ``keep_results=False``
    leaves this run's games on disk only, for runs too large to hold.
    """
    if games < 1:
        raise ValueError("games must be at least 1")
    g, specs, n, opts = prepare(game, agents, players, options)
    job = Job(game_locator(g), tuple(specs), seed, n, tuple(sorted(opts.items())), collect_cards)
    path = Path(out) if out is not None else None
    if path is not None:
        check_suffix(path)
    stream = _stream_for(path, g, job, resume) if path is not None and path.suffix.lower() == ".parquet" else None
    if resume and stream is None:
        raise ValueError("--resume continues a .parquet --out")
    todo: Sequence[int] = range(games) if stream is None else [i for i in range(games) if i not in stream.done]
    resumed = 0 if stream is None else len(stream.done)
    label = f"{g.id}: {' v '.join(specs)}" + (f" (resuming after {resumed})" if resumed else "")
    mine = Tally(n)

    def sink(_job: int, results: list[GameResult]) -> None:
        mine.add_results(results)
        if stream is not None:
            stream.add(results)

    try:
        with progress_bar(len(todo), label, progress) as tick:
            outcome: RunOutcome = run_jobs(
                [(job, todo)],
                backend=backend,
                workers=workers,
                address=address,
                progress=tick,
                sink=sink,
                keep=keep_results or stream is None,
            )
    finally:
        if stream is not None:
            stream.flush()  # what finished is on disk, however the run ended
    result = SimulationResult(
        game=g.id,
        agents=specs,
        players=n,
        options=opts,
        seed=seed,
        results=outcome.results[0],
        seconds=outcome.seconds,
        interrupted=outcome.interrupted,
        workers=outcome.workers,
        backend=outcome.backend,
        tally=mine if stream is None else stream.tally(n),
        resumed=resumed,
        played_steps=mine.steps,
    )
    if path is not None and stream is None:
        write_table(result.results, g.id, path)
    return result
