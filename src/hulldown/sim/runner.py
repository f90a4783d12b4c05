"""One game between agents, and the picklable unit of work backends ship around.

Worker processes (spawned, or Ray's) start with an empty game registry that
only knows the packages under ``hulldown.games``. A game registered at run
time (a plug-in, the test game) travels as a *locator*, ``module:attribute``,
that the worker imports and registers, so the same code runs in a fresh
interpreter on another machine.
"""

from __future__ import annotations

import gc
import importlib
import os
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from hulldown.agents.registry import make_agent
from hulldown.engine import registry
from hulldown.engine.agent import SeatView
from hulldown.engine.game import Game
from hulldown.engine.rng import derive_seed

#: Allocations between two collections of the youngest generation while games are played
#: (Python's default is 700). A game allocates tuples, lists and dicts by the thousand and
#: frees nearly all of them by reference counting; at the default the cycle collector still ran
#: through a fifth of a 2GM Pacific playout's time on the compiled build. Cycles are still
#: collected, a little later, and between games (:class:`PlayCollector`; docs/simulation.md#speed).
PLAY_GC_THRESHOLD = 50_000

#: Objects left since the last collection that make :meth:`PlayCollector.between_games` collect:
#: a 2GM Pacific game leaves about 7,500 (entries of the rules' caches), a Tank Killers game a
#: few hundred, so the first collects after every game and the second after every few dozen.
BETWEEN_GAMES_MIN = 5_000


class PlayCollector:
    """The cycle collector's work between two games of a long run.

    What survives a game is mostly the rules' caches of actions and reachable spaces, which
    live as long as the process; left in the collector's generations, every later collection
    walks them again. :meth:`between_games` collects what the finished game left and moves the
    survivors out of the collector's way (``gc.freeze``); reference counting still frees them
    when a cache lets go.
    """

    def __init__(self, freeze: bool) -> None:
        #: False when the process had frozen objects of its own: then nothing is frozen here,
        #: so leaving play can unfreeze what this run froze and nothing else
        self.freeze = freeze

    def between_games(self) -> None:
        """Collect and freeze, once the games since the last time allocated a collection's worth."""
        young, collections, _ = gc.get_count()
        if young < BETWEEN_GAMES_MIN and collections == 0:  # little left since the last time
            return
        gc.collect()
        if self.freeze:
            gc.freeze()


@contextmanager
def fewer_collections() -> Iterator[PlayCollector]:
    """Raise the youngest generation's threshold to :data:`PLAY_GC_THRESHOLD` while games are played,
    and give the players a :class:`PlayCollector` to call between games; leaving restores both."""
    before = gc.get_threshold()
    collector = PlayCollector(freeze=gc.get_freeze_count() == 0)
    gc.set_threshold(max(PLAY_GC_THRESHOLD, before[0]), *before[1:])
    try:
        yield collector
    finally:
        gc.set_threshold(*before)
        if collector.freeze:
            gc.unfreeze()


#: Event types that mean "this seat played this card" when a game declares no
#: ``Game.card_events`` of its own; the event carries ``seat`` and ``card``.
DEFAULT_CARD_EVENTS = frozenset({"played", "card_played", "play_card"})


@dataclass(slots=True)
class GameResult:
    """The outcome of one game, small enough to ship between processes by the million."""

    index: int
    seed: int
    agents: list[str]
    options: dict[str, Any]
    returns: list[float]
    steps: int
    seconds: float
    winners: list[int]
    #: Per seat, the cards it played (empty lists unless collected).
    played: list[list[str]] = field(default_factory=list)
    #: Free-form labels attached by the caller (option-set name, seat order, ...).
    tags: dict[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.returns)

    @property
    def draw(self) -> bool:
        return not self.winners


def winners_of(returns: Sequence[float]) -> list[int]:
    """Seats with the best return; none when every seat has the same (a draw)."""
    if not returns:
        return []
    hi = max(returns)
    if hi == min(returns):
        return []
    return [i for i, r in enumerate(returns) if r == hi]


def game_locator(game: Game) -> str:
    """A string a fresh interpreter turns back into ``game`` (see module docstring)."""
    module_name = game.state_class.__module__
    if module_name.startswith("hulldown.games."):
        return game.id
    module = importlib.import_module(module_name)
    for attr, value in vars(module).items():
        if value is game:
            return f"{module_name}:{attr}"
    # A game object defined elsewhere: look in the package of its state class.
    package = module_name.rpartition(".")[0]
    if package:
        pkg = importlib.import_module(package)
        for attr, value in vars(pkg).items():
            if value is game:
                return f"{package}:{attr}"
    raise ValueError(f"game {game.id!r} cannot be found again in a worker process (define it at module level)")


