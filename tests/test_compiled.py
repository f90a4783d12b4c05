"""The compiled build (``make compiled``) plays exactly the games plain Python plays.

The build is made once into ``build/compiled`` and reused while the sources are
unchanged (``hulldown.compiled.build`` keys it on their digest), so the suite
pays for mypyc only after a change. ``make test-compiled`` runs the engine's and
the compiled games' own tests on the build as well.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from hulldown import compiled

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "compiled"


def _probe(path: Path) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": f"{path}{os.pathsep}{ROOT}"}
    run = subprocess.run(
        [sys.executable, "-m", "tests.compiled_probe"], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr[-3000:]
    out: dict[str, Any] = json.loads(run.stdout)
    return out


@pytest.fixture(scope="module")
def fast() -> dict[str, Any]:
    """The probe on the compiled build, built first if the sources changed."""
    compiled.build(OUT, quiet=True)
    return _probe(OUT)


@pytest.fixture(scope="module")
def plain() -> dict[str, Any]:
    return _probe(ROOT / "src")


def test_every_listed_module_runs_compiled(fast: dict[str, Any], plain: dict[str, Any]) -> None:
    assert sorted(fast["compiled"]) == sorted(map(compiled.module_name, compiled.MODULES))
    assert plain["compiled"] == []


def test_the_compiled_build_plays_the_same_games(fast: dict[str, Any], plain: dict[str, Any]) -> None:
    assert sorted(fast["games"]) == sorted(plain["games"])
    for game_id, expected in plain["games"].items():
        got = fast["games"][game_id]
        for kind in ("random", "heuristic", "search"):
            assert got[kind] == expected[kind], f"{game_id}: the {kind} games differ"
    # the probe saw whole games, not empty ones
    assert all(g["steps"] > 20 for games in plain["games"].values() for g in games["random"])


def test_an_edit_anywhere_changes_the_digest(tmp_path: Path) -> None:
    """The digest that keys the build covers every file it copies, so an edit anywhere makes the build stale."""
    package = tmp_path / "hulldown"
    (package / "engine").mkdir(parents=True)
    (package / "engine" / "state.py").write_text("X = 1\n")
    before = compiled.sources_digest(package)
    assert compiled.sources_digest(package) == before
    (package / "engine" / "state.py").write_text("X = 2\n")
    assert compiled.sources_digest(package) != before
    (package / "other.py").write_text("")
    assert compiled.sources_digest(package) != before
    again = compiled.sources_digest(package)
    (package / "model.json").write_text("{}")
    assert compiled.sources_digest(package) != again, "a data file is part of the build too"
    again = compiled.sources_digest(package)
    (package / "engine" / "__pycache__").mkdir()
    (package / "engine" / "__pycache__" / "state.cpython-311.pyc").write_bytes(b"x")
    (package / "engine" / "state.cpython-311-x86_64-linux-gnu.so").write_bytes(b"x")
    assert compiled.sources_digest(package) == again, "what the build does not copy does not count"


def test_module_names() -> None:
    assert (
        compiled.module_name("games/tank_killers/rules/s05_attack.py") == "hulldown.games.tank_killers.rules.s05_attack"
    )
    assert all((compiled.PACKAGE / m).is_file() for m in compiled.MODULES)
