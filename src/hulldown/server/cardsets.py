"""Card sets an operator installs, and the rule that a web client never names a file.

Options that name files (:attr:`hulldown.engine.game.OptionSpec.file`) are for
local callers only: a path from a client could probe any readable file (data
file errors quote what they read), exhaust memory (``/dev/zero``) or block the
server (a FIFO). Instead, ``hulldown serve --card-sets DIR`` reads
``DIR/<game-id>/<set-name>/<file>`` once at start-up, validates each set with the
game's own loaders, and keeps the result in memory: a client picks a set by
name, and the server only looks that name up in its dict, never joining it
into a path. A game stores the name (and a digest of the files), not the
paths, so it is resolved again when the game is rebuilt after a restart.
"""

from __future__ import annotations

import hashlib
import logging
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hulldown.agents.registry import parse_spec
from hulldown.engine.errors import AgentSpecError, HulldownError, OptionError
from hulldown.engine.game import Game
from hulldown.engine.record import GameRecord
from hulldown.engine.registry import games, load

log = logging.getLogger("hulldown.server")

#: What a card set's name looks like (its folder's name; the ``card_set`` field of a new game).
CARD_SET_PATTERN = r"^[a-z0-9][a-z0-9_-]{0,63}$"
_NAME = re.compile(CARD_SET_PATTERN)
#: A card file larger than this is refused at start-up (the built-in ones are under 20 KiB).
MAX_CARD_FILE = 1024 * 1024
#: Bot parameters that name files in some bot (Tank Hunter's heuristic reads ``cards=``).
_FILE_PARAMS = frozenset({"cards", "file", "path"})


class CardSetError(HulldownError):
    """A stored game's card set is missing or changed, or its options name a file."""


@dataclass(frozen=True, slots=True)
class CardSet:
    """One installed set: the file options it fills, with the absolute paths the server resolved."""

    game: str
    name: str
    files: dict[str, str]
    digest: str


class CardSets:
    """The card sets of one server, by game id and name; empty when none were installed."""

    def __init__(self, root: Path | None = None, sets: Mapping[str, Mapping[str, CardSet]] | None = None) -> None:
        self.root = root
        self._sets = {g: dict(by_name) for g, by_name in (sets or {}).items()}

    @classmethod
    def scan(cls, root: str | Path | None) -> CardSets:
        """Read and validate every set under ``root`` (once, at start-up); broken sets are logged and skipped."""
        if root is None:
            return cls()
        base = Path(root).resolve()
        if not base.is_dir():
            raise NotADirectoryError(f"card sets: {root} is not a folder")
        sets: dict[str, dict[str, CardSet]] = {}
        ids = {info.id for info in games()}
        for folder in sorted(base.iterdir()):
            if folder.name not in ids or not folder.is_dir():
                log.warning("card sets: %s is no installed game's folder; ignored", folder.name)
                continue
            game = load(folder.name)
            if not game.info.file_options:
                log.warning("card sets: %s takes no card files; %s ignored", game.id, folder.name)
                continue
            for entry in sorted(folder.iterdir()):
                found = _read_set(game, entry)
                if found is not None:
                    sets.setdefault(game.id, {})[found.name] = found
        for gid, by_name in sorted(sets.items()):
            log.info("card sets of %s: %s", gid, ", ".join(sorted(by_name)))
        return cls(base, sets)

    def names(self, game_id: str) -> list[str]:
        return sorted(self._sets.get(game_id, {}))

    def get(self, game_id: str, name: str) -> CardSet | None:
        return self._sets.get(game_id, {}).get(name)

    def prepare(
        self, game: Game, options: dict[str, Any], config: dict[str, Any]
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game's config (with the set's digest) and the options it is played with.

        ``config["card_set"]`` is the name a client chose; OptionError if no such set.
        """
        name = config.get("card_set")
        if name is None:
            return config, self.live_options(game, options, config)
        found = self.get(game.id, name) if isinstance(name, str) else None
        if found is None:
            installed = ", ".join(self.names(game.id)) or "none"
            raise OptionError(f"{game.id} has no card set {name!r:.70} (installed: {installed})")
        config = {**config, "card_set_digest": found.digest}
        return config, self.live_options(game, options, config)

    def live_options(self, game: Game, options: Mapping[str, Any], config: Mapping[str, Any]) -> dict[str, Any]:
        """Stored options with the game's card set filled in; CardSetError when that is not possible.

        Stored options never name a file themselves: one that does comes from a
        client of an older server, and is refused rather than opened.
        """
        opts = dict(options)
        for o in game.info.file_options:
            if opts.get(o.name):
                raise CardSetError(f"option {o.name!r} names a file, which this server no longer opens for web games")
        name = config.get("card_set")
        if name is None:
            return opts
        found = self.get(game.id, str(name))
        if found is None:
            raise CardSetError(f"card set {name!r} of {game.id} is not installed on this server")
        digest = config.get("card_set_digest")
        if digest is not None and digest != found.digest:
            raise CardSetError(f"card set {name!r} of {game.id} has changed since this game began")
        return {**opts, **found.files}

    def redact(self, text: str) -> str:
        """``text`` with the card-sets folder's absolute path left out (error messages go to clients)."""
        return text if self.root is None else text.replace(str(self.root), "<card sets>")


