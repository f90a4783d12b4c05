"""Tank Killers card data: the TOML files, their validation, and the tables the rules use.

The rules run on plain ints (a card is an index into flat tables) because random
playouts step millions of times; everything that can be computed from the data
alone is computed once here, in :class:`Rules`, and shared by every state made
with the same options. Users can load their own card files through the options
``tactics_file``, ``german_file``, ``american_file`` and ``british_file``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from hulldown.engine.data import load_toml, require_unique, validate_entries
from hulldown.engine.errors import DataFileError, OptionError

DATA = Path(__file__).parent / "data"
DECKS = ("german", "american", "british")

#: Range bands in yards, nearest first; point blank is 0 so that "farther" is ">".
PB = 0
RANGES = (PB, 500, 750, 1000, 1500, 2000)
CLASSES = ("tank", "light_tank", "medium_tank", "heavy_tank", "vehicle", "gun", "infantry", "support")
CLASS_BIT = {c: 1 << i for i, c in enumerate(CLASSES)}
NATIONS = ("german", "american", "british", "anglo")

TACTIC_TYPES = (
    "Range",
    "Hit",
    "Ammo",
    "Damage",
    "Morale",
    "Armor",
    "Logistics",
    "Mine",
    "Command",
    "Maneuver",
    "Terrain",
)
EFFECTS = ("modifier", "lost_action", "end_turn", "out_of_action", "free_action", "negate", "recover")
# Effect codes used by the rules (ints for speed).
E_MOD: Final = 0
E_LOST: Final = 1
E_END: Final = 2
E_OOA: Final = 3
E_FREE: Final = 4
E_NEG: Final = 5
E_REC: Final = 6


def slug(name: str) -> str:
    """A stable, readable id part for a card name ("Bazooka/PIAT" -> "bazooka-piat")."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def range_label(yards: int) -> str:
    return "PB" if yards == PB else f"{yards} yards"


def _parse_range(v: Any) -> int:
    if isinstance(v, str) and v.strip().upper() == "PB":
        return PB
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError('must be "PB" or one of 500, 750, 1000, 1500, 2000')
    if v not in RANGES or v == PB:
        raise ValueError('must be "PB" or one of 500, 750, 1000, 1500, 2000')
    return v


class UnitTypeModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    code: str = Field(min_length=1)
    name: str = Field(min_length=1)
    classes: list[Literal["tank", "light_tank", "medium_tank", "heavy_tank", "vehicle", "gun", "infantry", "support"]]

    @model_validator(mode="after")
    def _support_alone(self) -> UnitTypeModel:
        if "support" in self.classes and len(self.classes) > 1:
            raise ValueError("a support type has no other class")
        return self


