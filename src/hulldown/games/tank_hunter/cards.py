"""Tank Hunter card data: validated TOML in, plain slotted definitions out.

No public list of the 2nd edition's cards exists, so the built-in set
(``data/cards.toml``) is the project's own design on the rulebook's mechanics.
A user's file in the same format replaces it (option ``cards``); every mistake
in it is reported with the file, the entry and the field.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from hulldown.engine.data import load_toml, require_unique, validate_entries
from hulldown.engine.errors import DataFileError

DATA_FILE = Path(__file__).with_name("data") / "cards.toml"

AFV, GUN, INF, COMMANDER = "AFV", "GUN", "INF", "COMMANDER"
ICONS = (
    "rear_line",
    "no_turret",
    "open_top",
    "spying",
    "amphibian",
    "transportation",
    "pulling",
    "leadership",
    "paratrooping",
)
COMMANDS = ("rally", "resupply", "intel", "logistics")
EFFECTS = (
    "carpet_bombing",
    "strike",
    "barrage",
    "attach_bonus",
    "escape",
    "conceal",
    "smoke",
    "remove_marker",
    "reinforce",
    "hand_limit",
    "water",
    "engineers",
    "ambush",
    "sabotage",
    "recon",
    "forced_march",
    "supply_drop",
)
_SALVO = re.compile(r"^([0-9])(?:x([1-9]))?$")


def parse_salvo(text: str | None) -> tuple[int, int]:
    """``"3"`` -> (3, 1); ``"1x4"`` -> (1, 4): value, then number of shots (rulebook's notation)."""
    if text is None or text == "":
        return (-1, 0)
    m = _SALVO.match(text)
    if m is None:
        raise ValueError(f"attack value {text!r} must be a digit or VALUExSHOTS like 1x4")
    return (int(m.group(1)), int(m.group(2) or 1))


class UnitModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    kind: Literal["AFV", "GUN", "INF", "COMMANDER"]
    nation: str = Field(min_length=1)
    points: int = Field(ge=0, le=20)
    count: int = Field(default=1, ge=1, le=10)
    defence: int = Field(default=0, ge=0, le=6)
    supply: int = Field(default=7, ge=1, le=7)
    anti_armour: str | None = None
    attack: str | None = None
    trample: int | None = Field(default=None, ge=0, le=6)
    suicide: int | None = Field(default=None, ge=0, le=6)
    scouting: int | None = Field(default=None, ge=1, le=6)
    long_range: int | None = Field(default=None, ge=1, le=6)
    anti_air: int | None = Field(default=None, ge=1, le=6)
    evading: int | None = Field(default=None, ge=1, le=6)
    icons: list[Literal[ICONS]] = Field(default_factory=list)  # type: ignore[valid-type]
    command: Literal[COMMANDS] | None = None  # type: ignore[valid-type]
    text: str = ""

    @field_validator("anti_armour", "attack")
    @classmethod
    def _salvo(cls, v: str | None) -> str | None:
        parse_salvo(v)
        return v

    @model_validator(mode="after")
    def _by_kind(self) -> UnitModel:
        if self.kind == COMMANDER:
            if self.command is None:
                raise ValueError("a commander needs a command ability")
            return self
        if self.command is not None:
            raise ValueError("only commanders have a command ability")
        if self.kind in (AFV, GUN) and self.anti_armour is None:
            raise ValueError(f"an {self.kind} needs an anti_armour value")
        if self.kind == AFV and self.trample is None:
            raise ValueError("an AFV needs a trample value")
        if self.kind == INF and self.suicide is None:
            raise ValueError("an INF needs a suicide value")
        if self.kind != AFV and self.trample is not None:
            raise ValueError("only AFVs trample")
        if self.kind != INF and self.suicide is not None:
            raise ValueError("only INF make suicide attacks")
        if self.kind == INF and self.anti_armour is not None:
            raise ValueError("INF attack AFVs by suicide, not anti_armour")
        if self.attack is None:
            raise ValueError("every unit needs an attack value (grenade / gunfight)")
        for icon in ("no_turret", "open_top"):
            if icon in self.icons and self.kind != AFV:
                raise ValueError(f"{icon} is a tank icon")
        return self


def _all_kinds() -> list[Literal["AFV", "GUN", "INF"]]:
    return ["AFV", "GUN", "INF"]


class EventModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    colour: Literal["gray", "gold", "red"]
    after: Literal["discard", "remove", "attach", "deploy"]
    effect: Literal[EFFECTS]  # type: ignore[valid-type]
    count: int = Field(default=1, ge=1, le=10)
    text: str = ""
    non_tank: bool = False
    water: bool = False
    value: int = Field(default=0, ge=-6, le=6)
    kinds: list[Literal["AFV", "GUN", "INF"]] = Field(default_factory=_all_kinds)
    stat: Literal["defence", "attack", "anti_armour", "supply", "spying"] | None = None
    marker: Literal["ammo", "pin"] | None = None
    result: Literal["destroy", "pin"] = "destroy"
    air: bool = False
    target: Literal["self", "other", "any"] = "any"
    when: Literal["any", "others"] = "any"

    @model_validator(mode="after")
    def _consistent(self) -> EventModel:
        e = self.effect
        if self.when == "others" and self.colour != "gold":
            raise ValueError("only a gold card may be limited to other players' turns (when = 'others')")
        if self.result == "pin" and "AFV" in self.kinds:
            raise ValueError("AFVs can never be pinned down: a card that pins may not target AFVs")
        if e == "attach_bonus" and (self.after != "attach" or self.stat is None):
            raise ValueError("attach_bonus needs after = 'attach' and a stat")
        if e in ("water", "hand_limit") and self.after != "deploy":
            raise ValueError(f"{e} needs after = 'deploy'")
        if self.after in ("attach", "deploy") and e not in ("attach_bonus", "water", "hand_limit"):
            raise ValueError("only attach_bonus attaches and only water / hand_limit deploy")
        if e == "water" and not self.water:
            raise ValueError("a water effect card must be marked water = true")
        if e == "remove_marker" and self.marker is None:
            raise ValueError("remove_marker needs a marker ('ammo' or 'pin')")
        if e == "carpet_bombing" and self.colour != "red":
            raise ValueError("Carpet Bombing is a red card")
        if e == "strike" and not 1 <= self.value <= 6:
            raise ValueError("a strike needs value 1..6 (hit on a roll at or below it)")
        if self.colour == "red" and e not in ("carpet_bombing", "supply_drop", "water", "hand_limit"):
            raise ValueError(
                "red cards are resolved without choices: use carpet_bombing, supply_drop, water or hand_limit"
            )
        if self.colour == "red" and self.target == "other":
            raise ValueError("a red card applies to the player who drew it")
        return self


ATTACK_TYPES = ("aa", "gr", "tr", "su", "gf", "lr")
#: event effects that take no target
UNTARGETED = frozenset(("ambush", "supply_drop", "carpet_bombing", "reinforce", "smoke"))
#: target kinds as small ints (legality packs per-kind masks and targets into ints by these)
KIND_CODE = {AFV: 0, GUN: 1, INF: 2, COMMANDER: 3}


def chart_types(att: str, tgt: str) -> tuple[str, ...]:
    """Attack types the chart allows an attacker kind against a target kind (§5.1).

    AFV targets: suicide for INF, anti-armour for the others; AFV attackers
    grenade or trample softer targets; GUN grenade; INF gunfight (the English
    GUN-vs-GUN row reads grenade).
    """
    if tgt == AFV:
        return ("su",) if att == INF else ("aa",)
    if att == AFV:
        return ("gr", "tr")
    if att == GUN:
        return ("gr",)
    return ("gf",)


class UnitDef:
    """One unit design; attack values as (value, shots), value -1 when absent."""

    __slots__ = (
        "aa",
        "acts",
        "anti_air",
        "attack",
        "command",
        "count",
        "defence",
        "evading",
        "icons",
        "idx",
        "kind",
        "lead",
        "long_range",
        "name",
        "nation",
        "para",
        "points",
        "rear_ok",
        "salvos",
        "scouting",
        "shots",
        "spy",
        "suicide",
        "supply",
        "text",
        "trample",
        "vcode",
        "vs",
        "vsi",
        "vsm",
    )

    def __init__(self, idx: int, m: UnitModel) -> None:
        self.idx = idx
        self.name = m.name
        self.kind = m.kind
        self.nation = m.nation
        self.points = m.points
        self.count = m.count
        self.defence = m.defence
        self.supply = m.supply
        self.aa = parse_salvo(m.anti_armour)
        self.attack = parse_salvo(m.attack)
        self.trample = (m.trample, 1) if m.trample is not None else (-1, 0)
        self.suicide = (m.suicide, 1) if m.suicide is not None else (-1, 0)
        self.scouting = m.scouting or 0
        self.long_range = m.long_range or 0
        self.anti_air = m.anti_air or 0
        self.evading = m.evading or 0
        self.icons = frozenset(m.icons)
        #: shots per attack type (aa, gr, tr, su, gf, lr); 0 when the unit lacks that value
        self.shots = {
            "aa": self.aa[1],
            "gr": self.attack[1],
            "gf": self.attack[1],
            "tr": self.trample[1],
            "su": self.suicide[1],
            "lr": 1 if self.long_range else 0,
        }
        self.command = m.command or ""
        self.text = m.text
        # icons read on every legality check, kept as plain flags
        self.lead = "leadership" in self.icons
        self.para = "paratrooping" in self.icons
        self.spy = "spying" in self.icons
        self.rear_ok = "rear_line" in self.icons
        self.acts = bool(self.icons & {"amphibian", "transportation", "pulling"})
        #: attack types this unit may declare against each target kind (§5.1 chart, shots > 0)
        self.vs: dict[str, tuple[str, ...]] = {
            k: tuple(t for t in chart_types(self.kind, k) if self.shots[t]) for k in (AFV, GUN, INF)
        }
        #: the same as positions in ATTACK_TYPES (how legality tables number attack types)
        self.vsi: dict[str, tuple[int, ...]] = {k: tuple(ATTACK_TYPES.index(t) for t in v) for k, v in self.vs.items()}
        #: the same as a bit mask (the chart lists types in ATTACK_TYPES order, so the mask keeps the order)
        self.vsm: dict[str, int] = {k: sum(1 << t for t in v) for k, v in self.vsi.items()}
        #: the three masks in one int, six bits per target kind in KIND_CODE order (legality's memo key)
        self.vcode = sum(self.vsm[k] << (6 * KIND_CODE[k]) for k in (AFV, GUN, INF))
        #: (attack value, shots) by attack type with nothing attached: ``salvo``'s answer then
        self.salvos: dict[str, tuple[int, int]] = {}
        for t, (v, n) in (
            ("aa", self.aa),
            ("gr", self.attack),
            ("gf", self.attack),
            ("tr", self.trample),
            ("su", self.suicide),
            ("lr", (self.long_range, 1 if self.long_range else 0)),
        ):
            self.salvos[t] = (max(0, v), n) if n else (-1, 0)

    def has(self, icon: str) -> bool:
        return icon in self.icons


class EventDef:
    __slots__ = (
        "after",
        "air",
        "colour",
        "count",
        "effect",
        "idx",
        "kinds",
        "marker",
        "name",
        "non_tank",
        "others",
        "play",
        "result",
        "stat",
        "target",
        "text",
        "value",
        "water",
    )

    def __init__(self, idx: int, m: EventModel) -> None:
        self.idx = idx
        self.name = m.name
        self.colour = sys.intern(m.colour)
        self.count = m.count
        self.after = m.after
        self.effect = sys.intern(m.effect)
        self.text = m.text
        self.non_tank = m.non_tank
        self.water = m.water
        self.value = m.value
        self.kinds = frozenset(m.kinds)
        self.stat = m.stat or ""
        self.marker = m.marker or ""
        self.result = m.result
        self.air = m.air
        self.target = m.target
        #: a gold card the German edition's symbol allows only on other players' turns
        self.others = m.when == "others"
        #: how legality decides whether the card may be played (0: never, being red; 1: Smoke
        #: Screen, in a window under a declaration; 2: always; 3: when it has a target)
        self.play = (
            0 if self.colour == "red" else 1 if self.effect == "smoke" else 2 if self.effect in UNTARGETED else 3
        )


class CardSet:
    """The designs of one card file and where they came from."""

    __slots__ = ("events", "path", "source", "units")

    def __init__(self, path: str, source: str, units: list[UnitDef], events: list[EventDef]) -> None:
        self.path = path
        self.source = source
        self.units = units
        self.events = events


@lru_cache(maxsize=16)
def _load(path: str) -> CardSet:
    raw = load_toml(path)
    unknown = sorted(set(raw) - {"source", "unit", "event"})
    if unknown:
        raise DataFileError(path, None, unknown[0], "unknown table (expected source, unit, event)")
    source = raw.get("source", "user card file")
    if not isinstance(source, str):
        raise DataFileError(path, None, "source", "must be text")
    units = validate_entries(path, raw.get("unit"), UnitModel, table="unit")
    events = validate_entries(path, raw.get("event"), EventModel, table="event")
    require_unique(path, units, "name", "unit")
    require_unique(path, events, "name", "event")
    if not any(u.kind != COMMANDER for u in units):
        raise DataFileError(path, None, "unit", "the file has no units")
    if not events:
        raise DataFileError(path, None, "event", "the file has no events")
    return CardSet(
        path,
        source,
        [UnitDef(i, m) for i, m in enumerate(units)],
        [EventDef(i, m) for i, m in enumerate(events)],
    )


def load_cards(path: str = "") -> CardSet:
    """The built-in set (``path`` empty) or a user's card file."""
    return _load(str(Path(path).resolve()) if path else str(DATA_FILE))


def card_database(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One dict per design, for ``hulldown cards``."""
    cs = load_cards(str(options.get("cards", "")))
    out: list[dict[str, Any]] = []
    for u in cs.units:
        out.append(
            {
                "name": u.name,
                "type": "unit",
                "kind": u.kind,
                "nation": u.nation,
                "points": u.points,
                "defence": u.defence,
                "defence_kind": "armour" if u.kind == AFV else ("agility" if u.kind != COMMANDER else ""),
                "supply": u.supply,
                "anti_armour": _salvo_text(u.aa),
                "attack": _salvo_text(u.attack),
                "trample": _salvo_text(u.trample),
                "suicide": _salvo_text(u.suicide),
                "scouting": u.scouting,
                "long_range": u.long_range,
                "anti_air": u.anti_air,
                "evading": u.evading,
                "icons": sorted(u.icons),
                "command": u.command,
                "count": u.count,
                "text": u.text,
                "source": cs.source,
            }
        )
    for e in cs.events:
        out.append(
            {
                "name": e.name,
                "type": "event",
                "colour": e.colour,
                "after": e.after,
                "effect": e.effect,
                "water": e.water,
                "count": e.count,
                "text": e.text,
                "source": cs.source,
            }
        )
    return out


def _salvo_text(v: tuple[int, int]) -> str:
    if v[1] == 0:
        return ""
    return str(v[0]) if v[1] == 1 else f"{v[0]}x{v[1]}"
