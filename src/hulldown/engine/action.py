"""What a seat may do: the base of every game's actions, and the names the protocol gives its parts.

It lives apart from :mod:`hulldown.engine.state` because the state's kernel can be
compiled (``make compiled``, docs/simulation.md) while every game subclasses this
frozen dataclass in plain Python; a compiled dataclass cannot be.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias

from hulldown.engine.messages import Message

Seat: TypeAlias = int
ActionId: TypeAlias = str
JSON: TypeAlias = Any


@dataclass(frozen=True, slots=True)
class Action:
    """One choice of one seat at one decision point.

    ``id`` is stable and readable (it is what records, the web API and the CLI
    exchange); ``label`` is its English text for people. A game defines its
    actions as subclasses in its ``actions`` module (frozen value types whose
    fields say what the action is), where ``id``, ``label``, :meth:`message`
    and :meth:`payload` all derive from one definition, and nothing else
    parses an id. This plain base serves games that need no more.
    """

    id: ActionId
    label: str

    def __str__(self) -> str:
        return self.id

    def message(self) -> Message:
        """The label as a localisable message (key and arguments of the game's catalog)."""
        return Message("action", (("label", self.label),))

    def payload(self) -> dict[str, JSON]:
        """What the action is, as fields a browser renders from (never parsed out of the id)."""
        return {"kind": "action"}

    def to_json(self) -> dict[str, JSON]:
        """The action as the web API sends it."""
        return {"id": self.id, "label": self.label, "message": self.message().to_json(), "payload": self.payload()}
