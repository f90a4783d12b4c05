"""The ``simulate``, ``bench``, ``tournament`` and ``balance`` commands.

``register(app)`` adds them to any Typer app, so the main command and tests
share one definition. Every mistake a user can make on the command line ends
in one clear line on stderr and exit status 2; an interrupted run prints and
writes what it finished and exits with 130.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer

from hulldown.engine.errors import HulldownError
from hulldown.sim.stats import fmt_rate

BACKEND_HELP = "local (processes on this machine) or ray"


def split_agents(text: str) -> list[str]:
    """``"ismcts:iterations=200,c=1,random"`` -> ``["ismcts:iterations=200,c=1", "random"]``.

    Commas separate agents *and* an agent's parameters; a part that is a bare
    ``key=value`` continues the agent before it.
    """
    out: list[str] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        key = part.split("=", 1)[0]
        if "=" in part and ":" not in key and out:
            out[-1] += "," + part
        else:
            out.append(part)
    return out


def parse_options(items: list[str] | None) -> dict[str, str]:
    opts: dict[str, str] = {}
    for item in items or []:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"--option takes key=value, not {item!r:.40}")
        opts[key.strip()] = value.strip()
    return opts


def _fail(message: str) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code=2)


@contextmanager
def _clear_errors() -> Iterator[None]:
    """Turn every expected failure into one line and exit status 2."""
    try:
        yield
    except typer.Exit:
        raise
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        raise typer.Exit(code=130) from None
    except (HulldownError, ValueError, KeyError, OSError) as exc:
        msg = str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)
        _fail(msg.splitlines()[0] if msg else type(exc).__name__)


def _game(name: str) -> Any:
    from hulldown.engine.registry import load

    return load(name)


def _print_json(obj: Any) -> None:
    typer.echo(json.dumps(obj, default=str))


def register(app: typer.Typer) -> None:
    """Add the simulation commands to ``app``."""
    app.command("simulate")(simulate_cmd)
    app.command("bench")(bench_cmd)
    app.command("tournament")(tournament_cmd)
    app.command("balance")(balance_cmd)


def _print_simulation(s: dict[str, Any], out: Path | None) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{s['game']}: {s['games']} games, seed {s['seed']}")
    for col in ("seat", "agent", "wins", "win rate [95%]", "mean return"):
        table.add_column(col)
    for seat, agent in enumerate(s["agents"]):
        table.add_row(
            str(seat),
            agent,
            str(s["wins"][seat]),
            fmt_rate(s["wins"][seat], s["games"]),
            f"{s['mean_return'][seat]:+.3f}",
        )
    console = Console()
    console.print(table)
    ln = s["length"]
    console.print(
        f"draws {s['draws']}; length mean {ln['mean']:.1f}, median {ln['median']}, "
        f"range {ln['min']}-{ln['max']} decisions"
    )
    console.print(
        f"{s['steps_per_s']:,.0f} steps/s, {s['games_per_s']:,.1f} games/s ({s['workers']} worker(s), {s['backend']})"
    )
    if s["resumed"]:
        console.print(f"{s['resumed']} games were already in {out}; the figures above count them too")
    if out is not None:
        console.print(f"results written to {out}")


def simulate_cmd(
    game: Annotated[str, typer.Argument(help="game id (see `hulldown games`)")],
    games: Annotated[int, typer.Option("--games", "-n", help="number of games")] = 100,
    agents: str = typer.Option(
        "random", "--agents", "-a", help="agents by seat: A,B[,...] (one name fills every seat)"
    ),
    seed: Annotated[int, typer.Option("--seed", help="batch seed; game i uses derive_seed(seed, i)")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help="parallel workers")] = 1,
    backend: Annotated[str, typer.Option("--backend", help=BACKEND_HELP)] = "local",
    address: Annotated[str | None, typer.Option("--address", help="Ray cluster address (ray backend)")] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of seats")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="game option key=value (repeatable)")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
    out: Annotated[
        Path | None, typer.Option("--out", help="write per-game rows to results.csv or results.parquet")
    ] = None,
    cards: Annotated[bool, typer.Option("--cards", help="record the cards each seat played (in --out)")] = False,
    resume: Annotated[
        bool, typer.Option("--resume", help="finish the run already in the .parquet --out (plays the games it lacks)")
    ] = False,
) -> None:
    """Play many games between agents and report win rates with 95% intervals.

    With ``--out NAME.parquet`` each game is on disk within seconds of finishing,
    and this run's games are not also held in memory: a million-game study runs in
    the memory of a few thousand, and an interrupted one goes on with ``--resume``.
    """
    from hulldown.sim.simulate import simulate

    with _clear_errors():
        if out is not None and out.suffix.lower() not in (".csv", ".parquet"):
            raise ValueError(f"--out must end in .csv or .parquet, not {out.name!r}")
        streamed = out is not None and out.suffix.lower() == ".parquet"
        result = simulate(
            _game(game),
            split_agents(agents),
            games,
            seed,
            players=players,
            options=parse_options(option),
            workers=workers,
            backend=backend,
            address=address,
            progress=not as_json and sys.stderr.isatty(),
            collect_cards=cards,
            out=out,
            resume=resume,
            keep_results=not streamed,
        )
    s = result.summary()
    if as_json:
        _print_json(s)
    else:
        _print_simulation(s, out)
    if result.interrupted:
        again = " (go on with --resume)" if streamed else ""
        typer.echo(f"interrupted: {result.games} finished games kept{again}", err=True)
        raise typer.Exit(code=130)


def bench_cmd(
    game: Annotated[str, typer.Argument(help="game id")],
    seconds: Annotated[float, typer.Option("--seconds", "-s", help="how long to play random games")] = 3.0,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="game option key=value (repeatable)")
    ] = None,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
) -> None:
    """Measure random-playout throughput on one core, the cost of clone and resample, and heuristic games/s."""
    from hulldown.sim.bench import bench

    with _clear_errors():
        r = bench(_game(game), seconds, players=players, options=parse_options(option), seed=seed)
    if as_json:
        _print_json(r)
        return
    typer.echo(
        f"{r['game']}: {r['steps_per_s']:,.0f} steps/s, {r['games_per_s']:,.1f} games/s "
        f"({r['games']} games, {r['mean_steps']:.1f} steps each); clone {r['clone_us']:.1f} us, "
        f"resample {r['resample_us']:.1f} us, legal actions {r['legal_us']:.1f} us, new game {r['setup_us']:.1f} us"
    )
    if r["compiled"]:
        typer.echo(f"compiled build: {len(r['compiled'])} modules compiled (make compiled)")
    if r["heuristic_games_per_s"]:
        typer.echo(
            f"heuristic against heuristic: {r['heuristic_games_per_s']:,.1f} games/s "
            f"({r['heuristic_steps_per_s']:,.0f} steps/s)"
        )


def tournament_cmd(
    game: Annotated[str, typer.Argument(help="game id")],
    agents: Annotated[str, typer.Option("--agents", "-a", help="agents: --agents A B C or --agents A,B,C")],
    more_agents: Annotated[
        list[str] | None, typer.Argument(help="further agents after --agents", show_default=False)
    ] = None,
    games_per_pair: int = typer.Option(
        20, "--games-per-pair", "-n", help="games per pair, split over both seat orders"
    ),
    seed: Annotated[int, typer.Option("--seed")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w")] = 1,
    backend: Annotated[str, typer.Option("--backend", help=BACKEND_HELP)] = "local",
    address: Annotated[str | None, typer.Option("--address", help="Ray cluster address (ray backend)")] = None,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="game option key=value (repeatable)")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Round robin between agents, both seat orders, with OpenSkill ratings and 95% intervals."""
    from hulldown.sim.tournament import tournament

    with _clear_errors():
        names = split_agents(agents) + [a for extra in more_agents or [] for a in split_agents(extra)]
        result = tournament(
            _game(game),
            names,
            games_per_pair,
            seed,
            players=players,
            options=parse_options(option),
            workers=workers,
            backend=backend,
            address=address,
            progress=not as_json and sys.stderr.isatty(),
        )
        table = result.table()
    if as_json:
        _print_json(table)
    else:
        from rich.console import Console
        from rich.table import Table

        t = Table(title=f"{table['game']}: round robin, {games_per_pair} games per pair")
        for col in ("agent", "rating (mu)", "95% interval", "games", "score [95%]"):
            t.add_column(col)
        for row in table["ratings"]:
            sc = row["score"]
            t.add_row(
                row["agent"],
                f"{row['mu']:.1f}",
                f"[{row['low']:.1f}, {row['high']:.1f}]",
                str(row["games"]),
                f"{100 * sc['rate']:.1f}% [{100 * sc['low']:.1f}, {100 * sc['high']:.1f}]",
            )
        console = Console()
        console.print(t)
        for pair, r in table["pairs"].items():
            console.print(f"  {pair}: {100 * r['rate']:.1f}% [{100 * r['low']:.1f}, {100 * r['high']:.1f}] of {r['n']}")
    if result.interrupted:
        typer.echo("interrupted: the table covers the finished games", err=True)
        raise typer.Exit(code=130)


