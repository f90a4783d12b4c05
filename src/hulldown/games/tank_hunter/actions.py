"""Tank Hunter's actions as typed values: one class per kind of decision.

An action's fields say what it is (which line, which place, which seat, which
attack type); its id, its English label, its message and its browser payload
all derive from them here, and :func:`parse` is the one place that reads an id
back. Ids are the ones records have always held (``attack:f:2:1:r:0:aa``):
codes ``f``/``r`` for the front and rear line, places counted from 0.

The rules build each action once per process and share it (:func:`intern`):
legality returns these very objects, so applying one needs no lookup by id.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from hulldown.engine.messages import Arg, Catalog, Message
from hulldown.engine.state import Action

#: The game's own catalog: labels are rendered from it, so label and message never disagree.
CATALOG = Catalog.from_package("hulldown.games.tank_hunter")

LINE_CODES = ("f", "r")
LINE_WORDS = {"f": "front", "r": "rear"}
ATTACK_TYPES = ("aa", "gr", "tr", "su", "gf", "lr")
TYPE_NAMES = {
    "aa": "anti-armour",
    "gr": "grenade",
    "tr": "trample",
    "su": "suicide",
    "gf": "gunfight",
    "lr": "long range",
}


@dataclass(frozen=True, slots=True, init=False)
class TankHunterAction(Action):
    """What every Tank Hunter action shares: its kind names its message and its payload."""

    KIND: ClassVar[str] = ""

    def _done(self, aid: str) -> None:
        """Set the id and the label once the fields are in place (frozen: no other way in)."""
        object.__setattr__(self, "id", aid)
        object.__setattr__(self, "label", CATALOG.render(self.message()))

    def fields(self) -> dict[str, Arg]:
        """The fields that say what the action is, by name (empty for a bare word)."""
        return {}

    def message_key(self) -> str:
        return f"act.{self.KIND}"

    def message_args(self) -> dict[str, Arg]:
        """The label's arguments: the fields, with line and attack-type codes as words."""
        out: dict[str, Arg] = {}
        for name, value in self.fields().items():
            if name in ("line", "tline") and isinstance(value, str):
                value = LINE_WORDS.get(value, value)
            elif name == "atype" and isinstance(value, str):
                name, value = "type", TYPE_NAMES[value]
            out[name] = value
        return out

    def message(self) -> Message:
        return Message(self.message_key(), tuple(self.message_args().items()))

    def payload(self) -> dict[str, Any]:
        return {"kind": self.KIND, **self.fields()}


# ---------------------------------------------------------------- bare words
@dataclass(frozen=True, slots=True, init=False)
class _Word(TankHunterAction):
    """An action without fields: its id is its kind."""

    ID: ClassVar[str] = ""

    def __init__(self) -> None:
        self._done(self.ID)


@dataclass(frozen=True, slots=True, init=False)
class Wait(_Word):
    """§4.1 wait: draw an event card as the turn's action."""

    KIND = ID = "wait"


@dataclass(frozen=True, slots=True, init=False)
class End(_Word):
    """§4.1 end the turn after its action."""

    KIND = ID = "end"


@dataclass(frozen=True, slots=True, init=False)
class Pass(_Word):
    """§8.3 pass in a reaction window."""

    KIND = ID = "pass"


@dataclass(frozen=True, slots=True, init=False)
class ArrangeDone(_Word):
    """§3 b) stop rearranging hidden units."""

    KIND, ID = "arrange-done", "arrange:done"


@dataclass(frozen=True, slots=True, init=False)
class NoAdvance(_Word):
    """§3 c) move no rear-line unit forward."""

    KIND, ID = "no-advance", "advance:none"


@dataclass(frozen=True, slots=True, init=False)
class NoSupply(_Word):
    """§3 d) discard no events for supply."""

    KIND, ID = "no-supply", "supply:none"


@dataclass(frozen=True, slots=True, init=False)
class NoCounter(_Word):
    """§6.3 decline a counter."""

    KIND, ID = "no-counter", "counter:no"


@dataclass(frozen=True, slots=True, init=False)
class NoScoutCounter(_Word):
    """§10.1 decline to counter a failed scouting."""

    KIND, ID = "no-scout-counter", "scounter:none"


@dataclass(frozen=True, slots=True, init=False)
class AntiAirDone(_Word):
    """§9.2 no (more) anti-air counters against the strike."""

    KIND, ID = "anti-air-done", "aa:done"


