"""Accounts and their login sessions in the database.

A session row holds only the SHA-256 of its secret (the cookie's value) and of its
CSRF token: whoever reads the database cannot log in as anyone. Passwords are
stored as argon2 hashes (``hulldown.server.auth``), never as themselves.
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from hulldown.server.db import METADATA

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
