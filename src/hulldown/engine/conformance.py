"""The checks every registered game passes (DESIGN.md, "Conformance").

Random playouts from many seeds must terminate within the declared bound,
never offer an action that ``apply`` rejects, conserve every card, replay
identically from the record, clone independently, keep each seat's
observation unchanged when what that seat cannot see is resampled, send
each seat only events consistent with what it may observe, and label every
legal action distinctly; an observation entry built alone must equal the
observation's. Declared reveals are checked in
:mod:`hulldown.engine.reveals`.

These are plain functions raising :class:`ConformanceError` so tests,
benchmarks and the CLI can all run them.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from hulldown.engine.errors import IllegalActionError
from hulldown.engine.game import Game
from hulldown.engine.record import GameRecord
from hulldown.engine.rng import SplitMix64, derive_seed
from hulldown.engine.state import Action, Event, GameState, Observation, visible_to


class ConformanceError(AssertionError):
    pass


def _strings(obj: object, out: set[str], skip: frozenset[str] = frozenset()) -> set[str]:
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            if k in skip:
                continue
            _strings(v, out, skip)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            _strings(v, out, skip)
    return out


def card_multiset(state: GameState) -> Counter[Any]:
    c: Counter[Any] = Counter()
    for cards in state.card_zones().values():
        c.update(cards)
    return c


def check_conservation(state: GameState, expected: Counter[Any]) -> None:
    now = card_multiset(state)
    if now != expected:
        missing = expected - now
        extra = now - expected
        raise ConformanceError(f"cards not conserved: missing {dict(missing)!r:.200}, extra {dict(extra)!r:.200}")
    for card, n in now.items():
        if n != expected[card]:
            raise ConformanceError(f"card {card!r} appears {n} times")


def check_events(
    events: Iterable[Event],
    before: Mapping[int | None, Observation],
    after: Mapping[int | None, Observation],
    vocabulary: frozenset[str],
) -> None:
    """Every string an event tells a seat must be something that seat sees.

    A card name in an event to seat 1 must appear in seat 1's observation just
    before or just after the step (or be part of the game's fixed vocabulary),
    otherwise the event leaks what the observation hides.
    """
    for e in events:
        to = e.get("to")
        if to != "all" and not (isinstance(to, list) and all(isinstance(s, int) for s in to)):
            raise ConformanceError(f"event {e.get('type')!r} has no valid 'to': {to!r}")
        json.dumps(e)
        said = _strings(e, set(), frozenset({"type", "to"}))
        for seat in before:
            if not visible_to(e, seat):
                continue
            seen = _strings(before[seat], set()) | _strings(after[seat], set()) | vocabulary
            unknown = said - seen
            if unknown:
                raise ConformanceError(
                    f"event {e.get('type')!r} tells seat {seat} {sorted(unknown)[:3]!r},"
                    " which its observation does not show"
                )


def check_labels(legal: Sequence[Action], where: str = "") -> None:
    """Every legal action's label is non-empty and names it alone.

    People choose by label (the browser and the terminal show nothing else), so
    two actions with one label would make a player pick blind.
    """
    seen: dict[str, str] = {}
    for a in legal:
        label = a.label.strip() if isinstance(a.label, str) else ""
        if not label:
            raise ConformanceError(f"{where}: action {a.id!r} has an empty label")
        if label in seen:
            raise ConformanceError(f"{where}: actions {seen[label]!r} and {a.id!r} share the label {label!r}")
        seen[label] = a.id


def random_playout(state: GameState, rng: SplitMix64, max_steps: int) -> int:
    n = 0
    while not state.is_over:
        if n >= max_steps:
            raise ConformanceError(f"game did not end within {max_steps} decisions")
        legal = state.legal_actions()
        if not legal:
            raise ConformanceError("a running game offers no legal action")
        state.apply(legal[rng.below(len(legal))])
        n += 1
    return n


def check_game(
    game: Game,
    seed: int,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    *,
    deep: bool = False,
    vocabulary: frozenset[str] = frozenset(),
) -> GameState:
    """One random game with every conformance check; ``deep`` adds per-step checks.

    Deep mode tries every legal action on a clone at every step, checks events
    against observations, and resamples for every seat at several points.
    """
    state = game.new(seed=seed, players=players, options=options)
    rng = SplitMix64(derive_seed(seed, "conformance"))
    expected = card_multiset(state)
    bound = game.info.max_steps
    seats: list[int | None] = [None, *range(state.players)]
    midpoint_clone: GameState | None = None
    n = 0
    check_conservation(state, expected)
    while not state.is_over:
        if n >= bound:
            raise ConformanceError(f"seed {seed}: game did not end within {bound} decisions")
        legal = _check_decision(state, seed, n, deep, expected)
        action = legal[rng.below(len(legal))]
        before = {s: state.observation(s) for s in seats} if deep else None
        events = state.apply(action)
        if deep and before is not None:
            after = {s: state.observation(s) for s in seats}
            check_events(events, before, after, vocabulary)
        elif events:
            for e in events:
                if "to" not in e:
                    raise ConformanceError(f"event {e.get('type')!r} has no 'to'")
        n += 1
        if n == 10:
            midpoint_clone = state.clone()
        if deep or n % 50 == 0:
            check_conservation(state, expected)
    check_conservation(state, expected)
    _check_finished(game, state, seed, seats, midpoint_clone)
    return state


def _check_decision(state: GameState, seed: int, n: int, deep: bool, expected: Any) -> list[Action]:
    """The checks of one decision point before its action is chosen; its legal actions."""
    legal = state.legal_actions()
    if not legal:
        raise ConformanceError(f"seed {seed}: a running game offers no legal action")
    if len({a.id for a in legal}) != len(legal):
        raise ConformanceError(f"seed {seed}: duplicate action ids {[a.id for a in legal]!r:.200}")
    check_labels(legal, f"seed {seed}, step {n}")
    cp = state.current_player
    if cp is None or not (0 <= cp < state.players):
        raise ConformanceError(f"seed {seed}: current_player {cp!r} while the game runs")
    if deep:
        for a in legal:
            c = state.clone()
            try:
                c.apply(a)
            except IllegalActionError as exc:
                raise ConformanceError(f"seed {seed}: offered action {a.id!r} was rejected: {exc}") from None
            check_conservation(c, expected)
    if n == 3 or (deep and n % 7 == 0):
        _check_resample(state, seed, n)
        fp = state.fingerprint()
        try:
            state.apply("\x00not-an-action")
        except IllegalActionError:
            pass
        else:
            raise ConformanceError("a nonsense action id was accepted")
        if state.fingerprint() != fp:
            raise ConformanceError("a rejected action changed the state")
    return legal


def _check_finished(
    game: Game, state: GameState, seed: int, seats: list[int | None], midpoint_clone: GameState | None
) -> None:
    """A finished game: its returns, its observations, an independent clone, its record's replay."""
    returns = state.returns()
    if len(returns) != state.players:
        raise ConformanceError(f"returns has {len(returns)} values for {state.players} seats")
    for s in seats:
        json.dumps(state.observation(s))
    # clones evolve independently
    if midpoint_clone is not None:
        fp_final = state.fingerprint()
        random_playout(midpoint_clone, SplitMix64(seed ^ 0x5EED), game.info.max_steps)
        if state.fingerprint() != fp_final:
            raise ConformanceError("advancing a clone changed the original")
    # the record replays to the identical state, also through JSON
    rec = state.record()
    rebuilt = game.replay(GameRecord.from_json(rec.to_json()))
    if rebuilt.fingerprint() != state.fingerprint():
        raise ConformanceError(f"seed {seed}: replay differs from the game")
    if rebuilt.returns() != returns:
        raise ConformanceError(f"seed {seed}: replay has other returns")


def check_observation_parts(state: GameState, where: str = "") -> None:
    """Every entry a game builds alone (``observation_part``) equals the observation's: it shows no more."""
    if type(state)._observation_part is GameState._observation_part:
        return  # the engine's own reads the observation
    for seat in [None, *range(state.players)]:
        obs = state.observation(seat)
        for key, value in obs.items():
            if state.observation_part(seat, key) != value:
                raise ConformanceError(f"{where}: observation_part({seat}, {key!r}) differs from the observation's")


def _check_resample(state: GameState, seed: int, n: int) -> None:
    if n % 21 == 3 or n % 21 == 0:  # every third check: each costs a whole observation per entry
        check_observation_parts(state, f"seed {seed}, step {n}")
    for seat in range(state.players):
        obs = state.observation(seat)
        fp = state.fingerprint()
        r = state.resample(seat, SplitMix64(derive_seed(seed, n, seat)))
        if state.fingerprint() != fp:
            raise ConformanceError("resample changed the original state")
        if r.observation(seat) != obs:
            raise ConformanceError(f"seed {seed}: resampling for seat {seat} changed its observation at step {n}")
        if r.current_player != state.current_player:
            raise ConformanceError("resampling changed whose turn it is")
        if (
            sorted(a.id for a in r.legal_actions()) != sorted(a.id for a in state.legal_actions())
            and r.current_player == seat
        ):
            raise ConformanceError(f"seed {seed}: resampling for seat {seat} changed its legal actions")
        expected = card_multiset(state)
        check_conservation(r, expected)
        # A resample may depend on the seat's information alone: from two states the seat
        # cannot tell apart, the same generator must give the same guess. Otherwise search
        # decisions would vary with what the seat cannot see.
        probe = derive_seed(seed, n, seat, "probe")
        if state.resample(seat, SplitMix64(probe)).fingerprint() != r.resample(seat, SplitMix64(probe)).fingerprint():
            raise ConformanceError(
                f"seed {seed}: resampling for seat {seat} depends on more than that seat's information"
                " (gather hidden cards in a canonical order, e.g. sorted, before shuffling them)"
            )
        random_playout(r, SplitMix64(seed + n), 10**6)
