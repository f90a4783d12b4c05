"""Refusing what a client should not have sent: one clear 4xx, never a 500, never an echo.

Request bodies are parsed by :func:`strict_loads`, stricter than Python's
``json``: no ``NaN``/``Infinity``, no number the server could not hold, no
lone UTF-16 surrogate (it could be neither stored nor sent back), no nesting
past :data:`MAX_DEPTH`. Every error answer is ``{"detail": "<text>"}``, the text
naming the field and the problem, scrubbed so that it always encodes; the
refused input itself is never sent back.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, TypeVar

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection
from starlette.responses import Response
from starlette.routing import Route

from hulldown.server.limits import Guard, TooManyRequests
from hulldown.server.room import ApiError

MAX_DEPTH = 32
MAX_NUMBER_CHARS = 40
MAX_DETAIL = 400
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
_JSON_TYPE = re.compile(r"^application/(?:[\w.+-]*\+)?json\s*(?:;.*)?$", re.IGNORECASE)

F = TypeVar("F", bound=Callable[..., Any])


def safe_text(text: str, limit: int = MAX_DETAIL) -> str:
    """``text`` cut to ``limit`` characters, lone surrogates replaced: it always encodes as UTF-8."""
    text = text[:limit]
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


class ProblemResponse(JSONResponse):
    """An error answer; ASCII-only JSON, so no text in it can fail to encode."""

    def __init__(self, status: int, detail: str, headers: dict[str, str] | None = None) -> None:
        super().__init__({"detail": safe_text(detail)}, status_code=status, headers=headers)

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, allow_nan=False, separators=(",", ":")).encode("ascii")


# -- strict JSON ------------------------------------------------------------------
class _Refused(ValueError):
    pass


def _constant(name: str) -> Any:
    raise _Refused(f"{name} is not a number JSON allows")


def _int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise _Refused(f"a number longer than {MAX_NUMBER_CHARS} characters")
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise _Refused(f"a number longer than {MAX_NUMBER_CHARS} characters")
    value = float(text)
    if not math.isfinite(value):
        raise _Refused("a number out of range")
    return value


def _check(value: Any, depth: int) -> None:
    """Nesting and lone surrogates, walked only when the raw text hints at either."""
    if depth > MAX_DEPTH:
        raise _Refused(f"nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise _Refused("a string with a lone surrogate (\\ud800-\\udfff)") from None
    elif isinstance(value, dict):
        for k, v in value.items():
            _check(k, depth + 1)
            _check(v, depth + 1)
    elif isinstance(value, list):
        for v in value:
            _check(v, depth + 1)


def strict_loads(body: bytes) -> Any:
    """The JSON value of ``body``, or ``json.JSONDecodeError`` saying what is wrong with it."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise json.JSONDecodeError("the body is not valid UTF-8", "", exc.start) from None
    try:
        value = json.loads(text, parse_constant=_constant, parse_int=_int, parse_float=_float)
    except _Refused as exc:
        raise json.JSONDecodeError(str(exc), "", 0) from None
    except RecursionError:
        raise json.JSONDecodeError(f"nested deeper than {MAX_DEPTH} levels", "", 0) from None
    if body.count(b"[") + body.count(b"{") > MAX_DEPTH or _SURROGATE_ESCAPE.search(body):
        try:
            _check(value, 0)
        except _Refused as exc:
            raise json.JSONDecodeError(str(exc), "", 0) from None
    return value


class StrictRequest(Request):
    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = strict_loads(await self.body())
        return self._json


def client_of(request: HTTPConnection) -> str:
    """The client as uvicorn reports it (a forwarded address only from a trusted proxy)."""
    return request.client.host if request.client is not None else "unknown"


def rate_limited(bucket: str) -> Callable[[F], F]:
    """Marks a route's endpoint as drawing on ``bucket`` (see :class:`GuardedRoute`)."""

    def mark(endpoint: F) -> F:
        endpoint.rate_bucket = bucket  # type: ignore[attr-defined]
        return endpoint

    return mark


class GuardedRoute(APIRoute):
    """A route that spends its rate token before reading anything, then wants a JSON body.

    The token comes first so that a flood of malformed requests is limited too.
    """

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        bucket: str | None = getattr(self.endpoint, "rate_bucket", None)
        wants_body = self.body_field is not None

        async def guarded(request: Request) -> Response:
            if bucket is not None:
                guard: Guard = request.app.state.guard
                guard.take(bucket, client_of(request))
            strict = StrictRequest(request.scope, request.receive)
            if wants_body and await strict.body():
                content_type = strict.headers.get("content-type", "")
                if not _JSON_TYPE.match(content_type):
                    raise ApiError(415, "send the body as JSON, with 'Content-Type: application/json'")
            return await handler(strict)

        return guarded


# -- error answers ------------------------------------------------------------------
def _where(loc: Sequence[Any]) -> str:
    """``seats[1]`` for a body field (as the server's own checks name it), ``query.limit`` otherwise."""
    out = ""
    for part in loc[1:] if loc[:1] == ("body",) and len(loc) > 1 else loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + safe_text(str(part), 40)
    return out or "request"


def describe(errors: Sequence[Any]) -> str:
    """One line naming each refused field (the first three) and what is wrong with it."""
    parts = []
    for e in errors[:3]:
        loc = tuple(e.get("loc", ()))
        if e.get("type") == "json_invalid":
            reason = (e.get("ctx") or {}).get("error", "malformed")
            pos = loc[1] if len(loc) > 1 and isinstance(loc[1], int) else 0
            parts.append(f"body: invalid JSON ({reason})" + (f" at character {pos}" if pos else ""))
            continue
        parts.append(f"{_where(loc)}: {e.get('msg', 'invalid')}")
    if len(errors) > 3:
        parts.append(f"and {len(errors) - 3} more")
    return "; ".join(parts)


def allowed_methods(app: FastAPI, path: str) -> list[str]:
    """Every method some route of ``path`` answers (HEAD with GET, as Starlette serves it)."""
    methods: set[str] = set()
    for route in app.router.routes:
        if isinstance(route, Route) and route.methods and route.path_regex.match(path):
            methods |= route.methods
    return sorted(methods)


def install_error_handlers(app: FastAPI) -> None:
    async def api_error(_request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, TooManyRequests) else None
        return ProblemResponse(exc.status, exc.detail, headers)

    async def invalid(_request: Request, exc: Exception) -> Response:
        assert isinstance(exc, RequestValidationError)
        return ProblemResponse(422, describe(exc.errors()))

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        headers = dict(exc.headers or {})
        detail = exc.detail if isinstance(exc.detail, str) else "error"
        if exc.status_code == 405:
            allow = allowed_methods(app, request.scope["path"])
            headers["Allow"] = ", ".join(allow)
            detail = f"{request.method} is not allowed here; allowed: {', '.join(allow)}"
        return ProblemResponse(exc.status_code, detail, headers)

    app.add_exception_handler(ApiError, api_error)
    app.add_exception_handler(RequestValidationError, invalid)
    app.add_exception_handler(StarletteHTTPException, http_error)
