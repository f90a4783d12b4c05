"""Ranges for library users, exact versions for the app: pyproject.toml and requirements.lock agree."""

from __future__ import annotations

import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]


def _requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    specs = list(project["dependencies"])
    for items in project["optional-dependencies"].values():
        specs += [s for s in items if not s.startswith("hulldown[")]
    return [Requirement(s) for s in specs]


def _lock() -> dict[str, Version]:
    pins: dict[str, Version] = {}
    for line in (ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, sep, version = line.partition("==")
        assert sep, f"requirements.lock pins exact versions only, not {line!r}"
        pins[canonicalize_name(name)] = Version(version)
    return pins


def test_every_dependency_is_a_bounded_range() -> None:
    for req in _requirements():
        ops = {s.operator for s in req.specifier}
        assert ops == {">=", "<"}, f"{req}: a lower bound (the version tested) and an upper bound (the next major)"


def test_the_lock_pins_every_dependency_inside_its_range() -> None:
    pins = _lock()
    for req in _requirements():
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} is missing from requirements.lock (run make lock)"
        assert pins[name] in req.specifier, f"requirements.lock has {req.name}=={pins[name]}, outside {req.specifier}"


def test_the_lower_bounds_are_the_locked_versions() -> None:
    """The range starts at the version the suite ran with: older ones were never tested."""
    pins = _lock()
    for req in _requirements():
        low = next(Version(s.version) for s in req.specifier if s.operator == ">=")
        assert pins[canonicalize_name(req.name)] == low, f"{req}: raise the lower bound to the locked version"
