"""The account routes: register, log in and out, who am I, my sessions.

Guest play needs none of this: invite links with seat tokens work as before.
No answer, error or log line holds a password, its hash or a session secret.
"""

from __future__ import annotations

import time
from typing import Annotated

from fastapi import FastAPI, Path, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from hulldown.server.accountdb import Account, AccountStore
from hulldown.server.answers import BODY, answers
from hulldown.server.auth import Authenticator, clear_cookies, set_cookies
from hulldown.server.guard import rate_limited
from hulldown.server.limits import ACTIONS, LOGIN, LOGIN_NAME, REGISTER, Guard
from hulldown.server.room import ApiError

USERNAME = r"^[A-Za-z0-9_.-]{3,32}$"


class Credentials(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{"username": "gunner_7", "password": "correct horse"}]},
    )
    username: str = Field(
        min_length=3, max_length=32, pattern=USERNAME, description="letters, digits, '_', '-' and '.'"
    )
    password: str = Field(min_length=8, max_length=256)


class AccountOut(BaseModel):
    username: str
    created_at: float


class SessionOut(BaseModel):
    id: str
    created_at: float
    last_seen: float
    current: bool


SessionId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


def _out(account: Account) -> AccountOut:
    return AccountOut(username=account.username, created_at=account.created_at)


def account_routes(app: FastAPI, auth: Authenticator) -> None:
    """Adds the routes; ``auth`` keeps the sessions, ``app.state.guard`` the login limits."""
    store: AccountStore = auth.store
    guard: Guard = app.state.guard
    app.state.auth = auth

    @app.post(
        "/api/accounts",
        response_model=AccountOut,
        status_code=201,
        responses=answers(409, *BODY, 429, e409="the name is taken (names are compared ignoring case)"),
    )
    @rate_limited(REGISTER)
    async def register(body: Credentials) -> AccountOut:
        """A new account; log in with ``POST /api/session`` to use it."""
        password_hash = await auth.hash_password(body.password)
        account = store.add_account(body.username, password_hash, time.time())
        if account is None:
            raise ApiError(409, "that username is taken")
        return _out(account)

    @app.post("/api/session", response_model=AccountOut, responses=answers(401, *BODY, 429))
    @rate_limited(LOGIN)
    async def login(body: Credentials, request: Request) -> JSONResponse:
        """Log in: sets the HttpOnly session cookie and the readable ``csrf`` cookie.

        Every later state-changing request that the cookie authenticates must echo the
        ``csrf`` cookie in an ``X-CSRF-Token`` header. 401 for a wrong name or password
        (the answer does not say which); attempts are limited per client and per name."""
        guard.take(LOGIN_NAME, body.username.lower())
        account = store.account(body.username)
        if account is None or not await auth.check_password(account, body.password):
            if account is None:
                await auth.check_password(None, body.password)
            raise ApiError(401, "wrong username or password")
        old = auth.session(request)
        if old is not None:
            store.remove_session(old.id)
        secret, csrf = auth.open_session(account)
        response = JSONResponse(_out(account).model_dump())
        set_cookies(response, request, secret, csrf)
        return response

    @app.delete("/api/session", status_code=204, responses=answers(403, 429))
    @rate_limited(ACTIONS)
    async def logout(request: Request) -> Response:
        """Log out: ends this session and clears its cookies (also when none was open)."""
        session = auth.session(request)
        if session is not None:
            if not auth.csrf_ok(request, session):
                raise ApiError(403, "send the csrf cookie's value in the X-CSRF-Token header")
            store.remove_session(session.id)
        response = Response(status_code=204)
        clear_cookies(response)
        return response


def me_routes(app: FastAPI, auth: Authenticator) -> None:
    """The logged-in account's own routes: who it is, and its sessions."""
    store: AccountStore = auth.store

    @app.get("/api/me", response_model=AccountOut, responses=answers(401))
    async def me(request: Request) -> AccountOut:
        """The logged-in account."""
        return _out(auth.require(request, write=False).account)

    @app.get("/api/me/sessions", response_model=list[SessionOut], responses=answers(401))
    async def my_sessions(request: Request) -> list[SessionOut]:
        """Every open session of the account (``current``: the one asking), newest first."""
        session = auth.require(request, write=False)
        return [
            SessionOut(id=sid, created_at=created, last_seen=seen, current=sid == session.id)
            for sid, created, seen in store.sessions(session.account.id)
        ]

    @app.delete(
        "/api/me/sessions/{session_id}",
        status_code=204,
        responses=answers(401, 403, 404, 422, 429, e404="no such session of this account"),
    )
    @rate_limited(ACTIONS)
    async def revoke(session_id: SessionId, request: Request) -> Response:
        """End one of the account's sessions (a browser left logged in elsewhere)."""
        session = auth.require(request, write=True)
        if not store.remove_session(session_id, session.account.id):
            raise ApiError(404, "no such session of this account")
        return Response(status_code=204)
