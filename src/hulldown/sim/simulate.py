"""Many games of one pairing: aggregate statistics, progress, tables on disk."""

from __future__ import annotations

import contextlib
import csv
import json
import statistics
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hulldown.agents.registry import validate_spec
from hulldown.engine.game import Game
from hulldown.sim.backends import Progress, RunOutcome, run_jobs
from hulldown.sim.runner import GameResult, Job, game_locator, resolve_game
from hulldown.sim.stats import rate


@dataclass(slots=True)
class SimulationResult:
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

    @property
    def games(self) -> int:
        return len(self.results)

    def wins(self) -> list[int]:
        w = [0] * self.players
        for r in self.results:
            for s in r.winners:
                w[s] += 1
        return w

    def draws(self) -> int:
        return sum(1 for r in self.results if r.draw)

    def steps(self) -> int:
        return sum(r.steps for r in self.results)

    def summary(self) -> dict[str, Any]:
        """The aggregate as one JSON-able object (what ``simulate --json`` prints)."""
        n = self.games
        lengths = [r.steps for r in self.results]
        wins = self.wins()
        secs = self.seconds
        return {
            "game": self.game,
            "games": n,
            "agents": list(self.agents),
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "wins": wins,
            "draws": self.draws(),
            "win_rates": [rate(w, n) for w in wins],
            "mean_return": [
                statistics.fmean(r.returns[s] for r in self.results) if n else 0.0 for s in range(self.players)
            ],
            "length": {
                "mean": statistics.fmean(lengths) if lengths else 0.0,
                "median": statistics.median(lengths) if lengths else 0.0,
                "min": min(lengths, default=0),
                "max": max(lengths, default=0),
            },
            "steps": self.steps(),
            "seconds": secs,
            "steps_per_s": self.steps() / secs if secs > 0 else 0.0,
            "games_per_s": n / secs if secs > 0 else 0.0,
            "workers": self.workers,
            "backend": self.backend,
            "interrupted": self.interrupted,
        }


def rows(results: Sequence[GameResult], game: str) -> list[dict[str, Any]]:
    """One flat row per game: the table written to CSV or Parquet."""
    out = []
    for r in results:
        row: dict[str, Any] = {
            "game": game,
            "index": r.index,
            "seed": str(r.seed),  # 64-bit seeds overflow signed integer columns
            "players": r.players,
            "options": json.dumps(r.options, sort_keys=True),
            "steps": r.steps,
            "seconds": r.seconds,
            "winners": " ".join(str(s) for s in r.winners),
            "draw": r.draw,
        }
        for k, v in sorted(r.tags.items()):
            row[f"tag_{k}"] = v if isinstance(v, (int, float, str, bool)) else json.dumps(v)
        for s in range(r.players):
            row[f"agent_{s}"] = r.agents[s]
            row[f"return_{s}"] = r.returns[s]
            if r.played:
                row[f"played_{s}"] = " ".join(r.played[s])
        out.append(row)
    return out


def write_table(results: Sequence[GameResult], game: str, path: str | Path) -> Path:
    """Write per-game rows to ``.csv`` or ``.parquet`` (chosen by the suffix)."""
    p = Path(path)
    data = rows(results, game)
    suffix = p.suffix.lower()
    if suffix not in (".csv", ".parquet"):
        raise ValueError(f"results go to a .csv or .parquet file, not {p.name!r}")
    p.parent.mkdir(parents=True, exist_ok=True)
    columns: list[str] = []
    for row in data:
        for k in row:
            if k not in columns:
                columns.append(k)
    if suffix == ".csv":
        with p.open("w", newline="", encoding="utf-8") as fh:
            writer = csv.DictWriter(fh, fieldnames=columns)
            writer.writeheader()
            writer.writerows(data)
    else:
        import pyarrow as pa
        import pyarrow.parquet as pq

        table = pa.Table.from_pylist(data) if data else pa.table({c: [] for c in columns or ["game"]})
        pq.write_table(table, p)
    return p


@contextlib.contextmanager
def progress_bar(total: int, label: str, enabled: bool = True) -> Iterator[Progress | None]:
    """A Rich progress bar on stderr (stdout stays clean for ``--json``)."""
    if not enabled:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn
    from rich.progress import Progress as RichProgress

    console = Console(stderr=True)
    with RichProgress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(label, total=total)
        yield lambda k: bar.advance(task, k)


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
) -> SimulationResult:
    """Play ``games`` games; game ``i`` uses seed ``derive_seed(seed, i)``.

    The aggregate is the same for the same arguments whatever ``workers`` and
    ``backend`` are. Interrupted runs return (and write) the finished games.
    """
    if games < 1:
        raise ValueError("games must be at least 1")
    g, specs, n, opts = prepare(game, agents, players, options)
    job = Job(game_locator(g), tuple(specs), seed, n, tuple(sorted(opts.items())), collect_cards)
    with progress_bar(games, f"{g.id}: {' v '.join(specs)}", progress) as tick:
        outcome: RunOutcome = run_jobs([(job, games)], backend=backend, workers=workers, address=address, progress=tick)
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
    )
    if out is not None:
        write_table(result.results, g.id, out)
    return result
