"""``hulldown learn GAME`` walks the same steps in the terminal, reading moves like ``hulldown play``."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from hulldown.cli import app
from hulldown.tutorials import TUTORIALS, Lesson, tutorial

runner = CliRunner()


def _answers(game: str, wrong_first: bool) -> tuple[list[str], str | None]:
    """The numbers a player types: each step's move, after one wrong move at the first step that has one."""
    lesson = Lesson(tutorial(game))
    typed: list[str] = []
    explained = None
    while (step := lesson.step) is not None:
        ids = [a.id for a in lesson.state.legal_actions()]
        if wrong_first and explained is None and step.wrong:
            wrong = next(iter(step.wrong))
            typed.append(str(ids.index(wrong) + 1))
            explained = step.wrong[wrong].de
        typed.append(str(ids.index(step.action) + 1))
        lesson.move(step.action)
    return typed, explained


@pytest.mark.parametrize("game", list(TUTORIALS))
def test_the_tutorial_in_the_terminal(game: str) -> None:
    typed, _ = _answers(game, wrong_first=False)
    result = runner.invoke(app, ["learn", game], input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    tut = tutorial(game)
    flat = " ".join(result.output.split())
    assert " ".join(tut.finish.en.split()) in flat
    assert all(f"{n}/{len(tut.steps)}" in flat for n in range(1, len(tut.steps) + 1))


def test_a_wrong_move_in_german_is_explained_and_asked_again() -> None:
    typed, explained = _answers("tank-killers", wrong_first=True)
    result = runner.invoke(app, ["learn", "tank-killers", "--lang", "de"], input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    assert explained is not None and " ".join(explained.split()) in " ".join(result.output.split())
    steps = len(tutorial("tank-killers").steps)
    assert result.output.count(f"1/{steps}") == 2  # the first step, shown again after the explanation


def test_bad_input_gives_one_line() -> None:
    for args in (["learn", "no-such-game"], ["learn", "tank-killers", "--lang", "fr"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and "error:" in result.output
    quit_ = runner.invoke(app, ["learn", "tank-killers"], input="q\n")
    assert quit_.exit_code == 1 and "abandoned" in quit_.output
