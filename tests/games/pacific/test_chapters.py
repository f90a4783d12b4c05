"""The rules document and the code meet chapter by chapter: a clause number leads to its code in one step."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "rules" / "2gm-pacific.md"
RULES = ROOT / "src" / "hulldown" / "games" / "pacific" / "rules"
#: the chapters whose rules have one module of their own (§11's options have three: the rest, night
#: combat §11.7 and Smoke Grenades §11.13; the others say where they live)
PLAY = (1, 3, 4, 5, 6, 7, 10, 15, 16)
#: chapters without code: the list of what is not implemented
NO_CODE = (13,)


def _chapters() -> dict[int, list[str]]:
    """Each chapter number with the lines between its heading and the next."""
    out: dict[int, list[str]] = {}
    current: list[str] | None = None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^## (\d+)\. ", line)
        if m:
            current = out[int(m.group(1))] = []
        elif current is not None:
            current.append(line)
    return out


def test_every_chapter_has_a_code_line_whose_files_exist() -> None:
    chapters = _chapters()
    assert sorted(chapters) == list(range(1, len(chapters) + 1))
    for n, lines in chapters.items():
        code = [ln for ln in lines if ln.startswith("Code: ")]
        if n in NO_CODE:
            assert not code, f"§{n} has no code to link"
            continue
        assert len(code) == 1, f"§{n} needs one Code: line"
        targets = re.findall(r"\]\(([^)]+)\)", code[0])
        assert targets, f"§{n}: the Code: line links nothing"
        for t in targets:
            assert (DOC.parent / t).resolve().is_file(), f"§{n}: {t} does not exist"


def test_every_rules_chapter_has_its_module_and_it_says_so() -> None:
    chapters = _chapters()
    for n in PLAY:
        found = sorted(RULES.glob(f"s{n:02d}_*.py"))
        assert len(found) == 1, f"§{n} needs one module rules/s{n:02d}_*.py"
    for path in sorted(RULES.glob("s*.py")):
        n = int(path.name[1:3])
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        assert re.match(rf"§{n}[ .]", doc), f"{path.name}: the docstring starts with its chapter"
        code_line = next(ln for ln in chapters[n] if ln.startswith("Code: "))
        assert f"rules/{path.name}" in code_line, f"§{n}'s Code: line names {path.name}"


def test_every_function_of_a_chapter_names_its_clause() -> None:
    for path in sorted(RULES.glob("s*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                doc = ast.get_docstring(node) or ""
                assert re.match(r"§\d+", doc), f"{path.name}:{node.name} does not start with its clause"
