"""The FastAPI application: the HTTP API, the websocket and the static front end.

Tokens travel only in ``Authorization: Bearer`` headers, in the ``token``
query parameter of the websocket (redacted from every log line) and in the
``#fragment`` of invite links, which browsers never send to a server.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal, Protocol

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from hulldown import __version__
from hulldown.agents.registry import describe as describe_agents
from hulldown.engine.observation import schema
from hulldown.engine.registry import game_ids, games, load
from hulldown.server.accountdb import AccountStore
from hulldown.server.accounts import account_routes, me_routes
from hulldown.server.answers import BODY, Answers, answers
from hulldown.server.auth import Authenticator
from hulldown.server.cardsets import CARD_SET_PATTERN, CardSets
from hulldown.server.db import DEFAULT_URL, Store, make_engine, migrate
from hulldown.server.evict import sweep, sweep_forever
from hulldown.server.guard import GuardedRoute, client_of, install_error_handlers, rate_limited
from hulldown.server.hints import hint_routes
from hulldown.server.jsonout import ViewResponse, dumps
from hulldown.server.learn import learn_routes
from hulldown.server.limits import ACTIONS, CREATE, Guard, Limits
from hulldown.server.mail import SmtpSettings, TurnMailer, mail_routes
from hulldown.server.memory import freeze_startup_objects
from hulldown.server.openapi import typed_observations
from hulldown.server.ratings import Ratings, rating_routes
from hulldown.server.review import review_routes
from hulldown.server.room import ApiError, Listener, Room
from hulldown.server.rooms import Manager
from hulldown.server.rules import rules_routes, rules_url
from hulldown.server.seating import ME, OPEN, Seating, seating_routes
from hulldown.tutorials import TUTORIALS

log = logging.getLogger("hulldown.server")
WEB = Path(__file__).resolve().parent.parent / "web"
MAX_BODY = 64 * 1024
_TOKEN_RE = re.compile(r"(token=)[^&\s\"']+")


class RedactTokens(logging.Filter):
    """Removes seat tokens from log lines (uvicorn logs websocket URLs with their query)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = _TOKEN_RE.sub(r"\1***", record.msg)
        if record.args:
            args = record.args if isinstance(record.args, tuple) else (record.args,)
            record.args = tuple(_TOKEN_RE.sub(r"\1***", a) if isinstance(a, str) else a for a in args)
        return True


def install_log_redaction() -> None:
    for name in ("uvicorn.access", "uvicorn.error", "uvicorn", "hulldown.server", ""):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())


# -- request and response models ------------------------------------------------
Strict = ConfigDict(extra="forbid", strict=True)


