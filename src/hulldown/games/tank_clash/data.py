"""Tank Clash data: boards, tanks and cards, loaded from TOML and validated.

Boards and most morale card effects are the project's own design (the rulebook
prints neither); the files say so entry by entry. ``load_*`` accept another path
so users can play their own boards and cards.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from hulldown.engine.data import load_toml, require_unique, validate_entries
from hulldown.engine.errors import DataFileError
from hulldown.engine.hexgrid import HexGrid, grid
from hulldown.games.tank_clash.views import TankKind

DATA = Path(__file__).parent / "data"
BOARD_WIDTH = 6
BOARD_ROWS = 7
FIELD_WIDTH = 2 * BOARD_WIDTH
FIELD_ROWS = 2 * BOARD_ROWS

TERRAIN = {
    ".": "grass",
    ":": "sand",
    "^": "rocks",
    "~": "river",
    "=": "bridge",
    "T": "forest",
    "H": "house",
    "R": "ruins",
}
#: Terrain a tank may stand on / move through (rivers and houses block movement).
PASSABLE = frozenset(["grass", "sand", "rocks", "bridge", "forest", "ruins"])
#: Terrain a checkpoint may stand on ("open spaces, not inside obstacles").
OPEN = frozenset(["grass", "sand", "rocks", "ruins"])
#: Terrain that blocks a line of fire passing through it (tall and solid obstacles).
BLOCKS_FIRE = frozenset(("forest", "house"))
KINDS: tuple[TankKind, ...] = ("medium", "heavy", "destroyer")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BoardModel(_Model):
    id: int
    name: str
    rows: list[str] = Field(min_length=BOARD_ROWS, max_length=BOARD_ROWS)

    @field_validator("rows")
    @classmethod
    def _rows(cls, rows: list[str]) -> list[str]:
        for i, row in enumerate(rows):
            if len(row) != BOARD_WIDTH:
                raise ValueError(f"row {i + 1} has {len(row)} hexes, not {BOARD_WIDTH}")
            bad = set(row) - set(TERRAIN)
            if bad:
                raise ValueError(f"row {i + 1} has unknown terrain {sorted(bad)[0]!r}")
        return rows


class ArrangementModel(_Model):
    name: str
    slots: list[int] = Field(min_length=4, max_length=4)


class TankModel(_Model):
    side: Literal["german", "american"]
    kind: Literal["medium", "heavy", "destroyer"]
    name: str
    firepower: int = Field(ge=1, le=6)
    armour: int = Field(ge=0, le=6)
    speed: int = Field(ge=1, le=6)
    count: int = Field(ge=1, le=5)


#: The rulebook's twelve morale cards, in the order of the data file.
MORALE_NAMES = (
    "Sniper",
    "Experience",
    "Reinforce",
    "Conceal",
    "Deflect",
    "Overhaul",
    "Transport",
    "Refuel",
    "Airdrop",
    "Sabotage",
    "Demolish",
    "Ambush",
)
MoraleName = Literal[
    "Sniper", "Experience", "Reinforce", "Conceal", "Deflect", "Overhaul",
    "Transport", "Refuel", "Airdrop", "Sabotage", "Demolish", "Ambush",
]  # fmt: skip


class MissionModel(_Model):
    id: str
    kind: Literal["capture", "mediums", "ace"]
    text: str


class TacticalModel(_Model):
    id: Literal["artillery", "air", "infantry", "smoke", "repair", "mines"]
    name: str
    offensive: bool
    text: str


class MoraleModel(_Model):
    name: MoraleName
    colour: Literal["red", "green", "blue", "purple"]
    timing: str
    designed: bool
    text: str


#: A card file's contents: its missions, its tactical cards and its morale cards.
Cards = tuple[tuple[MissionModel, ...], tuple[TacticalModel, ...], tuple[MoraleModel, ...]]


class Battlefield:
    """The whole battlefield of one arrangement: terrain per hex and its derived tables."""

    __slots__ = ("arrangement", "blocks_fire", "boards", "forest", "grid", "open", "passable", "terrain")

    def __init__(self, arrangement: str, boards: list[BoardModel], terrain: list[str]) -> None:
        self.arrangement = arrangement
        self.boards = tuple(b.name for b in boards)
        self.grid: HexGrid = grid(FIELD_WIDTH, FIELD_ROWS)
        self.terrain = tuple(terrain)
        self.passable = tuple(t in PASSABLE for t in terrain)
        self.open = tuple(t in OPEN for t in terrain)
        self.forest = tuple(t == "forest" for t in terrain)
        self.blocks_fire = tuple(t in BLOCKS_FIRE for t in terrain)


def _place(boards: dict[int, BoardModel], slots: list[int]) -> list[str]:
    """Terrain per hex of the 12 x 14 field: each seat's boards turned to face that seat."""
    g = grid(FIELD_WIDTH, FIELD_ROWS)
    terrain = [""] * g.size
    for slot, board_id in enumerate(slots):
        seat, side = divmod(slot, 2)
        board = boards[board_id]
        for lr, row in enumerate(board.rows):
            for lc, ch in enumerate(row):
                col = side * BOARD_WIDTH + lc  # column from the owner's left
                hex_ = g.index(col, lr)  # as if seat 0 owned it
                if seat == 1:
                    hex_ = g.rotate(hex_)
                terrain[hex_] = TERRAIN[ch]
    return terrain


