"""The rules document and the code meet chapter by chapter: a clause number leads to its code in one step."""

from __future__ import annotations

from tests.games.chapters import ROOT, check_code_lines, check_functions_name_clauses, check_modules

DOC = ROOT / "docs" / "rules" / "tank-clash.md"
RULES = ROOT / "src" / "hulldown" / "games" / "tank_clash" / "rules"
#: every chapter of play has a module of its own (the rulebook has no §9; §14, card files, is data)
PLAY = (1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13)


def test_every_chapter_has_a_code_line_whose_files_exist() -> None:
    check_code_lines(DOC, [*range(1, 9), *range(10, 15)])


def test_every_rules_chapter_has_its_module_and_it_says_so() -> None:
    check_modules(DOC, RULES, PLAY)


def test_every_function_of_a_chapter_names_its_clause() -> None:
    check_functions_name_clauses(RULES)
