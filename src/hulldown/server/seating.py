"""Seats held by accounts: the cookie as a seat's credential, my games, open seats, claims.

A seat an account holds opens with the account's session cookie as well as with
its token, so the account's games open from any browser it is logged in on,
without a token in the link. The cookie opens only the seats the account holds;
every other seat stays the spectator's view. A write authenticated by the
cookie needs the CSRF token (``hulldown.server.auth``); a Bearer token never does.
"""

from __future__ import annotations

import contextlib
from typing import Annotated, Any

import sqlalchemy as sa
from fastapi import FastAPI, Header, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import HTTPConnection

from hulldown.server.accountdb import AccountStore, Session
from hulldown.server.answers import BODY, answers
from hulldown.server.auth import SESSION_COOKIE, Authenticator
from hulldown.server.guard import rate_limited
from hulldown.server.limits import ACTIONS
from hulldown.server.room import ApiError
from hulldown.server.rooms import Manager

ME = "me"
OPEN = "open"
_CSRF = "send the csrf cookie's value in the X-CSRF-Token header"


class MyGame(BaseModel):
    id: str
    game: str
    seat: int
    current_player: int | None = Field(description="whom the game waits for; null when over")
    your_turn: bool
    over: bool
    url: str = Field(description="the game page; the session cookie opens the seat")


class OpenSeat(BaseModel):
    id: str
    game: str
    seat: int
    created_at: float


class Seated(BaseModel):
    id: str
    seat: int
    url: str


class JoinIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int = Field(ge=0, le=15)


class Seating:
    """The seats of accounts in one server's games."""

    def __init__(self, auth: Authenticator, manager: Manager) -> None:
        self.auth = auth
        self.store: AccountStore = auth.store
        self.manager = manager

    def cookie_seat(self, conn: HTTPConnection, game_id: str, write: bool) -> int | None:
        """The seat the session cookie opens in the game (None: the spectator's view)."""
        if SESSION_COOKIE not in conn.cookies:
            return None
        session = self.auth.session(conn)
        if session is None:
            return None
        seat = self.store.seat_of(game_id, session.account.id)
        if seat is not None and write and not self.auth.csrf_ok(conn, session):
            raise ApiError(403, _CSRF)
        return seat

    def same_origin(self, conn: HTTPConnection) -> bool:
        """Whether a websocket comes from a page of this server (browsers always send Origin)."""
        origin = conn.headers.get("origin")
        if origin is None:
            return True
        host = conn.headers.get("host", "")
        return origin.partition("://")[2] == host

    def holders_for(self, conn: HTTPConnection, seats: list[str]) -> dict[int, int | None]:
        """Who holds the seats of a new game: ``me`` the logged-in account, ``open`` nobody yet."""
        mine = [i for i, s in enumerate(seats) if s == ME]
        if len(mine) > 1:
            raise ApiError(422, "seats: at most one seat may be 'me'")
        out: dict[int, int | None] = {i: None for i, s in enumerate(seats) if s == OPEN}
        if mine:
            session = self.auth.require(conn, write=True)
            out[mine[0]] = session.account.id
        return out

    def copy_holders(self, old: str, new: str) -> None:
        """A rematch seats the same accounts (and leaves the same seats open)."""
        if self.store.holders(new):
            return
        # another seat's rematch request may have copied them first
        with contextlib.suppress(sa.exc.IntegrityError):
            self.store.set_holders(new, self.store.holders(old))

    async def my_games(self, session: Session) -> list[MyGame]:
        out = []
        for gid, game, seat, over, _ in self.store.games_of(session.account.id):
            current = None
            if not over:
                try:
                    current = (await self.manager.room(gid)).state.current_player
                except ApiError:
                    continue
            out.append(
                MyGame(
                    id=gid,
                    game=game,
                    seat=seat,
                    current_player=current,
                    your_turn=current == seat,
                    over=over,
                    url=f"/g/{gid}",
                )
            )
        out.sort(key=lambda g: (not g.your_turn, g.over))
        return out


Auth = Annotated[str | None, Header(description="Bearer <seat token> of the seat to claim")]


def seating_routes(app: FastAPI, seating: Seating) -> None:
    auth = seating.auth
    store = seating.store

    @app.get("/api/me/games", response_model=list[MyGame], responses=answers(401))
    async def my_games(request: Request) -> list[MyGame]:
        """Every game the account sits in, those waiting for it first."""
        return await seating.my_games(auth.require(request, write=False))

    @app.get("/api/open-seats", response_model=list[OpenSeat])
    async def open_seats() -> list[OpenSeat]:
        """Seats of unfinished games that any logged-in account may take (``POST .../join``)."""
        return [OpenSeat(id=g, game=n, seat=s, created_at=c) for g, n, s, c in store.open_seats()]

    taken: dict[str, Any] = {"e409": "the seat is taken, or the account already sits in this game"}

    @app.post(
        "/api/games/{game_id}/join",
        response_model=Seated,
        responses=answers(401, 403, 404, 409, *BODY, 429, **taken),
    )
    @rate_limited(ACTIONS)
    async def join(game_id: str, body: JoinIn, request: Request) -> Seated:
        """Take an open seat for the logged-in account."""
        session = auth.require(request, write=True)
        room = await seating.manager.room(game_id)
        if room.row.over or not store.take_seat(room.id, body.seat, session.account.id, open_only=True):
            raise ApiError(409, "that seat is not open, or you already sit in this game")
        seating.manager.announce(room)
        return Seated(id=room.id, seat=body.seat, url=f"/g/{room.id}")

    @app.post(
        "/api/games/{game_id}/claim",
        response_model=Seated,
        responses=answers(401, 403, 404, 409, 422, 429, **taken),
    )
    @rate_limited(ACTIONS)
    async def claim(game_id: str, request: Request, authorization: Auth = None) -> Seated:
        """Make the seat whose token the guest holds (Bearer) a seat of the logged-in account."""
        session = auth.require(request, write=True)
        room = await seating.manager.room(game_id)
        scheme, _, token = (authorization or "").partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise ApiError(403, "send the seat's token as 'Authorization: Bearer <seat token>'")
        seat = room.seat_for_token(token.strip())
        assert seat is not None
        if not store.take_seat(room.id, seat, session.account.id, open_only=False):
            raise ApiError(409, "that seat is taken, or you already sit in this game")
        seating.manager.announce(room)
        return Seated(id=room.id, seat=seat, url=f"/g/{room.id}")
