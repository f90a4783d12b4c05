"""The rules document and the code meet chapter by chapter: a clause number leads to its code in one step."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "rules" / "tank-clash.md"
RULES = ROOT / "src" / "hulldown" / "games" / "tank_clash" / "rules"
#: every chapter has a module of its own (the rulebook has no §9)
PLAY = (1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13)


def _chapters() -> dict[int, list[str]]:
    """Each chapter number with the lines between its heading and the next."""
    out: dict[int, list[str]] = {}
    current: list[str] | None = None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^## (\d+)\. ", line)
        if m:
            current = out[int(m.group(1))] = []
        elif line.startswith("## "):
            current = None
        elif current is not None:
            current.append(line)
    return out


def test_every_chapter_has_a_code_line_whose_files_exist() -> None:
    chapters = _chapters()
    assert sorted(chapters) == [*range(1, 9), *range(10, 14)]
    for n, lines in chapters.items():
        code = [ln for ln in lines if ln.startswith("Code: ")]
        assert len(code) == 1, f"§{n} needs one Code: line"
        targets = re.findall(r"\]\(([^)]+)\)", code[0])
        assert targets, f"§{n}: the Code: line links nothing"
        for t in targets:
            assert (DOC.parent / t).resolve().is_file(), f"§{n}: {t} does not exist"


def test_every_rules_chapter_has_its_module_and_it_says_so() -> None:
    for n in PLAY:
        found = sorted(RULES.glob(f"s{n:02d}_*.py"))
        assert len(found) == 1, f"§{n} needs one module rules/s{n:02d}_*.py"
        tree = ast.parse(found[0].read_text(encoding="utf-8"))
        doc = ast.get_docstring(tree) or ""
        assert doc.startswith(f"§{n} "), f"{found[0].name}: the docstring starts with its chapter"
        code_line = next(ln for ln in _chapters()[n] if ln.startswith("Code: "))
        assert f"rules/{found[0].name}" in code_line


def test_every_function_of_a_chapter_names_its_clause() -> None:
    for path in sorted(RULES.glob("s*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                doc = ast.get_docstring(node) or ""
                assert re.match(r"§\d+", doc), f"{path.name}:{node.name} does not start with its clause"