# ---------------------------------------------------------------- one position
@dataclass(frozen=True, slots=True, init=False)
class _AtPos(TankHunterAction):
    """An action naming one place in a packet, hand or line: ``<prefix>:<pos>``."""

    PREFIX: ClassVar[str] = ""
    pos: int

    def __init__(self, pos: int) -> None:
        object.__setattr__(self, "pos", pos)
        self._done(f"{self.PREFIX}:{pos}")

    def fields(self) -> dict[str, Arg]:
        return {"pos": self.pos}


@dataclass(frozen=True, slots=True, init=False)
class Pick(_AtPos):
    """§2.3 keep card ``pos`` of the draft packet."""

    KIND = PREFIX = "pick"


@dataclass(frozen=True, slots=True, init=False)
class Discard(_AtPos):
    """§3 d), §4.3 discard card ``pos`` of the hand."""

    KIND = PREFIX = "discard"


@dataclass(frozen=True, slots=True, init=False)
class Play(_AtPos):
    """§8 play event card ``pos`` of the hand."""

    KIND = PREFIX = "play"


@dataclass(frozen=True, slots=True, init=False)
class Advance(_AtPos):
    """§3 c) move rear-line unit ``pos`` to the front line."""

    KIND = PREFIX = "advance"


@dataclass(frozen=True, slots=True, init=False)
class ScoutCounter(_AtPos):
    """§10.1 counter a failed scouting with front-line unit ``pos`` (revealed first if hidden)."""

    KIND, PREFIX = "scout-counter", "scounter"


@dataclass(frozen=True, slots=True, init=False)
class Spot(_AtPos):
    """§10.1, §8 (Recon Flight) reveal the target seat's hidden front-line unit ``pos``."""

    KIND = PREFIX = "spot"


@dataclass(frozen=True, slots=True, init=False)
class TargetCard(_AtPos):
    """§8 an event card's target: attached or deployed card ``pos`` (in the public order of cards in play)."""

    KIND, PREFIX = "target-card", "tgte"

    def target_parts(self) -> list[Arg]:
        """The target as the ``event-target`` event lists it."""
        return [self.pos]


# ---------------------------------------------------------------- own lines
@dataclass(frozen=True, slots=True, init=False)
class PlaceRear(TankHunterAction):
    """§2.4 placement: the rear-line candidates whose bits are set in ``mask`` go to the rear line."""

    KIND = "place-rear"
    mask: int

    def __init__(self, mask: int) -> None:
        object.__setattr__(self, "mask", mask)
        self._done(f"rear:{mask}")

    def fields(self) -> dict[str, Arg]:
        return {"mask": self.mask}


@dataclass(frozen=True, slots=True, init=False)
class Reveal(TankHunterAction):
    """§4.2 reveal one's own unit at ``pos`` of ``line``."""

    KIND = "reveal"
    line: str
    pos: int

    def __init__(self, line: str, pos: int) -> None:
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "pos", pos)
        self._done(f"reveal:{line}:{pos}")

    def fields(self) -> dict[str, Arg]:
        return {"line": self.line, "pos": self.pos}


@dataclass(frozen=True, slots=True, init=False)
class AntiAir(TankHunterAction):
    """§9.2 counter an air strike with one's anti-air unit at ``pos`` of ``line``."""

    KIND = "anti-air"
    line: str
    pos: int

    def __init__(self, line: str, pos: int) -> None:
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "pos", pos)
        self._done(f"aa:{line}:{pos}")

    def fields(self) -> dict[str, Arg]:
        return {"line": self.line, "pos": self.pos}


@dataclass(frozen=True, slots=True, init=False)
class Swap(TankHunterAction):
    """§3 b) swap one's hidden units at places ``a`` and ``b`` of ``line``."""

    KIND = "swap"
    line: str
    a: int
    b: int

    def __init__(self, line: str, a: int, b: int) -> None:
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "a", a)
        object.__setattr__(self, "b", b)
        self._done(f"swap:{line}:{a}:{b}")

    def fields(self) -> dict[str, Arg]:
        return {"line": self.line, "a": self.a, "b": self.b}


@dataclass(frozen=True, slots=True, init=False)
class Supply(TankHunterAction):
    """§3 d) discard three events to take the ``marker`` (``ammo`` or ``pin``) off one's unit."""

    KIND = "supply"
    marker: str
    line: str
    pos: int

    def __init__(self, marker: str, line: str, pos: int) -> None:
        object.__setattr__(self, "marker", marker)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "pos", pos)
        self._done(f"supply:{marker}:{line}:{pos}")

    def fields(self) -> dict[str, Arg]:
        return {"marker": self.marker, "line": self.line, "pos": self.pos}

    def message_key(self) -> str:
        return f"act.supply.{self.marker}"