def _whole(value: Any) -> Any:
    """JSON Schema counts 3.0 as an integer; strict pydantic would not."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _installed_games(schema: dict[str, Any]) -> None:
    """The OpenAPI document lists the games installed when it is first asked for."""
    schema["enum"] = sorted(info.id for info in games())


#: what the server can store and compare; a JSON number past it could be neither
Version = Annotated[
    int, Field(ge=0, le=2**53, description="the view's version this request answers"), BeforeValidator(_whole)
]
Finite = Annotated[float, Field(allow_inf_nan=False)]


class CreateGame(BaseModel):
    model_config = ConfigDict(
        **Strict, json_schema_extra={"examples": [{"game": "tank-clash", "seats": ["human", "human"]}]}
    )
    game: str = Field(max_length=64, description="a game of the catalog", json_schema_extra=_installed_games)
    options: dict[str, bool | int | Finite | str] = Field(default_factory=dict, max_length=64)
    seats: list[Annotated[str, Field(max_length=200, pattern=r"^(human|me|open|bot:\S.*)$")]] = Field(
        min_length=1,
        max_length=16,
        description="'human', 'bot:<agent spec>', 'me' (the logged-in account's seat) "
        "or 'open' (a seat any account may join) per seat",
    )
    clock: Finite | None = Field(
        default=None,
        gt=0,
        le=30 * 86400,
        description="seconds per decision (up to 30 days; an hour or more is correspondence play); none: no clock",
    )
    takeover: str = Field(
        default="bot:random", max_length=200, pattern=r"^bot:\S.*$", description="the bot for a seat that leaves"
    )
    undo: bool = True
    hints: bool = Field(default=False, description="seats may ask a search for hints; such a game is never rated")
    card_set: str | None = Field(
        default=None, pattern=CARD_SET_PATTERN, description="name of a card set the server lists in the catalog"
    )


class SeatToken(BaseModel):
    seat: int
    token: str | None = Field(description="none for an open seat: the account that joins it opens it")


class Created(BaseModel):
    id: str
    seats: list[SeatToken]
    spectator_url: str


class ActionIn(BaseModel):
    model_config = Strict
    action: str = Field(min_length=1, max_length=400)
    version: Version


class VersionIn(BaseModel):
    model_config = Strict
    version: Version


class ControlIn(BaseModel):
    model_config = Strict
    by: Literal["human", "bot"]


class MessageOut(BaseModel):
    key: str
    args: dict[str, str | int]


_OBSERVATION = "what the seat sees; each game's shape is at GET /api/catalog/{game}/observation-schema"


class LegalAction(BaseModel):
    """A legal action: its id (what to send back), English label, localisable message and fields."""

    id: str
    label: str
    message: MessageOut
    payload: dict[str, Any]


class View(BaseModel):
    """A seat's view. Only ``version``, ``observation``, ``legal_actions`` and ``over`` are the core contract.

    ``log`` holds the game-log entries from index ``log_from`` on (0: the whole log);
    ``log_epoch`` changes when the log shrinks (an undo), so a client's copy of another
    epoch must be replaced, not extended.
    """

    model_config = ConfigDict(extra="allow")
    version: int
    observation: dict[str, Any] = Field(description=_OBSERVATION)
    legal_actions: list[LegalAction]
    over: bool
    log: list[dict[str, Any]]
    log_from: int
    log_epoch: int


class Rematch(BaseModel):
    id: str
    token: str | None


class ReplayStep(BaseModel):
    upto: int
    decisions: int
    observation: dict[str, Any] = Field(description=_OBSERVATION)
    log: list[dict[str, Any]]
    over: bool
    returns: list[float] | None


#: the answers of most requests about one game
ERRORS = answers(403, 404, 409, 422)


def _links(token: str) -> dict[str, Any]:
    """OpenAPI links from an answer naming a game (and a seat token at ``token``, a runtime
    expression) to the requests about that game."""
    out: dict[str, Any] = {}
    ops = "get view, post actions, post undo, post control, post rematch, get record, get replay, get cards"
    for method, name in (op.split() for op in ops.split(", ")):
        params = {"path.game_id": "$response.body#/id"}
        if name in {"view", "actions", "undo", "control", "rematch"}:
            params["header.authorization"] = f"Bearer {{{token}}}"
        out[name] = {"operationRef": f"#/paths/~1api~1games~1{{game_id}}~1{name}/{method}", "parameters": params}
    return out


Auth = Annotated[str | None, Header(description="Bearer <seat token>; none: spectator")]
LogFrom = Annotated[
    int | None,
    Query(ge=0, le=10_000_000, description="log entries the client already holds: the answer's log starts there"),
]
LogEpoch = Annotated[int | None, Query(ge=0, le=2**31, description="the log_epoch of the client's copy of the log")]


def _view(manager: Manager, room: Room, seat: int | None, log_from: int | None, log_epoch: int | None) -> JSONResponse:
    """A view as JSON, sent as built: the server made it, so validating it again only costs time."""
    return ViewResponse(manager.view(room, seat, log_from, log_epoch))


def _bearer(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(403, "use 'Authorization: Bearer <seat token>'")
    return token.strip()


class BodyLimit:
    """Refuses request bodies over ``limit`` bytes (413) before any handler reads them."""

    def __init__(self, app: Callable[..., Awaitable[None]], limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    too_big = int(value) > self.limit
                except ValueError:
                    too_big = True
                if too_big:
                    await JSONResponse({"detail": "request body too large"}, status_code=413)(scope, receive, send)
                    return
        seen = 0

        async def limited() -> Any:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise ApiError(413, "request body too large")
            return message

        try:
            await self.app(scope, limited, send)
        except ApiError as exc:
            await JSONResponse({"detail": exc.detail}, status_code=exc.status)(scope, receive, send)


_CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self' ws: wss:"
_HEADERS = [
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"content-security-policy", _CSP.encode()),
]


class SecurityHeaders:
    """Adds the security headers (and no-store on the API) to every HTTP answer.

    A plain ASGI wrapper around ``send``: Starlette's ``@app.middleware("http")``
    runs every request through an extra task and stream, a cost paid on each move.
    It also says how long the server took (``Server-Timing: app;dur=<ms>``, the W3C
    header), so a client can tell the server's time from the network's and its own.
    """

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = _HEADERS + ([(b"cache-control", b"no-store")] if scope["path"].startswith("/api/") else [])
        started = time.perf_counter()

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {k.lower() for k, _ in headers}
                headers.extend((k, v) for k, v in extra if k not in present)
                headers.append((b"server-timing", b"app;dur=%.2f" % ((time.perf_counter() - started) * 1000)))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(
    db_url: str = DEFAULT_URL,
    bot_delay: float = 0.6,
    bot_processes: int | None = None,
    limits: Limits | None = None,
    card_sets: str | Path | None = None,
    smtp: SmtpSettings | None = None,
    freeze_startup: bool = False,
) -> FastAPI:
    """The server for one database. ``bot_delay``: seconds a bot waits before moving;
    ``bot_processes``: the most worker processes searching for bots at once (default 4);
    ``limits``: what one client may ask of it (default :class:`Limits`; ``Limits.off()``: nothing);
    ``card_sets``: folder of card sets the operator installs (server/cardsets.py), read once here;
    ``smtp``: where turn e-mails go out (default: ``HULLDOWN_SMTP_*`` in the environment, else none);
    ``freeze_startup``: once started, set the process's objects aside from the garbage collector
    (``hulldown serve`` does; see server/memory.py: not for processes that build many apps)."""
    install_log_redaction()
    sets = CardSets.scan(card_sets)
    engine = make_engine(db_url)
    migrate(engine)
    manager = Manager(Store(engine), bot_delay=bot_delay, bot_processes=bot_processes, card_sets=sets)
    limits = Limits() if limits is None else limits

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await manager.start()
        if freeze_startup:
            log.info("%d start-up objects set aside from the garbage collector", freeze_startup_objects())
        sweeper = asyncio.create_task(sweep_forever(manager, limits))
        yield
        sweeper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sweeper
        await manager.stop()
        engine.dispose()

    app = FastAPI(
        title="hulldown",
        version=__version__,
        summary="WW2 tank tabletop games: the authoritative game server.",
        lifespan=lifespan,
    )
    app.router.route_class = GuardedRoute
    app.state.manager = manager
    app.state.guard = Guard(limits)
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)
    install_error_handlers(app)
    auth = Authenticator(AccountStore(engine))
    seating = Seating(auth, manager)
    account_routes(app, auth)
    me_routes(app, auth)
    seating_routes(app, seating)
    ratings = Ratings(engine, auth.store)
    manager.on_finish.append(ratings.update)
    rating_routes(app, ratings)
    mailer = TurnMailer(engine, auth.store, SmtpSettings.from_env() if smtp is None else smtp)
    manager.on_change.append(mailer.changed)
    mail_routes(app, auth, mailer)
    _catalog_routes(app, manager)
    _lobby_routes(app, manager, limits, seating)
    _game_routes(app, manager, seating)
    _rematch_route(app, manager, seating)
    hint_routes(app, manager, _seat_finder(manager, seating))
    _replay_routes(app, manager)
    review_routes(app, manager)
    _websocket_route(app, manager, limits, seating)
    rules_routes(app)
    learn_routes(app)
    _page_routes(app)
    typed_observations(app)
    return app


def _catalog_routes(app: FastAPI, manager: Manager) -> None:
    @app.get("/api/catalog")
    async def catalog() -> dict[str, Any]:
        """Installed games with their options, card sets and rules page, and the bots the lobby offers."""
        renderers = {p.stem for p in (WEB / "games").glob("*.js")}
        out = []
        for info in games():
            d = info.describe(remote=True)  # options that name files are for local play only
            d["card_sets"] = manager.card_sets.names(info.id)
            d["renderer"] = info.id in renderers
            d["rules_url"] = rules_url(info.id)
            d["learn_url"] = f"/learn/{info.id}" if info.id in TUTORIALS else None
            d["agents"] = sorted(
                {"random", "heuristic", *load(info.id).agents}
                - ({"heuristic"} if load(info.id).heuristic is None else set())
            )
            out.append(d)
        return {"games": out, "agents": describe_agents(), "version": __version__}

    @app.get("/api/catalog/{game}/messages", responses=answers(404))
    async def messages(game: str) -> dict[str, dict[str, str]]:
        """The game's message catalog by language: the templates of action labels and board texts."""
        if game not in game_ids():
            raise ApiError(404, f"no game {game!r:.40} is installed")
        return load(game).messages.to_json()

    @app.get("/api/catalog/{game}/observation-schema", responses=answers(404))
    async def observation_schema(game: str) -> dict[str, object]:
        """The JSON Schema of the game's ``observation``: every key a seat's view holds, its type and meaning."""
        if game not in game_ids():
            raise ApiError(404, f"no game {game!r:.40} is installed")
        kind = load(game).observation_type
        if kind is None:
            raise ApiError(404, f"{game} does not declare its observation")
        return schema(kind)


