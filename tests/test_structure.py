"""The shape of ``src/hulldown``: short functions, small modules, no cycles, ids read in one place.

Limits (a newcomer reads a function at once and a module in one sitting, and finds an action's
whole definition in its game's ``actions`` module):

- no function over 80 lines, no module over 800 lines;
- no import cycle between modules, counting imports inside functions and under
  ``TYPE_CHECKING`` (a cycle hidden in a function is still a cycle to a reader);
- nothing in ``engine/`` or ``games/`` imports ``agents/``, ``sim/``, ``rl/``, ``server/``, ``web/`` or
  ``cli``;
- at most 5 ``.split(":")``/``.partition(":")``/``.rsplit(":")`` calls outside modules named
  ``actions*`` (ids are parsed by each game's actions module).

``tests/structure_debt.toml`` lists the offenders that predate these limits, each with its size
today. A listed function or module may shrink but not grow, a listed cycle may lose modules but
not gain them, and an entry that no longer offends fails the test until it is removed: the list
only ever gets shorter. Anything not listed must meet the limits.
"""

from __future__ import annotations

import ast
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "hulldown"
DEBT = Path(__file__).with_name("structure_debt.toml")
MAX_FUNCTION = 80
MAX_MODULE = 800
MAX_ID_SPLITS = 5
UPPER = ("agents", "sim", "rl", "server", "web", "cli")


@dataclass
class Tree:
    """What the measures need of every module under src/hulldown."""

    lines: dict[str, int] = field(default_factory=dict)
    functions: dict[str, int] = field(default_factory=dict)
    splits: list[str] = field(default_factory=list)
    graph: dict[str, set[str]] = field(default_factory=dict)


def _module_name(path: Path) -> str:
    rel = path.relative_to(SRC.parent).with_suffix("")
    return ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)


def _imports(name: str, path: Path, node: ast.AST, known: set[str]) -> list[str]:
    if isinstance(node, ast.Import):
        targets = [a.name for a in node.names]
    elif isinstance(node, ast.ImportFrom):
        if node.level:
            base = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
            base = base[: len(base) - (node.level - 1)]
            mod = ".".join(base + ([node.module] if node.module else []))
        else:
            mod = node.module or ""
        targets = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in known else mod for a in node.names]
    else:
        return []
    out = []
    for t in targets:
        while t and t not in known:
            t = t.rpartition(".")[0]
        if t and t != name:
            out.append(t)
    return out


def _is_id_split(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("split", "rsplit", "partition")
        and bool(node.args)
        and isinstance(node.args[0], ast.Constant)
        and node.args[0].value == ":"
    )


def measure() -> Tree:
    paths = {_module_name(p): p for p in sorted(SRC.rglob("*.py"))}
    known = set(paths)
    tree = Tree()
    for name, path in paths.items():
        text = path.read_text(encoding="utf-8")
        rel = str(path.relative_to(SRC.parent))
        tree.lines[rel] = len(text.splitlines())
        tree.graph[name] = set()
        for node in ast.walk(ast.parse(text, rel)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                key = f"{rel}:{node.lineno}:{node.name}"
                tree.functions[key] = (node.end_lineno or node.lineno) - node.lineno + 1
            if _is_id_split(node) and not path.stem.startswith("actions"):
                tree.splits.append(f"{rel}:{getattr(node, 'lineno', 0)}")
            tree.graph[name].update(_imports(name, path, node, known))
    return tree


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    x = stack.pop()
                    on.discard(x)
                    comp.append(x)
                    if x == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def _debt() -> dict[str, dict[str, int]]:
    data = tomllib.loads(DEBT.read_text(encoding="utf-8")) if DEBT.exists() else {}
    return {k: dict(data.get(k, {})) for k in ("functions", "modules", "cycles", "id_splits")}


TREE = measure()
DEBT_NOW = _debt()


def _function_key(key: str) -> str:
    """A function's name in the debt list: path and name, not its line (lines move)."""
    path, _, rest = key.partition(":")
    return f"{path}:{rest.partition(':')[2]}"


def test_functions_are_short() -> None:
    listed = DEBT_NOW["functions"]
    long: dict[str, int] = {}
    for key, n in TREE.functions.items():
        if n > MAX_FUNCTION:
            name = _function_key(key)
            long[name] = max(long.get(name, 0), n)
    problems = [f"{k}: {n} lines (limit {MAX_FUNCTION})" for k, n in long.items() if k not in listed]
    problems += [f"{k}: grew from {listed[k]} to {n} lines" for k, n in long.items() if k in listed and n > listed[k]]
    problems += [f"{k}: no longer over the limit; remove it from {DEBT.name}" for k in listed if k not in long]
    assert not problems, "\n".join(problems)


def test_modules_are_small() -> None:
    listed = DEBT_NOW["modules"]
    big = {k: n for k, n in TREE.lines.items() if n > MAX_MODULE}
    problems = [f"{k}: {n} lines (limit {MAX_MODULE})" for k, n in big.items() if k not in listed]
    problems += [f"{k}: grew from {listed[k]} to {n} lines" for k, n in big.items() if k in listed and n > listed[k]]
    problems += [f"{k}: no longer over the limit; remove it from {DEBT.name}" for k in listed if k not in big]
    assert not problems, "\n".join(problems)


def test_no_import_cycles() -> None:
    listed = {frozenset(k.split()) for k in DEBT_NOW["cycles"]}
    found = [frozenset(c) for c in cycles(TREE.graph)]
    problems = [" ".join(sorted(c)) for c in found if not any(c <= old for old in listed)]
    problems += [f"{' '.join(sorted(old))}: gone; remove it from {DEBT.name}" for old in listed if old not in found]
    assert not problems, "import cycles:\n" + "\n".join(problems)


def test_the_kernel_and_the_games_import_nothing_above_them() -> None:
    up = [
        f"{a} -> {b}"
        for a, targets in TREE.graph.items()
        if a.split(".")[1:2] and a.split(".")[1] in ("engine", "games")
        for b in targets
        if b.split(".")[1:2] and b.split(".")[1] in UPPER
    ]
    assert not up, "\n".join(up)


def test_ids_are_read_in_actions_modules() -> None:
    listed = DEBT_NOW["id_splits"]
    per_file: dict[str, list[str]] = {}
    for where in TREE.splits:
        per_file.setdefault(where.rpartition(":")[0], []).append(where)
    problems = [
        f"{f}: {len(w)} id splits, was {listed[f]}" for f, w in per_file.items() if f in listed and len(w) > listed[f]
    ]
    problems += [f"{f}: no id split left; remove it from {DEBT.name}" for f in listed if f not in per_file]
    unlisted = [w for f, ws in per_file.items() if f not in listed for w in ws]
    if len(unlisted) > MAX_ID_SPLITS:
        problems += [f"{len(unlisted)} id splits outside actions modules (limit {MAX_ID_SPLITS}):", *unlisted]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("source", ["import a.b\n", "from . import x\n"])
def test_the_measures_see_imports(source: str, tmp_path: Path) -> None:
    node = ast.parse(source).body[0]
    known = {"a", "a.b", "hulldown.engine", "hulldown.engine.x"}
    found = _imports("hulldown.engine.y", tmp_path / "y.py", node, known)
    assert found == (["a.b"] if "import a.b" in source else ["hulldown.engine.x"])


def test_cycles_are_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
