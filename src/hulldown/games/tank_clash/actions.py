"""Tank Clash's actions as typed values: one class per kind of decision.

An action's fields say what it is (which tank, which hex, which card, which
die); its id, its English label, its message, its browser payload and its
index in the RL action space all derive from them here, and :func:`parse` is
the one place that reads an id back. Ids are the ones records have always held
(``move:a1:E7``, ``attack:a2:b4``, ``morale:Transport:a3``): tanks as ``a1``..
``b5``, hexes as ``E7`` (column letter, row from seat 0's edge).

Every action the game can offer is built once, at import, in the order of the
RL action space (:data:`ALL`); legality hands back these very objects from the
tables below, and the rules read ``KIND``, ``tank``, ``hex`` and ``card``
instead of looking anything up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from hulldown.engine.hexgrid import grid
from hulldown.engine.messages import Arg, Catalog, Message
from hulldown.engine.state import JSON, Action
from hulldown.games.tank_clash.data import FIELD_ROWS, FIELD_WIDTH, KINDS, MORALE_NAMES

#: The game's own catalog: labels are rendered from it, so label and message never disagree.
CATALOG = Catalog.from_package("hulldown.games.tank_clash")

_GRID = grid(FIELD_WIDTH, FIELD_ROWS)
HEX_NAMES = tuple(_GRID.name(h) for h in range(_GRID.size))
HEX_INDEX = {n: h for h, n in enumerate(HEX_NAMES)}
#: Seat 0 owns tanks 0..4 (``a1``..``a5``), seat 1 tanks 5..9 (``b1``..``b5``).
TANK_IDS = tuple(f"{'ab'[i // 5]}{i % 5 + 1}" for i in range(10))
TANK_INDEX = {t: i for i, t in enumerate(TANK_IDS)}

#: Kinds, as the rules and the bots dispatch on them.
END, PASS, KEEP, REROLL, CHECKPOINT, PLACE, ACE, RETREAT, TACTICAL, MORALE, DISCARD, MOVE, ATTACK = range(13)

#: Tactical cards aimed at a hex, at a tank, or at nothing (8.1-8.6).
TACTICAL_ON_HEX = ("artillery", "air")
TACTICAL_ON_TANK = ("repair", "mines")
TACTICAL_PLAIN = ("infantry", "smoke")
#: Morale cards aimed at a tank, at nothing, or at a house (10.6-10.8).
MORALE_ON_TANK = ("Overhaul", "Sabotage", "Transport", "Refuel", "Airdrop")
MORALE_PLAIN = ("Sniper", "Experience", "Reinforce", "Conceal", "Ambush", "Deflect")
DEMOLISH = "Demolish"


@dataclass(frozen=True, slots=True, init=False)
class TankClashAction(Action):
    """What every Tank Clash action shares: the tanks, hex, card and die it names (-1 or "" if none).

    ``tank`` is the acting or named tank, ``target`` the attacked one, ``hex`` the
    hex aimed at, ``card`` a tactical card's id or a morale card's name (or the
    type of tank placed), ``value`` a die's face; ``index`` is the place in the
    RL action space.
    """

    KIND: ClassVar[int]
    WORD: ClassVar[str]
    tank: int
    target: int
    hex: int
    card: str
    value: int
    index: int

    def __init__(self, *, tank: int = -1, target: int = -1, hex: int = -1, card: str = "", value: int = -1) -> None:
        object.__setattr__(self, "tank", tank)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "hex", hex)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "index", -1)
        object.__setattr__(self, "id", ":".join((self.WORD, *(str(v) for v in self.fields().values()))))
        object.__setattr__(self, "label", CATALOG.render(self.message()))

    def fields(self) -> dict[str, Arg]:
        """The named things the action carries, in the order its id writes them."""
        out: dict[str, Arg] = {}
        if self.card:
            out["card"] = self.card
        if self.value >= 0:
            out["value"] = self.value
        if self.tank >= 0:
            out["tank"] = TANK_IDS[self.tank]
        if self.target >= 0:
            out["target"] = TANK_IDS[self.target]
        if self.hex >= 0:
            out["hex"] = HEX_NAMES[self.hex]
        return out

    @property
    def aimed_at(self) -> str:
        """The hex or tank a card is played on, by name ("" if none): events and labels name it alike."""
        if self.hex >= 0:
            return HEX_NAMES[self.hex]
        return TANK_IDS[self.tank] if self.tank >= 0 else ""

    def message(self) -> Message:
        return Message(f"act.{self.WORD}", tuple(self.fields().items()))

    def payload(self) -> dict[str, JSON]:
        return {"kind": self.WORD, **self.fields()}

    def __reduce__(self) -> tuple[Callable[[str], TankClashAction], tuple[str]]:
        """Unpickled in a search worker, an action is that process's one shared object for its
        id: the rules and their caches find actions by identity."""
        return parse, (self.id,)


def _card_message(word: str, a: TankClashAction) -> Message:
    """A card's label names what it is aimed at, a hex or a tank, as one ``target``."""
    if a.aimed_at:
        return Message(f"act.{word}-on", (("card", a.card), ("target", a.aimed_at)))
    return Message(f"act.{word}", (("card", a.card),))