def _lobby_routes(app: FastAPI, manager: Manager, limits: Limits, seating: Seating) -> None:
    created: Answers = {201: {"description": "the new game", "links": _links("$response.body#/seats/0/token")}}

    @app.post(
        "/api/games", response_model=Created, responses={**created, **answers(401, 403, *BODY, 429)}, status_code=201
    )
    @rate_limited(CREATE)
    async def create_game(body: CreateGame, request: Request) -> Created:
        """Create a game; the answer holds every seat's token (hand each player only their own).

        422 also for a request the schema cannot judge: a game not installed here, options
        that game does not have, a seat count it does not play, an unknown bot. A ``me``
        seat needs a login (401) and the CSRF token (403); an ``open`` seat gets no token."""
        holders = seating.holders_for(request, list(body.seats))
        kinds = ["human" if s in (ME, OPEN) else s for s in body.seats]
        config: dict[str, Any] = {"clock": body.clock, "takeover": body.takeover, "undo": body.undo}
        if body.hints:
            config["hints"] = True
        if body.card_set is not None:
            config["card_set"] = body.card_set
        room, tokens = manager.create(body.game, dict(body.options), kinds, config)
        seating.store.set_holders(room.id, holders)
        if holders:
            manager.announce(room)
        sweep(manager, limits)
        base = str(request.base_url).rstrip("/")
        return Created(
            id=room.id,
            seats=[
                SeatToken(seat=i, token=None if kind == OPEN else token)
                for i, (kind, token) in enumerate(zip(body.seats, tokens, strict=True))
            ],
            spectator_url=f"{base}/g/{room.id}",
        )

    @app.get("/api/games", responses=answers(422))
    async def list_games(
        status: Literal["open", "running", "finished"] | None = None,
        limit: Annotated[int, Query(ge=1, le=500)] = 100,
    ) -> dict[str, list[dict[str, Any]]]:
        """Open (a human seat not yet taken), running and finished games; never any token."""
        out: dict[str, list[dict[str, Any]]] = {"open": [], "running": [], "finished": []}
        for over in (False, True):
            for row, seats in manager.store.list_games(over, limit):
                live = manager.rooms.get(row.id)
                if live is not None:
                    row, seat_list = live.row, [(s.seat, s.kind, s.controller, s.joined) for s in live.seats]
                else:
                    seat_list = [(s.seat, s.kind, s.controller, s.joined) for s in seats]
                st = (
                    "finished"
                    if row.over
                    else ("open" if any(k == "human" and not j for _, k, _, j in seat_list) else "running")
                )
                if status is not None and st != status:
                    continue
                out[st].append(
                    {
                        "id": row.id,
                        "game": row.game,
                        "players": row.players,
                        "steps": row.steps,
                        "status": st,
                        "returns": row.returns,
                        "updated_at": row.updated_at,
                        "seats": [{"seat": s, "kind": k, "controller": c, "joined": j} for s, k, c, j in seat_list],
                        "spectator_url": f"/g/{row.id}",
                    }
                )
        return out


