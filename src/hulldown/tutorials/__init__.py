"""Guided tutorials: one scripted turn per game that a new player makes move by move.

A tutorial is a data file (``<game>.toml`` beside this module) and never code, so that
the words can be improved without touching the rules. It fixes a start the engine
rebuilds exactly (the game, its options and its seed: the seed fixes every shuffle and
roll, as in a record), a list of decisions played before the lesson opens, and then the
steps: the action the player is asked to take (an action id exactly as the game's
``legal_actions`` lists it, compared whole and never taken apart), what to do and why in
English and German, the clause of docs/rules/<game>.md that governs it, explanations of
the tempting wrong moves, and the other seats' scripted replies.

A legal move other than the one asked for is explained and not applied: the lesson's
game never leaves its script, so the opponent's scripted replies always fit.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from hulldown.engine.errors import HulldownError, IllegalActionError
from hulldown.engine.registry import load
from hulldown.engine.state import Event, GameState, events_for

LANGUAGES = ("en", "de")

#: the games with a tutorial; a request names one of these, never a file
TUTORIALS = {
    "tank-killers": "tank_killers.toml",
    "tank-hunter": "tank_hunter.toml",
    "tank-clash": "tank_clash.toml",
    "2gm-pacific": "pacific.toml",
}


class TutorialError(HulldownError, ValueError):
    """A tutorial file that does not fit its game, or a tutorial asked for that does not exist."""


@dataclass(frozen=True, slots=True)
class Text:
    """One text in every language the tutorials are written in."""

    en: str
    de: str

    def __call__(self, lang: str) -> str:
        return self.de if lang == "de" else self.en

    def to_json(self) -> dict[str, str]:
        return {"en": self.en, "de": self.de}


#: said of a legal move that no explanation in the file foresees
OTHER = Text(
    en="That move is allowed, but it is not the one this step teaches. Nothing was changed: try again.",
    de="Dieser Zug ist erlaubt, aber nicht der, um den es in diesem Schritt geht. Nichts wurde verändert: "
    "versuche es noch einmal.",
)


@dataclass(frozen=True, slots=True)
class Step:
    """One decision of the player: the move asked for, its reasons and the clause behind it."""

    action: str
    clause: str
    do: Text
    why: Text
    wrong: dict[str, Text] = field(default_factory=dict)
    replies: tuple[str, ...] = ()

    def explain(self, action: str) -> Text:
        """Why ``action`` (legal, not the one asked for) is not this step's move."""
        return self.wrong.get(action, OTHER)


@dataclass(frozen=True, slots=True)
class Tutorial:
    game: str
    title: Text
    intro: Text
    finish: Text
    seed: int
    players: int
    seat: int
    options: dict[str, Any]
    prefix: tuple[str, ...]
    steps: tuple[Step, ...]

    def start(self) -> GameState:
        """The game as the first step finds it: the fixed start and the scripted opening."""
        state = load(self.game).new(seed=self.seed, players=self.players, options=self.options)
        for n, action in enumerate(self.prefix):
            _apply(state, action, f"opening move {n + 1}")
        if state.current_player != self.seat:
            raise TutorialError(f"{self.game} tutorial: seat {self.seat} is not to move when the lesson opens")
        return state


def _apply(state: GameState, action: str, where: str) -> list[Event]:
    try:
        return state.apply(action)
    except IllegalActionError:
        raise TutorialError(f"{state.game_id} tutorial, {where}: {action!r} is not legal there") from None


def _text(data: dict[str, Any], key: str, where: str) -> Text:
    value = data.get(key)
    if not isinstance(value, dict) or not all(isinstance(value.get(lang), str) and value[lang] for lang in LANGUAGES):
        raise TutorialError(f"{where}: {key!r} needs a text in each of {', '.join(LANGUAGES)}")
    return Text(en=value["en"], de=value["de"])


def _step(data: dict[str, Any], where: str) -> Step:
    wrong = {}
    for n, w in enumerate(data.get("wrong", [])):
        if not isinstance(w, dict) or not isinstance(w.get("action"), str):
            raise TutorialError(f"{where}, wrong move {n + 1}: needs an 'action'")
        wrong[w["action"]] = _text(w, "text", f"{where}, wrong move {n + 1}")
    if not isinstance(data.get("action"), str) or not isinstance(data.get("clause"), str):
        raise TutorialError(f"{where}: needs an 'action' and a 'clause'")
    replies = data.get("replies", [])
    if not isinstance(replies, list) or not all(isinstance(r, str) for r in replies):
        raise TutorialError(f"{where}: 'replies' must be a list of action ids")
    return Step(
        action=data["action"],
        clause=data["clause"],
        do=_text(data, "do", where),
        why=_text(data, "why", where),
        wrong=wrong,
        replies=tuple(replies),
    )


