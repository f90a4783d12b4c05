"""Checks that a rules document and a game's ``rules/`` package meet chapter by chapter.

Every game that splits its rules by rulebook chapter runs the same three checks
from its own ``test_chapters.py``, naming its document, its package and which
chapters have modules: a newcomer goes from a clause number to its code in one step.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def chapters(doc: Path) -> dict[int, list[str]]:
    """Each numbered chapter with the lines between its heading and the next ``## `` heading."""
    out: dict[int, list[str]] = {}
    current: list[str] | None = None
    for line in doc.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^## (\d+)\. ", line)
        if m:
            current = out[int(m.group(1))] = []
        elif line.startswith("## "):
            current = None
        elif current is not None:
            current.append(line)
    return out


def check_code_lines(doc: Path, numbers: list[int] | None = None, no_code: Iterable[int] = ()) -> None:
    """The chapters are exactly ``numbers`` (by default 1, 2, ... with none missing); each has one
    ``Code:`` line whose links exist, except those of ``no_code``."""
    found = chapters(doc)
    assert sorted(found) == (numbers if numbers is not None else list(range(1, len(found) + 1)))
    for n, lines in found.items():
        code = [ln for ln in lines if ln.startswith("Code: ")]
        if n in no_code:
            assert not code, f"§{n} has no code to link"
            continue
        assert len(code) == 1, f"§{n} needs one Code: line"
        targets = re.findall(r"\]\(([^)]+)\)", code[0])
        assert targets, f"§{n}: the Code: line links nothing"
        for t in targets:
            assert (doc.parent / t).resolve().is_file(), f"§{n}: {t} does not exist"


def check_modules(doc: Path, rules: Path, play: Iterable[int], sections: bool = False) -> None:
    """Each chapter of ``play`` has one module ``sNN_*.py``; every module names its chapter and is linked.

    ``sections``: a chapter may also have modules for its sections (``s11_07_night.py``), whose
    docstrings start with the section (``§11.7``).
    """
    found = chapters(doc)
    for n in play:
        assert len(sorted(rules.glob(f"s{n:02d}_*.py"))) == 1, f"§{n} needs one module rules/s{n:02d}_*.py"
    start = r"[ .]" if sections else " "
    for path in sorted(rules.glob("s*.py")):
        n = int(path.name[1:3])
        text = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        assert re.match(rf"§{n}{start}", text), f"{path.name}: the docstring starts with its chapter"
        code_line = next(ln for ln in found[n] if ln.startswith("Code: "))
        assert f"rules/{path.name}" in code_line, f"§{n}'s Code: line names {path.name}"


def check_functions_name_clauses(rules: Path) -> None:
    """Every function of a chapter module starts its docstring with the clause it implements."""
    for path in sorted(rules.glob("s*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                text = ast.get_docstring(node) or ""
                assert re.match(r"§\d+", text), f"{path.name}:{node.name} does not start with its clause"
