"""The rules document and the code meet chapter by chapter: a clause number leads to its code in one step."""

from __future__ import annotations

from tests.games.chapters import ROOT, check_code_lines, check_functions_name_clauses, check_modules

DOC = ROOT / "docs" / "rules" / "2gm-pacific.md"
RULES = ROOT / "src" / "hulldown" / "games" / "pacific" / "rules"
#: the chapters whose rules have one module of their own (§11's options have three: the rest, night
#: combat §11.7 and Smoke Grenades §11.13; the others say where they live)
PLAY = (1, 3, 4, 5, 6, 7, 10, 15, 16)
#: chapters without code: the list of what is not implemented
NO_CODE = (13,)


def test_every_chapter_has_a_code_line_whose_files_exist() -> None:
    check_code_lines(DOC, no_code=NO_CODE)


def test_every_rules_chapter_has_its_module_and_it_says_so() -> None:
    check_modules(DOC, RULES, PLAY, sections=True)


def test_every_function_of_a_chapter_names_its_clause() -> None:
    check_functions_name_clauses(RULES)