@dataclass(frozen=True, slots=True, init=False)
class End(TankClashAction):
    """End the turn before its second action (3.4)."""

    KIND, WORD = END, "end"


@dataclass(frozen=True, slots=True, init=False)
class Pass(TankClashAction):
    """Let a morale card window go by (10.2)."""

    KIND, WORD = PASS, "pass"


@dataclass(frozen=True, slots=True, init=False)
class Keep(TankClashAction):
    """Keep the dice rather than use a re-roll left (7.3, 10.6)."""

    KIND, WORD = KEEP, "keep"


@dataclass(frozen=True, slots=True, init=False)
class Reroll(TankClashAction):
    """Re-roll one die of the attack showing ``value`` (7.3, 10.6)."""

    KIND, WORD = REROLL, "reroll"


@dataclass(frozen=True, slots=True, init=False)
class Checkpoint(TankClashAction):
    """Place the next checkpoint on ``hex`` (2.5)."""

    KIND, WORD = CHECKPOINT, "checkpoint"


@dataclass(frozen=True, slots=True, init=False)
class Place(TankClashAction):
    """Place a tank of type ``card`` (medium, heavy, destroyer) on ``hex`` (2.6)."""

    KIND, WORD = PLACE, "place"


@dataclass(frozen=True, slots=True, init=False)
class Ace(TankClashAction):
    """Put the ace under ``tank`` (2.8)."""

    KIND, WORD = ACE, "ace"


@dataclass(frozen=True, slots=True, init=False)
class Retreat(TankClashAction):
    """Push the scared tank back to ``hex`` (5.6)."""

    KIND, WORD = RETREAT, "retreat"


@dataclass(frozen=True, slots=True, init=False)
class Tactical(TankClashAction):
    """Play the tactical card ``card``, on ``hex`` or ``tank`` where it is aimed (clause 8)."""

    KIND, WORD = TACTICAL, "tactical"

    def message(self) -> Message:
        return _card_message("tactical", self)


@dataclass(frozen=True, slots=True, init=False)
class Morale(TankClashAction):
    """Play the morale card ``card``, on ``tank`` or ``hex`` where it is aimed (clause 10)."""

    KIND, WORD = MORALE, "morale"

    def message(self) -> Message:
        return _card_message("morale", self)


@dataclass(frozen=True, slots=True, init=False)
class Discard(TankClashAction):
    """Discard the morale card ``card`` down to the hand limit (10.3)."""

    KIND, WORD = DISCARD, "discard"


@dataclass(frozen=True, slots=True, init=False)
class Move(TankClashAction):
    """Move ``tank`` to ``hex`` (clause 4)."""

    KIND, WORD = MOVE, "move"

    def fields(self) -> dict[str, Arg]:
        return {"tank": TANK_IDS[self.tank], "hex": HEX_NAMES[self.hex]}


