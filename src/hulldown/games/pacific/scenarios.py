"""Historical scenarios (rules §14): battlefields with sea rows, objectives and fixed set-ups.

The advanced rulebook describes how scenarios work (who goes first, sea rows, objectives, the AI's
deck counts and behaviour column) but prints none of them; the scenarios in
``data/scenarios.toml`` are the project's own design, validated on load so that a mistake names
the file, the scenario and the field. Each scenario gives the solo AI its data for every side it
may play; the AI being always the game's side 1, a scenario played with the AI on its side 0 is
mirrored (``Scenario.with_ai_on``).
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


#: what the solo AI draws for each pile (rulebook, AI deck)
AiPile = Literal["infantry", "artillery", "tank", "transport", "support"]


class AiSide(_Strict):
    """The solo AI's data for one side of a scenario it may play (rules §14.1, §12.11)."""

    #: the scenario's side (as written in the data) this entry describes
    side: Literal[0, 1]
    #: the AI draws this many cards of each pile (rulebook, AI deck)
    ai_deck: dict[AiPile, int]
    #: the rulebook's behaviour column the AI uses: Offensive or Defensive AI (Variable: pitched)
    ai_table: Literal["offensive", "defensive", "variable"]
    #: the cards the AI takes from its deck to deploy before the battle, by pile (``any``: from
    #: the top of the deck); they replace this side's entries of ``setup``
    ai_setup: dict[Literal["infantry", "artillery", "tank", "transport", "support", "any"], int] = {}
    #: the artificial terrain cards available to the AI; it places half of them (rounded up) at
    #: random at half their AP cost
    ai_terrain: tuple[str, ...] = ()
    #: the AI's battle objective (spaces): the ones it must take when it attacks, the ones it
    #: holds when it defends; empty means the scenario's ``objectives``
    ai_objectives: tuple[str, ...] = ()

    @field_validator("ai_objectives")
    @classmethod
    def _check_objectives(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(_space(s) for s in v)


def _flip(space: str) -> str:
    """The same space seen from the other side's HQ (row r becomes row 7 - r)."""
    r, c = space.split(",")
    return f"{grid.ROWS + 1 - int(r)},{c}"


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
    #: the solo AI's deck, behaviour column, pre-battle cards and terrain for each side it may
    #: play (at least one entry; side 1's is the default, §14.1)
    ai: tuple[AiSide, ...] = Field(min_length=1)

    @field_validator("objectives")
    @classmethod
    def _check_objectives(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(_space(s) for s in v)

    @field_validator("ai")
    @classmethod
    def _check_ai(cls, v: tuple[AiSide, ...]) -> tuple[AiSide, ...]:
        sides = [a.side for a in v]
        if len(set(sides)) != len(sides):
            raise ValueError("two AI entries for one side")
        return v

    def ai_for(self, side: int) -> AiSide | None:
        """The AI's data for a side of this scenario, None when the AI may not play it."""
        return next((a for a in self.ai if a.side == side), None)

    @property
    def ai_sides(self) -> tuple[int, ...]:
        return tuple(sorted(a.side for a in self.ai))

    # The solo AI plays side 1 of the scenario in force (see ``with_ai_on``): these read its data.
    @property
    def ai_deck(self) -> dict[str, int] | None:
        a = self.ai_for(1)
        return None if a is None else {str(k): n for k, n in a.ai_deck.items()}

    @property
    def ai_table(self) -> str | None:
        a = self.ai_for(1)
        return None if a is None else a.ai_table

    @property
    def ai_setup(self) -> dict[str, int]:
        a = self.ai_for(1)
        return {} if a is None else {str(k): n for k, n in a.ai_setup.items()}

    @property
    def ai_terrain(self) -> tuple[str, ...]:
        a = self.ai_for(1)
        return () if a is None else a.ai_terrain

    @property
    def ai_objectives(self) -> tuple[str, ...]:
        """The solo AI's battle objective: the spaces it attacks or defends (§14.3)."""
        a = self.ai_for(1)
        return a.ai_objectives if a is not None and a.ai_objectives else self.objectives

    def with_ai_on(self, side: int) -> Scenario:
        """The scenario as played with the solo AI on its side ``side`` (§14.1).

        The solo AI is always the game's side 1 (rules §12), so when it takes the scenario's
        side 0 the scenario is mirrored: the sides swap everything (army, attacker, first turn,
        AP, decks, set-up, AI data) and every space is seen from the other HQ (row r becomes
        7 - r), which is the same battle with the seats exchanged.
        """
        if side == 1:
            return self
        return self.model_copy(
            update={
                "armies": self.armies[::-1],
                "attacker": 1 - self.attacker,
                "first": 1 - self.first,
                "start_ap": self.start_ap[::-1],
                "decks": self.decks[::-1],
                "extra_cards": self.extra_cards[::-1],
                "objectives": tuple(_flip(s) for s in self.objectives),
                "terrain": tuple(t.model_copy(update={"space": _flip(t.space)}) for t in self.terrain),
                "setup": tuple(u.model_copy(update={"space": _flip(u.space), "side": 1 - u.side}) for u in self.setup),
                "ai": tuple(
                    a.model_copy(update={"side": 1 - a.side, "ai_objectives": tuple(_flip(s) for s in a.ai_objectives)})
                    for a in self.ai
                ),
            }
        )

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
        for a in sc.ai:
            at = f"{where} ai side {a.side}"
            for pile, k in a.ai_deck.items():
                if k < 0:
                    raise DataFileError(str(path), at, "ai_deck", f"negative count for {pile!r}: {k}")
            for name in a.ai_terrain:
                if name not in db.terrain or db.terrain[name].kind != "artificial":
                    raise DataFileError(str(path), at, "ai_terrain", f"no artificial terrain card {name!r}")
            for kind, k in a.ai_setup.items():
                if k < 0:
                    raise DataFileError(str(path), at, "ai_setup", f"negative count for {kind!r}: {k}")
            for o in a.ai_objectives:
                if grid.parse(o) in sea:
                    raise DataFileError(str(path), at, "ai_objectives", f"objective at sea: {o}")
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