def resolve_game(locator: str | Game) -> Game:
    if isinstance(locator, Game):
        return locator
    if ":" not in locator:
        return registry.load(locator)
    module_name, _, attr = locator.partition(":")
    game = getattr(importlib.import_module(module_name), attr)
    if not isinstance(game, Game):
        raise ValueError(f"{locator} is not a Game")
    if game.id not in registry.game_ids():
        registry.register(game)
    return game


def _card_events(game: Game) -> frozenset[str]:
    return frozenset(game.card_events) if game.card_events else DEFAULT_CARD_EVENTS


def play_game(
    game: Game | str,
    agent_specs: Sequence[str],
    seed: int,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    *,
    index: int = 0,
    collect_cards: bool = False,
) -> GameResult:
    """Play one whole game; each seat's agent sees only its ``SeatView``.

    Agents are seeded from ``seed`` and their seat, so a game is a pure
    function of (game, agents, seed, players, options).
    """
    g = resolve_game(game)
    n = g.validate_players(players if players is not None else len(agent_specs))
    if len(agent_specs) != n:
        raise ValueError(f"{len(agent_specs)} agents for {n} seats")
    state = g.new(seed=seed, players=n, options=options)
    agents = [make_agent(spec, g, seat, seed) for seat, spec in enumerate(agent_specs)]
    views = [SeatView(state, seat) for seat in range(n)]
    played: list[list[str]] = [[] for _ in range(n)]
    card_events = _card_events(g) if collect_cards else frozenset()
    custom = g.played_cards if collect_cards else None
    limit = g.info.max_steps
    start = time.perf_counter()
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        events = state.apply(agents[seat].act(views[seat]))
        if card_events and custom is None:
            for ev in events:
                # a card played by no seat (2GM Pacific's solo AI plays inside the rules) counts for none
                if ev.get("type") in card_events and "card" in ev and 0 <= int(ev.get("seat", -1)) < n:
                    played[int(ev["seat"])].append(str(ev["card"]))
        if state.steps > limit:
            raise RuntimeError(f"{g.id} game with seed {seed} exceeded its bound of {limit} steps")
    seconds = time.perf_counter() - start
    if custom is not None:
        played = [[str(c) for c in cards] for cards in custom(state)]
    returns = [float(r) for r in state.returns()]
    return GameResult(
        index=index,
        seed=seed,
        agents=list(agent_specs),
        options=dict(state.options),
        returns=returns,
        steps=state.steps,
        seconds=seconds,
        winners=winners_of(returns),
        played=played,
    )


@dataclass(frozen=True, slots=True)
class Job:
    """A batch of games sharing agents, players and options; game ``i`` is seeded ``derive_seed(seed, i)``."""

    game: str
    agents: tuple[str, ...]
    seed: int
    players: int
    options: tuple[tuple[str, Any], ...]
    collect_cards: bool = False
    tags: tuple[tuple[str, Any], ...] = ()


def warm_up(jobs: Sequence[Job], hold: float) -> int:
    """Load everything the games of ``jobs`` need, then wait ``hold`` seconds; returns the worker's pid.

    A backend runs this in every worker before its clock starts, so a timed
    run measures play, not imports: a fresh worker imports the game's package
    and the agents' modules on its first game, which costs a noticeable share
    of a short run. The hold keeps a worker busy while the others are asked,
    so each warm-up lands in a different worker.
    """
    seen = set()
    for job in jobs:
        key = (job.game, job.agents, job.players, job.options)
        if key in seen:
            continue
        seen.add(key)
        g = resolve_game(job.game)
        state = g.new(seed=job.seed, players=job.players, options=dict(job.options))
        for seat, spec in enumerate(job.agents):
            make_agent(spec, g, seat, job.seed)
        state.legal_actions()
    if hold > 0:
        time.sleep(hold)
    return os.getpid()


def play_chunk(job: Job, indices: Sequence[int]) -> list[GameResult]:
    """Play games ``indices`` of ``job``; the function every backend runs remotely."""
    options = dict(job.options)
    tags = dict(job.tags)
    out = []
    with fewer_collections() as collector:
        for i in indices:
            r = play_game(
                job.game,
                job.agents,
                derive_seed(job.seed, i),
                job.players,
                options,
                index=i,
                collect_cards=job.collect_cards,
            )
            r.tags = dict(tags)
            out.append(r)
            collector.between_games()
    return out
