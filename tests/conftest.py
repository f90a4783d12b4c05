"""Shared fixtures. The toy game is registered for kernel tests only."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hulldown.engine import registry
from tests.engine.toygame import TOY


@pytest.fixture
def toy() -> Iterator[object]:
    registry.register(TOY)
    yield TOY
    registry.unregister(TOY.info.id)
