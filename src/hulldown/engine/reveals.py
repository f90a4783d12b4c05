"""The conformance check that every game declares what its decisions reveal.

Undo (docs/web.md, "Undo") takes back a decision only when
:attr:`GameState.last_decision_revealed` is False: no chance outcome, no event
to some seats only, no event declared with :func:`~hulldown.engine.state.reveal`.
That is safe only if games declare every reveal, and a forgotten declaration
shows nowhere in play. So it is tested from its definition: a decision
reveals nothing to seat q exactly when q cannot tell the real game from any
game q thought possible before it. For each undeclared decision of random
playouts and each seat q, the state before it is resampled from q's view and
the same action applied; the action must be legal there and leave q with
the very observation (and, if q decides next, the very choices) the real game
gives q. Otherwise the decision told q something (which hidden card or unit was
there) and should have been declared.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hulldown.engine.conformance import ConformanceError
from hulldown.engine.errors import IllegalActionError
from hulldown.engine.game import Game
from hulldown.engine.rng import SplitMix64, derive_seed
from hulldown.engine.state import JSON, Action, GameState


def _first_difference(a: JSON, b: JSON, path: str = "") -> str:
    """Where two observations first differ, for a message a game's author can act on."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if a.get(k) != b.get(k):
                return _first_difference(a.get(k), b.get(k), f"{path}.{k}")
        return path
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
        return path
    return f"{path}: {a!r:.80} in the real game, {b!r:.80} in a resample"


def check_decision(before: GameState, action: Action, after: GameState, where: str, resamples: int, key: int) -> None:
    """``action`` took ``before`` to ``after`` and declared no reveal: check that it revealed nothing."""
    for q in range(before.players):
        seen = after.observation(q)
        for k in range(resamples):
            guess = before.resample(q, SplitMix64(derive_seed(key, q, k)))
            try:
                guess.apply(action.id)
            except IllegalActionError:
                raise ConformanceError(
                    f"{where}: {action.id!r} declared no reveal, but it is not legal in a state seat {q}"
                    f" could not tell from the real one: it showed seat {q} which of them is true"
                ) from None
            got = guess.observation(q)
            if got != seen:
                raise ConformanceError(
                    f"{where}: {action.id!r} declared no reveal, but it showed seat {q} something:"
                    f" {_first_difference(seen, got)}"
                )
            if _choices(after, q) != _choices(guess, q):
                raise ConformanceError(
                    f"{where}: {action.id!r} declared no reveal, but seat {q}'s next choices show it something"
                )


def _choices(state: GameState, seat: int) -> list[tuple[str, str]] | None:
    """What a seat is offered next (ids and labels), which it sees as surely as its observation."""
    if state.is_over or state.current_player != seat:
        return None
    return sorted((a.id, a.label) for a in state.legal_actions())


def check_reveals(
    game: Game,
    seed: int,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    *,
    resamples: int = 2,
) -> int:
    """One random game with every undeclared decision checked; the number checked."""
    state = game.new(seed=seed, players=players, options=options)
    rng = SplitMix64(derive_seed(seed, "reveals"))
    bound = game.info.max_steps
    checked = 0
    while not state.is_over:
        if state.steps >= bound:
            raise ConformanceError(f"seed {seed}: game did not end within {bound} decisions")
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        before = state.clone()
        state.apply(action)
        if state.last_decision_revealed:
            continue
        where = f"{game.info.id} seed {seed}, step {state.steps}"
        check_decision(before, action, state, where, resamples, derive_seed(seed, state.steps, "reveal"))
        checked += 1
    return checked
