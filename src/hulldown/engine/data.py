"""Loading and validating data files (cards, boards, missions).

Data is TOML, checked on load with pydantic models; every failure becomes a
:class:`DataFileError` naming the file, the entry and the field, so a user who
edits a card file sees exactly where the mistake is.
"""

from __future__ import annotations

import stat
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from pydantic import TypeAdapter, ValidationError

from hulldown.engine.errors import DataFileError, OptionError

#: A data class: a pydantic model, or a pydantic dataclass where the rules read the fields often.
M = TypeVar("M")

_ADAPTERS: dict[type, TypeAdapter[Any]] = {}


def adapter(model: type[M]) -> TypeAdapter[M]:
    """The validator of a data class, made once: one path for pydantic models and dataclasses."""
    ta = _ADAPTERS.get(model)
    if ta is None:
        ta = _ADAPTERS[model] = TypeAdapter(model)
    return ta


def error_message(err: Mapping[str, Any]) -> str:
    """A validation error's message as a user reads it; a dataclass's unknown field is said as a model's."""
    if err.get("type") == "unexpected_keyword_argument":
        return "Extra inputs are not permitted"
    return str(err.get("msg", "invalid"))


#: A data file larger than this is refused before it is read (the built-in ones are under 20 KiB).
MAX_DATA_FILE = 1024 * 1024


def load_toml(path: str | Path) -> dict[str, Any]:
    """A TOML file as a dict; a path that is not a regular file of at most :data:`MAX_DATA_FILE` is refused.

    Card files come from users, so the size and kind are checked before reading:
    a FIFO or ``/dev/zero`` named by mistake gives an error, not a hang.
    """
    p = Path(path)
    try:
        info = p.stat()
        if not stat.S_ISREG(info.st_mode):
            raise DataFileError(str(p), None, None, "not a regular file")
        if info.st_size > MAX_DATA_FILE:
            raise DataFileError(str(p), None, None, f"larger than {MAX_DATA_FILE} bytes")
        with p.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DataFileError(str(p), None, None, "file not found") from None
    except OSError as exc:
        raise DataFileError(str(p), None, None, f"cannot read: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(str(p), None, None, f"not valid TOML: {exc}") from None


def validate_entries(
    path: str | Path,
    entries: Any,
    model: type[M],
    *,
    table: str,
    key: str = "name",
) -> list[M]:
    """Validate each entry of an array of tables (``[[table]]``) against ``model``."""
    if not isinstance(entries, list):
        raise DataFileError(str(path), None, table, f"expected an array of tables ([[{table}]])")
    out: list[M] = []
    for i, raw in enumerate(entries):
        label = str(raw.get(key, f"#{i + 1}")) if isinstance(raw, dict) else f"#{i + 1}"
        try:
            out.append(adapter(model).validate_python(raw))
        except ValidationError as exc:
            err = exc.errors()[0]
            field = ".".join(str(p) for p in err.get("loc", ())) or None
            raise DataFileError(str(path), f"{table} {label}", field, error_message(err)) from None
    return out


def require_unique(path: str | Path, items: Sequence[Any], attr: str, table: str) -> None:
    seen: set[Any] = set()
    for item in items:
        value = getattr(item, attr)
        if value in seen:
            raise DataFileError(str(path), f"{table} {value}", attr, "duplicate")
        seen.add(value)


#: The longest card list a bar option accepts (every card of any built-in set fits many times over).
MAX_BAR_TEXT = 4000


def parse_card_list(
    text: str, option: str, allowed: Sequence[str], game: str, *, shown: Sequence[str] | None = None
) -> frozenset[str]:
    """The card names of a comma-separated option such as ``bar_cards``, as the card data spells them.

    Names match without regard to case, so a designer can type what the card
    shows; the error for one that matches nothing lists the names that do,
    because a barred card is the whole point of the run and a silent typo
    would compare the game with itself. ``shown``: the names the error lists,
    when ``allowed`` also holds aliases (a card's id beside its name).
    """
    if len(text) > MAX_BAR_TEXT:
        raise OptionError(f"option {option!r}: at most {MAX_BAR_TEXT} characters, got {len(text)}")
    by_key = {name.casefold(): name for name in allowed}
    out: set[str] = set()
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name = by_key.get(part.casefold())
        if name is None:
            raise OptionError(
                f"option {option!r}: {game} has no card {part!r:.60} that can be left out"
                f" (cards: {', '.join(sorted(set(allowed if shown is None else shown)))})"
            )
        out.add(name)
    return frozenset(out)


def with_card_listed(options: Mapping[str, Any], option: str, card: str) -> dict[str, Any]:
    """``options`` with ``card`` added to the comma-separated list ``option`` (a ``balance --bar`` hook).

    Cards already listed stay, so a study can bar one more card on top of a
    variant that bars others; the name is checked when the game is set up.
    """
    opts = dict(options)
    listed = [n.strip() for n in str(opts.get(option, "")).split(",") if n.strip()]
    if card.strip().casefold() not in {n.casefold() for n in listed}:
        listed.append(card.strip())
    opts[option] = ", ".join(listed)
    return opts
