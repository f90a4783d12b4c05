"""The ``hulldown`` command.

Every failure a user can cause (unknown game, bad option, bad agent, broken
record) ends in one clear line on stderr and exit code 2, never a traceback.
Commands of other packages (simulation, the web server) register themselves
through their ``commands.register(app)``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table

from hulldown import __version__
from hulldown.agents.registry import make_agent
from hulldown.engine.agent import Agent, SeatView
from hulldown.engine.errors import HulldownError
from hulldown.engine.game import Game
from hulldown.engine.record import GameRecord
from hulldown.engine.registry import game_ids, load, replay
from hulldown.engine.state import Event, GameState, events_for

app = typer.Typer(
    name="hulldown",
    help="WW2 tank tabletop games: play, simulate, replay, serve.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
console = Console()
err_console = Console(stderr=True)


def fail(message: str, code: int = 2) -> NoReturn:
    err_console.print(f"[bold red]error:[/] {message}", highlight=False, markup=True, soft_wrap=True)
    raise typer.Exit(code)


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """``["deck0=german", "random_factor=true"]`` -> dict (values validated by the game)."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, eq, value = pair.partition("=")
        if not eq or not key:
            fail(f"--option takes key=value, not {pair!r}")
        out[key.strip()] = value.strip()
    return out


def load_game(game_id: str) -> Game:
    try:
        return load(game_id)
    except HulldownError as exc:
        fail(str(exc))


def guarded(fn: Callable[[], Any]) -> Any:
    try:
        return fn()
    except HulldownError as exc:
        fail(str(exc))


@app.callback(invoke_without_command=True)
def _main(
    version: Annotated[bool, typer.Option("--version", help="Print the version and exit.")] = False,
) -> None:
    if version:
        console.print(f"hulldown {__version__}")
        raise typer.Exit(0)


@app.command("games")
def games_cmd(json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List the games and their options."""
    infos = [load(g).info for g in game_ids()]
    if json_out:
        print(json.dumps([i.describe() for i in infos], indent=1))
        return
    for info in infos:
        players = (
            f"{info.min_players}" if info.min_players == info.max_players else f"{info.min_players}-{info.max_players}"
        )
        console.print(f"[bold]{info.id}[/]  {info.name}  ({players} players)")
        console.print(f"  {info.summary}", highlight=False)
        if info.options:
            t = Table(show_header=True, header_style="dim", box=None, padding=(0, 2))
            t.add_column("option")
            t.add_column("type")
            t.add_column("default")
            t.add_column("meaning")
            for o in info.options:
                kind = "|".join(map(str, o.choices)) if o.choices else o.kind.__name__
                t.add_row(o.name, kind, str(o.default), o.help)
            console.print(t)
        console.print()


@app.command("cards")
def cards_cmd(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `hulldown games`).")],
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option key=value.")] = None,
) -> None:
    """Print a game's card database: every card, its fields, its count, its source."""
    game = load_game(game_id)
    cards: list[dict[str, Any]] = guarded(lambda: game.cards(parse_options(option)))
    if json_out:
        print(json.dumps(cards, indent=1, ensure_ascii=False))
        return
    if not cards:
        console.print(f"{game.id} has no cards")
        return
    columns: list[str] = []
    for c in cards:
        for k in c:
            if k not in columns:
                columns.append(k)
    t = Table(*columns, header_style="bold")
    for c in cards:
        t.add_row(*("" if c.get(k) is None else str(c.get(k)) for k in columns))
    console.print(t)
    console.print(f"{len(cards)} entries, {sum(int(c.get('count', 1)) for c in cards)} cards")


def _render(game: Game, state: GameState, seat: int | None) -> str:
    obs = state.observation(seat)
    if game.render_text is not None:
        return game.render_text(obs, seat)
    return json.dumps(obs, indent=1, ensure_ascii=False)


def _event_line(e: Event) -> str:
    body = ", ".join(f"{k}={v}" for k, v in e.items() if k not in ("type", "to"))
    return f"{e['type']}: {body}" if body else str(e["type"])


def _read_choice(n: int) -> int | None:
    """Ask for an action number; None means quit."""
    while True:
        try:
            raw = input(f"your choice (1-{n}, q to quit): ").strip()
        except EOFError:
            return None
        if raw.lower() in ("q", "quit", "exit"):
            return None
        if raw.isdigit() and 1 <= int(raw) <= n:
            return int(raw) - 1
        console.print(f"[yellow]type a number from 1 to {n}[/]")


@app.command("play")
def play_cmd(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `hulldown games`).")],
    seat: Annotated[int, typer.Option("--seat", help="Your seat (0-based).")] = 0,
    opponents: Annotated[
        list[str] | None, typer.Option("--opponents", help="Agent for each other seat, in seat order (repeatable).")
    ] = None,
    players: Annotated[int | None, typer.Option("--players", help="Number of players.")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Random seed.")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option key=value.")] = None,
    record: Annotated[Path | None, typer.Option("--record", help="Save the game record to this file.")] = None,
) -> None:
    """Play a whole game in the terminal against bots, seeing only what your seat may see."""
    game = load_game(game_id)
    opts = parse_options(option)
    state: GameState = guarded(lambda: game.new(seed=seed, players=players, options=opts))
    if not 0 <= seat < state.players:
        fail(f"--seat must be between 0 and {state.players - 1}")
    others = [s for s in range(state.players) if s != seat]
    specs = list(opponents or ["heuristic" if game.heuristic else "random"])
    if len(specs) == 1:
        specs = specs * len(others)
    if len(specs) != len(others):
        fail(f"give one --opponents agent or {len(others)} (one per other seat)")
    bots: dict[int, Agent] = {}
    for s, spec in zip(others, specs, strict=True):
        try:
            bots[s] = make_agent(spec, game, s, seed)
        except HulldownError as exc:
            fail(str(exc))
    console.rule(f"{game.info.name} — you are seat {seat}")
    while not state.is_over:
        cp = state.current_player
        assert cp is not None
        if cp in bots:
            action = bots[cp].act(SeatView(state, cp))
            events = state.apply(action)
            # Another seat's choice may be secret (a draft pick): show only the events it caused.
            console.print(f"[dim]seat {cp} ({specs[others.index(cp)]}) acts[/]")
        else:
            console.print(_render(game, state, seat), highlight=False)
            legal = state.legal_actions()
            for i, a in enumerate(legal, 1):
                console.print(f"  [bold]{i:>3}[/]  {a.label}", highlight=False)
            choice = _read_choice(len(legal))
            if choice is None:
                console.print("game abandoned")
                _save(state, record)
                raise typer.Exit(1)
            events = state.apply(legal[choice])
        for e in events_for(events, seat):
            console.print(f"   [cyan]·[/] {_event_line(e)}", highlight=False)
    console.rule("game over")
    console.print(_render(game, state, seat), highlight=False)
    returns = state.returns()
    console.print(f"returns: {returns}  (you: {returns[seat]:+g})")
    _save(state, record)


