"""Persistence: games, seats and every accepted move.

A game is stored as its seed, options and setup chance outcomes plus one row
per accepted decision with the chance outcomes that decision caused. That is a
record in pieces: rebuilding feeds the stored outcomes back (like
``hulldown.replay``), so a restart resumes every game at its last accepted
action even if the drawing code changed. Each move is committed before the
server answers, so a killed process loses nothing it has confirmed.

SQLite (the default) runs in WAL mode; PostgreSQL works by URL through psycopg 3
(``postgresql://`` alone means psycopg too) and is tested like SQLite
(tests/server/test_postgres*.py). The schema is owned by the Alembic migrations
in ``hulldown/server/migrations``.
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

log = logging.getLogger("hulldown.server")

METADATA = sa.MetaData()

GAMES = sa.Table(
    "games",
    METADATA,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("config", sa.Text, nullable=False),
    sa.Column("setup_chance", sa.Text, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("steps", sa.Integer, nullable=False),
    sa.Column("over", sa.Boolean, nullable=False),
    sa.Column("returns", sa.Text, nullable=True),
    sa.Column("rematch_of", sa.String(32), nullable=True),
    sa.Column("rematch_id", sa.String(32), nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    sa.Index("ix_games_over", "over", "updated_at"),
)

SEATS = sa.Table(
    "seats",
    METADATA,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(200), nullable=False),
    sa.Column("controller", sa.String(200), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False),
    sa.Column("joined", sa.Boolean, nullable=False),
    sa.Column("rematch_token", sa.String(64), nullable=True),
)

MOVES = sa.Table(
    "moves",
    METADATA,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.String(400), nullable=False),
    sa.Column("chance", sa.Text, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    #: why a bot chose the move (JSON; see server/hints.py), null for a person's move
    sa.Column("explanation", sa.Text, nullable=True),
)

# Statements of the hot path, built once: SQLAlchemy then finds their compiled form in
# its cache by identity instead of building, coercing and hashing a new statement per move.
_INSERT_MOVE = MOVES.insert().values(
    game_id=sa.bindparam("gid"),
    n=sa.bindparam("n"),
    seat=sa.bindparam("seat"),
    action=sa.bindparam("action"),
    chance=sa.bindparam("chance"),
    explanation=sa.bindparam("explanation"),
    created_at=sa.bindparam("updated_at"),  # the same moment as the game's update
)
_TOUCH = (
    GAMES.update()
    .where(GAMES.c.id == sa.bindparam("gid"))
    .values(
        version=sa.bindparam("version"),
        steps=sa.bindparam("steps"),
        over=sa.bindparam("over"),
        returns=sa.bindparam("returns"),
        updated_at=sa.bindparam("updated_at"),
    )
)

# PostgreSQL stores a move in one statement, the insert as a data-modifying CTE of the update:
# one round trip in autocommit (a single statement is its own transaction) instead of four
# (BEGIN, INSERT, UPDATE, COMMIT), each a wake-up of the server process.
_MOVE_AND_TOUCH = _TOUCH.add_cte(_INSERT_MOVE.cte("move"))

DEFAULT_URL = "sqlite:///var/hulldown.sqlite3"
#: WAL pages after which a committing connection checkpoints by itself (SQLite's default is
#: 1,000): only when the Checkpointer falls this far behind does a move wait for the disk
FALLBACK_CHECKPOINT_PAGES = 20_000


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    # NORMAL in WAL mode survives a killed process (only power loss may drop the last commits).
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    # the WAL is copied back by the Checkpointer's thread; a commit does it itself only past this
    cur.execute(f"PRAGMA wal_autocheckpoint={FALLBACK_CHECKPOINT_PAGES}")
    cur.close()


class Checkpointer:
    """Copies SQLite's write-ahead log back into the database file from a thread of its own.

    SQLite checkpoints inside the commit that crosses ``wal_autocheckpoint``
    pages: the move being stored then waits while pages are copied and the file
    is synced, and with it the event loop and every game of the server (a soak
    of a hundred games on a busy disk found commits stalled for tens of
    milliseconds). Here a passive checkpoint, which never waits for a writer or
    reader, runs every ``every`` seconds on its own connection; the commits only
    append to the log. Nothing to do for other databases.
    """

    def __init__(self, engine: Engine, every: float = 1.0) -> None:
        self.engine = engine
        self.every = every
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        database = self.engine.url.database or ""
        if self.engine.dialect.name != "sqlite" or database in ("", ":memory:") or self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="hulldown-checkpoint", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        if self._thread is not None:
            self._stop.set()
            self._thread.join()
            self._thread = None

    def _run(self) -> None:
        with self.engine.connect() as conn:
            while not self._stop.wait(self.every):
                try:
                    conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
                except sa.exc.DBAPIError:  # busy or gone: the next round, or the commits' fallback, does it
                    log.warning("WAL checkpoint failed", exc_info=True)


def normalize_url(url: str) -> sa.engine.URL:
    """``url`` parsed; a PostgreSQL URL without a driver (``postgresql://``, ``postgres://``) gets psycopg 3.

    SQLAlchemy would pick psycopg2 for a bare ``postgresql://``, which hulldown does not install.
    """
    parsed = sa.engine.make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def make_engine(url: str) -> Engine:
    """An engine for ``url``; a SQLite file and its folder are created on first use."""
    parsed = normalize_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database or ""
        if database and database != ":memory:":
            Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        kwargs: dict[str, Any] = {"connect_args": {"check_same_thread": False}}
        if not database or database == ":memory:":
            kwargs["poolclass"] = sa.pool.StaticPool
        engine = sa.create_engine(parsed, **kwargs)
        sa.event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return sa.create_engine(parsed, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision (idempotent)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


@dataclass(slots=True)
class SeatRow:
    seat: int
    kind: str
    controller: str
    token_hash: str
    joined: bool
    rematch_token: str | None


@dataclass(slots=True)
class MoveRow:
    n: int
    seat: int
    action: str
    chance: list[list[Any]]
    explanation: dict[str, Any] | None = None


@dataclass(slots=True)
class GameRow:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    config: dict[str, Any]
    setup_chance: list[list[Any]]
    version: int
    steps: int
    over: bool
    returns: list[float] | None
    rematch_of: str | None
    rematch_id: str | None
    created_at: float
    updated_at: float


def _game_row(r: Any) -> GameRow:
    return GameRow(
        id=r.id,
        game=r.game,
        players=r.players,
        seed=r.seed,
        options=json.loads(r.options),
        config=json.loads(r.config),
        setup_chance=json.loads(r.setup_chance),
        version=r.version,
        steps=r.steps,
        over=bool(r.over),
        returns=json.loads(r.returns) if r.returns else None,
        rematch_of=r.rematch_of,
        rematch_id=r.rematch_id,
        created_at=r.created_at,
        updated_at=r.updated_at,
    )


class Store:
    """Synchronous data access; each method is one short transaction.

    Every call comes from the server's event-loop thread, so the moves, the hot
    path, go through one connection kept open for them: no pool checkout, no
    reset-on-return rollback, only BEGIN, two prebuilt statements and COMMIT on
    SQLite, and on PostgreSQL a single statement in autocommit (one round trip).
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._mover: Connection | None = None
        self._one_statement = engine.dialect.name == "postgresql"

    @contextlib.contextmanager
    def _move_transaction(self) -> Iterator[Connection]:
        conn = self._mover
        if conn is None or conn.closed or conn.invalidated:
            conn = self.engine.connect()
            if self._one_statement:
                conn = conn.execution_options(isolation_level="AUTOCOMMIT")
            self._mover = conn
        try:
            with conn.begin():
                yield conn
        except BaseException:
            # the next move opens a fresh connection (a dropped PostgreSQL link, say)
            self._mover = None
            with contextlib.suppress(Exception):
                conn.close()
            raise

    def close(self) -> None:
        if self._mover is not None:
            self._mover.close()
            self._mover = None

    def insert_game(self, row: GameRow, seats: Sequence[SeatRow]) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                GAMES.insert().values(
                    id=row.id,
                    game=row.game,
                    players=row.players,
                    seed=row.seed,
                    options=json.dumps(row.options),
                    config=json.dumps(row.config),
                    setup_chance=json.dumps(row.setup_chance),
                    version=row.version,
                    steps=row.steps,
                    over=row.over,
                    returns=json.dumps(row.returns) if row.returns is not None else None,
                    rematch_of=row.rematch_of,
                    rematch_id=row.rematch_id,
                    created_at=row.created_at,
                    updated_at=row.updated_at,
                )
            )
            conn.execute(
                SEATS.insert(),
                [
                    {
                        "game_id": row.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "controller": s.controller,
                        "token_hash": s.token_hash,
                        "joined": s.joined,
                        "rematch_token": s.rematch_token,
                    }
                    for s in seats
                ],
            )

    def _touch(
        self,
        conn: Connection,
        game_id: str,
        version: int,
        steps: int,
        over: bool,
        returns: list[float] | None,
        now: float,
    ) -> None:
        conn.execute(
            _TOUCH,
            {
                "gid": game_id,
                "version": version,
                "steps": steps,
                "over": over,
                "returns": json.dumps(returns) if returns is not None else None,
                "updated_at": now,
            },
        )

    def add_move(
        self,
        game_id: str,
        move: MoveRow,
        version: int,
        over: bool,
        returns: list[float] | None,
        now: float,
    ) -> None:
        """The hot path: one transaction, two prebuilt statements (compiled once, then cached).

        The kept connection may have died since the last move (PostgreSQL restarted, an idle
        timeout, a proxy): the pool's pre-ping never sees it, so a move that fails on a link
        found dead is tried once more on a fresh connection. Nothing of it can have been
        committed except when the link broke during COMMIT itself; then the retry meets the
        stored row and fails on its primary key: the move is never stored twice, the player
        is refused, and the next start resumes the game with that move.
        """
        params = {
            "gid": game_id,
            "n": move.n,
            "seat": move.seat,
            "action": move.action,
            "chance": json.dumps(move.chance),
            "explanation": json.dumps(move.explanation) if move.explanation is not None else None,
            "version": version,
            "steps": move.n + 1,
            "over": over,
            "returns": json.dumps(returns) if returns is not None else None,
            "updated_at": now,
        }
        try:
            self._store_move(params)
        except sa.exc.DBAPIError as exc:
            if not exc.connection_invalidated:
                raise
            self._store_move(params)

    def _store_move(self, params: dict[str, Any]) -> None:
        with self._move_transaction() as conn:
            if self._one_statement:
                conn.execute(_MOVE_AND_TOUCH, params)
            else:
                conn.execute(_INSERT_MOVE, params)
                conn.execute(_TOUCH, params)

    def remove_last_move(self, game_id: str, n: int, version: int, now: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(MOVES.delete().where(MOVES.c.game_id == game_id, MOVES.c.n == n))
            self._touch(conn, game_id, version, n, False, None, now)

    def update_seat(self, game_id: str, seat: int, version: int | None = None, **values: Any) -> None:
        with self.engine.begin() as conn:
            conn.execute(SEATS.update().where(SEATS.c.game_id == game_id, SEATS.c.seat == seat).values(**values))
            if version is not None:
                conn.execute(GAMES.update().where(GAMES.c.id == game_id).values(version=version))

    def set_rematch(self, game_id: str, rematch_id: str, tokens: dict[int, str]) -> None:
        with self.engine.begin() as conn:
            conn.execute(GAMES.update().where(GAMES.c.id == game_id).values(rematch_id=rematch_id))
            for seat, token in tokens.items():
                conn.execute(
                    SEATS.update().where(SEATS.c.game_id == game_id, SEATS.c.seat == seat).values(rematch_token=token)
                )

    def load_game(self, game_id: str) -> tuple[GameRow, list[SeatRow], list[MoveRow]] | None:
        with self.engine.connect() as conn:
            r = conn.execute(GAMES.select().where(GAMES.c.id == game_id)).first()
            if r is None:
                return None
            seats = [
                SeatRow(s.seat, s.kind, s.controller, s.token_hash, bool(s.joined), s.rematch_token)
                for s in conn.execute(SEATS.select().where(SEATS.c.game_id == game_id).order_by(SEATS.c.seat))
            ]
            moves = [
                MoveRow(m.n, m.seat, m.action, json.loads(m.chance), json.loads(m.explanation or "null"))
                for m in conn.execute(MOVES.select().where(MOVES.c.game_id == game_id).order_by(MOVES.c.n))
            ]
        return _game_row(r), seats, moves

    def running_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(sa.select(GAMES.c.id).where(GAMES.c.over.is_(False)))]

    def list_games(self, over: bool, limit: int) -> list[tuple[GameRow, list[SeatRow]]]:
        with self.engine.connect() as conn:
            rows = [
                _game_row(r)
                for r in conn.execute(
                    GAMES.select().where(GAMES.c.over.is_(over)).order_by(GAMES.c.updated_at.desc()).limit(limit)
                )
            ]
            ids = [r.id for r in rows]
            seats: dict[str, list[SeatRow]] = {i: [] for i in ids}
            if ids:
                for s in conn.execute(SEATS.select().where(SEATS.c.game_id.in_(ids)).order_by(SEATS.c.seat)):
                    seats[s.game_id].append(
                        SeatRow(s.seat, s.kind, s.controller, s.token_hash, bool(s.joined), s.rematch_token)
                    )
        return [(r, seats[r.id]) for r in rows]