def parse(game: str, data: dict[str, Any]) -> Tutorial:
    """A tutorial from its file's content, checked for shape (``check`` plays it through)."""
    where = f"{game} tutorial"
    steps = data.get("step")
    if not isinstance(steps, list) or not steps:
        raise TutorialError(f"{where}: no [[step]]")
    for key, typ in (("seed", int), ("players", int), ("seat", int), ("options", dict), ("prefix", list)):
        if not isinstance(data.get(key), typ):
            raise TutorialError(f"{where}: {key!r} is missing or has the wrong type")
    return Tutorial(
        game=game,
        title=_text(data, "title", where),
        intro=_text(data, "intro", where),
        finish=_text(data, "finish", where),
        seed=data["seed"],
        players=data["players"],
        seat=data["seat"],
        options=dict(data["options"]),
        prefix=tuple(str(a) for a in data["prefix"]),
        steps=tuple(_step(s, f"{where}, step {n + 1}") for n, s in enumerate(steps)),
    )


@lru_cache(maxsize=len(TUTORIALS))
def tutorial(game: str) -> Tutorial:
    """The game's tutorial (read once per process)."""
    name = TUTORIALS.get(game)
    if name is None:
        raise TutorialError(f"no tutorial for {game!r:.40}; there are tutorials for {', '.join(TUTORIALS)}")
    source = resources.files("hulldown.tutorials") / name
    return parse(game, tomllib.loads(source.read_text(encoding="utf-8")))


@dataclass(slots=True)
class Outcome:
    """The answer to a move: taken (with the events the seat may see) or explained and not applied."""

    accepted: bool
    events: list[Event]
    explanation: Text | None = None


class Lesson:
    """A tutorial under way: the game, the step reached and what the player has seen."""

    __slots__ = ("at", "log", "state", "tutorial", "version")

    def __init__(self, tut: Tutorial) -> None:
        self.tutorial = tut
        self.state = tut.start()
        self.at = 0
        self.log: list[Event] = []
        self.version = 0

    @property
    def seat(self) -> int:
        return self.tutorial.seat

    @property
    def done(self) -> bool:
        return self.at >= len(self.tutorial.steps)

    @property
    def step(self) -> Step | None:
        return None if self.done else self.tutorial.steps[self.at]

    def move(self, action: str) -> Outcome:
        """Take the player's move if it is the step's; explain any other legal move and change nothing.

        Raises :class:`IllegalActionError` (nothing changed) for a move that is not legal
        now, or when the lesson is over."""
        step = self.step
        if step is None or action not in {a.id for a in self.state.legal_actions()}:
            raise IllegalActionError(f"{action!r:.80} is not a legal move now")
        if action != step.action:
            return Outcome(accepted=False, events=[], explanation=step.explain(action))
        events = events_for(self.state.apply(action), self.seat)
        for n, reply in enumerate(step.replies):
            events += events_for(_apply(self.state, reply, f"step {self.at + 1}, reply {n + 1}"), self.seat)
        self.at += 1
        self.version += 1
        self.log += [{"step": self.at, **e} for e in events]
        return Outcome(accepted=True, events=events)


def check(tut: Tutorial) -> GameState:
    """Plays the tutorial through as a player would: every step's move and every reply legal,
    the player to move at every step, every foreseen wrong move legal there. Returns the end."""
    lesson = Lesson(tut)
    for n, step in enumerate(tut.steps, 1):
        state = lesson.state
        if state.current_player != tut.seat:
            raise TutorialError(f"{tut.game} tutorial, step {n}: seat {state.current_player} is to move")
        legal = {a.id for a in state.legal_actions()}
        for action in (step.action, *step.wrong):
            if action not in legal:
                raise TutorialError(f"{tut.game} tutorial, step {n}: {action!r} is not legal there")
        if step.action in step.wrong:
            raise TutorialError(f"{tut.game} tutorial, step {n}: the move asked for is also listed as wrong")
        lesson.move(step.action)
    return lesson.state
