"""The solo AI's package reads from a §12 clause to its code: each module and function names its clause."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import hulldown.games.pacific.solo as solo

PACKAGE = Path(solo.__file__).parent
DOC = Path(__file__).parents[3] / "docs" / "rules" / "2gm-pacific.md"


def test_every_module_and_function_starts_with_its_clause() -> None:
    missing = []
    for path in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text())
        if not (ast.get_docstring(tree) or "").startswith("§12"):
            missing.append(path.name)
        for node in ast.walk(tree):
            named = isinstance(node, ast.FunctionDef | ast.ClassDef)
            if named and not (ast.get_docstring(node) or "").startswith("§"):
                missing.append(f"{path.name}:{node.name}")
    assert missing == []


def test_every_clause_of_chapter_12_points_to_its_module() -> None:
    text = DOC.read_text()
    chapter = text[text.index("## 12. ") : text.index("## 13. ")]
    code = chapter[: chapter.index("- **12.1**")]
    clauses = sorted(set(re.findall(r"^- \*\*(12\.\d+)\*\*", chapter, re.M)), key=lambda c: int(c.split(".")[1]))
    assert clauses == [f"12.{n}" for n in range(1, 15)]
    for clause in clauses:
        assert re.search(rf"\[{re.escape(clause)} [^\]]+\]\(([^)]+)\)", code), clause
    for target in re.findall(r"\]\((\.\./\.\./src/[^)]+)\)", code):
        assert (DOC.parent / target).resolve().is_file(), target
