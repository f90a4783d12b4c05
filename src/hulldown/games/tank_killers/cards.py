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
from hulldown.games.tank_killers.actions import ActionTable

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


class Rules:
    """Everything the rules need from the data, as flat tables indexed by card int.

    Card ints: tactics instances first (``0 .. n_tactics-1``), then seat 0's
    formation cards, then seat 1's. Legality tables that depend only on the
    attacking and defending card are filled lazily and shared by every state.
    """

    def __init__(self, options: Mapping[str, Any]) -> None:
        deck_names = (str(options["deck0"]), str(options["deck1"]))
        tpath = Path(options["tactics_file"]) if options.get("tactics_file") else DATA / "tactics.toml"
        self.tactics = _load_tactics(tpath)
        self.tactics_source = "rulebook" if not options.get("tactics_file") else "user file"
        loaded: dict[str, tuple[DeckFileModel, list[FormationCardModel], str]] = {}
        for d in set(deck_names):
            custom = options.get(f"{d}_file")
            p = Path(custom) if custom else DATA / f"{d}.toml"
            head, cards = _load_deck(p, d)
            loaded[d] = (head, cards, "rulebook" if not custom else "user file")
        self.deck_names = deck_names
        self.deck_files = loaded
        types = unit_types()

        self._tactics_tables(tpath, parse_barred(str(options.get("bar_tactics", "")), [t.name for t in self.tactics]))

        names = self._formation_tables(options, loaded, types)

        # -- actions, built once ----------------------------------------------
        self.actions = ActionTable(self.tslug, self.tname, self.uslug, names)
        A = self.actions
        self.PASS, self.PLAY, self.DISCARD = A.PASS, A.PLAY, A.DISCARD
        self.TARGET_DECK, self.TARGET, self.ATTACKER_DECK, self.ATTACKER = (
            A.TARGET_DECK,
            A.TARGET,
            A.ATTACKER_DECK,
            A.ATTACKER,
        )
        self.all_action_ids = [a.id for a in A.ALL]

        self._legality_caches()

    def _tactics_tables(self, tpath: Path, barred: frozenset[str] = frozenset()) -> None:
        """The tactics cards as flat tables by type, and their instances (rules 1.4, 7-11).

        A barred card keeps its type (so action ids and RL indices do not move) and
        has no instance in the deck.
        """
        tt = self.tactics
        self.n_types = len(tt)
        self.tname = [t.name for t in tt]
        self.tslug = [slug(t.name) for t in tt]
        if len(set(self.tslug)) != len(self.tslug):
            raise DataFileError(str(tpath), None, "name", "two card names give the same id")
        self.tcat = [t.type for t in tt]
        self.teff = [EFFECTS.index(t.effect) for t in tt]
        self.tpen = [t.pen for t in tt]
        self.tinf = [t.inf for t in tt]
        self.trange = [-1 if t.range is None else t.range for t in tt]
        self.tmaxr = [-1 if t.max_range is None else t.max_range for t in tt]
        self.tsame = [t.same_unit for t in tt]
        self.tatt = [sum(CLASS_BIT[c] for c in t.attacker) for t in tt]
        self.ttgt = [sum(CLASS_BIT[c] for c in t.target) for t in tt]
        # which card types negate which: negatable[t] = types that may negate a played t
        self.negated_by: list[list[int]] = [[] for _ in tt]
        for n, ncard in enumerate(tt):
            for t, card in enumerate(tt):
                if card.type in ncard.negates_types or card.name in ncard.negates_names:
                    self.negated_by[t].append(n)
        self.negatable = [bool(x) for x in self.negated_by]
        self.ttype: list[int] = []  # instance -> type
        for t, card in enumerate(tt):
            self.ttype.extend([t] * (0 if card.name in barred else card.count))
        self.n_tactics = len(self.ttype)

    def _formation_tables(
        self,
        options: Mapping[str, Any],
        loaded: dict[str, tuple[DeckFileModel, list[FormationCardModel], str]],
        types: Mapping[str, Any],
    ) -> list[str]:
        """Both formation decks as flat tables by card int, with the copies added by ``reinforce``; the unit names."""
        deck_names = self.deck_names
        self.fname: list[str] = [""] * self.n_tactics
        self.fcode: list[str] = [""] * self.n_tactics
        self.fpen: list[int] = [0] * self.n_tactics
        self.finf: list[int] = [0] * self.n_tactics
        self.fdef: list[int] = [0] * self.n_tactics
        self.frng: list[int] = [0] * self.n_tactics
        self.fcls: list[int] = [0] * self.n_tactics
        self.fsupport: list[bool] = [False] * self.n_tactics
        self.fnameid: list[int] = [-1] * self.n_tactics
        #: formation card -> its row in its deck file (unique over both seats); legality caches key on it
        self.ftype: list[int] = [-1] * self.n_tactics
        n_rows = 0
        self.fstart = [0, 0]
        self.fsize = [0, 0]
        self.nation = ["", ""]
        self.anglo = [False, False]
        self.deck_title = ["", ""]
        names: list[str] = []
        #: per seat, the extra copies added by option ``reinforce<seat>``
        self.reinforce: list[dict[str, int]] = []
        for seat, d in enumerate(deck_names):
            head, cards, _src = loaded[d]
            extra = parse_reinforce(
                str(options.get(f"reinforce{seat}", "")), f"reinforce{seat}", head.name, [c.name for c in cards]
            )
            self.reinforce.append(extra)
            self.nation[seat] = head.nation
            self.anglo[seat] = head.anglo
            self.deck_title[seat] = head.name
            self.fstart[seat] = len(self.fname)
            for c in cards:
                if c.name not in names:
                    names.append(c.name)
                cls = sum(CLASS_BIT[x] for x in types[c.type].classes)
                n_rows += 1
                for _ in range(c.count + extra.get(c.name, 0)):
                    self.ftype.append(n_rows)
                    self.fname.append(c.name)
                    self.fcode.append(c.type)
                    self.fpen.append(c.pen)
                    self.finf.append(c.inf)
                    self.fdef.append(0 if c.def_ == "--" else int(c.def_))
                    self.frng.append(c.rng)
                    self.fcls.append(cls)
                    self.fsupport.append(bool(cls & CLASS_BIT["support"]))
                    self.fnameid.append(names.index(c.name))
            self.fsize[seat] = len(self.fname) - self.fstart[seat]
        self.n_cards = len(self.fname)
        self._key = n_rows + 1
        self.unit_names = names
        self.uslug = [slug(n) for n in names]
        self.name_of = [self.tname[self.ttype[c]] if c < self.n_tactics else self.fname[c] for c in range(self.n_cards)]
        return names

    def _legality_caches(self) -> None:
        """Per-window legality tables, filled lazily and shared by every state of these rules."""
        self._lost: dict[int, list[bool]] = {}
        self._mod: dict[int, list[bool]] = {}
        self._ooa: dict[int, list[bool]] = {}
        self._free: dict[int, list[bool]] = {}
        self._tables: dict[int, tuple[list[bool], list[bool], list[bool]]] = {}
        self._neg: list[list[list[bool]]] = [
            [
                [n in self.negated_by[t] and self.player_ok(n, s) for n in range(self.n_types)]
                for t in range(self.n_types)
            ]
            for s in (0, 1)
        ]
        self.free_any = [[self.teff[t] == E_FREE and self.player_ok(t, s) for t in range(self.n_types)] for s in (0, 1)]
        self.recover = [self.teff[t] == E_REC for t in range(self.n_types)]
        # The card types each table can admit at all: a table is filled once per pair of
        # units, and only these types need the unit and nation checks.
        tactics = self.tactics
        teff = self.teff
        self._lost_types = [
            t
            for t, card in enumerate(tactics)
            if teff[t] in (E_LOST, E_END) or (teff[t] == E_OOA and card.type in ("Logistics", "Mine"))
        ]
        self._mod_types = [t for t in range(self.n_types) if teff[t] == E_MOD]
        self._ooa_types = [
            t for t, card in enumerate(tactics) if teff[t] == E_OOA and card.type in ("Damage", "Morale")
        ]
        self._free_types = [[t for t in range(self.n_types) if self.free_any[s][t]] for s in (0, 1)]

    # -- restriction checks (clause 9 of docs/rules/tank-killers.md) -----------
    def player_ok(self, t: int, seat: int) -> bool:
        """The restrictions on who plays the card: "German only", "Anglos use vs Germans"."""
        card = self.tactics[t]
        return _nation_ok(card.player_nation, self.nation[seat], self.anglo[seat]) and _nation_ok(
            card.opponent_nation, self.nation[1 - seat], self.anglo[1 - seat]
        )

    def units_ok(self, t: int, att: int, tgt: int) -> bool:
        """The restrictions on the attacking and the defending unit ("ATK Infantry vs Tanks")."""
        m = self.tatt[t]
        if m and not (self.fcls[att] & m):
            return False
        m = self.ttgt[t]
        if m and (tgt < 0 or not (self.fcls[tgt] & m)):
            return False
        an = self.tactics[t].attacker_nation
        if an is not None:
            seat = self.seat_of(att)
            if not _nation_ok(an, self.nation[seat], self.anglo[seat]):
                return False
        return True

    def seat_of(self, card: int) -> int:
        return 0 if card < self.fstart[1] else 1

    def tables(self, att: int, tgt: int) -> tuple[list[bool], list[bool], list[bool]]:
        """The lost-attack, modifier and out-of-action legality rows of one attack, cached."""
        key = self.ftype[att] * self._key + self.ftype[tgt]
        rows = self._tables.get(key)
        if rows is None:
            rows = self._tables[key] = (self.lost_table(att, tgt), self.mod_table(att, tgt), self.ooa_table(att, tgt))
        return rows

    def lost_table(self, att: int, tgt: int) -> list[bool]:
        """Cards the defender may play in the lost attack subphase (clause 6)."""
        key = self.ftype[att] * self._key + (self.ftype[tgt] if tgt >= 0 else 0)
        row = self._lost.get(key)
        if row is None:
            defender = 1 - self.seat_of(att)
            support = self.fsupport[att]
            row = [False] * self.n_types
            for t in self._lost_types:
                row[t] = (
                    (self.tactics[t].vs_support or not support)
                    and self.player_ok(t, defender)
                    and self.units_ok(t, att, tgt)
                )
            self._lost[key] = row
        return row

    def mod_table(self, att: int, tgt: int) -> list[bool]:
        """Modifier cards allowed in this attack, before the one-per-kind limits (clause 7)."""
        key = self.ftype[att] * self._key + (self.ftype[tgt] if tgt >= 0 else 0)
        row = self._mod.get(key)
        if row is None:
            support = self.fsupport[att]
            row = [False] * self.n_types
            for t in self._mod_types:
                card = self.tactics[t]
                if not (support and (card.type == "Range" or card.not_by_support)):
                    row[t] = self.units_ok(t, att, tgt)
            self._mod[key] = row
        return row

    def ooa_table(self, att: int, tgt: int) -> list[bool]:
        """Damage or Morale out-of-action cards the attacker may play after a failed attack (clause 8)."""
        key = self.ftype[att] * self._key + (self.ftype[tgt] if tgt >= 0 else 0)
        row = self._ooa.get(key)
        if row is None:
            seat = self.seat_of(att)
            row = [False] * self.n_types
            for t in self._ooa_types:
                row[t] = (
                    not (self.tactics[t].not_by_support and self.fsupport[att])
                    and self.player_ok(t, seat)
                    and self.units_ok(t, att, tgt)
                )
            self._ooa[key] = row
        return row

    def free_table(self, seat: int, att: int, tgt: int) -> list[bool]:
        """Free action cards whose conditions on the attack just ended hold (clause 10)."""
        key = ((self.ftype[att] if att >= 0 else 0) * self._key + (self.ftype[tgt] if tgt >= 0 else 0)) * 2 + seat
        row = self._free.get(key)
        if row is None:
            row = [False] * self.n_types
            for t in self._free_types[seat]:
                ok = True
                if self.tatt[t] or self.ttgt[t] or self.tactics[t].attacker_nation:
                    # Same-unit cards with a unit condition test the unit chosen, not the last one.
                    ok = (self.tsame[t] and not self.ttgt[t]) or (att >= 0 and self.units_ok(t, att, tgt))
                row[t] = ok
            self._free[key] = row
        return row

    def negate_table(self, seat: int, played: int) -> list[bool]:
        """Cards ``seat`` may play to negate the card type ``played`` just played (clause 11)."""
        return self._neg[seat][played]


_RULES: dict[tuple[Any, ...], Rules] = {}


def rules_for(options: Mapping[str, Any]) -> Rules:
    key = tuple(
        options.get(k, "")
        for k in (
            "deck0",
            "deck1",
            "tactics_file",
            "german_file",
            "american_file",
            "british_file",
            "reinforce0",
            "reinforce1",
            "bar_tactics",
        )
    )
    r = _RULES.get(key)
    if r is None:
        r = _RULES[key] = Rules(options)
    return r


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