def balance_cmd(
    game: Annotated[str, typer.Argument(help="game id")],
    agents: Annotated[
        str, typer.Option("--agents", "-a", help="the pairing of agents, rotated through the seats")
    ] = "random",
    games: Annotated[int, typer.Option("--games", "-n", help="games per option set (faction pairing)")] = 200,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    vary: Annotated[
        list[str] | None, typer.Option("--vary", help="option to cross over its choices (games without factions)")
    ] = None,
    weaker: Annotated[
        str | None, typer.Option("--weaker", help="faction to reinforce (default: the lowest scoring)")
    ] = None,
    stronger: Annotated[
        str | None, typer.Option("--stronger", help="faction to reach parity with (default: the highest)")
    ] = None,
    parity_games: Annotated[
        int | None, typer.Option("--parity-games", help="games per step of the parity search")
    ] = None,
    max_add: Annotated[int, typer.Option("--max-add", help="most cards the parity search adds")] = 16,
    workers: Annotated[int, typer.Option("--workers", "-w")] = 1,
    backend: Annotated[str, typer.Option("--backend", help=BACKEND_HELP)] = "local",
    address: Annotated[str | None, typer.Option("--address")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="game option key=value (repeatable)")
    ] = None,
    out: Annotated[Path, typer.Option("--out", help="directory for index.html, PNGs, report.json, games.csv")] = Path(
        "balance-report"
    ),
    as_json: Annotated[bool, typer.Option("--json", help="print the report's figures as JSON")] = False,
    compare: Annotated[
        tuple[str, str] | None,
        typer.Option("--compare", help="two variants k=v[,k=v] played on common seeds, A minus B reported"),
    ] = None,
    bar: Annotated[
        str | None, typer.Option("--bar", help="a card: the game with it (A) against the game without it (B)")
    ] = None,
) -> None:
    """Write an HTML balance report: factions, seats, game length, per-card impact, parity.

    With ``--compare A B`` the report is instead the difference a change makes:
    each variant's options on top of ``--option``, paired game by game.
    """
    from hulldown.sim.balance import balance

    if compare is not None or bar is not None:
        common = dict(agents=split_agents(agents), games=games, seed=seed, options=option, workers=workers)
        _compare_cmd(game, compare, bar, common, backend, address, out, as_json)
        return
    with _clear_errors():
        if (weaker is None) != (stronger is None):
            raise ValueError("give --weaker and --stronger together")
        if max_add < 1:
            raise ValueError("--max-add must be at least 1")
        report = balance(
            _game(game),
            split_agents(agents),
            games,
            seed,
            options=parse_options(option),
            vary=vary or [],
            parity=(weaker, stronger) if weaker is not None and stronger is not None else None,
            parity_games=parity_games,
            max_add=max_add,
            workers=workers,
            backend=backend,
            address=address,
            progress=not as_json and sys.stderr.isatty(),
            out=out,
        )
    if as_json:
        _print_json(report)
    else:
        _print_balance(report)
    if report.get("interrupted"):
        typer.echo("interrupted: the report covers the finished games", err=True)
        raise typer.Exit(code=130)


