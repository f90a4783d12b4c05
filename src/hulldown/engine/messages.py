"""Localisable text: a message is a key plus arguments, rendered by a game's catalog.

An action or event carries a :class:`Message` rather than an English sentence,
so the terminal, the browser and a translator read one definition: each game
keeps one catalog (``messages.json`` beside its rules, ``{"en": {key:
template}, "de": {...}}``) that Python renders for the terminal and the web app
sends to the browser as it is. A template uses ``{name}`` placeholders for the
arguments (``str.format`` syntax, no attribute or index access).
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from hulldown.engine.errors import DataFileError

#: Arguments are plain values: a card's name, a count, a hex.
Arg = str | int

#: The language every catalog must cover in full; others fall back to it key by key.
BASE_LANGUAGE = "en"


@dataclass(frozen=True, slots=True)
class Message:
    """A key into a game's catalog with the arguments its template names."""

    key: str
    args: tuple[tuple[str, Arg], ...] = ()

    @classmethod
    def of(cls, key: str, **args: Arg) -> Message:
        return cls(key, tuple(args.items()))

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "args": dict(self.args)}


class Catalog:
    """One game's templates by language; rendering a key it lacks is a bug, so it raises."""

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, Mapping[str, str]]) -> None:
        if BASE_LANGUAGE not in data:
            raise DataFileError("messages", None, None, f"a message catalog needs the {BASE_LANGUAGE!r} language")
        for lang, table in data.items():
            for key, template in table.items():
                _check_template(lang, key, template)
        self._data = {lang: dict(table) for lang, table in data.items()}

    @classmethod
    def from_package(cls, package: str, name: str = "messages.json") -> Catalog:
        """The catalog shipped inside a game package."""
        text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise DataFileError(f"{package}/{name}", None, None, f"not JSON ({exc.msg}, line {exc.lineno})") from None
        return cls(data)

    def merged(self, other: Catalog) -> Catalog:
        """This catalog with ``other``'s templates added (``other`` wins where both have a key)."""
        langs = set(self._data) | set(other._data)
        return Catalog({lang: {**self._data.get(lang, {}), **other._data.get(lang, {})} for lang in langs})

    def keys(self, lang: str = BASE_LANGUAGE) -> frozenset[str]:
        return frozenset(self._data.get(lang, {}))

    def languages(self) -> list[str]:
        return sorted(self._data)

    def render(self, message: Message, lang: str = BASE_LANGUAGE) -> str:
        table = self._data.get(lang, {})
        template = table.get(message.key)
        if template is None:
            template = self._data[BASE_LANGUAGE][message.key]
        return template.format_map(dict(message.args))

    def to_json(self) -> dict[str, dict[str, str]]:
        return {lang: dict(table) for lang, table in self._data.items()}


def _check_template(lang: str, key: str, template: object) -> None:
    if not isinstance(template, str):
        raise DataFileError("messages", f"{lang}.{key}", None, f"a template is a string, not {type(template).__name__}")
    try:
        fields = [f for _, f, _, _ in string.Formatter().parse(template) if f is not None]
    except ValueError as exc:
        raise DataFileError("messages", f"{lang}.{key}", None, str(exc)) from None
    for f in fields:
        if not f.isidentifier():
            raise DataFileError("messages", f"{lang}.{key}", None, f"placeholder {{{f}}} must be a plain name")


#: The kernel's own messages, which every game's catalog extends.
KERNEL = Catalog({"en": {"action": "{label}"}, "de": {}})
