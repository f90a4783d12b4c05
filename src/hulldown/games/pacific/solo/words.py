"""§12 The AI's reasons as messages of 2GM's catalog (``ai.*`` keys), so a page shows them in
its own language.

A reason often names a row of a table ("12.2 Behaviour: Reinforce (turns 1-2)"), and the
row's name is a word of its own in each language; so an argument of a :class:`Said` may be
another :class:`Said`, rendered first. The procedure writes its English text into the AI's log
(``st.log_ai``) with the message beside it, both carried by the observation, so a page renders
the message in its language; :func:`say` does both, and :func:`listening` lets the ``solo-ai``
agent hear the message behind a line it simulates.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from hulldown.engine.messages import Catalog, Message

if TYPE_CHECKING:
    from hulldown.engine import Event
    from hulldown.games.pacific.fields import PacificFields


@dataclass(frozen=True, slots=True)
class Said:
    """§12 A key of 2GM's catalog with its arguments, which may be messages themselves."""

    key: str
    args: tuple[tuple[str, str | int | Said], ...] = ()

    @classmethod
    def of(cls, key: str, **args: str | int | Said) -> Said:
        """§12 The message ``key`` with these arguments."""
        return cls(key, tuple(args.items()))

    def to_json(self) -> dict[str, Any]:
        """§12 As the browser reads it: ``{"key", "args"}``, an argument that is a message nested alike."""
        return {"key": self.key, "args": {k: v.to_json() if isinstance(v, Said) else v for k, v in self.args}}

    def render(self, lang: str = "en") -> str:
        """§12 The text in ``lang`` (a language the catalog lacks falls back to English)."""
        args = tuple((k, v.render(lang) if isinstance(v, Said) else v) for k, v in self.args)
        return _catalog().render(Message(self.key, args), lang)

    def __str__(self) -> str:
        """§12 The English text, as the AI's log writes it."""
        return self.render()


@cache
def _catalog() -> Catalog:
    """§12 2GM's catalog, read once."""
    return Catalog.from_package("hulldown.games.pacific")


def row(kind: str, table: str, band: str) -> Said:
    """§12 The name of a table's row (``kind``: behaviour, deploy or move), as the rulebook prints it."""
    return Said(f"ai.{kind}.{table}.{band}")


#: What the agent is listening to, while it simulates the procedure on a copy.
_heard: list[Said] | None = None


def say(st: PacificFields, said: Said, events: list[Event]) -> None:
    """§12 Log an AI decision: its English text in the AI's log, its message to whoever listens."""
    if _heard is not None:
        _heard.append(said)
    st.log_ai(said.render(), events, said.to_json())


def note(st: PacificFields, said: Said, events: list[Event]) -> None:
    """§12 Log a step of the procedure that is no decision the agent explains (a roll, a draw):
    its English text and its message, heard by no one."""
    st.log_ai(said.render(), events, said.to_json())


@contextmanager
def listening() -> Iterator[list[Said]]:
    """§12 The messages :func:`say` logs in this block (the agent runs one decision at a time)."""
    global _heard
    outer, _heard = _heard, []
    try:
        yield _heard
    finally:
        _heard = outer