def _print_balance(report: dict[str, Any]) -> None:
    typer.echo(f"report written to {Path(report['out']) / 'index.html'}")
    par = report.get("parity") or {}
    if "baseline" in par:
        b = par["baseline"]
        need = par["cards_to_parity"]
        typer.echo(
            f"{par['weaker']} scores {100 * b['rate']:.1f}% [{100 * b['low']:.1f}, {100 * b['high']:.1f}] "
            f"against {par['stronger']}; "
            + (
                "it needs no added cards"
                if need == 0
                else f"{need} added cards reach parity"
                if need is not None
                else f"{par['max_add']} added cards do not reach parity"
            )
        )


def _compare_cmd(
    game: str,
    variants: tuple[str, str] | None,
    card: str | None,
    common: dict[str, Any],
    backend: str,
    address: str | None,
    out: Path,
    as_json: bool,
) -> None:
    from hulldown.sim.compare import bar_card, compare, parse_variant

    progress = not as_json and sys.stderr.isatty()
    run = dict(workers=common["workers"], backend=backend, address=address, progress=progress, out=out)
    with _clear_errors():
        if variants is not None and card is not None:
            raise ValueError("give --compare or --bar, not both")
        options = parse_options(common["options"])
        if card is not None:
            report = bar_card(
                _game(game), common["agents"], common["games"], card, common["seed"], options=options, **run
            )
        else:
            assert variants is not None
            a, b = parse_variant(variants[0]), parse_variant(variants[1])
            report = compare(
                _game(game), common["agents"], common["games"], a, b, common["seed"], options=options, **run
            )
    if as_json:
        _print_json(report)
    else:
        typer.echo(f"report written to {Path(report['out']) / 'index.html'}")
        diff = report["difference"]
        for label, d in [(f"seat {s}", d) for s, d in enumerate(diff["by_seat"])] + list(diff["by_faction"].items()):
            typer.echo(
                f"{label}: A - B {100 * d['mean']:+.1f} points [{100 * d['low']:+.1f}, {100 * d['high']:+.1f}]"
                f" over {d['n']} pairs"
            )
    if report["interrupted"]:
        typer.echo("interrupted: the report covers the finished pairs", err=True)
        raise typer.Exit(code=130)


COMMANDS: dict[str, Callable[..., None]] = {
    "simulate": simulate_cmd,
    "bench": bench_cmd,
    "tournament": tournament_cmd,
    "balance": balance_cmd,
}
