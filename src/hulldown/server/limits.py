"""What one client may pile up on the server: request rates, websockets, rooms in memory.

A client is the address uvicorn reports (``request.client.host``). Behind a
reverse proxy that is the proxy, unless uvicorn is told to trust its
``X-Forwarded-For`` (``--forwarded-allow-ips``): then every forwarded address
is a client of its own.

Rates are token buckets: a client may spend ``burst`` requests at once, then
one more every ``1 / rate`` seconds. A person clicking through a game never
meets them; a script in a loop does, and is told when to come back.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, fields, replace

from hulldown.server.room import ApiError

#: Buckets a request may draw on; the routes name theirs with :func:`rate_limited`.
CREATE = "create"
ACTIONS = "actions"
REGISTER = "register"
LOGIN = "login"
#: hints: each one is a search in a worker process
HINTS = "hints"
#: logins per account name, whatever client sends them (a password guesser spread over many addresses)
LOGIN_NAME = "login-name"


@dataclass(frozen=True, slots=True)
class Limits:
    """Every limit of one server; a rate or a count of 0 switches that limit off."""

    #: games a client may create per minute, and at once
    create_per_minute: float = 20.0
    create_burst: int = 10
    #: actions, undos, control changes and rematches a client may send per second, and at once
    actions_per_second: float = 20.0
    actions_burst: int = 40
    #: hints a client may ask for per minute, and at once (each costs a short search)
    hints_per_minute: float = 20.0
    hints_burst: int = 5
    #: accounts a client may register per hour, and at once
    register_per_hour: float = 20.0
    register_burst: int = 5
    #: login attempts per minute, and at once, from one client and for one account name
    login_per_minute: float = 10.0
    login_burst: int = 10
    login_name_per_minute: float = 5.0
    login_name_burst: int = 10
    #: websockets open at once from one client, and on one game
    ws_per_client: int = 32
    ws_per_room: int = 64
    #: seconds a finished game with nobody watching stays in memory (it stays in the database)
    idle_room_seconds: float = 600.0
    #: games held in memory at most; quiet ones go first, least recently used first
    max_rooms: int = 2000
    #: clients whose buckets are remembered; past it, full (idle) buckets are forgotten first
    max_clients: int = 100_000

    @classmethod
    def off(cls) -> Limits:
        """No rate or connection limit (tests that create many games; benchmarks)."""
        return cls(**{f.name: 0 for f in fields(cls)})

    def but(self, **changes: float) -> Limits:
        return replace(self, **changes)  # type: ignore[arg-type]


class TooManyRequests(ApiError):
    """429 with the whole seconds after which the client's next request will pass."""

    def __init__(self, detail: str, retry_after: float) -> None:
        super().__init__(429, detail)
        self.retry_after = max(1, math.ceil(retry_after))


class Bucket:
    """``tokens`` left at ``stamp``; refills at ``rate`` per second up to ``burst``."""

    __slots__ = ("stamp", "tokens")

    def __init__(self, burst: float, now: float) -> None:
        self.tokens = burst
        self.stamp = now


class RateLimiter:
    """Token buckets per client for one kind of request."""

    def __init__(
        self, what: str, rate: float, burst: int, max_clients: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.what = what
        self.rate = rate
        self.burst = float(max(1, burst))
        self.max_clients = max_clients
        self.clock = clock
        self.buckets: dict[str, Bucket] = {}

    @property
    def enabled(self) -> bool:
        return self.rate > 0

    def take(self, client: str) -> None:
        """Spend one token of ``client``'s bucket, or raise :class:`TooManyRequests`."""
        if not self.enabled:
            return
        now = self.clock()
        bucket = self.buckets.pop(client, None)
        if bucket is None:
            bucket = Bucket(self.burst, now)
            if self.max_clients and len(self.buckets) >= self.max_clients:
                self._forget(now)
        else:
            bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.stamp) * self.rate)
            bucket.stamp = now
        self.buckets[client] = bucket  # re-inserted: the dict's order is least recently used first
        if bucket.tokens < 1:
            wait = (1 - bucket.tokens) / self.rate
            raise TooManyRequests(f"too many {self.what}: retry in {math.ceil(wait)} s", wait)
        bucket.tokens -= 1

    def _forget(self, now: float) -> None:
        """Make room: buckets that have refilled are as good as new; else the oldest go."""
        full = [c for c, b in self.buckets.items() if b.tokens + (now - b.stamp) * self.rate >= self.burst]
        for c in full:
            del self.buckets[c]
        while len(self.buckets) >= self.max_clients:
            del self.buckets[next(iter(self.buckets))]


class Connections:
    """Open websockets per client, refused past the limit (0: no limit)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.open: dict[str, int] = {}

    def enter(self, client: str) -> bool:
        n = self.open.get(client, 0)
        if self.limit and n >= self.limit:
            return False
        self.open[client] = n + 1
        return True

    def leave(self, client: str) -> None:
        n = self.open.get(client, 0) - 1
        if n > 0:
            self.open[client] = n
        else:
            self.open.pop(client, None)


class Guard:
    """The limits of one app, with the state they keep."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        most = limits.max_clients
        self.rates = {
            CREATE: RateLimiter("game creations", limits.create_per_minute / 60, limits.create_burst, most, clock),
            ACTIONS: RateLimiter("game requests", limits.actions_per_second, limits.actions_burst, most, clock),
            HINTS: RateLimiter("hints", limits.hints_per_minute / 60, limits.hints_burst, most, clock),
            REGISTER: RateLimiter("new accounts", limits.register_per_hour / 3600, limits.register_burst, most, clock),
            LOGIN: RateLimiter("login attempts", limits.login_per_minute / 60, limits.login_burst, most, clock),
            LOGIN_NAME: RateLimiter(
                "login attempts for this name", limits.login_name_per_minute / 60, limits.login_name_burst, most, clock
            ),
        }
        self.websockets = Connections(limits.ws_per_client)

    def take(self, bucket: str, client: str) -> None:
        self.rates[bucket].take(client)
