"""Exceptions of the engine.

Each failure a caller may want to handle differently has its own type, so that
a web handler can map it to a status code and a CLI to one clear line without
parsing messages. Messages never carry hidden information: an illegal action is
reported by the id the caller sent, never by what the state holds.
"""

from __future__ import annotations


class HulldownError(Exception):
    """Base of every error hulldown raises on purpose."""


class IllegalActionError(HulldownError):
    """The action is not among the legal actions of the current decision.

    Raised before anything changes, so the state is exactly as it was.
    """


class GameOverError(IllegalActionError):
    """An action was sent to a game that has already ended."""


class UnknownGameError(HulldownError, KeyError):
    """No registered game has that id."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class OptionError(HulldownError, ValueError):
    """Game options (or player count) that the game does not accept."""


class RecordError(HulldownError, ValueError):
    """A game record that is malformed, tampered with, or does not replay."""


class DataFileError(HulldownError, ValueError):
    """A data file (cards, boards, missions) that fails validation.

    The message names the file, the entry and the field, so a user editing
    their own card file can find the mistake without reading code.
    """

    def __init__(self, path: str, entry: str | None, field: str | None, problem: str) -> None:
        self.path = path
        self.entry = entry
        self.field = field
        self.problem = problem
        where = path
        if entry is not None:
            where += f", entry {entry!r}"
        if field is not None:
            where += f", field {field!r}"
        super().__init__(f"{where}: {problem}")


class ChanceScriptError(HulldownError, ValueError):
    """A scripted or recorded chance outcome does not fit the draw it was used for."""


class AgentSpecError(HulldownError, ValueError):
    """An agent named on the command line or in a request that cannot be built."""
