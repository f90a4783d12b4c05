"""Reviews of a finished game's decisions: what a search would have played instead (docs/web.md, "Reviews").

A review is the hint's search asked after the fact, from the position just before a
decision and for the seat that made it, so that a replay can teach: "the bot would have
played X (62 %); the move played: 48 %". It runs like a hint: in a worker process under
the same deadline, from the seat's ``SeatView``, so the judge knows no more than the
player did. Its seed comes from the step and what the seat saw, never from the game's
seed (which dealt the hidden cards), so two games the seat could not tell apart at that
decision get the same review.

During play a review would be a hint for any seat, so only finished games have them; a
finished game's record is public, so anyone who may open its replay may ask.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from typing import Annotated, Any, Protocol

from fastapi import FastAPI, Path, Request
from pydantic import BaseModel, Field

from hulldown.agents.limits import run_bounds
from hulldown.engine.rng import derive_seed
from hulldown.engine.state import GameState
from hulldown.server.answers import answers
from hulldown.server.guard import client_of, rate_limited
from hulldown.server.hints import HINT_SPEC, Manager, Suggestion
from hulldown.server.limits import HINTS
from hulldown.server.room import ApiError, Move, Room
from hulldown.server.workers import BotFailure


class ReviewManager(Manager, Protocol):
    """What reviews need of the room manager: a hint's, and the records of finished games."""

    def full_record(self, room: Room) -> dict[str, Any]: ...


class Played(BaseModel):
    """The move the seat made, with the search's statistics for it."""

    action: dict[str, Any]
    visits: int = Field(description="how often the search tried it; 0: not at all")
    win: float | None = Field(description="the search's estimated win chance for it; null when it was never tried")


class Review(BaseModel):
    step: int = Field(description="the decision reviewed, counting from 0 (the replay's upto=step shows it)")
    seat: int
    choice: bool = Field(description="false when the seat had a single legal move (nothing to review)")
    iterations: int = 0
    bot: Suggestion | None = Field(default=None, description="the search's choice")
    played: Played
    swing: float | None = Field(
        default=None, description="played win chance minus the choice's; null when the played move was never tried"
    )


def review_seed(state: GameState, seat: int, step: int) -> int:
    """The search's seed: from what the seat saw, so hidden cards cannot steer the judgement."""
    seen = json.dumps(state.observation(seat), sort_keys=True, separators=(",", ":"), default=str)
    return derive_seed(int.from_bytes(hashlib.sha256(seen.encode()).digest()[:8], "big"), "review", step)


def judged(step: int, seat: int, played: dict[str, Any], why: dict[str, Any]) -> Review:
    """The answer from the search's explanation (``kept`` carries the played move's statistics)."""
    alternatives = why.get("alternatives", [])
    bot = Suggestion(**alternatives[0]) if alternatives else None
    kept = why.get("kept") or {"action": played, "visits": 0, "win": None}
    mine = Played(**kept)
    swing = None if bot is None or mine.win is None else round(mine.win - bot.win, 4)
    return Review(
        step=step,
        seat=seat,
        choice=True,
        iterations=int(why.get("iterations", 0)),
        bot=bot,
        played=mine,
        swing=swing,
    )


def review_routes(app: FastAPI, manager: ReviewManager) -> None:
    #: clients with a review being worked out: one at a time each
    busy: set[str] = set()

    @app.post("/api/games/{game_id}/review/{step}", response_model=Review, responses=answers(404, 409, 422, 429))
    @rate_limited(HINTS)
    async def post_review(game_id: str, step: Annotated[int, Path(ge=0, le=10_000_000)], request: Request) -> Review:
        """What the hint's search would have played at decision ``step`` of a finished game
        (counting from 0: the position the replay shows at ``upto=step``), against the move played.

        409 while the game runs, and while a review for this client is being worked out;
        422 for a step past the last decision."""
        from hulldown.engine.registry import replay

        room = await manager.room(game_id)
        move, record = _check_review(room, step, manager)
        client = client_of(request)
        if client in busy:
            raise ApiError(409, "a review for this client is already being worked out")
        busy.add(client)
        try:
            state = await asyncio.get_running_loop().run_in_executor(None, lambda: replay(record, upto=step))
            seat = state.current_player
            legal = {a.id: a for a in state.legal_actions()}
            if seat != move.seat or move.action not in legal:
                raise ApiError(409, "the record does not replay to this decision")
            played = legal[move.action].to_json()
            if len(legal) < 2:
                return Review(step=step, seat=seat, choice=False, played=Played(action=played, visits=0, win=None))
            spec, cap = run_bounds(HINT_SPEC)
            seed = review_seed(state, seat, step)
            _, why = await manager.supervisor.search_explained(room.game, state, seat, spec, seed, cap, move.action)
        except BotFailure as exc:
            raise ApiError(409, f"no review this time: {exc.reason}") from None
        finally:
            busy.discard(client)
        return judged(step, seat, played, why)


def _check_review(room: Room, step: int, manager: ReviewManager) -> tuple[Move, dict[str, Any]]:
    if not room.state.is_over:
        raise ApiError(409, "a game is reviewed once it is over (until then a review would be a hint)")
    if step >= len(room.moves):
        raise ApiError(422, f"step: the game has {len(room.moves)} decisions, numbered from 0")
    return room.moves[step], manager.full_record(room)
