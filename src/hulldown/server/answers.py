"""The error answers of the API, as the OpenAPI document describes them.

Shared by the game routes (``app.py``) and the account routes (``accounts.py``) so
that every operation documents its errors the same way.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


class Problem(BaseModel):
    """Every error: one line naming the field and the problem; never the refused input."""

    detail: str


_MEANING = {
    401: "not logged in, or the session expired or was revoked",
    403: "a wrong seat token, an Authorization header that is not 'Bearer <token>', "
    "or a request authenticated by the session cookie without its X-CSRF-Token header",
    404: "no such game",
    409: "a stale version (fetch the view again), or not possible now",
    413: "a request body over 64 KiB",
    415: "a body not sent as application/json",
    422: "a malformed request (the detail names the field); for a game's action, one not legal now",
    429: "too many requests from this client: retry after Retry-After seconds",
}
_RETRY_AFTER = {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer", "minimum": 1}}}


Answers = dict[int | str, dict[str, Any]]


def answers(*codes: int, **meanings: str) -> Answers:
    """The error answers of an operation, for its OpenAPI description.

    ``meanings`` (``e404="no such session"``) replaces the usual text of a code."""
    out: Answers = {}
    for code in codes:
        out[code] = {"model": Problem, "description": meanings.get(f"e{code}", _MEANING[code])}
        if code == 429:
            out[code]["headers"] = _RETRY_AFTER
    return out


#: the answers of every request with a JSON body
BODY = (413, 415, 422)