@dataclass(frozen=True, slots=True, init=False)
class Amphibian(TankHunterAction):
    """§10.8 one's amphibian at ``pos`` of ``line`` ignores Water card ``water`` (of the Water cards in play)."""

    KIND = "amphibian"
    line: str
    pos: int
    water: int

    def __init__(self, line: str, pos: int, water: int) -> None:
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "pos", pos)
        object.__setattr__(self, "water", water)
        self._done(f"amph:{line}:{pos}:{water}")

    def fields(self) -> dict[str, Arg]:
        return {"line": self.line, "pos": self.pos, "water": self.water}


@dataclass(frozen=True, slots=True, init=False)
class Carry(TankHunterAction):
    """§10.9, §10.10 a transporter (puller) conceals one's INF (GUN), or carries it to the rear line.

    ``how`` is ``conceal`` or ``rear``; ``line``/``pos`` the carrier, ``tline``/``tpos`` the carried unit.
    """

    KIND = "carry"
    line: str
    pos: int
    how: str
    tline: str
    tpos: int

    def __init__(self, line: str, pos: int, how: str, tline: str, tpos: int) -> None:
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "pos", pos)
        object.__setattr__(self, "how", how)
        object.__setattr__(self, "tline", tline)
        object.__setattr__(self, "tpos", tpos)
        self._done(f"carry:{line}:{pos}:{how}:{tline}:{tpos}")

    def fields(self) -> dict[str, Arg]:
        return {"line": self.line, "pos": self.pos, "how": self.how, "tline": self.tline, "tpos": self.tpos}

    def message_key(self) -> str:
        return f"act.carry.{self.how}"


# ---------------------------------------------------------------- commanders (§11.3)
@dataclass(frozen=True, slots=True, init=False)
class Command(TankHunterAction):
    """§11.3 exhaust one's commander ``slot`` for an ability without a target (logistics)."""

    KIND = "command"
    slot: int

    def __init__(self, slot: int) -> None:
        object.__setattr__(self, "slot", slot)
        self._done(f"cmd:{slot}")

    def fields(self) -> dict[str, Arg]:
        return {"slot": self.slot}


@dataclass(frozen=True, slots=True, init=False)
class CommandUnit(TankHunterAction):
    """§11.3 rally or resupply: commander ``slot`` takes a marker off one's unit at ``pos`` of ``line``."""

    KIND = "command-unit"
    slot: int
    line: str
    pos: int

    def __init__(self, slot: int, line: str, pos: int) -> None:
        object.__setattr__(self, "slot", slot)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "pos", pos)
        self._done(f"cmd:{slot}:{line}:{pos}")

    def fields(self) -> dict[str, Arg]:
        return {"slot": self.slot, "line": self.line, "pos": self.pos}


@dataclass(frozen=True, slots=True, init=False)
class CommandIntel(TankHunterAction):
    """§11.3 intel: commander ``slot`` reveals hidden front-line unit ``pos`` of ``seat``."""

    KIND = "command-intel"
    slot: int
    seat: int
    pos: int

    def __init__(self, slot: int, seat: int, pos: int) -> None:
        object.__setattr__(self, "slot", slot)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "pos", pos)
        self._done(f"cmd:{slot}:{seat}:{pos}")

    def fields(self) -> dict[str, Arg]:
        return {"slot": self.slot, "seat": self.seat, "pos": self.pos}


# ---------------------------------------------------------------- attacks and scouting (§5, §6, §10.1)
@dataclass(frozen=True, slots=True, init=False)
class Attack(TankHunterAction):
    """§5 one's unit at ``pos`` of ``line`` attacks ``seat``'s unit at ``tpos`` of ``tline`` (attack type ``atype``)."""

    KIND = "attack"
    line: str
    pos: int
    seat: int
    tline: str
    tpos: int
    atype: str

    def __init__(self, line: str, pos: int, seat: int, tline: str, tpos: int, atype: str) -> None:
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "pos", pos)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "tline", tline)
        object.__setattr__(self, "tpos", tpos)
        object.__setattr__(self, "atype", atype)
        self._done(f"attack:{line}:{pos}:{seat}:{tline}:{tpos}:{atype}")

    def fields(self) -> dict[str, Arg]:
        return {
            "line": self.line,
            "pos": self.pos,
            "seat": self.seat,
            "tline": self.tline,
            "tpos": self.tpos,
            "atype": self.atype,
        }