@app.command("learn")
def learn_cmd(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `hulldown games`).")],
    lang: Annotated[str, typer.Option("--lang", help="Language of the lesson: en or de.")] = "en",
) -> None:
    """A guided tutorial: one scripted turn, move by move, with the reasons and the rules behind each."""
    from hulldown.tutorials import LANGUAGES, Lesson, tutorial

    load_game(game_id)
    if lang not in LANGUAGES:
        fail(f"--lang must be one of {', '.join(LANGUAGES)}")
    tut = guarded(lambda: tutorial(game_id))
    lesson = Lesson(tut)
    console.rule(tut.title(lang))
    console.print(tut.intro(lang), highlight=False)
    while (step := lesson.step) is not None:
        console.print(_render(load(game_id), lesson.state, lesson.seat), highlight=False)
        rule = "Regel" if lang == "de" else "rule"
        console.print(f"[bold]{lesson.at + 1}/{len(tut.steps)}[/] {step.do(lang)}", highlight=False)
        console.print(f"[dim]{step.why(lang)} ({rule} {step.clause}, docs/rules/{game_id}.md)[/]", highlight=False)
        legal = lesson.state.legal_actions()
        for i, a in enumerate(legal, 1):
            console.print(f"  [bold]{i:>3}[/]  {a.label}", highlight=False)
        choice = _read_choice(len(legal))
        if choice is None:
            console.print("lesson abandoned")
            raise typer.Exit(1)
        outcome = lesson.move(legal[choice].id)
        if outcome.explanation is not None:
            console.print(f"[yellow]{outcome.explanation(lang)}[/]", highlight=False)
        for e in outcome.events:
            console.print(f"   [cyan]·[/] {_event_line(e)}", highlight=False)
    console.rule()
    console.print(tut.finish(lang), highlight=False)


def _save(state: GameState, path: Path | None) -> None:
    if path is not None:
        state.record().save(path)
        console.print(f"record saved to {path}")


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    seat: Annotated[
        int | None, typer.Option("--seat", help="Watch as this seat; default: everything, as the record holds it.")
    ] = None,
    pause: Annotated[bool, typer.Option("--pause/--no-pause", help="Wait for Enter between decisions.")] = True,
    upto: Annotated[int | None, typer.Option("--upto", help="Stop after this many decisions.")] = None,
) -> None:
    """Step through a recorded game, decision by decision."""
    rec: GameRecord = guarded(lambda: GameRecord.load(file))
    game = load_game(rec.game)
    guarded(lambda: replay(rec))  # validates the whole record first
    state = game.new(seed=rec.seed, players=rec.players, options=rec.options, script=_chance(rec))
    if seat is not None and not 0 <= seat < rec.players:
        fail(f"--seat must be between 0 and {rec.players - 1}")
    interactive = pause and sys.stdin.isatty()
    decisions = rec.decisions if upto is None else rec.decisions[:upto]
    console.rule(f"{game.info.name}: {len(rec.decisions)} decisions, seed {rec.seed}")
    for n, (who, aid) in enumerate(decisions, 1):
        action = state.find_action(aid)
        events = state.apply(action)
        label = action.label if seat in (None, who) else "acts"
        console.print(f"[bold]{n:>4}[/] seat {who}: {label}", highlight=False)
        for e in events if seat is None else events_for(events, seat):
            console.print(f"      [cyan]·[/] {_event_line(e)}", highlight=False)
        if interactive:
            try:
                input()
            except EOFError:
                interactive = False
    console.print(_render(game, state, seat), highlight=False)
    if state.is_over:
        console.print(f"returns: {state.returns()}")


def _chance(rec: GameRecord) -> list[tuple[Any, ...]]:
    return [(s[0], s[1], tuple(s[2]) if s[0] == "shuffle" else s[2]) for s in rec.steps if s[0] != "action"]


def _register_plugins() -> None:
    """Commands that live with their packages (simulation, server)."""
    import importlib

    for mod in ("hulldown.sim.commands", "hulldown.server.commands"):
        try:
            module = importlib.import_module(mod)
        except ModuleNotFoundError as exc:
            if exc.name is None or not mod.startswith(exc.name):
                raise
            continue
        module.register(app)


_register_plugins()


def main() -> None:
    app()
