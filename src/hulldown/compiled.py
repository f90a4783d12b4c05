"""The compiled build: the hottest rules compiled to C with mypyc, for balance studies.

The rules are ordinary typed Python, and that stays the one implementation:
``make compiled`` copies the package to ``build/compiled/`` and compiles the
modules of :data:`MODULES` there with mypyc (which ships with mypy, a
development dependency), leaving every other module as Python. Nothing is
rewritten by hand, so the compiled games play exactly the games the Python
ones play (``tests/test_compiled.py`` checks it move by move), only faster.

Run anything against the build by putting it first on the path::

    make compiled
    PYTHONPATH=build/compiled .venv/bin/hulldown simulate tank-killers --games 100000

:func:`compiled_modules` says which modules the running process loaded compiled;
``hulldown bench`` reports it with its figures.

What a compiled module may not do (mypyc's rules, which the listed modules keep):

- a class has one base that is not a trait: each game's chapters are traits over
  its ``StateFields``, and its state names ``_Fields``, a bare subclass of those
  fields, first among its bases, so that Python's method order still puts the
  chapters before the stubs they implement;
- a compiled class's methods are not reassigned on the class, and a plain-Python
  subclass needs ``@mypyc_attr(allow_interpreted_subclasses=True)`` on its base;
- a compiled class has no bare constructor unless it is marked
  ``@mypyc_attr(allow_interpreted_subclasses=True)``: without the mark,
  ``Cls.__new__(Cls)`` and unpickling field by field fail. A class copied or
  pickled that way carries the mark (the engine's ``GameState``, ``Zone`` and
  ``HexGrid``, 2GM Pacific's ``Unit`` and ``Token``), stays Python (Tank
  Hunter's ``Ctx``) or names its factory in ``__reduce__`` (Tank Killers'
  ``Rules``, Tank Clash's ``Layout``);
- names that the compiled code reads often are ``Final`` (constants, and the
  rules' caches: ``Final`` binds the name, not the contents), which mypyc
  inlines or keeps in a C variable, not globals looked up by name at each use;
- class attributes are not read from other class attributes in the class body.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def _chapters(game: str) -> tuple[str, ...]:
    """Every chapter module of a game's ``rules/`` package: a new chapter is compiled with the rest."""
    return tuple(sorted(f"games/{game}/rules/{p.name}" for p in (PACKAGE / "games" / game / "rules").glob("s*.py")))


#: The modules compiled, relative to the package: the engine's state kernel, zones and hex grid, and
#: each game's state, tables, rules chapters, heuristic and observation (2GM Pacific's with its
#: units, the ids and labels its actions are offered with, and the table of offered actions). The
#: dice (``engine/rng.py``) stay Python: their 64-bit arithmetic is on Python's big integers
#: either way, and compiled it made Tank Killers 6% slower. Each must define no pydantic
#: model or dataclass (mypyc cannot compile one), and every class in it follows the rules above.
MODULES: tuple[str, ...] = (
    "engine/state.py",
    "engine/zones.py",
    "engine/hexgrid.py",
    "games/tank_killers/fields.py",
    "games/tank_killers/tables.py",
    "games/tank_killers/state.py",
    "games/tank_killers/heuristic.py",
    "games/tank_killers/observation.py",
    *_chapters("tank_killers"),
    "games/pacific/grid.py",
    "games/pacific/combat.py",
    "games/pacific/units.py",
    "games/pacific/fields.py",
    "games/pacific/state.py",
    "games/pacific/labels.py",
    "games/pacific/ids.py",
    "games/pacific/offers.py",
    "games/pacific/heuristic.py",
    "games/pacific/observation.py",
    *_chapters("pacific"),
    "games/tank_clash/fields.py",
    "games/tank_clash/state.py",
    "games/tank_clash/heuristic.py",
    "games/tank_clash/observation.py",
    *_chapters("tank_clash"),
    "games/tank_hunter/fields.py",
    "games/tank_hunter/state.py",
    "games/tank_hunter/heuristic.py",
    "games/tank_hunter/observation.py",
    *_chapters("tank_hunter"),
)

