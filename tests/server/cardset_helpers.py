"""Card-set folders for tests, and a tripwire that fails a test when the server touches a forbidden path."""

from __future__ import annotations

import builtins
import io
import os
import pathlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from hulldown.games.tank_hunter.cards import DATA_FILE as HUNTER_CARDS
from hulldown.games.tank_killers.cards import DATA as KILLERS_DATA

#: Card names only the test sets have.
WINTER_CARD = "Panther Winterketten"
DESERT_UNIT = "Tiger Desert"


def make_sets(root: Path) -> Path:
    """``root`` with a good set per card game, and sets the server must skip."""
    german = (KILLERS_DATA / "german.toml").read_text(encoding="utf-8")
    winter = root / "tank-killers" / "winter"
    winter.mkdir(parents=True)
    (winter / "german.toml").write_text(german.replace('name = "Panther"', f'name = "{WINTER_CARD}"'), "utf-8")
    (winter / "tactics.toml").write_text((KILLERS_DATA / "tactics.toml").read_text("utf-8"), "utf-8")
    broken = root / "tank-killers" / "broken"
    broken.mkdir()
    (broken / "tactics.toml").write_text("[[card]]\nname = 'only one'\n", "utf-8")
    badly_named = root / "tank-killers" / "Bad.Name"
    badly_named.mkdir()
    (badly_named / "german.toml").write_text(german, "utf-8")
    (root / "tank-killers" / "empty").mkdir()
    fifo = root / "tank-killers" / "fifo"
    fifo.mkdir()
    os.mkfifo(fifo / "german.toml")
    hunter = HUNTER_CARDS.read_text(encoding="utf-8")
    desert = root / "tank-hunter" / "desert"
    desert.mkdir(parents=True)
    (desert / "cards.toml").write_text(
        hunter.replace('{ name = "Tiger I", kind = "AFV"', f'{{ name = "{DESERT_UNIT}", kind = "AFV"'), "utf-8"
    )
    return root


@contextmanager
def tripwire(monkeypatch: pytest.MonkeyPatch, *forbidden: str) -> Iterator[list[str]]:
    """Every open, stat or read of a path containing one of ``forbidden`` fails (and is listed).

    The wrapped calls raise before the real one runs, so a regression fails the
    test instead of reading ``/dev/zero`` or blocking on a FIFO.
    """
    touched: list[str] = []

    def guard(real: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if args and isinstance(args[0], (str, bytes, os.PathLike)):
                text = os.fsdecode(args[0])
                if any(f in text for f in forbidden):
                    touched.append(text)
                    raise AssertionError(f"the server touched {text}")
            return real(*args, **kwargs)

        return wrapper

    for owner, name in (
        (builtins, "open"),
        (io, "open"),
        (os, "open"),
        (os, "stat"),
        (os, "lstat"),
        (pathlib.Path, "read_bytes"),
        (pathlib.Path, "read_text"),
    ):
        monkeypatch.setattr(owner, name, guard(getattr(owner, name)))
    for module in ("hulldown.games.tank_killers.cards", "hulldown.games.tank_hunter.cards"):
        monkeypatch.setattr(f"{module}.load_toml", guard(__import__(module, fromlist=["x"]).load_toml))
    try:
        yield touched
    finally:
        monkeypatch.undo()
