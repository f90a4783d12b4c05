"""Who is logged in: password hashing, session cookies and the CSRF check.

A login opens a session: a random secret sent to the browser in an HttpOnly
cookie, of which the database keeps only the SHA-256 (``accountdb.SESSIONS``).
Since a browser sends cookies with requests that other sites make it send, every
state-changing request authenticated by the session cookie must also carry the
session's CSRF token in the ``X-CSRF-Token`` header: a second, readable cookie
that only pages of this origin can read and echo (double submit). The token is
bound to its session (the row holds its hash), so a cookie planted by another
site cannot stand in for it. Requests authenticated by a Bearer seat token carry
no cookie credential and are unaffected.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
from collections.abc import Callable

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from starlette.requests import HTTPConnection
from starlette.responses import Response

from hulldown.server.accountdb import Account, AccountStore, Session
from hulldown.server.room import ApiError

SESSION_COOKIE = "hd_session"
CSRF_COOKIE = "csrf"
CSRF_HEADER = "x-csrf-token"
#: a session ends after this many seconds without a request
SESSION_TTL = 30 * 86400.0
#: how stale ``last_seen`` may be before a request writes it again
_TOUCH_AFTER = 300.0


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def same(a: str, b: str) -> bool:
    """Constant-time equality of any two strings (``hmac.compare_digest`` refuses non-ASCII ``str``)."""
    return hmac.compare_digest(a.encode("utf-8", "surrogatepass"), b.encode("utf-8", "surrogatepass"))


class Authenticator:
    """The sessions of one server."""

    def __init__(
        self, store: AccountStore, hasher: PasswordHasher | None = None, clock: Callable[[], float] = time.time
    ) -> None:
        self.store = store
        self.hasher = hasher or PasswordHasher()
        self.clock = clock
        # a name without an account costs the same time as a wrong password: no telling them apart
        self._decoy = self.hasher.hash(secrets.token_urlsafe(16))

    async def hash_password(self, password: str) -> str:
        """The argon2 hash, computed off the event loop (it takes tens of milliseconds on purpose)."""
        return await asyncio.get_running_loop().run_in_executor(None, self.hasher.hash, password)

    async def check_password(self, account: Account | None, password: str) -> bool:
        stored = self._decoy if account is None else account.password_hash

        def verify() -> bool:
            try:
                return self.hasher.verify(stored, password)
            except (VerificationError, InvalidHashError):
                return False

        ok = await asyncio.get_running_loop().run_in_executor(None, verify)
        if ok and account is not None and self.hasher.check_needs_rehash(stored):
            self.store.set_password_hash(account.id, await self.hash_password(password))
        return ok and account is not None

    def open_session(self, account: Account) -> tuple[str, str]:
        """A new session of ``account``: its secret and its CSRF token (only their hashes are stored)."""
        now = self.clock()
        self.store.remove_expired(now)
        secret, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
        self.store.add_session(secrets.token_urlsafe(12), account.id, digest(secret), digest(csrf), now, SESSION_TTL)
        return secret, csrf

    def session(self, conn: HTTPConnection) -> Session | None:
        """The live session the request's cookie names, if any."""
        secret = conn.cookies.get(SESSION_COOKIE)
        if not secret or len(secret) > 200:
            return None
        found = self.store.session(digest(secret))
        now = self.clock()
        if found is None or found.expires_at < now:
            return None
        if now - found.last_seen > _TOUCH_AFTER:
            self.store.touch_session(found.id, now, SESSION_TTL)
        return found

    def csrf_ok(self, conn: HTTPConnection, session: Session) -> bool:
        header = conn.headers.get(CSRF_HEADER, "")
        cookie = conn.cookies.get(CSRF_COOKIE, "")
        # both comparisons always run: the time taken says nothing about which failed
        echoed = same(header, cookie)
        bound = same(digest(header), session.csrf_hash)
        return bool(header) and echoed and bound

    def require(self, conn: HTTPConnection, write: bool) -> Session:
        """The request's session; 401 without one, 403 for a write without the CSRF token."""
        session = self.session(conn)
        if session is None:
            raise ApiError(401, "log in first")
        if write and not self.csrf_ok(conn, session):
            raise ApiError(403, "send the csrf cookie's value in the X-CSRF-Token header")
        return session


def set_cookies(response: Response, conn: HTTPConnection, secret: str, csrf: str) -> None:
    secure = conn.url.scheme in ("https", "wss")
    age = int(SESSION_TTL)
    response.set_cookie(SESSION_COOKIE, secret, max_age=age, httponly=True, samesite="lax", secure=secure, path="/")
    response.set_cookie(CSRF_COOKIE, csrf, max_age=age, httponly=False, samesite="lax", secure=secure, path="/")


def clear_cookies(response: Response) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax")
    response.delete_cookie(CSRF_COOKIE, path="/", samesite="lax")
