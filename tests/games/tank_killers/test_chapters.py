"""The rules document and the code meet chapter by chapter: a clause number leads to its code in one step."""

from __future__ import annotations

from tests.games.chapters import ROOT, check_code_lines, check_functions_name_clauses, check_modules

DOC = ROOT / "docs" / "rules" / "tank-killers.md"
RULES = ROOT / "src" / "hulldown" / "games" / "tank_killers" / "rules"
#: the chapters whose rules have a module of their own (the others say where they live: card
#: data, restrictions and victory with the cards, reserves with the maneuver, views, options, bots)
PLAY = (1, 3, 4, 5, 6, 7, 8, 10, 11, 15)


def test_every_chapter_has_a_code_line_whose_files_exist() -> None:
    check_code_lines(DOC)


def test_every_rules_chapter_has_its_module_and_it_says_so() -> None:
    check_modules(DOC, RULES, PLAY)


def test_every_function_of_a_chapter_names_its_clause() -> None:
    check_functions_name_clauses(RULES)
