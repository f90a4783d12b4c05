"""schemathesis against /openapi.json, in process (ASGI), with every default check.

Beyond "no server error": each status and header must be one the operation
documents, each body must match its schema, invalid requests must be refused
(negative data) and schema-valid ones accepted (positive data), an undeclared
method must get 405 with an ``Allow`` header naming exactly the path's methods.

Schema-valid requests the server still refuses for reasons no schema can say
are allowed one more status, each documented on its operation: 422 when a new
game names options, a seat count or a bot its game does not have, and 422 for
an action that is not legal now. A stale version is 409, which the check already
counts as acceptance. The game id is pinned to a running game (view, actions,
undo, control) or a finished one (record, replay, cards, rematch) so that the
answers of real games are checked, not only 404s.

The stateful run follows the schema's links from a new game (and a rematch) to
the requests about it, so a game just created must be found (the
``ensure_resource_availability`` check) and its seats' tokens open its views.
The account routes answer 401 to requests without a session cookie (none is generated)
and refuse what the schema refuses; the DELETEs (logout, revoking a session) need a
session, so ``use_after_free`` meets only 401s and 204s of an absent session.

Bounded: derandomized, a fixed number of generated requests per operation.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from hulldown.server.app import create_app
from hulldown.server.limits import Limits

_DB = Path(tempfile.mkdtemp(prefix="hulldown-schemathesis-")) / "api.sqlite3"
APP = create_app(db_url=f"sqlite:///{_DB}", bot_delay=0, bot_processes=1, limits=Limits.off())
_CONFIG = {"clock": None, "takeover": "bot:random", "undo": True}


def _games() -> tuple[str, str]:
    """A running game between two people and a finished one (played to its end here)."""
    manager = APP.state.manager
    running, _ = manager.create("tank-clash", {}, ["human", "human"], _CONFIG)
    finished, _ = manager.create("tank-clash", {}, ["human", "human"], _CONFIG)
    for _ in range(10_000):
        if finished.state.is_over:
            break
        manager._apply(finished, finished.state.current_player, finished.state.legal_actions()[-1].id)
    assert finished.state.is_over
    return running.id, finished.id


RUNNING, FINISHED = _games()


def _also(status: str) -> dict[str, Any]:
    return {"positive_data_acceptance": {"expected-statuses": ["2xx", "401", "403", "404", "409", "429", status]}}


REFUSED_BY_THE_GAME = [
    {"include-path": "/api/games", "include-method": "POST", "checks": _also("422")},
    {"include-path": "/api/games/{game_id}/actions", "checks": _also("422")},
]
PINNED = [
    {"include-path-regex": r"/(view|actions|undo|control)$", "parameters": {"path.game_id": RUNNING}},
    {"include-path-regex": r"/(record|replay|cards|rematch)$", "parameters": {"path.game_id": FINISHED}},
]
schema = schemathesis.openapi.from_asgi(
    "/openapi.json", APP, config=SchemathesisConfig.from_dict({"operations": PINNED + REFUSED_BY_THE_GAME})
)
linked = schemathesis.openapi.from_asgi(
    "/openapi.json", APP, config=SchemathesisConfig.from_dict({"operations": REFUSED_BY_THE_GAME})
)

pytestmark = pytest.mark.timeout(300)


@schema.parametrize()
@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_the_api_keeps_its_openapi_contract(case: schemathesis.Case) -> None:
    case.call_and_validate()


TestLinkedRequests = linked.as_state_machine().TestCase
TestLinkedRequests.settings = settings(
    max_examples=60,
    stateful_step_count=8,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
