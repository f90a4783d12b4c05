"""Shared fixtures. The toy game is registered for kernel tests only."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

from hulldown.engine import registry
from tests.engine.toygame import TOY

# Property tests check what is true, not how fast: Hypothesis's default 200 ms deadline per example
# is wall-clock time, which a loaded machine (the suite runs two workers beside browsers) can exceed
# for no fault of the code, and then reports as a failure that will not reproduce.
settings.register_profile("hulldown", deadline=None)
settings.load_profile("hulldown")


@pytest.fixture
def toy() -> Iterator[object]:
    registry.register(TOY)
    yield TOY
    registry.unregister(TOY.info.id)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A browser test that fails runs once more before it counts as failed.

    These tests drive a real Chromium against a live server while the other worker runs the
    heaviest tests, so a page can miss a timeout for reasons of load alone; as Playwright's own
    test runner does on CI, a failure is retried, and the summary lists every rerun (``R``), so
    a test that needed one is seen. Twice failed is a failure.
    """
    for item in items:
        if item.get_closest_marker("browser") is not None:
            item.add_marker(pytest.mark.flaky(reruns=1))


def pytest_sessionstart(session: pytest.Session) -> None:
    """With ``HULLDOWN_EXPECT_COMPILED=1`` (``make test-compiled``) the run must be on the compiled build.

    A stale or failed build leaves plain Python behind, which would pass every test
    and prove nothing about the compiled modules; this stops such a run at once.
    """
    if os.environ.get("HULLDOWN_EXPECT_COMPILED") != "1":
        return
    import importlib

    from hulldown import compiled

    for path in compiled.MODULES:
        importlib.import_module(compiled.module_name(path))
    missing = sorted(set(map(compiled.module_name, compiled.MODULES)) - set(compiled.compiled_modules()))
    if missing:
        pytest.exit(f"not compiled in this run: {', '.join(missing)} (run make compiled)", returncode=3)