def _read_set(game: Game, folder: Path) -> CardSet | None:
    """One set folder, validated by the game's own loaders; None (logged) when it is not usable."""
    where = f"card set {game.id}/{folder.name}"
    if not folder.is_dir():
        log.warning("%s: not a folder; ignored", where)
        return None
    if not _NAME.fullmatch(folder.name):
        log.error("%s skipped: set names are lower-case letters, digits, '-' and '_'", where)
        return None
    by_file = {str(o.file): o.name for o in game.info.file_options}
    files: dict[str, str] = {}
    digest = hashlib.sha256()
    try:
        for path in sorted(folder.iterdir()):
            option = by_file.get(path.name)
            if option is None:
                log.warning("%s: %s is no card file of %s; ignored", where, path.name, game.id)
                continue
            resolved = path.resolve()
            info = resolved.stat()
            if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_CARD_FILE:
                raise ValueError(f"{path.name} is not a regular file of at most {MAX_CARD_FILE} bytes")
            digest.update(f"{option}\0{info.st_size}\0".encode())
            digest.update(resolved.read_bytes())
            files[option] = str(resolved)
        if not files:
            raise ValueError(f"no card file ({', '.join(sorted(by_file))})")
        opts = game.validate_options(files)
        game.cards(opts)
        game.new(seed=0, options=opts)
    except Exception as exc:  # any failure of a loader: the set is not offered
        log.error("%s skipped: %s", where, exc)
        return None
    return CardSet(game.id, folder.name, files, digest.hexdigest())


def client_options(game: Game, options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` without the ones that name files: what a client may send again (a rematch)."""
    return {k: v for k, v in options.items() if k not in {o.name for o in game.info.file_options}}


def refuse_file_params(spec: str) -> None:
    """AgentSpecError if a bot spec from a client carries a file (by parameter name or a path-like value).

    A bot in a web game reads its game's card set through the game's options;
    it never needs a file of its own, and the server never opens one a client named.
    """
    _name, params = parse_spec(spec)
    file_options = {o.name for info in games() for o in info.options if o.file is not None}
    for key, value in params.items():
        if key in _FILE_PARAMS or key in file_options or "/" in value or "\\" in value or value.startswith("~"):
            raise AgentSpecError(
                f"agent {spec!r:.80}: parameter {key!r:.40} names a file; bots of web games read no files"
                " (they play with the game's card set)"
            )


def public_record(record: dict[str, Any], game: Game, config: Mapping[str, Any]) -> dict[str, Any]:
    """The record as clients see it: a file option shows ``<set>/<file>``, never the server's path.

    Run from ``DIR/<game-id>/`` of a copy of the sets, ``hulldown replay`` finds the files by those names.
    """
    options = record.get("options", {})
    names = {o.name: o.file for o in game.info.file_options if options.get(o.name)}
    if not names:
        return record
    rec = GameRecord.from_dict(record)
    label = str(config.get("card_set") or "file")
    rec.options = {**rec.options, **{k: f"{label}/{f}" for k, f in names.items()}}
    return rec.to_dict()
