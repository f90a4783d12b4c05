"""Tutorials in the browser: ``/learn/{game}`` and its API (docs/learn.md).

A lesson is a local game that is never stored and never rated: it lives in this
process only, under an unguessable id, and the oldest ones make room when too many
are open. The client sends an action id and nothing else; the server checks it is
legal, takes it only if it is the step's move, and otherwise answers with the
explanation and changes nothing. Everything a lesson shows comes from the player's
own observation.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI
from fastapi import Path as PathParam
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field

from hulldown.engine.errors import IllegalActionError
from hulldown.engine.registry import load
from hulldown.server.answers import BODY, answers
from hulldown.server.guard import rate_limited
from hulldown.server.limits import ACTIONS, CREATE
from hulldown.server.room import ApiError
from hulldown.server.rules import rules_url
from hulldown.tutorials import TUTORIALS, Lesson, Text, tutorial

WEB = Path(__file__).resolve().parent.parent / "web"
#: lessons kept at once; starting one more forgets the one least recently used
MAX_LESSONS = 500
LessonId = Annotated[str, PathParam(pattern=r"^[A-Za-z0-9_-]{16,64}$", description="the id the start answered")]


class MoveIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    action: str = Field(min_length=1, max_length=400, description="an action id from the view's legal_actions")


class Lessons:
    """The open lessons, the least recently used first."""

    def __init__(self, limit: int = MAX_LESSONS) -> None:
        self.limit = limit
        self.open: OrderedDict[str, Lesson] = OrderedDict()

    def start(self, game: str) -> tuple[str, Lesson]:
        if game not in TUTORIALS:
            raise ApiError(404, f"no tutorial for {game!r:.40}")
        lesson = Lesson(tutorial(game))
        lid = secrets.token_urlsafe(18)
        self.open[lid] = lesson
        while len(self.open) > self.limit:
            self.open.popitem(last=False)
        return lid, lesson

    def get(self, lid: str) -> Lesson:
        lesson = self.open.get(lid)
        if lesson is None:
            raise ApiError(404, "no such lesson (lessons are forgotten after a while: start again)")
        self.open.move_to_end(lid)
        return lesson


def _texts(text: Text | None) -> dict[str, str] | None:
    return None if text is None else text.to_json()


def lesson_view(lid: str, lesson: Lesson, wrong: Text | None = None) -> dict[str, Any]:
    """What the page shows: the seat's own view, the step's texts in both languages, its clause."""
    tut = lesson.tutorial
    state = lesson.state
    step = lesson.step
    rules = rules_url(tut.game)
    return {
        "id": lid,
        "game": tut.game,
        "name": load(tut.game).info.name,
        "seat": lesson.seat,
        "players": state.players,
        "version": lesson.version,
        "observation": state.observation(lesson.seat),
        "legal_actions": [a.to_json() for a in state.legal_actions()] if step is not None else [],
        "log": lesson.log,
        "title": tut.title.to_json(),
        "intro": tut.intro.to_json(),
        "step": lesson.at + 1,
        "steps": len(tut.steps),
        "done": lesson.done,
        "finish": tut.finish.to_json() if lesson.done else None,
        "instruction": None
        if step is None
        else {
            "do": step.do.to_json(),
            "why": step.why.to_json(),
            "clause": step.clause,
            "clause_url": f"{rules}#clause-{step.clause}" if rules else None,
        },
        "wrong": _texts(wrong),
    }


def learn_routes(app: FastAPI, lessons: Lessons | None = None) -> None:
    store = Lessons() if lessons is None else lessons
    app.state.lessons = store

    @app.get("/api/learn", responses=answers())
    async def list_tutorials() -> dict[str, list[dict[str, Any]]]:
        """The games with a tutorial, and each tutorial's title."""
        return {
            "tutorials": [{"game": g, "title": tutorial(g).title.to_json(), "url": f"/learn/{g}"} for g in TUTORIALS]
        }

    @app.post("/api/learn/{game}", status_code=201, responses=answers(404, 429))
    @rate_limited(CREATE)
    async def start_lesson(game: str) -> dict[str, Any]:
        """Start the game's tutorial: a lesson id (keep it: it is the lesson) and the first step."""
        lid, lesson = store.start(game)
        return {**lesson_view(lid, lesson), "cards": _cards(lesson)}

    @app.get("/api/learn/{lid}/view", responses=answers(404, 422))
    async def get_lesson(lid: LessonId) -> dict[str, Any]:
        lesson = store.get(lid)
        return lesson_view(lid, lesson)

    @app.post("/api/learn/{lid}/move", responses=answers(404, 422, *BODY, 429))
    @rate_limited(ACTIONS)
    async def post_move(lid: LessonId, body: MoveIn) -> dict[str, Any]:
        """Make a move. The step's move is taken (with the opponent's scripted replies);
        another legal move is answered with ``wrong``, its explanation, and changes nothing;
        a move that is not legal now is refused (422) and changes nothing."""
        lesson = store.get(lid)
        try:
            outcome = lesson.move(body.action)
        except IllegalActionError as exc:
            raise ApiError(422, str(exc)) from None
        return lesson_view(lid, lesson, outcome.explanation)

    @app.get("/learn/{game}", include_in_schema=False)
    async def learn_page(game: str) -> FileResponse:
        return FileResponse(WEB / "learn.html")


def _cards(lesson: Lesson) -> list[dict[str, Any]]:
    """The game's public card database, for drawing its cards as the game page does."""
    try:
        return load(lesson.tutorial.game).cards(lesson.state.options)
    except (NotImplementedError, ValueError, OSError):
        return []