class FormationCardModel(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    name: str = Field(min_length=1)
    type: str = Field(min_length=1)
    pen: int = Field(ge=0, le=99)
    inf: int = Field(ge=0, le=99)
    def_: int | Literal["--"] = Field(alias="def")
    rng: int
    count: int = Field(ge=0, le=60)

    @field_validator("rng", mode="before")
    @classmethod
    def _rng(cls, v: Any) -> int:
        return _parse_range(v)

    @field_validator("def_")
    @classmethod
    def _def(cls, v: int | str) -> int | str:
        if isinstance(v, int) and not 0 <= v <= 99:
            raise ValueError("must be between 0 and 99, or -- for a support card")
        return v


class DeckFileModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    deck: str
    name: str
    nation: Literal["german", "american", "british"]
    anglo: bool
    source: str = "user file"
    card: list[Any]


class TacticModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    type: Literal[
        "Range", "Hit", "Ammo", "Damage", "Morale", "Armor", "Logistics", "Mine", "Command", "Maneuver", "Terrain"
    ]
    text: str = ""
    effect: Literal["modifier", "lost_action", "end_turn", "out_of_action", "free_action", "negate", "recover"]
    pen: int = Field(0, ge=-30, le=30)
    inf: int = Field(0, ge=-30, le=30)
    range: int | None = None
    attacker: list[
        Literal["tank", "light_tank", "medium_tank", "heavy_tank", "vehicle", "gun", "infantry", "support"]
    ] = []
    target: list[
        Literal["tank", "light_tank", "medium_tank", "heavy_tank", "vehicle", "gun", "infantry", "support"]
    ] = []
    attacker_nation: Literal["german", "american", "british", "anglo"] | None = None
    player_nation: Literal["german", "american", "british", "anglo"] | None = None
    opponent_nation: Literal["german", "american", "british", "anglo"] | None = None
    same_unit: bool = False
    vs_support: bool = False
    not_by_support: bool = False
    max_range: int | None = None
    negates_types: list[
        Literal[
            "Range", "Hit", "Ammo", "Damage", "Morale", "Armor", "Logistics", "Mine", "Command", "Maneuver", "Terrain"
        ]
    ] = []
    negates_names: list[str] = []
    count: int = Field(1, ge=0, le=20)

    @field_validator("range", "max_range", mode="before")
    @classmethod
    def _ranges(cls, v: Any) -> int | None:
        return None if v is None else _parse_range(v)

    @model_validator(mode="after")
    def _consistent(self) -> TacticModel:
        if (self.type == "Range") != (self.range is not None):
            raise ValueError("a Range card, and only a Range card, has a range")
        if self.effect != "modifier" and (self.pen or self.inf or self.range is not None or self.max_range is not None):
            raise ValueError("only modifier cards change factors or ranges")
        if self.effect == "modifier" and self.type in ("Damage", "Mine"):
            raise ValueError(f"a {self.type} card cannot be a modifier")
        if self.effect == "out_of_action" and self.type not in ("Logistics", "Mine", "Damage", "Morale"):
            raise ValueError(
                "out of action is played by the defender (Logistics, Mine) or the attacker (Damage, Morale)"
            )
        if (self.effect == "negate") != bool(self.negates_types or self.negates_names):
            raise ValueError("a negate card, and only a negate card, names what it negates")
        if self.same_unit and self.effect != "free_action":
            raise ValueError("same_unit is for free action cards")
        if self.vs_support and self.effect not in ("lost_action", "end_turn", "out_of_action"):
            raise ValueError("vs_support is for cards played in the lost attack subphase")
        return self


def _load_deck(path: Path, expected_deck: str | None) -> tuple[DeckFileModel, list[FormationCardModel]]:
    raw = load_toml(path)
    try:
        head = DeckFileModel.model_validate({**raw, "card": raw.get("card", [])})
    except Exception as exc:  # pydantic ValidationError: name the first field
        errs = getattr(exc, "errors", None)
        first = errs()[0] if callable(errs) else {}
        field = ".".join(str(p) for p in first.get("loc", ())) or None
        raise DataFileError(str(path), None, field, first.get("msg", str(exc))) from None
    cards = validate_entries(path, raw.get("card"), FormationCardModel, table="card")
    require_unique(path, cards, "name", "card")
    if not cards or sum(c.count for c in cards) < 2:
        raise DataFileError(str(path), None, "card", "a formation deck needs at least 2 cards")
    types = unit_types()
    for c in cards:
        if c.type not in types:
            raise DataFileError(str(path), f"card {c.name}", "type", f"unknown unit type {c.type!r}")
        support = "support" in types[c.type].classes
        if support != (c.def_ == "--"):
            raise DataFileError(
                str(path), f"card {c.name}", "def", "support cards (Art, Air) have def '--', units a number"
            )
    return head, cards


#: Most extra formation cards one seat may add (keeps the card tables small).
MAX_REINFORCE = 100
_ENTRY = re.compile(r"^(?P<name>.*?)\s*(?:\*\s*(?P<count>[^*]*))?$")


def parse_reinforce(text: str, option: str, deck_title: str, names: list[str]) -> dict[str, int]:
    """Extra copies per card name from text like ``"M4-76*2, M36"``.

    ``names`` is the deck's list; a name matches exactly or ignoring case and
    spacing, so what a user types from the printed list works. Errors name the
    option and the entry, so a bad command line is fixed in one go.
    """
    extra: dict[str, int] = {}
    if not text.strip():
        return extra
    by_key = {" ".join(n.split()).casefold(): n for n in names}
    for raw in text.split(","):
        entry = raw.strip()
        if not entry:
            raise OptionError(f"option {option!r}: empty entry in {text!r} (write e.g. 'M4-76*2, M36')")
        m = _ENTRY.match(entry)
        assert m is not None  # the pattern matches any text
        name = " ".join(m["name"].split())
        if "*" in name or not name:
            raise OptionError(f"option {option!r}: {entry!r} is not NAME or NAME*COPIES (e.g. 'M4-76*2')")
        count_text = m["count"]
        if count_text is None:
            count = 1
        else:
            count_text = count_text.strip()
            if not count_text.isdigit() or int(count_text) < 1:
                raise OptionError(
                    f"option {option!r}: {entry!r} needs a whole number of copies of at least 1 after '*'"
                )
            count = int(count_text)
        card = by_key.get(name.casefold())
        if card is None:
            raise OptionError(
                f"option {option!r}: no card {name!r} in the {deck_title} deck (cards: {', '.join(names)})"
            )
        extra[card] = extra.get(card, 0) + count
    if sum(extra.values()) > MAX_REINFORCE:
        raise OptionError(f"option {option!r}: at most {MAX_REINFORCE} extra cards, got {sum(extra.values())}")
    return extra


def parse_barred(text: str, names: list[str]) -> frozenset[str]:
    """The tactics card names of option ``bar_tactics`` (comma-separated), each one the deck holds."""
    barred = frozenset(n.strip() for n in text.split(",") if n.strip())
    unknown = sorted(barred - set(names))
    if unknown:
        raise ValueError(f"bar_tactics: no tactics card {unknown[0]!r} (see hulldown cards tank-killers)")
    return barred


def format_reinforce(extra: Mapping[str, int]) -> str:
    """The option text for ``extra`` (inverse of :func:`parse_reinforce`)."""
    return ", ".join(name if n == 1 else f"{name}*{n}" for name, n in extra.items() if n > 0)


_UNIT_TYPES: dict[str, UnitTypeModel] | None = None


def unit_types() -> dict[str, UnitTypeModel]:
    global _UNIT_TYPES
    if _UNIT_TYPES is None:
        path = DATA / "unit_types.toml"
        types = validate_entries(path, load_toml(path).get("type"), UnitTypeModel, table="type", key="code")
        require_unique(path, types, "code", "type")
        _UNIT_TYPES = {t.code: t for t in types}
    return _UNIT_TYPES


def _load_tactics(path: Path) -> list[TacticModel]:
    cards = validate_entries(path, load_toml(path).get("card"), TacticModel, table="card")
    require_unique(path, cards, "name", "card")
    if sum(c.count for c in cards) < 6:
        raise DataFileError(str(path), None, "card", "the tactics deck needs at least 6 cards")
    return cards


def _nation_ok(required: str | None, nation: str, anglo: bool) -> bool:
    if required is None:
        return True
    return anglo if required == "anglo" else nation == required


def card_database(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every card of the tactics deck and of the three formation decks, one dict per card."""
    out: list[dict[str, Any]] = []
    tpath = Path(options["tactics_file"]) if options.get("tactics_file") else DATA / "tactics.toml"
    tsrc = "rulebook" if not options.get("tactics_file") else "user file"
    for t in _load_tactics(tpath):
        fields = t.model_dump(exclude={"name", "type", "count"}, exclude_defaults=True)
        for k in ("range", "max_range"):
            if k in fields:
                fields[k] = range_label(fields[k])
        out.append(
            {"deck": "tactics", "name": t.name, "type": t.type, "fields": fields, "count": t.count, "source": tsrc}
        )
    for d in DECKS:
        custom = options.get(f"{d}_file")
        p = Path(custom) if custom else DATA / f"{d}.toml"
        head, cards = _load_deck(p, d)
        src = "rulebook" if not custom else "user file"
        for c in cards:
            out.append(
                {
                    "deck": d,
                    "name": c.name,
                    "type": c.type,
                    "fields": {
                        "pen": c.pen,
                        "inf": c.inf,
                        "def": c.def_,
                        "rng": range_label(c.rng),
                        "nation": head.nation,
                    },
                    "count": c.count,
                    "source": src,
                }
            )
    return out
