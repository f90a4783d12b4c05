"""Every tutorial plays through in the engine, cites clauses that exist, and speaks both languages."""

from __future__ import annotations

import pytest

from hulldown.engine.errors import IllegalActionError
from hulldown.engine.registry import replay
from hulldown.server.rules import document
from hulldown.tutorials import LANGUAGES, OTHER, TUTORIALS, Lesson, TutorialError, check, parse, tutorial

GAMES = list(TUTORIALS)


def test_the_four_games_have_tutorials() -> None:
    assert set(GAMES) <= {"tank-killers", "tank-hunter", "tank-clash", "2gm-pacific"}
    assert "tank-killers" in GAMES


@pytest.mark.parametrize("game", GAMES)
def test_the_tutorial_replays_to_its_end(game: str) -> None:
    """A rules change that makes a scripted move illegal fails here, naming the step."""
    tut = tutorial(game)
    end = check(tut)
    assert replay(end.record()).fingerprint() == end.fingerprint()  # its record replays like any game's
    assert end.steps == len(tut.prefix) + sum(1 + len(s.replies) for s in tut.steps)


@pytest.mark.parametrize("game", GAMES)
def test_every_cited_clause_exists_in_the_rules(game: str) -> None:
    doc = document(game)
    assert doc is not None
    clauses = {c.clause for c in doc.clauses}
    cited = [s.clause for s in tutorial(game).steps]
    assert [c for c in cited if c not in clauses] == []


@pytest.mark.parametrize("game", GAMES)
def test_every_text_is_written_in_english_and_german(game: str) -> None:
    tut = tutorial(game)
    texts = [tut.title, tut.intro, tut.finish]
    for step in tut.steps:
        texts += [step.do, step.why, *step.wrong.values()]
    for text in texts:
        assert all(text(lang).strip() for lang in LANGUAGES)
        assert text.en != text.de


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_move_is_explained_and_changes_nothing(game: str) -> None:
    tut = tutorial(game)
    lesson = Lesson(tut)
    step = next(s for s in tut.steps if s.wrong)
    while lesson.step is not step:
        assert lesson.move(lesson.step.action).accepted  # type: ignore[union-attr]
    before = (lesson.state.fingerprint(), lesson.at, lesson.version, len(lesson.log))
    wrong, text = next(iter(step.wrong.items()))
    outcome = lesson.move(wrong)
    assert not outcome.accepted and outcome.explanation == text and outcome.events == []
    assert (lesson.state.fingerprint(), lesson.at, lesson.version, len(lesson.log)) == before


def test_an_unforeseen_legal_move_gets_the_general_explanation() -> None:
    lesson = Lesson(tutorial("tank-killers"))
    while (step := lesson.step) is not None:
        others = [a.id for a in lesson.state.legal_actions() if a.id != step.action and a.id not in step.wrong]
        if others:
            assert lesson.move(others[0]).explanation == OTHER
            return
        lesson.move(step.action)
    raise AssertionError("every move of the tutorial has its own explanation: nothing to check")


def test_an_illegal_move_is_refused_and_changes_nothing() -> None:
    lesson = Lesson(tutorial("tank-killers"))
    before = lesson.state.fingerprint()
    with pytest.raises(IllegalActionError):
        lesson.move("no-such-action")
    assert lesson.state.fingerprint() == before and lesson.at == 0


def test_a_finished_lesson_takes_no_more_moves() -> None:
    lesson = Lesson(tutorial("tank-killers"))
    while not lesson.done:
        lesson.move(lesson.step.action)  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError):
        lesson.move(lesson.state.legal_actions()[0].id)


def test_a_broken_tutorial_names_the_step() -> None:
    tut = tutorial("tank-killers")
    data = {
        "seed": tut.seed,
        "players": tut.players,
        "seat": tut.seat,
        "options": {},
        "prefix": list(tut.prefix),
        "title": tut.title.to_json(),
        "intro": tut.intro.to_json(),
        "finish": tut.finish.to_json(),
        "step": [{"action": "target:nothing", "clause": "5.2", "do": tut.intro.to_json(), "why": tut.intro.to_json()}],
    }
    with pytest.raises(TutorialError, match="step 1: 'target:nothing' is not legal"):
        check(parse("tank-killers", data))
    with pytest.raises(TutorialError, match="'do' needs a text in each of en, de"):
        parse("tank-killers", {**data, "step": [{"action": "pass", "clause": "1", "do": {"en": "x"}}]})
    with pytest.raises(TutorialError, match="no tutorial"):
        tutorial("../../etc/passwd")