@dataclass(frozen=True, slots=True, init=False)
class Scout(TankHunterAction):
    """§10.1 one's scout at front-line place ``pos`` scouts ``seat``."""

    KIND = "scout"
    pos: int
    seat: int

    def __init__(self, pos: int, seat: int) -> None:
        object.__setattr__(self, "pos", pos)
        object.__setattr__(self, "seat", seat)
        self._done(f"scout:{pos}:{seat}")

    def fields(self) -> dict[str, Arg]:
        return {"pos": self.pos, "seat": self.seat}


@dataclass(frozen=True, slots=True, init=False)
class Fire(TankHunterAction):
    """§6.1 the salvo's size, with Leadership (§10.11) and Charge (§11.2) where chosen."""

    KIND = "fire"
    shots: int
    lead: bool
    charge: bool

    def __init__(self, shots: int, lead: bool = False, charge: bool = False) -> None:
        object.__setattr__(self, "shots", shots)
        object.__setattr__(self, "lead", lead)
        object.__setattr__(self, "charge", charge)
        self._done(f"fire:{shots}" + (":lead" if lead else "") + (":charge" if charge else ""))

    def fields(self) -> dict[str, Arg]:
        return {"shots": self.shots, "lead": self.lead, "charge": self.charge}

    def message_key(self) -> str:
        return "act.fire" + (".lead" if self.lead else "") + (".charge" if self.charge else "")

    def message_args(self) -> dict[str, Arg]:
        return {"shots": self.shots}


@dataclass(frozen=True, slots=True, init=False)
class Counter(TankHunterAction):
    """§6.3 counter with a salvo of ``shots``, with Leadership (§10.11) where chosen."""

    KIND = "counter"
    shots: int
    lead: bool

    def __init__(self, shots: int, lead: bool = False) -> None:
        object.__setattr__(self, "shots", shots)
        object.__setattr__(self, "lead", lead)
        self._done(f"counter:{shots}" + (":lead" if lead else ""))

    def fields(self) -> dict[str, Arg]:
        return {"shots": self.shots, "lead": self.lead}

    def message_key(self) -> str:
        return "act.counter.lead" if self.lead else "act.counter"

    def message_args(self) -> dict[str, Arg]:
        return {"shots": self.shots}


@dataclass(frozen=True, slots=True, init=False)
class Evade(TankHunterAction):
    """§11.1 whether the hit unit tries to evade."""

    KIND = "evade"
    yes: bool

    def __init__(self, yes: bool) -> None:
        object.__setattr__(self, "yes", yes)
        self._done("evade:yes" if yes else "evade:no")

    def fields(self) -> dict[str, Arg]:
        return {"yes": self.yes}

    def message_key(self) -> str:
        return "act.evade.yes" if self.yes else "act.evade.no"


# ---------------------------------------------------------------- event cards (§8)
@dataclass(frozen=True, slots=True, init=False)
class TargetUnit(TankHunterAction):
    """§8 an event card's target: ``seat``'s unit at ``pos`` of ``line``."""

    KIND = "target-unit"
    seat: int
    line: str
    pos: int

    def __init__(self, seat: int, line: str, pos: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "pos", pos)
        self._done(f"tgt:{seat}:{line}:{pos}")

    def fields(self) -> dict[str, Arg]:
        return {"seat": self.seat, "line": self.line, "pos": self.pos}

    def target_parts(self) -> list[Arg]:
        return [self.seat, self.line, self.pos]


@dataclass(frozen=True, slots=True, init=False)
class TargetSeat(TankHunterAction):
    """§8 an event card's target: a player (``seat``)."""

    KIND = "target-seat"
    seat: int

    def __init__(self, seat: int) -> None:
        object.__setattr__(self, "seat", seat)
        self._done(f"tgtp:{seat}")

    def fields(self) -> dict[str, Arg]:
        return {"seat": self.seat}

    def target_parts(self) -> list[Arg]:
        return [self.seat]


@dataclass(frozen=True, slots=True, init=False)
class Put(TankHunterAction):
    """§8 Reinforcements: put the drawn unit face down in ``line`` (``front`` or ``rear``)."""

    KIND = "put"
    line: str

    def __init__(self, line: str) -> None:
        object.__setattr__(self, "line", line)
        self._done(f"put:{line}")

    def fields(self) -> dict[str, Arg]:
        return {"line": self.line}

    def message_key(self) -> str:
        return f"act.put.{self.line}"


