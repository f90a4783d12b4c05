"""schemathesis against /openapi.json, in process (ASGI): no request may cause a server error.

Bounded: a fixed number of generated requests per operation, derandomized so a run
is repeatable. Every answer must be below 500; whether a request is refused with
403/404/409/413/422 is for the API tests to check.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from hulldown.server.app import create_app

_DB = Path(tempfile.mkdtemp(prefix="hulldown-schemathesis-")) / "api.sqlite3"
APP = create_app(db_url=f"sqlite:///{_DB}", bot_delay=0, bot_processes=1)
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)

pytestmark = pytest.mark.timeout(300)


@schema.parametrize()
@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_no_request_causes_a_server_error(case: schemathesis.Case) -> None:
    case.call_and_validate(checks=[not_a_server_error])
