"""Accounts and their login sessions in the database.

A session row holds only the SHA-256 of its secret (the cookie's value) and of its
CSRF token: whoever reads the database cannot log in as anyone. Passwords are
stored as argon2 hashes (``hulldown.server.auth``), never as themselves.
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from hulldown.server.db import GAMES, METADATA

ACCOUNTS = sa.Table(
    "accounts",
    METADATA,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("username", sa.String(32), nullable=False),
    sa.Column("username_key", sa.String(32), nullable=False, unique=True),
    sa.Column("password_hash", sa.String(256), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)

SESSIONS = sa.Table(
    "sessions",
    METADATA,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False, index=True),
    sa.Column("secret_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("csrf_hash", sa.String(64), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("last_seen", sa.Float, nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False),
)

#: a seat an account holds, or (account_id NULL) an open seat that any account may take
SEAT_ACCOUNTS = sa.Table(
    "seat_accounts",
    METADATA,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=True, index=True),
    sa.UniqueConstraint("game_id", "account_id", name="uq_seat_accounts_game_account"),
)


@dataclass(slots=True)
class Account:
    id: int
    username: str
    password_hash: str
    created_at: float


@dataclass(slots=True)
class Session:
    id: str
    account: Account
    csrf_hash: str
    created_at: float
    last_seen: float
    expires_at: float


def username_key(username: str) -> str:
    """What makes two names the same name: usernames are ASCII, so lower case suffices."""
    return username.lower()


class AccountStore:
    """Synchronous data access for accounts and sessions; each method is one short transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add_account(self, username: str, password_hash: str, now: float) -> Account | None:
        """The new account, or None when the name (in any case) is taken."""
        try:
            with self.engine.begin() as conn:
                result = conn.execute(
                    ACCOUNTS.insert().values(
                        username=username,
                        username_key=username_key(username),
                        password_hash=password_hash,
                        created_at=now,
                    )
                )
                key = result.inserted_primary_key
        except sa.exc.IntegrityError:
            return None
        assert key is not None
        return Account(int(key[0]), username, password_hash, now)

    def account(self, username: str) -> Account | None:
        with self.engine.connect() as conn:
            r = conn.execute(ACCOUNTS.select().where(ACCOUNTS.c.username_key == username_key(username))).first()
        return None if r is None else Account(r.id, r.username, r.password_hash, r.created_at)

    def set_password_hash(self, account_id: int, password_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(ACCOUNTS.update().where(ACCOUNTS.c.id == account_id).values(password_hash=password_hash))

    def add_session(self, sid: str, account_id: int, secret_hash: str, csrf_hash: str, now: float, ttl: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                SESSIONS.insert().values(
                    id=sid,
                    account_id=account_id,
                    secret_hash=secret_hash,
                    csrf_hash=csrf_hash,
                    created_at=now,
                    last_seen=now,
                    expires_at=now + ttl,
                )
            )

    def session(self, secret_hash: str) -> Session | None:
        query = (
            sa.select(SESSIONS, ACCOUNTS.c.username, ACCOUNTS.c.password_hash, ACCOUNTS.c.created_at.label("born"))
            .join(ACCOUNTS, ACCOUNTS.c.id == SESSIONS.c.account_id)
            .where(SESSIONS.c.secret_hash == secret_hash)
        )
        with self.engine.connect() as conn:
            r = conn.execute(query).first()
        if r is None:
            return None
        account = Account(r.account_id, r.username, r.password_hash, r.born)
        return Session(r.id, account, r.csrf_hash, r.created_at, r.last_seen, r.expires_at)

    def sessions(self, account_id: int) -> list[tuple[str, float, float]]:
        """Every session of the account: id, created, last seen; newest first."""
        query = (
            sa.select(SESSIONS.c.id, SESSIONS.c.created_at, SESSIONS.c.last_seen)
            .where(SESSIONS.c.account_id == account_id)
            .order_by(SESSIONS.c.created_at.desc())
        )
        with self.engine.connect() as conn:
            return [(r.id, r.created_at, r.last_seen) for r in conn.execute(query)]

    def touch_session(self, sid: str, now: float, ttl: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(SESSIONS.update().where(SESSIONS.c.id == sid).values(last_seen=now, expires_at=now + ttl))

    def remove_session(self, sid: str, account_id: int | None = None) -> bool:
        """Deletes the session (only if it belongs to ``account_id``, when given); whether it existed."""
        query = SESSIONS.delete().where(SESSIONS.c.id == sid)
        if account_id is not None:
            query = query.where(SESSIONS.c.account_id == account_id)
        with self.engine.begin() as conn:
            return bool(conn.execute(query).rowcount)

    def remove_expired(self, now: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(SESSIONS.delete().where(SESSIONS.c.expires_at < now))

    # -- seats -------------------------------------------------------------------
    def seat_of(self, game_id: str, account_id: int) -> int | None:
        query = sa.select(SEAT_ACCOUNTS.c.seat).where(
            SEAT_ACCOUNTS.c.game_id == game_id, SEAT_ACCOUNTS.c.account_id == account_id
        )
        with self.engine.connect() as conn:
            return conn.execute(query).scalar()

    def holders(self, game_id: str) -> dict[int, int | None]:
        """Seat -> account of the seats of ``game_id`` that accounts hold (None: open)."""
        query = sa.select(SEAT_ACCOUNTS.c.seat, SEAT_ACCOUNTS.c.account_id).where(SEAT_ACCOUNTS.c.game_id == game_id)
        with self.engine.connect() as conn:
            return {r.seat: r.account_id for r in conn.execute(query)}

    def set_holders(self, game_id: str, holders: dict[int, int | None]) -> None:
        if holders:
            with self.engine.begin() as conn:
                conn.execute(
                    SEAT_ACCOUNTS.insert(),
                    [{"game_id": game_id, "seat": s, "account_id": a} for s, a in holders.items()],
                )

    def take_seat(self, game_id: str, seat: int, account_id: int, open_only: bool) -> bool:
        """Gives the seat to the account: an open seat (``open_only``) or one nobody holds.

        False when someone holds it or the account already holds a seat of the game;
        one statement, so two accounts racing for a seat cannot both get it."""
        try:
            with self.engine.begin() as conn:
                if open_only:
                    done = conn.execute(
                        SEAT_ACCOUNTS.update()
                        .where(
                            SEAT_ACCOUNTS.c.game_id == game_id,
                            SEAT_ACCOUNTS.c.seat == seat,
                            SEAT_ACCOUNTS.c.account_id.is_(None),
                        )
                        .values(account_id=account_id)
                    ).rowcount
                else:
                    done = conn.execute(
                        SEAT_ACCOUNTS.insert().values(game_id=game_id, seat=seat, account_id=account_id)
                    ).rowcount
        except sa.exc.IntegrityError:
            return False
        return bool(done)

    def games_of(self, account_id: int, limit: int = 500) -> list[tuple[str, str, int, bool, float]]:
        """The account's games: id, game, seat, over, updated; latest first."""
        query = (
            sa.select(GAMES.c.id, GAMES.c.game, SEAT_ACCOUNTS.c.seat, GAMES.c.over, GAMES.c.updated_at)
            .join(GAMES, GAMES.c.id == SEAT_ACCOUNTS.c.game_id)
            .where(SEAT_ACCOUNTS.c.account_id == account_id)
            .order_by(GAMES.c.updated_at.desc())
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [(r.id, r.game, r.seat, bool(r.over), r.updated_at) for r in conn.execute(query)]

    def open_seats(self, limit: int = 200) -> list[tuple[str, str, int, float]]:
        """Open seats of unfinished games: game id, game, seat, created; newest first."""
        query = (
            sa.select(GAMES.c.id, GAMES.c.game, SEAT_ACCOUNTS.c.seat, GAMES.c.created_at)
            .join(GAMES, GAMES.c.id == SEAT_ACCOUNTS.c.game_id)
            .where(SEAT_ACCOUNTS.c.account_id.is_(None), GAMES.c.over.is_(False))
            .order_by(GAMES.c.created_at.desc())
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [(r.id, r.game, r.seat, r.created_at) for r in conn.execute(query)]