_STAMP = ".sources-sha256"
_SETUP = """
from setuptools import setup
from mypyc.build import mypycify

setup(name="hulldown-compiled", ext_modules=mypycify({files!r}, opt_level="3", multi_file=True))
"""


def module_name(path: str) -> str:
    """``"engine/state.py"`` -> ``"hulldown.engine.state"``."""
    return "hulldown." + path.removesuffix(".py").replace("/", ".")


def compiled_modules() -> list[str]:
    """The modules of :data:`MODULES` that this process has loaded compiled (extension modules)."""
    out = []
    for path in MODULES:
        mod = sys.modules.get(module_name(path))
        if mod is not None and not str(getattr(mod, "__file__", "")).endswith(".py"):
            out.append(mod.__name__)
    return out


def sources_digest(package: Path = PACKAGE) -> str:
    """A digest of every file the build copies and of this module list: a build of other sources is stale.

    Data files count too: a build is a whole copy of the package, so a new
    card file or value model missing from it would be as wrong as old code.
    """
    h = hashlib.sha256(repr(MODULES).encode())
    for path in sorted(package.rglob("*")):
        if "__pycache__" in path.parts or path.suffix in (".so", ".pyd") or not path.is_file():
            continue
        h.update(str(path.relative_to(package)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def build(out: Path, *, package: Path = PACKAGE, force: bool = False, quiet: bool = False) -> bool:
    """Build the compiled package under ``out`` (``out/hulldown``); False when it was already up to date.

    Concurrent builds of one ``out`` (two test workers) wait for each other on a
    lock file, and the second finds the first's build fresh.
    """
    if package.resolve().is_relative_to(out.resolve()):
        raise ValueError(f"{package} is itself under {out}: build from the sources, not from a build")
    out.mkdir(parents=True, exist_ok=True)
    digest = sources_digest(package)
    with open(out / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        stamp = out / _STAMP
        if not force and stamp.exists() and stamp.read_text() == digest:
            return False
        stamp.unlink(missing_ok=True)
        target = out / "hulldown"
        # from scratch: setuptools would otherwise find its earlier objects current and copy nothing
        shutil.rmtree(target, ignore_errors=True)
        shutil.rmtree(out / "build", ignore_errors=True)
        for old in out.glob("*__mypyc*"):
            old.unlink()
        shutil.copytree(package, target, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
        # mypyc writes each extension module beside its copied source, and its C files under
        # out/build: one C file a module, compiled on every core
        script = _SETUP.format(files=[f"hulldown/{m}" for m in MODULES])
        run = subprocess.run(
            [sys.executable, "-c", script, "build_ext", "--inplace", "--parallel", str(os.cpu_count() or 1)],
            cwd=out,
            capture_output=quiet,
            text=True,
            check=False,
        )
        if run.returncode != 0:
            detail = (run.stdout or "")[-4000:] + (run.stderr or "")[-4000:] if quiet else ""
            raise RuntimeError(f"mypyc failed with exit code {run.returncode}\n{detail}")
        missing = [m for m in MODULES if not list((target / m).parent.glob(Path(m).stem + ".*.so"))]
        if missing:
            raise RuntimeError(f"mypyc left no extension module for {', '.join(missing)}")
        stamp.write_text(digest)
        return True


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m hulldown.compiled", description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=PACKAGE.parent.parent / "build" / "compiled")
    ap.add_argument("--force", action="store_true", help="rebuild even when the sources have not changed")
    args = ap.parse_args(argv)
    built = build(args.out, force=args.force)
    where = args.out.resolve()
    print(f"{'built' if built else 'up to date'}: {where}")
    print(f"use it with: PYTHONPATH={where} {sys.executable} -m hulldown ...")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