#: Every target action of an event card.
EventTarget = TargetUnit | TargetSeat | TargetCard

_INTERNED: dict[Action, Action] = {}


def intern(action: TankHunterAction) -> Any:
    """The one shared object equal to ``action`` (DESIGN rule 6: built once per process)."""
    return _INTERNED.setdefault(action, action)


# ---------------------------------------------------------------- reading ids
_WORDS: dict[str, type[_Word]] = {
    c.ID: c for c in (Wait, End, Pass, ArrangeDone, NoAdvance, NoSupply, NoCounter, NoScoutCounter, AntiAirDone)
}
_AT_POS: dict[str, type[_AtPos]] = {c.PREFIX: c for c in (Pick, Discard, Play, Advance, ScoutCounter, Spot, TargetCard)}


def _num(text: str) -> int:
    if not text.isdigit() or (len(text) > 1 and text[0] == "0"):
        raise ValueError(f"{text!r:.20} is not a position")
    return int(text)


def _line(text: str) -> str:
    if text not in LINE_CODES:
        raise ValueError(f"{text!r:.20} is not a line (f or r)")
    return text


def _flags(rest: list[str], allowed: tuple[str, ...]) -> set[str]:
    """Optional trailing words (``lead``, ``charge``) in their fixed order, each at most once."""
    if rest != [w for w in allowed if w in rest]:
        raise ValueError(f"unexpected {':'.join(rest)!r:.40}")
    return set(rest)


def _parse(p: list[str]) -> TankHunterAction:
    head, n = p[0], len(p)
    if n == 2 and head in _AT_POS:
        return _AT_POS[head](_num(p[1]))
    if head == "rear" and n == 2:
        return PlaceRear(_num(p[1]))
    if head == "reveal" and n == 3:
        return Reveal(_line(p[1]), _num(p[2]))
    if head == "aa" and n == 3:
        return AntiAir(_line(p[1]), _num(p[2]))
    if head == "swap" and n == 4:
        return Swap(_line(p[1]), _num(p[2]), _num(p[3]))
    if head == "supply" and n == 4 and p[1] in ("ammo", "pin"):
        return Supply(p[1], _line(p[2]), _num(p[3]))
    if head == "amph" and n == 4:
        return Amphibian(_line(p[1]), _num(p[2]), _num(p[3]))
    if head == "carry" and n == 6 and p[3] in ("conceal", "rear"):
        return Carry(_line(p[1]), _num(p[2]), p[3], _line(p[4]), _num(p[5]))
    if head == "cmd" and n in (2, 4):
        if n == 2:
            return Command(_num(p[1]))
        if p[2] in LINE_CODES:
            return CommandUnit(_num(p[1]), p[2], _num(p[3]))
        return CommandIntel(_num(p[1]), _num(p[2]), _num(p[3]))
    if head == "attack" and n == 7 and p[6] in ATTACK_TYPES:
        return Attack(_line(p[1]), _num(p[2]), _num(p[3]), _line(p[4]), _num(p[5]), p[6])
    if head == "scout" and n == 3:
        return Scout(_num(p[1]), _num(p[2]))
    if head == "fire" and 2 <= n <= 4:
        f = _flags(p[2:], ("lead", "charge"))
        return Fire(_num(p[1]), "lead" in f, "charge" in f)
    if head == "counter" and 2 <= n <= 3:
        return Counter(_num(p[1]), "lead" in _flags(p[2:], ("lead",)))
    if head == "evade" and n == 2 and p[1] in ("yes", "no"):
        return Evade(p[1] == "yes")
    if head == "tgt" and n == 4:
        return TargetUnit(_num(p[1]), _line(p[2]), _num(p[3]))
    if head == "tgtp" and n == 2:
        return TargetSeat(_num(p[1]))
    if head == "put" and n == 2 and p[1] in ("front", "rear"):
        return Put(p[1])
    raise ValueError(f"not a Tank Hunter action: {':'.join(p)!r:.80}")


def parse(aid: str) -> TankHunterAction:
    """The action an id names; ``ValueError`` for anything that is not a Tank Hunter action id."""
    word = _WORDS.get(aid)
    if word is not None:
        return word()
    parts = aid.split(":")
    action = _parse(parts)
    if action.id != aid:
        raise ValueError(f"not a Tank Hunter action: {aid!r:.80}")
    return action
