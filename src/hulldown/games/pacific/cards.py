"""Card data of 2GM Pacific: units, upgrade tokens, support cards, terrain, pre-constructed decks.

The values are the project's own design (rules §2); the files are validated on load so that a
user editing them sees the file, the entry and the field of any mistake.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal, TypeVar

from pydantic import ConfigDict, Field, field_validator, model_validator
from pydantic.dataclasses import dataclass as card_class

from hulldown.engine.data import load_toml, parse_card_list, require_unique, validate_entries
from hulldown.engine.errors import DataFileError

#: A unit card's tag: an ability, with a number for the abilities that take one (``multiple:1``).
_TAG = re.compile(r"([a-z-]+)(?::\d+)?")

DATA = Path(__file__).parent / "data"
UnitType = Literal["infantry", "artillery", "tank", "transport", "aircraft"]
ARMIES = ("us", "japan")

#: Every special-ability tag of the advanced rulebook (rules §9), as the data spells them.
ABILITY_TAGS = (
    "advance", "advanced-deployment", "amphibious", "anti-aircraft", "anti-tank", "assault-gun",
    "blasting-charge", "building", "climbers", "connected", "difficult", "dive-bomber", "embarked",
    "embark-disembark", "exchange", "extra-heavy", "fighter-bomber", "ground-attack", "heal", "heat",
    "impenetrable", "incursion", "indestructible", "infiltration", "long-range", "mechanize",
    "medium-cover", "full-cover", "mobility", "motorized", "mountaineers", "mount", "multiple",
    "ordnance", "paratroopers", "permanent", "playing-cost", "repair", "reserve", "riders", "sappers",
    "scout", "setup", "siberians", "synergy", "tow", "transport",
)  # fmt: skip


#: How a card class validates: no unknown fields, and an aliased field (``for``) also by its name.
#: The cards are pydantic dataclasses with slots, not models: the rules read a card's fields dozens
#: of times a decision, and a slot reads three times as fast as a model's field.
CARD_CONFIG = ConfigDict(extra="forbid", validate_by_name=True, validate_by_alias=True)

M = TypeVar("M")


def unchecked(cls: type[M], **values: object) -> M:
    """A card built from ``values`` without validation, as a model's ``model_construct`` builds one:
    the solo AI's stand-in for a face-down card has a type that is none of the game's (§12.12)."""
    card: M = object.__new__(cls)
    for name, value in values.items():
        object.__setattr__(card, name, value)
    return card


@card_class(frozen=True, slots=True, kw_only=True, config=CARD_CONFIG)
class UnitCard:
    id: str
    name: str
    army: Literal["us", "japan"]
    type: UnitType
    cost: int = Field(ge=0, le=15)
    move: int = Field(ge=0, le=6)
    range: int = Field(ge=0, le=8)
    hit: int = Field(ge=1, le=10)
    crit: int = Field(ge=1, le=10)
    pierce: int = Field(ge=0, le=12)
    damage: int = Field(ge=0, le=6)
    armour: int = Field(ge=0, le=10)
    hp: int = Field(ge=1, le=10)
    tags: tuple[str, ...] = ()
    upgrades: tuple[str, ...] = ()
    free: tuple[str, ...] = ()
    #: a second gun (Armour-piercing, Damage) that fires the Multiple (X) unit's second attack
    #: at the first attack's Accuracy (rules §7.8, the rulebook's MAUS)
    second_gun: tuple[int, int] | None = None

    @field_validator("tags")
    @classmethod
    def _known_tags(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        extra = {"generates-ap", "fighter", "bomber", "self-propelled"}
        for t in v:
            m = _TAG.fullmatch(t)
            if m is None or (m[1] not in ABILITY_TAGS and m[1] not in extra):
                raise ValueError(f"unknown tag {t!r}")
        return v


@card_class(frozen=True, slots=True, kw_only=True, config=CARD_CONFIG)
class UpgradeToken:
    id: str
    name: str
    for_: tuple[UnitType, ...] = Field(alias="for")
    cost: int = Field(ge=0, le=6)
    range: int = Field(default=0, ge=0, le=8)
    hit: int = Field(default=10, ge=1, le=10)
    crit: int = Field(default=10, ge=1, le=10)
    pierce: int = Field(default=0, ge=0, le=12)
    damage: int = Field(default=0, ge=0, le=6)
    offensive: bool = False
    defensive: bool = False
    mount: bool = False
    single_use: bool = False
    effect: str = ""
    optional_rule: str = ""

    @property
    def is_weapon(self) -> bool:
        return self.range > 0 and self.damage > 0


@card_class(frozen=True, slots=True, kw_only=True, config=CARD_CONFIG)
class SupportCard:
    id: str
    name: str
    army: Literal["any", "us", "japan", "japan-us"] = "any"
    cost: int = Field(ge=0, le=10)
    playing_cost: int | None = Field(default=None, ge=0, le=10)
    target: Literal["none", "own-unit", "enemy-unit", "own-aircraft", "hq"]
    types: tuple[UnitType, ...] = ()
    effect: Literal[
        "gain-ap", "draw", "accuracy-turn", "evasion-perm", "evasion-guard", "hp-perm", "promotion",
        "extra-attack-turn", "extra-attack-perm", "mp-turn", "mp-infantry-turn", "attack", "drain-ap",
        "enemy-discard", "suppress", "immobilize", "hq-armour", "ap-per-turn", "reveal", "assault-bonus",
        "damage-bonus-turn", "hero",
    ]  # fmt: skip
    value: int = Field(default=0, ge=0, le=20)
    hit: int = Field(default=10, ge=1, le=10)
    crit: int = Field(default=10, ge=1, le=10)
    pierce: int = Field(default=0, ge=0, le=12)
    damage: int = Field(default=0, ge=0, le=6)
    permanent: bool = False
    hero: bool = False
    #: a hero's ability (rules §11.12, the project's design): Hit Points, Accuracy bonus (-N/-N),
    #: Movement and attacks a turn it gives the unit it is deployed with
    hero_hp: int = Field(default=0, ge=0, le=3)
    hero_accuracy: int = Field(default=0, ge=0, le=3)
    hero_mp: int = Field(default=0, ge=0, le=3)
    hero_attacks: int = Field(default=0, ge=0, le=3)

    @model_validator(mode="after")
    def _hero_is_whole(self) -> SupportCard:
        if self.hero != (self.effect == "hero"):
            raise ValueError("a hero card has effect 'hero' and hero = true, both or neither")
        if self.hero and (self.target != "own-unit" or not self.permanent):
            raise ValueError("a hero is deployed on one's own unit (target 'own-unit') and is permanent")
        return self

    @property
    def play_cost(self) -> int:
        """Rulebook *Playing Cost*: replaces the deployment cost when the card is played."""
        return self.cost if self.playing_cost is None else self.playing_cost


@card_class(frozen=True, slots=True, kw_only=True, config=CARD_CONFIG)
class TerrainCard:
    id: str
    name: str
    kind: Literal["natural", "artificial"]
    copies: int = Field(ge=0, le=6)
    cost: int = Field(default=0, ge=0, le=9)
    evasion: tuple[int, int] = (0, 0)
    armour: int = Field(default=0, ge=0, le=5)
    hp: int = Field(default=0, ge=0, le=20)
    tags: tuple[str, ...] = ()


@card_class(frozen=True, slots=True, kw_only=True, config=CARD_CONFIG)
class DeckList:
    id: str
    army: Literal["us", "japan"]
    name: str
    points: int = Field(ge=1, le=1000)
    #: copies of each card in the deck
    cards: dict[str, Annotated[int, Field(ge=1, le=20)]]


@dataclass(frozen=True, slots=True)
class CardDB:
    """Everything the rules read from data, keyed by id."""

    units: dict[str, UnitCard]
    upgrades: dict[str, UpgradeToken]
    support: dict[str, SupportCard]
    terrain: dict[str, TerrainCard]
    decks: dict[str, DeckList]

    def cost(self, card_id: str) -> int:
        if card_id in self.units:
            return self.units[card_id].cost
        return self.support[card_id].cost

    def name(self, card_id: str) -> str:
        if card_id in self.units:
            return self.units[card_id].name
        if card_id in self.support:
            return self.support[card_id].name
        return self.terrain[card_id].name

    def army_pool(self, army: str) -> list[str]:
        """Every card id the army may put in a deck (its units, shared and own support)."""
        prefix = "us" if army == "us" else "japan"
        out = [u.id for u in self.units.values() if u.army == army]
        out += [s.id for s in self.support.values() if s.army in ("any", prefix, "japan-us")]
        return out


def _load(directory: Path) -> CardDB:
    def table(name: str, key: str, model: type[M]) -> list[M]:
        path = directory / f"{name}.toml"
        raw = load_toml(path)
        items = validate_entries(path, raw.get(key, []), model, table=key, key="id")
        require_unique(path, items, "id", key)
        return items

    units = {u.id: u for u in table("units", "unit", UnitCard)}
    upgrades = {u.id: u for u in table("upgrades", "upgrade", UpgradeToken)}
    support = {s.id: s for s in table("support", "support", SupportCard)}
    terrain = {t.id: t for t in table("terrain", "terrain", TerrainCard)}
    decks = {d.id: d for d in table("decks", "deck", DeckList)}
    db = CardDB(units, upgrades, support, terrain, decks)
    check_references(directory / "units.toml", db, directory / "decks.toml")
    return db


def check_references(path: Path, db: CardDB, decks_path: Path | None = None) -> None:
    """Every upgrade token a unit names and every card a deck names exists (errors name ``path``)."""
    for u in db.units.values():
        for up in (*u.upgrades, *u.free):
            if up not in db.upgrades:
                raise DataFileError(str(path), f"unit {u.id}", "upgrades", f"no token {up!r}")
    for d in db.decks.values():
        for cid in d.cards:
            if cid not in db.units and cid not in db.support:
                raise DataFileError(str(decks_path or path), f"deck {d.id}", "cards", f"no card {cid!r}")


@lru_cache(maxsize=4)
def load_cards(directory: str | None = None) -> CardDB:
    """The validated card database (cached: data never changes during a run)."""
    return _load(Path(directory) if directory else DATA)


#: :func:`barred_ids` by (database, option text): every new game asks, and the answer never changes.
#: Each answer holds its database, so an id is never matched to a later database.
_BARRED: dict[tuple[int, str], tuple[CardDB, frozenset[str]]] = {}


def barred_ids(db: CardDB, text: str) -> frozenset[str]:
    """§3.6 the deck cards of option ``bar_cards`` as ids; a name several cards share (General) bars each.

    Cards are named by id (as balance reports list them) or as printed; only
    unit and support cards go in decks, so only they may be barred.
    """
    hit = _BARRED.get((id(db), text))
    if hit is not None and hit[0] is db:
        return hit[1]
    by_name: dict[str, set[str]] = {}
    for cid, name in [*((u.id, u.name) for u in db.units.values()), *((s.id, s.name) for s in db.support.values())]:
        by_name.setdefault(cid, set()).add(cid)
        by_name.setdefault(name, set()).add(cid)
    shown = [*db.units, *db.support]
    names = parse_card_list(text, "bar_cards", list(by_name), "2gm-pacific", shown=shown)
    barred = frozenset(i for n in names for i in by_name[n])
    if len(_BARRED) > 64:  # user card files each make a database: keep it bounded
        _BARRED.clear()
    _BARRED[id(db), text] = (db, barred)
    return barred