@dataclass(frozen=True, slots=True, init=False)
class Attack(TankClashAction):
    """``tank`` attacks ``target`` (clause 5)."""

    KIND, WORD = ATTACK, "attack"

    def fields(self) -> dict[str, Arg]:
        return {"tank": TANK_IDS[self.tank], "target": TANK_IDS[self.target]}


_HEXES = range(len(HEX_NAMES))
_TANKS = range(10)

END_ACT, PASS_ACT, KEEP_ACT = End(), Pass(), Keep()
REROLL_ACT = {v: Reroll(value=v) for v in range(1, 7)}
CHECKPOINT_ACT = tuple(Checkpoint(hex=h) for h in _HEXES)
#: PLACE_ACT[type][hex], types in the order of data.KINDS
PLACE_ACT = tuple(tuple(Place(card=k, hex=h) for h in _HEXES) for k in KINDS)
RETREAT_ACT = tuple(Retreat(hex=h) for h in _HEXES)
TACTICAL_HEX_ACT = {c: tuple(Tactical(card=c, hex=h) for h in _HEXES) for c in TACTICAL_ON_HEX}
DEMOLISH_ACT = tuple(Morale(card=DEMOLISH, hex=h) for h in _HEXES)
ACE_ACT = tuple(Ace(tank=t) for t in _TANKS)
TACTICAL_TANK_ACT = {c: tuple(Tactical(card=c, tank=t) for t in _TANKS) for c in TACTICAL_ON_TANK}
MORALE_TANK_ACT = {c: tuple(Morale(card=c, tank=t) for t in _TANKS) for c in MORALE_ON_TANK}
TACTICAL_PLAIN_ACT = {c: Tactical(card=c) for c in TACTICAL_PLAIN}
MORALE_PLAIN_ACT = {c: Morale(card=c) for c in MORALE_PLAIN}
DISCARD_ACT = {c: Discard(card=c) for c in MORALE_NAMES}
#: MOVE_ACT[tank][hex]
MOVE_ACT = tuple(tuple(Move(tank=t, hex=h) for h in _HEXES) for t in _TANKS)
#: ATTACK_ACT[attacker][target]: only enemy pairs are real actions (the rest is never offered)
ATTACK_ACT = tuple(tuple(Attack(tank=a, target=e) for e in _TANKS) for a in _TANKS)


def _action_space() -> list[TankClashAction]:
    """Every action, in the fixed order of the RL action space (tensor.py documents it)."""
    out: list[TankClashAction] = [END_ACT, PASS_ACT, KEEP_ACT, *REROLL_ACT.values()]
    for h in _HEXES:
        out += [CHECKPOINT_ACT[h], *(row[h] for row in PLACE_ACT), RETREAT_ACT[h]]
        out += [TACTICAL_HEX_ACT["artillery"][h], TACTICAL_HEX_ACT["air"][h], DEMOLISH_ACT[h]]
    for t in _TANKS:
        out += [ACE_ACT[t], TACTICAL_TANK_ACT["repair"][t], TACTICAL_TANK_ACT["mines"][t]]
        out += [MORALE_TANK_ACT[c][t] for c in MORALE_ON_TANK]
    out += [*TACTICAL_PLAIN_ACT.values(), *MORALE_PLAIN_ACT.values(), *DISCARD_ACT.values()]
    out += [MOVE_ACT[t][h] for t in _TANKS for h in _HEXES]
    out += [ATTACK_ACT[a][e] for a in range(5) for e in range(5, 10)]
    out += [ATTACK_ACT[a][e] for a in range(5, 10) for e in range(5)]
    for i, a in enumerate(out):
        object.__setattr__(a, "index", i)
    return out


#: The fixed action space of the RL adapters, in this order.
ALL = _action_space()
BY_ID = {a.id: a for a in ALL}


def parse(aid: str) -> TankClashAction:
    """The action an id names, or ValueError: every id the game can offer is built above."""
    try:
        return BY_ID[aid]
    except KeyError:
        raise ValueError(f"{aid!r:.80} is not a Tank Clash action id") from None
