"""A game as a declarative definition: its facts, its options, its state class.

Each game package exposes one :class:`Game` instance named ``GAME``. Options are
declared once here and validated for every caller (Python, CLI, web, RL), so a
bad option fails the same way everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hulldown.engine.errors import ChanceScriptError, IllegalActionError, OptionError, RecordError
from hulldown.engine.messages import KERNEL, Catalog
from hulldown.engine.record import GameRecord, LogEntry
from hulldown.engine.state import Action, GameState, Observation

if TYPE_CHECKING:
    from hulldown.engine.agent import Agent
    from hulldown.engine.odds import OddsFunction
    from hulldown.engine.tensor import TensorSpec


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One game option. ``kind`` is ``bool``, ``int``, ``str`` or ``float``.

    ``file``: set on an option whose value is a local path, to the name that file
    has inside an installed card set (e.g. ``tactics.toml``). Such options open
    files, so only local callers may set them: remote callers (the web) are
    refused them by :meth:`Game.validate_options` and pick a card set by name.

    ``legacy``: for an option added after games were recorded, the value that
    reproduces how those games were played. A record stores every option its
    game had, so one that lacks this option predates it, and :meth:`Game.replay`
    plays it with ``legacy`` rather than with today's default.
    """

    name: str
    kind: type
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    file: str | None = None
    legacy: Any = None

    def validate(self, value: Any) -> Any:
        kind = self.kind
        if kind is bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "false", "yes", "no", "on", "off", "1", "0"):
                return value.lower() in ("true", "yes", "on", "1")
            raise OptionError(f"option {self.name!r} must be true or false, not {value!r:.40}")
        if kind is int:
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                raise OptionError(f"option {self.name!r} must be a whole number, not {value!r:.40}")
            try:
                value = int(value)
            except ValueError:
                raise OptionError(f"option {self.name!r} must be a whole number, not {value!r:.40}") from None
        elif kind is float:
            if isinstance(value, bool) or not isinstance(value, (int, float, str)):
                raise OptionError(f"option {self.name!r} must be a number, not {value!r:.40}")
            try:
                value = float(value)
            except ValueError:
                raise OptionError(f"option {self.name!r} must be a number, not {value!r:.40}") from None
        elif kind is str and not isinstance(value, str):
            raise OptionError(f"option {self.name!r} must be text, not {value!r:.40}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.name!r} must be one of {allowed}; got {value!r:.40}")
        if self.minimum is not None and value < self.minimum:
            raise OptionError(f"option {self.name!r} must be at least {self.minimum}; got {value}")
        if self.maximum is not None and value > self.maximum:
            raise OptionError(f"option {self.name!r} must be at most {self.maximum}; got {value}")
        return value

    def describe(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "name": self.name,
            "type": self.kind.__name__,
            "default": self.default,
            "help": self.help,
        }
        if self.choices is not None:
            d["choices"] = list(self.choices)
        if self.minimum is not None:
            d["min"] = self.minimum
        if self.maximum is not None:
            d["max"] = self.maximum
        if self.file is not None:
            d["file"] = self.file
        return d


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Facts about a game, declared once (OpenSpiel's GameType in spirit)."""

    id: str
    name: str
    min_players: int
    max_players: int
    default_players: int
    summary: str
    options: tuple[OptionSpec, ...] = ()
    #: Upper bound on decisions in one game; conformance checks every playout ends within it.
    max_steps: int = 10_000
    hidden_information: bool = True
    chance: bool = True
    rules_doc: str = ""

    @property
    def file_options(self) -> tuple[OptionSpec, ...]:
        """The options whose value is a local path (see :attr:`OptionSpec.file`)."""
        return tuple(o for o in self.options if o.file is not None)

    def describe(self, *, remote: bool = False) -> dict[str, Any]:
        """The facts as plain data; ``remote`` leaves out the options a remote caller may not set."""
        return {
            "id": self.id,
            "name": self.name,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "default_players": self.default_players,
            "summary": self.summary,
            "options": [o.describe() for o in self.options if not (remote and o.file is not None)],
            "max_steps": self.max_steps,
            "rules_doc": self.rules_doc,
        }


AgentFactory = Callable[..., "Agent"]


#: Scores a (determinized) state for a search that cuts its playouts short: one value in [0, 1] per seat.
Evaluator = Callable[[GameState], list[float]]
#: A fast playout policy: picks the action of whichever seat is to act.
Policy = Callable[[GameState], Action]
#: Builds a game's playout policy: ``factory(game, seed)``.
PolicyFactory = Callable[["Game", int], Policy]


@dataclass(frozen=True, slots=True)
class BalanceHooks:
    """The levers a balance study may pull (docs/simulation.md, "Balance").

    ``factions`` names the options that pick each seat's side or deck.
    ``reinforce(options, seat, cards)`` returns options with ``cards`` added to
    that seat's deck, and ``reinforce_pool(options, seat)`` lists the cards it
    may add; a game that declares neither gets no parity search.
    ``bar(options, card)`` returns options with every copy of ``card`` left out
    of the game: the controlled experiment for one card (``balance --bar``).
    """

    factions: tuple[str, ...] = ()
    reinforce: Callable[[Mapping[str, Any], int, Sequence[str]], dict[str, Any]] | None = None
    reinforce_pool: Callable[[Mapping[str, Any], int], list[str]] | None = None
    bar: Callable[[Mapping[str, Any], str], dict[str, Any]] | None = None


@dataclass(frozen=True, slots=True)
class ConformancePlan:
    """How hard the conformance suite plays a game (each count is scaled by ``HULLDOWN_CONFORMANCE_SCALE``).

    ``games``: random games per option set; ``deep_games``: how many of them run the
    per-step deep checks (costly for long games); ``reveal_games``: games per option
    set for the reveal-declaration check.
    """

    games: int = 200
    deep_games: int = 12
    reveal_games: int = 2


@dataclass(slots=True)
class Game:
    """A registered game: its facts, its state class and what tools need to know of it.

    Every optional fact is a typed field: a tool asks for what it needs by name and
    gets ``None`` (or an empty default) when the game does not provide it.
    """

    info: GameInfo
    state_class: type[GameState]
    #: Option sets the conformance suite plays (each in addition to the defaults).
    conformance_options: Sequence[Mapping[str, Any]] = ()
    conformance: ConformancePlan = ConformancePlan()
    #: Builds this game's heuristic bot: ``factory(game, seat, seed, **params)``.
    heuristic: AgentFactory | None = None
    #: The card database for ``hulldown cards``: one dict per card (see each game's data module).
    card_database: Callable[[Mapping[str, Any]], list[dict[str, Any]]] | None = None
    #: Renders an observation as text for the terminal (``hulldown play``).
    render_text: Callable[[Observation, int | None], str] | None = None
    #: The TypedDict every observation of this game is (engine/observation.py): what each seat
    #: sees, declared once; the conformance tests validate observations against it strictly,
    #: and the web service publishes its JSON Schema.
    observation_type: type[Observation] | None = None
    #: Fixed action space and observation tensors for RL adapters (engine/tensor.py).
    tensors: TensorSpec | None = None
    #: Bots of this game beyond ``heuristic`` (e.g. a rulebook's solo AI): name -> factory.
    agents: dict[str, AgentFactory] = field(default_factory=dict)
    #: Whether finished games' returns sum to zero: always, never, or for these player counts.
    zero_sum: bool | tuple[int, ...] = False
    #: The least and greatest return a seat can get (OpenSpiel's min/max utility).
    returns_range: tuple[float, float] = (-1.0, 1.0)
    #: Every event type the game may emit (the conformance suite rejects others); empty: unchecked.
    event_vocabulary: frozenset[str] = frozenset()
    #: The search's playout policy (``ismcts:rollout=policy``).
    rollout: PolicyFactory | None = None
    #: The legal actions of a full (determinized) state, the playout policy's best first: the
    #: root candidates of ``ismcts:top=K``.
    rank: Callable[[GameState], list[Action]] | None = None
    #: The search's evaluation of cut playouts (``ismcts:depth=N``).
    evaluate: Evaluator | None = None
    #: Whether a position is settled enough to be evaluated (no exchange under way);
    #: a cut playout plays on to the next such position (``ismcts:settle=N``).
    quiet: Callable[[GameState], bool] | None = None
    #: Balance levers for ``hulldown balance``.
    balance: BalanceHooks | None = None
    #: Event types that count as playing a card for per-card impact (default: ``played``).
    card_events: tuple[str, ...] = ()
    #: Each seat's played cards read off a finished state, for games whose events cannot tell.
    played_cards: Callable[[GameState], list[list[str]]] | None = None
    #: The game's message catalog (engine/messages.py): action labels and the browser's texts.
    messages: Catalog = KERNEL
    #: The chances of the seat to move's attacks, from what that seat may know (engine/odds.py).
    odds: OddsFunction | None = None

    @property
    def id(self) -> str:
        return self.info.id

    def validate_options(self, options: Mapping[str, Any] | None, *, remote: bool = False) -> dict[str, Any]:
        """Options with defaults filled in; unknown or ill-typed ones raise OptionError.

        ``remote``: the options come from a caller who must not make this process
        open files (a web client). Any option that names a file is then refused,
        whatever its value, before anything looks at the filesystem; a remote
        caller reaches custom cards only through card sets an operator installed.
        """
        options = dict(options or {})
        specs = {o.name: o for o in self.info.options}
        if remote:
            files = sorted(n for n in options if n in specs and specs[n].file is not None)
            if files:
                raise OptionError(
                    f"option {files[0]!r} of {self.info.id} names a file on the server, which remote games"
                    " may not set (pick an installed card set instead)"
                )
        unknown = sorted(set(options) - set(specs))
        if unknown:
            known = ", ".join(sorted(n for n, o in specs.items() if not (remote and o.file))) or "none"
            raise OptionError(f"{self.info.id} has no option {unknown[0]!r} (options: {known})")
        return {name: spec.validate(options[name]) if name in options else spec.default for name, spec in specs.items()}

    def validate_players(self, players: int | None) -> int:
        if players is None:
            return self.info.default_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(f"players must be a whole number, not {players!r:.40}")
        lo, hi = self.info.min_players, self.info.max_players
        if not (lo <= players <= hi):
            span = f"{lo}" if lo == hi else f"{lo} to {hi}"
            raise OptionError(f"{self.info.id} is played by {span} players, not {players}")
        return players

    def new(
        self,
        seed: int = 0,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        script: list[LogEntry] | None = None,
    ) -> GameState:
        """A new game. ``script`` forces chance outcomes from the start (replay, tests)."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise OptionError(f"seed must be a whole number, not {seed!r:.40}")
        n = self.validate_players(players)
        opts = self.validate_options(options)
        cls = self.state_class
        state = cls.__new__(cls)
        state._init_base(self.info.id, seed, n, opts, forced=script)
        state._setup()
        return state

    def cards(self, options: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        if self.card_database is None:
            return []
        return self.card_database(self.validate_options(options))

    def _recorded_options(self, record: GameRecord) -> dict[str, Any]:
        """The record's options, and each option it predates at the value it was played by (``legacy``)."""
        options = dict(record.options)
        for spec in self.info.options:
            if spec.legacy is not None and spec.name not in options:
                options[spec.name] = spec.legacy
        return options

    def replay(self, record: GameRecord | dict[str, Any] | str, *, upto: int | None = None) -> GameState:
        """Rebuild the state a record of this game describes (after ``upto`` decisions, if given).

        Every decision is checked against the rules as it is applied and every
        chance outcome against the draw it answers; the final fingerprint must
        match the record's. Any mismatch raises :class:`RecordError`.
        """
        if isinstance(record, str):
            record = GameRecord.from_json(record)
        elif isinstance(record, dict):
            record = GameRecord.from_dict(record)
        if record.game != self.info.id:
            raise RecordError(f"a record of {record.game!r:.40} is not a game of {self.info.id}")
        chance: list[LogEntry] = []
        decisions: list[tuple[int, str]] = []
        for step in record.steps:
            if step[0] == "action":
                decisions.append((step[1], step[2]))
            else:
                chance.append((step[0], step[1], tuple(step[2]) if step[0] == "shuffle" else step[2]))
        try:
            state = self.new(
                seed=record.seed, players=record.players, options=self._recorded_options(record), script=chance
            )
            _replay_decisions(state, decisions, upto)
        except ChanceScriptError as exc:
            raise RecordError(f"record chance outcome does not fit: {exc}") from None
        except (ValueError, TypeError) as exc:
            raise RecordError(f"record does not replay: {exc}") from None
        if upto is None or upto >= len(decisions):
            if state.pending_scripted():
                raise RecordError("the record has chance outcomes that the game never drew")
            if state.fingerprint() != record.final:
                raise RecordError("the replayed game does not end in the recorded state")
        return state


def _replay_decisions(state: GameState, decisions: list[tuple[int, str]], upto: int | None) -> None:
    for n, (seat, aid) in enumerate(decisions):
        if upto is not None and n >= upto:
            break
        if state.current_player != seat:
            raise RecordError(f"record decision {n}: seat {seat} acts, but seat {state.current_player} must decide")
        try:
            state.apply(aid)
        except IllegalActionError:
            raise RecordError(f"record decision {n}: {aid!r:.80} is not legal there") from None


class Ranking:
    """A ``Game.rank`` made from a playout policy that, given a list, scores every legal action into it.

    The policy's own ``choose(state, scores)`` keeps one loop for both uses: a playout asks
    only for the best, the search's root for the order. A class, not a closure, because games
    travel to the bot worker processes by pickling.
    """

    __slots__ = ("score",)

    def __init__(self, score: Callable[[Any, list[float]], object]) -> None:
        self.score = score

    def __call__(self, state: GameState) -> list[Action]:
        legal = state.legal_actions()
        scores: list[float] = []
        self.score(state, scores)
        order = sorted(range(len(legal)), key=lambda i: -scores[i])  # stable: ties in legal order
        return [legal[i] for i in order]
