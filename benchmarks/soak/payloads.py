"""The hostile catalogue and the plan of the players' games: plain data, no I/O.

Bodies are raw bytes so they can be what no JSON encoder would write: NaN,
lone surrogates, invalid UTF-8, numbers past Python's digit limit. Requests
marked ``dangerous`` would hurt the machine itself on a server that obeys them
(``/dev/zero`` read to exhaustion); the soak sends them only once a harmless
probe has shown that the server refuses client-named files.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

#: The four games the players spread over (only those the server offers are used).
GAMES = ("tank-killers", "tank-hunter", "tank-clash", "2gm-pacific")
MAX_BODY = 64 * 1024


@dataclass(frozen=True)
class Raw:
    """One malformed request: ``target`` is ``create`` (POST /api/games) or ``action`` (a live game's actions)."""

    name: str
    target: str
    body: bytes
    content_type: str = "application/json"
    chunked: bool = False


def _create(extra: str) -> bytes:
    return ('{"game": "tank-killers", "seats": ["human", "bot:random"]' + extra + "}").encode()


def malformed() -> list[Raw]:
    """Bodies a strict server answers with 4xx (400, 413, 415 or 422), never 5xx and never 201/200."""
    deep = 10_000  # nested, yet under the body limit
    return [
        Raw("nan-clock", "create", _create(', "clock": NaN')),
        Raw("infinity-clock", "create", _create(', "clock": Infinity')),
        Raw("minus-infinity-option", "create", _create(', "options": {"turn_limit": -Infinity}')),
        Raw("nan-version", "action", b'{"action": "x", "version": NaN}'),
        Raw("infinity-version", "action", b'{"action": "x", "version": Infinity}'),
        Raw("surrogate-game", "create", b'{"game": "\\ud800", "seats": ["human"]}'),
        Raw("surrogate-seat", "create", _create(', "takeover": "bot:\\udfff"')),
        Raw("surrogate-option-key", "create", _create(', "options": {"\\ud800": 1}')),
        Raw("surrogate-action", "action", b'{"action": "\\ud800\\udbff", "version": 1}'),
        Raw("invalid-utf8", "create", b'{"game": "\xff\xfe\xc3", "seats": ["human"]}'),
        Raw("invalid-utf8-action", "action", b'{"action": "\xc0\xaf", "version": 1}'),
        Raw("huge-int-version", "action", b'{"action": "x", "version": ' + b"9" * 5000 + b"}"),
        Raw("huge-float-version", "action", b'{"action": "x", "version": 1e400}'),
        Raw("huge-int-option", "create", _create(', "options": {"turn_limit": 1' + "0" * 40 + "}")),
        Raw("huge-float-option", "create", _create(', "options": {"turn_limit": 1e308}')),
        Raw("int64-version", "action", b'{"action": "x", "version": 18446744073709551617}'),
        Raw("deep-array", "create", b"[" * deep + b"]" * deep),
        Raw("deep-object", "action", b'{"a":' * deep + b"1" + b"}" * deep),
        Raw("deep-option", "create", _create(', "options": {"x": ' + "[" * 5000 + "]" * 5000 + "}")),
        Raw("array-body", "create", b"[]"),
        Raw("string-body", "action", b'"action"'),
        Raw("number-body", "create", b"1"),
        Raw("null-body", "action", b"null"),
        Raw("empty-body", "create", b""),
        Raw("truncated", "create", b'{"game": "tank-killers", "seats": ["hum'),
        Raw("text-plain", "create", _create(""), content_type="text/plain"),
        Raw("duplicate-keys", "action", b'{"action": "x", "action": "y", "version": 1, "version": 2}'),
        Raw("many-options", "create", _create(', "options": ' + json.dumps({f"o{i}": i for i in range(500)}))),
        Raw(
            "many-seats", "create", b'{"game": "tank-killers", "seats": ' + json.dumps(["human"] * 5000).encode() + b"}"
        ),
        Raw("long-seat", "create", b'{"game": "tank-killers", "seats": ["bot:' + b"r" * 50_000 + b'"]}'),
        Raw("extra-field", "action", b'{"action": "x", "version": 1, "admin": true}'),
        Raw("over-limit", "create", _create(', "pad": "' + "x" * (MAX_BODY + 10) + '"')),
        Raw("one-megabyte", "action", b'{"action": "' + b"x" * (1 << 20) + b'", "version": 1}'),
        Raw("chunked-megabyte", "create", _create(', "pad": "' + "x" * (1 << 20) + '"'), chunked=True),
    ]


@dataclass(frozen=True)
class CreateProbe:
    """A game creation a hardened server must refuse (422), with why."""

    name: str
    body: dict[str, Any]
    dangerous: bool = False


def _game(game: str, seats: list[str], **options: Any) -> dict[str, Any]:
    return {"game": game, "seats": seats, "options": options}


def file_probes() -> list[CreateProbe]:
    """Options and bot specs that name files on the server's disk."""
    h, r = "human", "bot:random"
    return [
        CreateProbe("tactics-file-dev-zero", _game("tank-killers", [h, r], tactics_file="/dev/zero"), dangerous=True),
        CreateProbe("tactics-file-passwd", _game("tank-killers", [h, r], tactics_file="/etc/passwd")),
        CreateProbe("german-file-environ", _game("tank-killers", [h, r], german_file="/proc/self/environ")),
        CreateProbe("hunter-cards-passwd", _game("tank-hunter", [h, r], cards="/etc/passwd")),
        CreateProbe("hunter-cards-relative", _game("tank-hunter", [h, r], cards="../../../../../../etc/passwd")),
        CreateProbe("hunter-cards-shadow", _game("tank-hunter", [h, r], cards="/etc/shadow")),
        CreateProbe("bot-cards-passwd", _game("tank-hunter", [h, "bot:heuristic:cards=/etc/passwd"])),
        CreateProbe(
            "takeover-cards-passwd", {**_game("tank-hunter", [h, h]), "takeover": "bot:heuristic:cards=/etc/passwd"}
        ),
    ]


#: Texts that only a file the server read could have put into an answer.
LEAK_MARKS = ("root:x:0:0", "root:*:", "PATH=", "HOME=")

#: The largest bot budget a hardened server allows: games of it are accepted and must not starve others.
MAX_BUDGET = "bot:ismcts:level=hard"


def unbounded_probes() -> list[CreateProbe]:
    """Bot budgets past any bound (a hardened server answers 422); each would hold a worker for hours."""
    h = "human"
    specs = [
        "bot:ismcts:seconds=100000",
        "bot:ismcts:iterations=1000000000",
        "bot:ismcts:seconds=1e308",
        "bot:ismcts:seconds=inf",
        "bot:ismcts:seconds=nan",
        "bot:ismcts:level=hard,worlds=100000",
        "bot:ismcts:level=insane",
    ]
    out = [CreateProbe(s.split(":", 2)[2], _game("tank-clash", [s, h])) for s in specs]
    out.append(CreateProbe("takeover-seconds", {**_game("tank-clash", [h, h]), "takeover": specs[0]}))
    return out


@dataclass(frozen=True)
class GamePlan:
    """One players' game: the game, its seats (``human`` seats are played by soak clients)."""

    index: int
    game: str
    seats: tuple[str, str]

    @property
    def humans(self) -> int:
        return sum(s == "human" for s in self.seats)


def opponent(i: int, game: str, rng: random.Random) -> str:
    """Mostly cheap bots; one game in 12 against a person, one in 16 against a light search."""
    if i % 12 == 5:
        return "human"
    if i % 16 == 9:
        return "bot:ismcts:level=easy"
    if game == "2gm-pacific" and i % 8 == 3:
        return "bot:solo-ai"
    return rng.choice(("bot:random", "bot:heuristic"))


def plan_games(n: int, games: list[str], seed: int = 0) -> list[GamePlan]:
    """``n`` games spread evenly over ``games``, the human in a random seat."""
    if not games:
        raise ValueError("no game to play")
    rng = random.Random(seed)
    plans = []
    for i in range(n):
        game = games[i % len(games)]
        other = opponent(i, game, rng)
        seats = ("human", other) if rng.random() < 0.5 else (other, "human")
        plans.append(GamePlan(i, game, seats))
    return plans
