"""Loading and validating data files (cards, boards, missions).

Data is TOML, checked on load with pydantic models; every failure becomes a
:class:`DataFileError` naming the file, the entry and the field, so a user who
edits a card file sees exactly where the mistake is.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from hulldown.engine.errors import DataFileError

M = TypeVar("M", bound=BaseModel)


def load_toml(path: str | Path) -> dict[str, Any]:
    p = Path(path)
    try:
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
            out.append(model.model_validate(raw))
        except ValidationError as exc:
            err = exc.errors()[0]
            field = ".".join(str(p) for p in err.get("loc", ())) or None
            raise DataFileError(str(path), f"{table} {label}", field, err.get("msg", "invalid")) from None
    return out


def require_unique(path: str | Path, items: Sequence[Any], attr: str, table: str) -> None:
    seen: set[Any] = set()
    for item in items:
        value = getattr(item, attr)
        if value in seen:
            raise DataFileError(str(path), f"{table} {value}", attr, "duplicate")
        seen.add(value)