@lru_cache(maxsize=8)
def load_boards(path: str | None = None) -> tuple[dict[int, BoardModel], dict[str, list[int]]]:
    p = Path(path) if path else DATA / "boards.toml"
    raw = load_toml(p)
    boards = validate_entries(p, raw.get("board"), BoardModel, table="board", key="id")
    require_unique(p, boards, "id", "board")
    arrs = validate_entries(p, raw.get("arrangement"), ArrangementModel, table="arrangement")
    require_unique(p, arrs, "name", "arrangement")
    by_id = {b.id: b for b in boards}
    for a in arrs:
        for s in a.slots:
            if s not in by_id:
                raise DataFileError(str(p), f"arrangement {a.name}", "slots", f"no board {s}")
        if len(set(a.slots)) != 4:
            raise DataFileError(str(p), f"arrangement {a.name}", "slots", "each board is placed once")
    for b in boards:
        for r in (0, 3, 6):
            if not any(TERRAIN[c] in OPEN for c in b.rows[r]):
                raise DataFileError(str(p), f"board {b.id}", "rows", f"row {r + 1} needs an open hex for a checkpoint")
    return by_id, {a.name: list(a.slots) for a in arrs}


@lru_cache(maxsize=16)
def battlefield(arrangement: str, path: str | None = None) -> Battlefield:
    boards, arrs = load_boards(path)
    if arrangement not in arrs:
        raise ValueError(f"no board arrangement {arrangement!r} (arrangements: {', '.join(arrs)})")
    slots = arrs[arrangement]
    return Battlefield(arrangement, [boards[s] for s in slots], _place(boards, slots))


#: How many tanks of each kind a side fields (2.6): a tank file may change their statistics, not the roster.
ROSTER_COUNT = {"medium": 3, "heavy": 1, "destroyer": 1}
#: Cards the rules play with (clause 14.1): each of the six tactical cards once, a mission for each player.
TACTICAL_ORDER = ("artillery", "air", "infantry", "smoke", "repair", "mines")
MIN_MISSIONS, MAX_MISSIONS = 2, 24


def _tables(p: Path, allowed: tuple[str, ...]) -> dict[str, Any]:
    """The file's top-level tables; one the format does not have is refused (a typo would be ignored)."""
    raw: dict[str, Any] = load_toml(p)
    unknown = sorted(set(raw) - set(allowed))
    if unknown:
        raise DataFileError(str(p), None, unknown[0], f"unknown table (expected {', '.join(allowed)})")
    return raw


@lru_cache(maxsize=4)
def load_tanks(path: str | None = None) -> dict[tuple[str, str], TankModel]:
    """Each side's tank of each kind (clause 14.1): exactly one entry each, in the rulebook's numbers."""
    p = Path(path) if path else DATA / "tanks.toml"
    tanks = validate_entries(p, _tables(p, ("tank",)).get("tank"), TankModel, table="tank")
    out: dict[tuple[str, str], TankModel] = {}
    for t in tanks:
        if (t.side, t.kind) in out:
            raise DataFileError(str(p), f"tank {t.name}", "kind", f"a second {t.side} {t.kind} tank")
        if t.count != ROSTER_COUNT[t.kind]:
            raise DataFileError(
                str(p),
                f"tank {t.name}",
                "count",
                f"a side fields {ROSTER_COUNT[t.kind]} {t.kind} tank(s), not {t.count}",
            )
        out[(t.side, t.kind)] = t
    for side in ("german", "american"):
        for kind in KINDS:
            if (side, kind) not in out:
                raise DataFileError(str(p), None, "tank", f"no {side} {kind} tank")
    return out


@lru_cache(maxsize=4)
def load_cards(path: str | None = None) -> Cards:
    """Missions, tactical cards and morale cards (clause 14.1), checked so that every game they make can be played.

    Effects are the rules' own: a file renames and rewords the six tactical cards
    (all six, once each), sets the mission deck (2 to 24 cards of the three kinds)
    and chooses which of the twelve morale cards are in the deck.
    """
    p = Path(path) if path else DATA / "cards.toml"
    raw = _tables(p, ("mission", "tactical", "morale"))
    missions = validate_entries(p, raw.get("mission"), MissionModel, table="mission", key="id")
    require_unique(p, missions, "id", "mission")
    if not MIN_MISSIONS <= len(missions) <= MAX_MISSIONS:
        raise DataFileError(str(p), None, "mission", f"{MIN_MISSIONS} to {MAX_MISSIONS} missions, not {len(missions)}")
    tactical = validate_entries(p, raw.get("tactical"), TacticalModel, table="tactical", key="id")
    require_unique(p, tactical, "id", "tactical")
    missing = [t for t in TACTICAL_ORDER if t not in {c.id for c in tactical}]
    if missing:
        raise DataFileError(str(p), None, "tactical", f"no tactical card {missing[0]!r} (all six are played)")
    morale = validate_entries(p, raw.get("morale", []), MoraleModel, table="morale")
    require_unique(p, morale, "name", "morale")
    return tuple(missions), tuple(tactical), tuple(morale)


def card_database(options: Any) -> list[dict[str, Any]]:
    """Every card, and each side's tanks, of the built-in files or the game's ``cards_file`` and ``tanks_file``."""
    missions, tactical, morale = load_cards(options.get("cards_file") or None)
    out: list[dict[str, Any]] = []
    out += [{**m.model_dump(), "category": "mission"} for m in missions]
    out += [{**t.model_dump(), "category": "tactical"} for t in tactical]
    out += [{**m.model_dump(), "category": "morale"} for m in morale]
    out += [{**t.model_dump(), "category": "tank"} for t in load_tanks(options.get("tanks_file") or None).values()]
    return out