class SeatOf(Protocol):
    """Finds the seat a request speaks for (Bearer token, else the session cookie) and marks it joined."""

    async def __call__(
        self, room: Room, authorization: str | None, request: Request, write: bool = True
    ) -> int | None: ...


def _seat_finder(manager: Manager, seating: Seating) -> SeatOf:
    async def seat_of(room: Room, authorization: str | None, request: Request, write: bool = True) -> int | None:
        """The seat of the Bearer token; without one, the seat the session cookie holds, if any."""
        token = _bearer(authorization)
        seat = room.seat_for_token(token) if token is not None else seating.cookie_seat(request, room.id, write)
        manager.join(room, seat)
        return seat

    return seat_of


def _game_routes(app: FastAPI, manager: Manager, seating: Seating) -> None:
    seat_of = _seat_finder(manager, seating)

    @app.get("/api/games/{game_id}/view", response_model=View, responses=answers(403, 404, 422))
    async def get_view(
        game_id: str,
        request: Request,
        authorization: Auth = None,
        log_from: LogFrom = None,
        log_epoch: LogEpoch = None,
    ) -> JSONResponse:
        room = await manager.room(game_id)
        seat = await seat_of(room, authorization, request, write=False)
        return _view(manager, room, seat, log_from, log_epoch)

    @app.post("/api/games/{game_id}/actions", response_model=View, responses=answers(403, 404, 409, *BODY, 429))
    @rate_limited(ACTIONS)
    async def post_action(
        game_id: str,
        body: ActionIn,
        request: Request,
        authorization: Auth = None,
        log_from: LogFrom = None,
        log_epoch: LogEpoch = None,
    ) -> JSONResponse:
        """Take a decision for your seat at ``version``; the game is unchanged on any error.

        422 also for a well-formed action that is not legal now, or when it is not your decision."""
        room = await manager.room(game_id)
        seat = await seat_of(room, authorization, request)
        await manager.act(room, seat, body.action, body.version)
        return _view(manager, room, seat, log_from, log_epoch)

    @app.post("/api/games/{game_id}/undo", response_model=View, responses=answers(403, 404, 409, *BODY, 429))
    @rate_limited(ACTIONS)
    async def post_undo(
        game_id: str,
        body: VersionIn,
        request: Request,
        authorization: Auth = None,
        log_from: LogFrom = None,
        log_epoch: LogEpoch = None,
    ) -> JSONResponse:
        """Take back your own latest decision (see docs/web.md for when that is allowed)."""
        room = await manager.room(game_id)
        seat = await seat_of(room, authorization, request)
        await manager.undo(room, seat, body.version)
        return _view(manager, room, seat, log_from, log_epoch)

    @app.post("/api/games/{game_id}/control", response_model=View, responses=answers(403, 404, 409, *BODY, 429))
    @rate_limited(ACTIONS)
    async def post_control(
        game_id: str,
        body: ControlIn,
        request: Request,
        authorization: Auth = None,
        log_from: LogFrom = None,
        log_epoch: LogEpoch = None,
    ) -> JSONResponse:
        """Leave your seat to a bot (``bot``) or take it back (``human``)."""
        room = await manager.room(game_id)
        seat = await seat_of(room, authorization, request)
        await manager.set_controller(room, seat, body.by == "bot")
        return _view(manager, room, seat, log_from, log_epoch)


