"""Historical scenarios (rules §14): battlefields with sea rows, objectives and fixed set-ups.

The advanced rulebook describes how scenarios work (who goes first, sea rows, objectives, the AI's
deck counts and behaviour column) but prints none of them; the scenarios in
``data/scenarios.toml`` are the project's own design, validated on load so that a mistake names
the file, the scenario and the field.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from hulldown.engine.data import load_toml, require_unique, validate_entries
from hulldown.engine.errors import DataFileError
from hulldown.games.pacific import grid
from hulldown.games.pacific.cards import DATA, load_cards

#: Card piles of the solo AI's deck (rulebook: infantry, artillery, tanks, transport, support with
#: the aircraft counted among the support cards).
AI_PILES = ("infantry", "artillery", "tank", "transport", "support")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _space(v: str) -> str:
    try:
        grid.parse(v)
    except ValueError:
        raise ValueError(f"not a space 'row,column' (1..6, 1..8): {v!r}") from None
    return v


class Placed(_Strict):
    """A card placed at set-up: terrain (``side`` unused) or a unit of ``side`` (Starting Deployment)."""

    card: str
    space: str
    side: Literal[0, 1] = 0

    @field_validator("space")
    @classmethod
    def _check_space(cls, v: str) -> str:
        return _space(v)


class Scenario(_Strict):
    id: str
    name: str
    design: Literal["project"]
    summary: str
    armies: tuple[Literal["us", "japan"], Literal["us", "japan"]]
    attacker: Literal[0, 1]
    first: Literal[0, 1]
    rounds: int = Field(ge=1, le=30)
    sea_rows: int = Field(default=0, ge=0, le=2)
    objectives: tuple[str, ...] = Field(min_length=1)
    natural: int = Field(default=4, ge=0, le=8)
    start_ap: tuple[int, int]
    decks: tuple[str, str]
    extra_cards: tuple[dict[str, int], dict[str, int]] = ({}, {})
    terrain: tuple[Placed, ...] = ()
    setup: tuple[Placed, ...] = ()
    #: the solo AI (always side 1) draws this many cards of each pile (rulebook, AI deck)
    ai_deck: dict[Literal["infantry", "artillery", "tank", "transport", "support"], int]
    #: the rulebook's behaviour column the AI uses: Offensive or Defensive AI (Variable: pitched)
    ai_table: Literal["offensive", "defensive", "variable"]
    #: solo mode: the cards the AI takes from its deck to deploy before the battle, by pile
    #: (``any``: from the top of the deck); they replace the side-1 entries of ``setup``
    ai_setup: dict[Literal["infantry", "artillery", "tank", "transport", "support", "any"], int] = {}
    #: solo mode: the artificial terrain cards available to the AI; it places half of them (rounded
    #: up) at random at half their AP cost
    ai_terrain: tuple[str, ...] = ()

    @field_validator("objectives")
    @classmethod
    def _check_objectives(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(_space(s) for s in v)

    @property
    def ai_objectives(self) -> tuple[str, ...]:
        """The solo AI's battle objective: the spaces it attacks or defends (§14.3)."""
        return self.objectives

    def sea_spaces(self) -> list[int]:
        """The attacker's own rows 1..sea_rows are sea (§14.2)."""
        out = []
        for k in range(1, self.sea_rows + 1):
            r = grid.row_index(self.attacker, k)
            out += [grid.space(r, c) for c in range(grid.COLS)]
        return out


def _load(path: Path) -> dict[str, Scenario]:
    raw = load_toml(path)
    items = validate_entries(path, raw.get("scenario", []), Scenario, table="scenario", key="id")
    require_unique(path, items, "id", "scenario")
    db = load_cards()
    for sc in items:
        where = f"scenario {sc.id}"
        sea = set(sc.sea_spaces())
        for field, deck in (("decks", sc.decks[0]), ("decks", sc.decks[1])):
            if deck not in db.decks:
                raise DataFileError(str(path), where, field, f"no deck {deck!r}")
        for extra in sc.extra_cards:
            for cid in extra:
                if cid not in db.units and cid not in db.support:
                    raise DataFileError(str(path), where, "extra_cards", f"no card {cid!r}")
        for t in sc.terrain:
            if t.card not in db.terrain:
                raise DataFileError(str(path), where, "terrain", f"no terrain card {t.card!r}")
            if grid.parse(t.space) in sea:
                raise DataFileError(str(path), where, "terrain", f"terrain at sea: {t.space}")
        for name in sc.ai_terrain:
            if name not in db.terrain or db.terrain[name].kind != "artificial":
                raise DataFileError(str(path), where, "ai_terrain", f"no artificial terrain card {name!r}")
        for pile, k in sc.ai_setup.items():
            if k < 0:
                raise DataFileError(str(path), where, "ai_setup", f"negative count for {pile!r}: {k}")
        for u in sc.setup:
            if u.card not in db.units:
                raise DataFileError(str(path), where, "setup", f"no unit card {u.card!r}")
        spaces = [t.space for t in sc.setup]
        if len(set(spaces)) != len(spaces):
            raise DataFileError(str(path), where, "setup", "two units on one space")
        for o in sc.objectives:
            if grid.parse(o) in sea:
                raise DataFileError(str(path), where, "objectives", f"objective at sea: {o}")
    return {s.id: s for s in items}


@lru_cache(maxsize=4)
def load_scenarios(path: str | None = None) -> dict[str, Scenario]:
    """Every scenario by id (cached: data never changes during a run)."""
    return _load(Path(path) if path else DATA / "scenarios.toml")
