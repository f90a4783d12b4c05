"""The protocol every game state follows, and the machinery they share.

A game subclasses :class:`GameState` and implements the underscored hooks
(``_setup``, ``_legal``, ``_apply``, ...). The public methods here do the
bookkeeping that must be identical for every game, so that no game can get it
wrong: legality is checked before anything changes, every decision and every
chance outcome goes into one append-only log, resampled states never carry the
true random-number state, and records are built the same way.

The log is a cons list of tuples ``(entry, previous)``: cloning a state shares
it in O(1), which matters when search clones states millions of times.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable, Mapping, MutableSequence
from typing import Any, ClassVar, Final, TypeAlias, TypeVar

from mypy_extensions import mypyc_attr

from hulldown.engine.action import JSON as JSON
from hulldown.engine.action import Action as Action
from hulldown.engine.action import ActionId as ActionId
from hulldown.engine.action import Seat as Seat
from hulldown.engine.copying import class_fields, copier, declared_slots
from hulldown.engine.errors import (
    ChanceScriptError,
    GameOverError,
    IllegalActionError,
    RecordError,
)
from hulldown.engine.record import GameRecord, LogEntry
from hulldown.engine.rng import SplitMix64
from hulldown.engine.zones import Zone

Observation: TypeAlias = Mapping[str, object]
"""What one seat sees, as the engine passes it on: each game declares its exact type
(a TypedDict, ``Game.observation_type``) and its readers see that type."""
Event: TypeAlias = dict[str, Any]
"""A JSON-able dict with ``"type"`` and ``"to"``: ``"all"`` or a list of seats."""
RngLike: TypeAlias = SplitMix64 | random.Random | int

# Log entries. Decisions: ("action", seat, action_id). Chance outcomes:
# ("die", sides, value 1..sides), ("choice", n, value 0..n-1),
# ("shuffle", n, permutation as a tuple).
_Log: TypeAlias = "tuple[LogEntry, _Log] | None"

T = TypeVar("T")


#: The event field by which a game declares that an event discloses hidden information.
REVEAL: Final = "reveal"


def public(type_: str, **data: Any) -> Event:
    """An event every seat and spectator may see."""
    return {"type": type_, "to": "all", **data}


def reveal(type_: str, **data: Any) -> Event:
    """A public event that discloses what some seat could not know before.

    A card turned up, drawn face up or played from a hidden hand, a face-down
    unit shown: anything after which some seat knows more than its
    observation before the decision allowed it to infer. Undo stops at such an
    event, so that nobody can take back a decision and keep what it showed.
    """
    return {"type": type_, "to": "all", REVEAL: True, **data}


def mark_reveal(event: Event) -> Event:
    """Declare an event built elsewhere (or one that reveals only sometimes) as a reveal."""
    event[REVEAL] = True
    return event


def is_reveal(event: Event) -> bool:
    """Whether the game declared the event as disclosing hidden information."""
    return event.get(REVEAL) is True


def private(seats: Iterable[Seat], type_: str, **data: Any) -> Event:
    """An event only the given seats may see."""
    return {"type": type_, "to": sorted(set(seats)), **data}


def visible_to(event: Event, seat: Seat | None) -> bool:
    """Whether ``seat`` (``None``: a spectator) may see the event."""
    to = event["to"]
    if to == "all":
        return True
    return seat is not None and seat in to


def events_for(events: Iterable[Event], seat: Seat | None) -> list[Event]:
    return [e for e in events if visible_to(e, seat)]


def _to_rng(rng: RngLike) -> SplitMix64:
    if isinstance(rng, SplitMix64):
        return SplitMix64(rng.next64())
    if isinstance(rng, random.Random):
        return SplitMix64(rng.getrandbits(64))
    return SplitMix64(int(rng))


@mypyc_attr(allow_interpreted_subclasses=True)
class GameState:
    """Base class of every game's state. See DESIGN.md, "Public Python API".

    The compiled build (``make compiled``) compiles this class with mypyc; games
    written in plain Python still subclass it, which the attribute above allows.
    """

    __slots__ = (
        "_determinized",
        "_forced",
        "_game_id",
        "_last_step",
        "_legal_cache",
        "_log",
        "_options",
        "_players",
        "_revealed_at",
        "_rng",
        "_seed",
        "_steps",
    )

    #: Set by each game: the registry id, used in records.
    GAME_ID: ClassVar[str] = ""

    _game_id: str
    _seed: int
    _players: int
    _options: dict[str, Any]
    _rng: SplitMix64
    _log: Any
    _forced: list[LogEntry] | None
    _legal_cache: list[Action] | None
    _last_step: tuple[Any, list[Event]] | None
    _revealed_at: Any
    _steps: int
    _determinized: bool

    # -- construction (called by Game.new) ---------------------------------
    def _init_base(
        self,
        game_id: str,
        seed: int,
        players: int,
        options: dict[str, Any],
        forced: list[LogEntry] | None = None,
    ) -> None:
        self._game_id = game_id
        self._seed = seed
        self._players = players
        self._options = options
        self._rng = SplitMix64(seed)
        self._log = None
        self._forced = list(forced) if forced else None
        self._legal_cache = None
        self._last_step = None
        self._revealed_at = None
        self._steps = 0
        self._determinized = False

    # -- hooks a game implements -------------------------------------------
    def _setup(self) -> None:
        """Deal, shuffle, place: everything before the first decision."""
        raise NotImplementedError

    def _current_player(self) -> Seat | None:
        raise NotImplementedError

    def _legal(self) -> list[Action]:
        """Legal actions of the current decision; never empty while the game runs."""
        raise NotImplementedError

    def _apply(self, action: Action, events: list[Event]) -> None:
        """Carry out a legal action, appending the events it causes."""
        raise NotImplementedError

    def _observation(self, seat: Seat | None) -> Observation:
        raise NotImplementedError

    def _observation_part(self, seat: Seat | None, key: str) -> object:
        """``_observation(seat)[key]``; a game overrides it to build a costly observation's entry alone."""
        return self._observation(seat)[key]

    def _is_over(self) -> bool:
        raise NotImplementedError

    def _returns(self) -> list[float]:
        raise NotImplementedError

    #: How each of the game's own fields is cloned (engine/copying.py); a game that declares
    #: it gets a generated ``_copy_into`` and must name every slot it adds.
    COPY: ClassVar[Mapping[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "COPY" in vars(cls):
            missing = [s for s in declared_slots(cls) if s not in cls.COPY]
            if missing:
                raise TypeError(f"{cls.__name__}.COPY does not say how to copy {', '.join(missing)}")
            # setattr: a compiled class's methods cannot be assigned to by name
            setattr(cls, "_copy_into", copier(cls.COPY))  # noqa: B010

    def _copy_into(self, new: Any) -> None:
        """Copy the game's own fields into ``new`` (a bare instance); deep where mutable."""
        raise NotImplementedError

    def _resample(self, seat: Seat, rng: SplitMix64) -> GameState:
        """A clone whose hidden information (hidden from ``seat``) is redrawn with ``rng``."""
        raise NotImplementedError

    def _unpickled(self) -> None:
        """Rebuild what a state leans on outside itself after it is unpickled in another process.

        A game whose rules keep process-wide tables (actions built once per card
        count, memo keys numbered per process) restores them here: a fresh
        interpreter has only what setup would have built, and a state arriving
        there never ran setup.
        """

    # -- pickling (search workers receive states in other processes) -----------
    def __getstate__(self) -> dict[str, Any]:
        # The log is a linked chain as deep as the game is long; pickle recurses
        # into it and stops near a thousand steps, so it travels as a flat list.
        # The cached legal actions are left behind: the receiving process builds
        # its own from its own shared action objects.
        out: dict[str, Any] = dict(getattr(self, "__dict__", {}))
        for cls in type(self).__mro__:
            for name in class_fields(cls):
                if name not in ("__dict__", "__weakref__") and hasattr(self, name):
                    out[name] = getattr(self, name)
        out["_log"] = self.log_entries()
        out["_legal_cache"] = None
        return out

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        node: Any = None
        for entry in state["_log"]:
            node = (entry, node)
        self._log = node
        self._unpickled()

    def _snapshot(self) -> dict[str, JSON]:
        """The whole state, hidden parts included, as JSON (tests and fingerprints only)."""
        raise NotImplementedError

    def _card_zones(self) -> Mapping[str, Iterable[Any]]:
        """Every zone that holds cards, for the conservation check. Games without cards: {}."""
        return {}

    # -- public protocol ---------------------------------------------------
    @property
    def game_id(self) -> str:
        return self._game_id

    @property
    def players(self) -> int:
        return self._players

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._options)

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def steps(self) -> int:
        """Decisions taken so far."""
        return self._steps

    @property
    def current_player(self) -> Seat | None:
        if self._is_over():
            return None
        return self._current_player()

    @property
    def is_over(self) -> bool:
        return self._is_over()

    def legal_actions(self) -> list[Action]:
        if self._is_over():
            return []
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self._legal()
        return list(cache)

    def find_action(self, action: Action | ActionId) -> Action:
        """The legal action with that id, or IllegalActionError (nothing changes)."""
        if self._is_over():
            raise GameOverError("the game is over; no action is legal")
        aid = action if isinstance(action, str) else getattr(action, "id", None)
        if not isinstance(aid, str):
            raise IllegalActionError(f"not an action: {action!r:.80}")
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self._legal()
        for a in cache:
            if a.id == aid:
                return a
        raise IllegalActionError(f"action {aid!r:.120} is not legal now")

    def apply(self, action: Action | ActionId) -> list[Event]:
        # An action handed back by ``legal_actions`` is the very object in the cache,
        # so a plain identity loop finds it before any id is compared (the commonest
        # call, by far, in search and simulation). The cache is never set while the
        # game is over: only ``legal_actions`` and ``find_action`` build it, after
        # their own checks, and every step clears it.
        cache = self._legal_cache
        if cache is not None:
            for act in cache:
                if act is action:
                    break
            else:
                act = self.find_action(action)
        else:
            act = self.find_action(action)
        seat = self._current_player()
        # typed Any, a boxed object: a fixed tuple type would be unboxed when compiled,
        # and the identity tests of ``last_decision_revealed`` would see a new tuple each time
        node: Any = (("action", seat, act.id), self._log)
        self._log = node
        self._legal_cache = None
        self._steps += 1
        events: list[Event] = []
        self._apply(act, events)
        # kept, not judged: search applies millions of steps and never asks
        self._last_step = (node, events)
        return events

    @property
    def last_decision_revealed(self) -> bool:
        """Whether the latest decision let some seat learn something.

        True when it drew a chance outcome (die, shuffle, random choice), sent
        any event to some seats only, or made an event the game declared with
        :func:`reveal` / :func:`mark_reveal`, or called :meth:`declare_reveal`.
        Only a decision for which this is
        False may be taken back without anyone un-seeing anything; the
        conformance suite checks that games declare every reveal. False
        before the first decision.
        """
        last = self._last_step
        if last is None:
            return False
        node, events = last
        if self._log is not node or self._revealed_at is node:
            return True
        return any(e["to"] != "all" or e.get(REVEAL) is True for e in events)

    def declare_reveal(self) -> None:
        """Declare, from ``_apply``, that the decision under way discloses something no event shows.

        What did *not* happen can tell as much as an event: a game that goes on
        after a capture tells the opponent that the capture fulfilled no secret
        mission. Such a decision must not be undone either.
        """
        self._revealed_at = self._log

    def observation(self, seat: Seat | None = None) -> Observation:
        if seat is not None and not (0 <= seat < self._players):
            raise ValueError(f"seat {seat} does not exist in a {self._players}-player game")
        return self._observation(seat)

    def observation_part(self, seat: Seat | None, key: str) -> object:
        """The entry ``key`` of ``observation(seat)``, for a reader (a bot) that needs only a few.

        A bot deciding millions of times would otherwise build the whole
        observation to read a field or two. A game may build the entry alone, but
        it is always equal to the observation's (the conformance suite checks
        it), so it shows a seat nothing more. A key the observation lacks
        raises ``KeyError``.
        """
        if seat is not None and not (0 <= seat < self._players):
            raise ValueError(f"seat {seat} does not exist in a {self._players}-player game")
        return self._observation_part(seat, key)

    def returns(self) -> list[float]:
        """One float per seat; zeros while the game runs."""
        if not self._is_over():
            return [0.0] * self._players
        return self._returns()

    def clone(self) -> GameState:
        cls = type(self)
        new = cls.__new__(cls)
        new._game_id = self._game_id
        new._seed = self._seed
        new._players = self._players
        new._options = self._options  # never mutated after setup
        new._rng = self._rng.copy()
        new._log = self._log
        new._forced = list(self._forced) if self._forced else None
        new._legal_cache = self._legal_cache  # never mutated, only replaced
        new._last_step = self._last_step
        new._revealed_at = self._revealed_at
        new._steps = self._steps
        new._determinized = self._determinized
        # looked up on the class, where a generated copier lives: a compiled state's own
        # method table would still hold the stub below
        type(self)._copy_into(self, new)
        return new

    def reseed(self, seed: object) -> None:
        """Draw this state's future dice, shuffles and random choices from a new stream seeded by ``seed``, an int.

        Search replays one determinization many times from clones; each replay
        needs dice of its own (a clone otherwise repeats its original's rolls),
        and a common seed lets two replays share their dice on purpose. Scripted
        outcomes still come first. Afterwards the state's chance no longer
        follows from its game seed, so, like a resampled state, it is a search
        copy without a record. ``seed`` is typed ``object`` so that the check below,
        not a compiled build's own argument check, judges what a caller passes.
        """
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"a seed is an int, not {type(seed).__name__}")
        self._rng = SplitMix64(seed)
        self._determinized = True

    def resample(self, seat: Seat, rng: RngLike) -> GameState:
        """A full state that ``seat`` cannot tell apart from this one.

        The result draws its future randomness from ``rng``, never from this
        state's generator, so search cannot learn coming shuffles or rolls.
        """
        if not (0 <= seat < self._players):
            raise ValueError(f"seat {seat} does not exist in a {self._players}-player game")
        gen = _to_rng(rng)
        new = self._resample(seat, gen)
        new._rng = SplitMix64(gen.next64())
        new._forced = None
        new._determinized = True
        new._legal_cache = None
        return new

    def record(self) -> GameRecord:
        if self._determinized:
            raise RecordError("a resampled state is a guess, not a game: it has no record")
        return GameRecord.from_state(self)

    def log_entries(self) -> list[LogEntry]:
        out: list[LogEntry] = []
        node = self._log
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def log_mark(self) -> object:
        """An opaque marker of where the log ends now, for :meth:`log_entries_since`."""
        return self._log

    def log_entries_since(self, mark: object) -> list[LogEntry]:
        """The log entries added since ``mark``, oldest first.

        Costs only the new entries (the log is shared between clones as a linked list),
        where :meth:`log_entries` copies a long game's whole log.
        """
        out: list[LogEntry] = []
        node = self._log
        while node is not None and node is not mark:
            out.append(node[0])
            node = node[1]
        if node is not mark:
            raise ValueError("the log does not continue from that mark")
        out.reverse()
        return out

    def snapshot(self) -> dict[str, JSON]:
        """The omniscient state as JSON: for tests, debugging and fingerprints, never for a seat."""
        snap = self._snapshot()
        snap["_steps"] = self._steps
        snap["_rng"] = self._rng.state
        return snap

    def fingerprint(self) -> str:
        data = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(data.encode()).hexdigest()

    def card_zones(self) -> dict[str, list[Any]]:
        return {name: list(cards) for name, cards in self._card_zones().items()}

    # -- chance: the only randomness a game may use -------------------------
    def script_chance(self, *outcomes: int | list[int] | tuple[int, ...]) -> None:
        """Force the next chance outcomes, in order (tests: "the next rolls are 6, 1, 4").

        An int answers the next die roll or choice; a list answers the next
        shuffle with the permutation to apply. Each is checked when used.
        """
        queue = self._forced if self._forced is not None else []
        for o in outcomes:
            if isinstance(o, int):
                queue.append(("=int", o))
            else:
                queue.append(("=perm", tuple(o)))
        self._forced = queue
        self._legal_cache = None

    def pending_scripted(self) -> int:
        return len(self._forced) if self._forced else 0

    def _next_forced(self, kind: str, n: int) -> LogEntry | None:
        forced = self._forced
        if not forced:
            return None
        entry = forced.pop(0)
        if not forced:
            self._forced = None
        tag = entry[0]
        if tag == "=int":
            if kind == "shuffle":
                raise ChanceScriptError(f"scripted {entry[1]} where a shuffle of {n} happens")
            return entry
        if tag == "=perm":
            if kind != "shuffle":
                raise ChanceScriptError(f"scripted a shuffle where a {kind} of {n} happens")
            return entry
        # a recorded entry (replay): kind and size must match exactly
        if tag != kind or entry[1] != n:
            raise ChanceScriptError(f"recorded chance {tag}({entry[1]}) does not match the {kind}({n}) the game draws")
        return ("=int", entry[2]) if kind != "shuffle" else ("=perm", tuple(entry[2]))

    def roll(self, sides: int = 6) -> int:
        """Roll one die: 1..sides."""
        natural = self._rng.below(sides) + 1
        if self._forced:
            f = self._next_forced("die", sides)
            if f is not None:
                natural = f[1]
                if not (isinstance(natural, int) and 1 <= natural <= sides):
                    raise ChanceScriptError(f"a d{sides} cannot show {natural!r}")
        self._log = (("die", sides, natural), self._log)
        return natural

    def choose_index(self, n: int) -> int:
        """A uniformly random index in ``range(n)`` (random placement, random card from a hand)."""
        natural = self._rng.below(n)
        if self._forced:
            f = self._next_forced("choice", n)
            if f is not None:
                natural = f[1]
                if not (isinstance(natural, int) and 0 <= natural < n):
                    raise ChanceScriptError(f"a choice among {n} cannot be {natural!r}")
        self._log = (("choice", n, natural), self._log)
        return natural

    def shuffle(self, cards: Zone[T] | MutableSequence[T]) -> None:
        """Shuffle a zone or list in place, recording the permutation."""
        seq = cards.cards if isinstance(cards, Zone) else cards
        n = len(seq)
        perm: tuple[int, ...] = tuple(self._rng.permutation(n))
        if self._forced:
            f = self._next_forced("shuffle", n)
            if f is not None:
                perm = tuple(f[1])
                if sorted(perm) != list(range(n)):
                    raise ChanceScriptError(f"{list(perm)!r:.80} is not a permutation of {n} cards")
        old = list(seq)
        seq[:] = [old[i] for i in perm]
        self._log = (("shuffle", n, perm), self._log)