def _rematch_route(app: FastAPI, manager: Manager, seating: Seating) -> None:
    seat_of = _seat_finder(manager, seating)
    rematch: Answers = {200: {"description": "the new game", "links": _links("$response.body#/token")}}

    @app.post(
        "/api/games/{game_id}/rematch",
        response_model=Rematch,
        responses={**rematch, **answers(403, 404, 409, 422, 429)},
    )
    @rate_limited(ACTIONS)
    async def post_rematch(game_id: str, request: Request, authorization: Auth = None) -> Rematch:
        """A new game with the same seats; each seat holder finds its new token in its view."""
        room = await manager.room(game_id)
        seat = await seat_of(room, authorization, request)
        rid, token = await manager.rematch(room, seat)
        seating.copy_holders(room.id, rid)
        return Rematch(id=rid, token=token)


def _replay_routes(app: FastAPI, manager: Manager) -> None:
    @app.get("/api/games/{game_id}/record", responses=answers(404, 409, 422))
    async def get_record(game_id: str) -> dict[str, Any]:
        """The full record (every decision and chance outcome) once the game is over."""
        room = await manager.room(game_id)
        return manager.record(room)

    @app.get("/api/games/{game_id}/cards", responses=answers(404, 422))
    async def get_cards(game_id: str) -> dict[str, Any]:
        """The game's card database (public card texts and values), for drawing its cards."""
        room = await manager.room(game_id)
        try:
            cards = room.game.cards(room.state.options)
        except (NotImplementedError, ValueError, OSError):
            cards = []
        return {"cards": cards}

    @app.get("/api/games/{game_id}/replay", response_model=ReplayStep, responses=answers(404, 409, 422))
    async def get_replay(game_id: str, upto: Annotated[int, Query(ge=0, le=1_000_000)] = 0) -> JSONResponse:
        """The spectator's view after ``upto`` decisions of a finished game."""
        from hulldown.engine.registry import replay

        room = await manager.room(game_id)
        record = manager.full_record(room)
        total = len(room.moves)
        upto = min(upto, total)
        state = await asyncio.get_running_loop().run_in_executor(None, lambda: replay(record, upto=upto))
        log_ = [{"step": n + 1, **e} for n, m in enumerate(room.moves[:upto]) for e in m.events if e.get("to") == "all"]
        # sent as built, by the server's one JSON writer (jsonout.py): the model above documents it
        step = {
            "upto": upto,
            "decisions": total,
            "observation": state.observation(None),
            "log": log_,
            "over": state.is_over,
            "returns": state.returns() if state.is_over else None,
        }
        return ViewResponse(step)


