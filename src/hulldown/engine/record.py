"""Versioned game records (``Game.replay`` plays one back).

A record holds every decision *and every chance outcome*, so it replays to the
same state even if the code that draws cards or rolls dice changes order or
algorithm later: replay feeds the recorded outcomes back instead of re-drawing.
A SHA-256 checksum over the canonical content refuses records edited by hand or
damaged in transit; replay then re-validates every step against the rules.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from hulldown.engine.errors import RecordError
from hulldown.engine.version import __version__

#: One log entry: ``("action", seat, id)`` or a chance outcome (see engine/state.py).
LogEntry = tuple[Any, ...]


class RecordSource(Protocol):
    """What a record is built from: a game state, seen only through its public protocol."""

    @property
    def game_id(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def options(self) -> dict[str, Any]: ...
    @property
    def is_over(self) -> bool: ...
    def log_entries(self) -> list[LogEntry]: ...
    def returns(self) -> list[float]: ...
    def fingerprint(self) -> str: ...


FORMAT = "hulldown-record"
FORMAT_VERSION = 1
_CHANCE_KINDS = ("die", "choice", "shuffle")


def _engine_version() -> str:
    return __version__


def _canonical(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(slots=True)
class GameRecord:
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    steps: list[list[Any]]
    returns: list[float] | None
    final: str
    engine_version: str = field(default_factory=_engine_version)
    format_version: int = FORMAT_VERSION

    # -- building ----------------------------------------------------------
    @classmethod
    def from_state(cls, state: RecordSource) -> GameRecord:
        steps = [list(e[:2]) + ([list(e[2])] if e[0] == "shuffle" else [e[2]]) for e in state.log_entries()]
        return cls(
            game=state.game_id,
            players=state.players,
            seed=state.seed,
            options=dict(state.options),
            steps=steps,
            returns=state.returns() if state.is_over else None,
            final=state.fingerprint(),
        )

    @property
    def decisions(self) -> list[tuple[int, str]]:
        return [(s[1], s[2]) for s in self.steps if s[0] == "action"]

    # -- JSON ---------------------------------------------------------------
    def _content(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "format_version": self.format_version,
            "engine_version": self.engine_version,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "steps": self.steps,
            "result": {"over": self.returns is not None, "returns": self.returns},
            "final": self.final,
        }

    def to_dict(self) -> dict[str, Any]:
        content = self._content()
        content["checksum"] = "sha256:" + hashlib.sha256(_canonical(content).encode()).hexdigest()
        return content

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json(indent=1), encoding="utf-8")

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a hulldown record (format is {data.get('format')!r:.40})")
        version = data.get("format_version")
        if version != FORMAT_VERSION:
            raise RecordError(
                f"record format version {version!r:.20} is not supported (this engine reads {FORMAT_VERSION})"
            )
        checksum = data.get("checksum")
        content = {k: v for k, v in data.items() if k != "checksum"}
        expected = "sha256:" + hashlib.sha256(_canonical(content).encode()).hexdigest()
        if checksum != expected:
            raise RecordError("the record's checksum does not match its content: it was edited or damaged")
        for key, typ in (
            ("game", str),
            ("players", int),
            ("seed", int),
            ("options", dict),
            ("steps", list),
            ("final", str),
        ):
            if not isinstance(data.get(key), typ):
                raise RecordError(f"record field {key!r} is missing or has the wrong type")
        result = data.get("result")
        if not isinstance(result, dict):
            raise RecordError("record field 'result' is missing")
        steps = data["steps"]
        for i, step in enumerate(steps):
            _check_step(i, step)
        return cls(
            game=data["game"],
            players=data["players"],
            seed=data["seed"],
            options=data["options"],
            steps=steps,
            returns=result.get("returns"),
            final=data["final"],
            engine_version=str(data.get("engine_version", "")),
            format_version=version,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError) as exc:
            raise RecordError(f"the record is not valid JSON ({exc})") from None
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            text = Path(path).read_bytes()
        except OSError as exc:
            raise RecordError(f"cannot read record {path}: {exc.strerror}") from None
        return cls.from_json(text)


def _check_step(i: int, step: Any) -> None:
    if not isinstance(step, list) or len(step) != 3:
        raise RecordError(f"record step {i} is malformed")
    kind = step[0]
    if kind == "action":
        if not (isinstance(step[1], int) and isinstance(step[2], str)):
            raise RecordError(f"record step {i}: an action needs a seat and an action id")
    elif kind in ("die", "choice"):
        if not (isinstance(step[1], int) and isinstance(step[2], int)):
            raise RecordError(f"record step {i}: a {kind} needs a size and a value")
    elif kind == "shuffle":
        if not (isinstance(step[1], int) and isinstance(step[2], list) and sorted(step[2]) == list(range(step[1]))):
            raise RecordError(f"record step {i}: a shuffle needs a permutation of its size")
    else:
        raise RecordError(f"record step {i} has unknown kind {kind!r:.20}")
