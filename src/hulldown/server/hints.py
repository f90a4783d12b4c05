"""Hints for the seat to move and the explanations of bot moves (docs/web.md, "Hints and explanations").

A hint is a short search for the asking seat, run like a searching bot's move:
in a worker process under the same deadline, from a clone of the game seen
through that seat's ``SeatView`` (its legal actions, and worlds resampled from
what it knows), so it can tell the seat nothing its own view does not.

Asking a search for advice during a game would be cheating in a game that
counts for ratings, so hints are a choice made when the game is created
(``hints: true``), and such a game is never rated.

A bot's explanation names the moves its seat could make (a hand of cards, say),
so it is shown to the seat that moved and, once the game is over and its
record public, to everyone.
"""

from __future__ import annotations

from typing import Annotated, Any, Protocol

from fastapi import FastAPI, Header, Path, Request
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from hulldown.agents.limits import run_bounds
from hulldown.engine.rng import derive_seed
from hulldown.server.answers import BODY, answers
from hulldown.server.guard import rate_limited
from hulldown.server.limits import HINTS
from hulldown.server.room import HUMAN, ApiError, Move, Room
from hulldown.server.workers import BotFailure, Supervisor

#: The search behind a hint: the ``easy`` level (100 iterations, at most a quarter of a second).
HINT_SPEC = "ismcts:level=easy"


Auth = Annotated[str | None, Header(description="Bearer <seat token>; none: spectator")]


def _whole(value: Any) -> Any:
    """JSON Schema counts 3.0 as an integer; strict pydantic would not."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


class HintIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    version: Annotated[
        int, Field(ge=0, le=2**53, description="the view's version the hint is for"), BeforeValidator(_whole)
    ]


class Suggestion(BaseModel):
    """One move the search considered: the action as views list it, its visits and estimated win chance."""

    action: dict[str, Any]
    visits: int
    win: float = Field(description="the search's mean result for this seat: 1 a win, 0.5 a draw, 0 a loss")


class Hint(BaseModel):
    version: int
    iterations: int
    suggestions: list[Suggestion]


class Explanation(BaseModel):
    """Why a bot chose a move: ``search`` (with its alternatives), ``rule`` (a rule-of-thumb bot) or
    ``fallback`` (the bot gave no move and the game's heuristic played)."""

    step: int
    seat: int
    kind: str
    agent: str | None = None
    iterations: int | None = None
    alternatives: list[Suggestion] = Field(default_factory=list)
    rule: str | None = Field(
        default=None, description="the rule of thumb a rule-of-thumb bot names for its choice, in English, if any"
    )
    message: dict[str, Any] | None = Field(
        default=None, description="the rule as a message of the game's catalog (key and args), for any language"
    )
    reason: str | None = Field(default=None, description="why a failed bot gave no move")


def may_see(room: Room, seat: int | None, move: Move) -> bool:
    """Whether a viewer may read the explanation of ``move``: its own seat, or anyone once the game is over."""
    return move.explanation is not None and (room.state.is_over or seat == move.seat)


def explained(room: Room, seat: int | None) -> list[int]:
    """The steps (1-based, as in the log) whose explanation this viewer may open."""
    return [n + 1 for n, m in enumerate(room.moves) if may_see(room, seat, m)]


class Manager(Protocol):
    """What hints need of the server's room manager (``hulldown.server.rooms.Manager``)."""

    supervisor: Supervisor

    async def room(self, game_id: str) -> Room: ...


class SeatOf(Protocol):
    """The seat a request speaks for (``hulldown.server.app.SeatOf``)."""

    async def __call__(
        self, room: Room, authorization: str | None, request: Request, write: bool = True
    ) -> int | None: ...


def hint_routes(app: FastAPI, manager: Manager, seat_of: SeatOf) -> None:
    #: seats with a hint being worked out, per game: one at a time each
    busy: set[tuple[str, int]] = set()

    @app.post("/api/games/{game_id}/hint", response_model=Hint, responses=answers(403, 404, 409, *BODY, 429))
    @rate_limited(HINTS)
    async def post_hint(game_id: str, body: HintIn, request: Request, authorization: Auth = None) -> Hint:
        """The search's top three moves for your seat, which must be the one to move.

        409 in a game created without ``hints``, when it is not your decision, when the
        game moved on from ``version``, or while a hint for your seat is being worked out."""
        room = await manager.room(game_id)
        seat = await seat_of(room, authorization, request)
        if seat is None:
            raise ApiError(403, "a seat token is needed for a hint")
        key = (room.id, seat)
        async with room.lock:
            _check_hint(room, seat, body.version)
            if key in busy:
                raise ApiError(409, "a hint for this seat is already being worked out")
            clone = room.state.clone()
        busy.add(key)
        try:
            spec, cap = run_bounds(HINT_SPEC)
            seed = derive_seed(room.row.seed, "hint", seat, clone.steps)
            _, why = await manager.supervisor.search_explained(room.game, clone, seat, spec, seed, cap)
        except BotFailure as exc:
            raise ApiError(409, f"no hint this time: {exc.reason}") from None
        finally:
            busy.discard(key)
        if room.version != body.version:
            raise ApiError(409, "the game moved on while the hint was worked out")
        return Hint(
            version=body.version,
            iterations=int(why.get("iterations", 0)),
            suggestions=[Suggestion(**a) for a in why.get("alternatives", [])],
        )

    @app.get(
        "/api/games/{game_id}/moves/{step}/explanation", response_model=Explanation, responses=answers(403, 404, 422)
    )
    async def get_explanation(
        game_id: str,
        step: Annotated[int, Path(ge=1, le=10_000_000)],
        request: Request,
        authorization: Auth = None,
    ) -> Explanation:
        """Why the bot made move ``step`` (1-based, as in the log): to its own seat, and to
        everyone once the game is over. 404 for a move no bot explained (a person's move)."""
        room = await manager.room(game_id)
        seat = await seat_of(room, authorization, request, write=False)
        if step > len(room.moves) or room.moves[step - 1].explanation is None:
            raise ApiError(404, "no explanation is kept for this move")
        move = room.moves[step - 1]
        if not may_see(room, seat, move):
            raise ApiError(403, "a bot's reasons are shown to its own seat until the game is over")
        why = dict(move.explanation or {})
        alternatives = [Suggestion(**a) for a in why.pop("alternatives", [])]
        return Explanation(step=step, seat=move.seat, alternatives=alternatives, **why)


def _check_hint(room: Room, seat: int, version: int) -> None:
    if not room.row.config.get("hints"):
        raise ApiError(409, "this game was created without hints")
    if version != room.version:
        raise ApiError(409, f"stale version {version}; the game is at version {room.version}")
    if room.state.current_player != seat:
        raise ApiError(409, "a hint is for the seat to move")
    if room.seats[seat].controller != HUMAN:
        raise ApiError(409, "a bot plays this seat now; take it back first")
