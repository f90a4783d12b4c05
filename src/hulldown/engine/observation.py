"""Observation types: how a game declares what a seat sees, and how that declaration is checked.

A game builds its observations as TypedDicts (``games/<game>/views.py``) and
declares the top-level type as ``Game.observation_type``. The engine passes
observations on as ``Mapping[str, object]`` (:data:`Observation`), so nothing
game-agnostic can read a key without saying which game's type it expects; each
game's ``views.of`` and ``views.part`` give its readers the declared type.

Validation is for tests and tools, never the hot path: :func:`validator` builds a
pydantic adapter that accepts only exactly the declared shape (strict types, no
extra keys, because every TypedDict in a view is declared with :data:`closed`),
and :func:`schema` is the JSON Schema published to people writing clients.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping
from functools import cache
from typing import TypeVar

from pydantic import ConfigDict, TypeAdapter, with_config

from hulldown.engine.state import Observation

__all__ = ["Observation", "closed", "part_validator", "schema", "validator"]

T = TypeVar("T")

#: Declares a view TypedDict closed: validation refuses a key it does not list. A field's
#: docstring (a string right below it) is its description in the published JSON Schema.
closed: Callable[[type[T]], type[T]] = with_config(ConfigDict(extra="forbid", use_attribute_docstrings=True))


@cache
def validator(kind: type[Mapping[str, object]]) -> Callable[[object], object]:
    """A strict check of ``kind``: a wrong type, a missing key or an extra key raises ``pydantic.ValidationError``."""
    adapter: TypeAdapter[object] = TypeAdapter(kind)

    def check(value: object) -> object:
        return adapter.validate_python(value, strict=True)

    return check


@cache
def part_validator(kind: type[Mapping[str, object]], key: str) -> Callable[[object], object]:
    """A strict check of one entry of ``kind`` (what ``observation_part(seat, key)`` returns)."""
    hints = typing.get_type_hints(kind)
    if key not in hints:
        raise KeyError(f"{kind.__name__} has no entry {key!r}")
    adapter: TypeAdapter[object] = TypeAdapter(hints[key])

    def check(value: object) -> object:
        return adapter.validate_python(value, strict=True)

    return check


@cache
def schema(kind: type[Mapping[str, object]]) -> dict[str, object]:
    """The JSON Schema of ``kind``, as clients receive it (pydantic's serialisation schema).

    Built once per type (the web service answers it on request); callers must not change it.
    """
    adapter: TypeAdapter[object] = TypeAdapter(kind)
    return adapter.json_schema(mode="serialization")