def _websocket_route(app: FastAPI, manager: Manager, limits: Limits, seating: Seating) -> None:
    guard: Guard = app.state.guard

    @app.websocket("/api/games/{game_id}/ws")
    async def websocket(ws: WebSocket, game_id: str, token: str | None = None) -> None:
        """Pushes the seat's view now and after every change; reconnecting restores the seat.

        Closes with 4403 (wrong token), 4404 (no such game) or 4429 (too many websockets
        from this client, or on this game)."""
        try:
            room = await manager.room(game_id)
            seat = room.seat_for_token(token)
            if token is None and seating.same_origin(ws):
                # a page of another site cannot open a seat with the visitor's cookie
                seat = seating.cookie_seat(ws, room.id, write=False)
        except ApiError as exc:
            await ws.close(code=4403 if exc.status == 403 else 4404, reason=exc.detail)
            return
        if limits.ws_per_room and len(room.listeners) >= limits.ws_per_room:
            await ws.close(code=4429, reason="too many websockets on this game")
            return
        client = client_of(ws)
        if not guard.websockets.enter(client):
            await ws.close(code=4429, reason="too many websockets from this client")
            return
        try:
            await _serve_websocket(ws, manager, room, seat)
        finally:
            guard.websockets.leave(client)


async def _serve_websocket(ws: WebSocket, manager: Manager, room: Room, seat: int | None) -> None:
    await ws.accept()
    manager.join(room, seat)
    listener = Listener(seat)
    room.listeners.add(listener)
    if seat is not None:
        room.seats[seat].connections += 1
        manager._notify(room)

    async def drain() -> None:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            while True:
                await ws.receive_text()

    reader = asyncio.create_task(drain())
    try:
        listener.changed.set()
        while not manager.closed:
            waiter = asyncio.create_task(listener.changed.wait())
            done, _ = await asyncio.wait({waiter, reader}, return_when=asyncio.FIRST_COMPLETED)
            if reader in done:
                waiter.cancel()
                break
            listener.changed.clear()
            # each push carries only the log entries this socket has not carried yet
            view = manager.view(room, seat, listener.log_sent, listener.log_epoch)
            listener.log_sent = view["log_from"] + len(view["log"])
            listener.log_epoch = view["log_epoch"]
            await ws.send_text(dumps(view).decode())
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        reader.cancel()
        room.listeners.discard(listener)
        if seat is not None:
            room.seats[seat].connections -= 1
            manager._notify(room)
        with contextlib.suppress(Exception):
            await ws.close()


def _page_routes(app: FastAPI) -> None:
    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/g/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return FileResponse(WEB / "game.html")

    @app.get("/p/{username}", include_in_schema=False)
    async def player_page(username: str) -> FileResponse:
        return FileResponse(WEB / "player.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")
