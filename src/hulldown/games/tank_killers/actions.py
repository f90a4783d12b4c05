"""Tank Killers' actions as typed values: one class per kind of decision.

An action's fields say what it is (which tactics card, which unit, or the top of
a formation deck); its id, its English label, its message and its browser
payload all derive from them here, and :func:`parse` is the one place that
reads an id back. Ids are the ones records have always held (``play:ambush``,
``target:deck``, ``attacker:m4-sherman``): a card's slug after the kind.

Which cards exist depends on the decks in play, so the actions are built once
per rules table (:class:`ActionTable`) and shared: legality returns these very
objects, and the rules read ``KIND`` and ``index`` instead of looking anything up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from hulldown.engine.messages import Arg, Catalog, Message
from hulldown.engine.state import JSON, Action

#: The game's own catalog: labels are rendered from it, so label and message never disagree.
CATALOG = Catalog.from_package("hulldown.games.tank_killers")

#: Kinds, as the rules dispatch on them.
PASS, PLAY, DISCARD, TARGET, ATTACKER = range(5)
#: ``index`` of the actions that name the top of a formation deck rather than a unit.
DECK = -1


@dataclass(frozen=True, slots=True, init=False)
class TankKillersAction(Action):
    """What every Tank Killers action shares: its kind, the card it names (if any) and that card's index.

    ``index`` is the tactics type (play, discard) or the unit's name index
    (target, attacker), or :data:`DECK`; ``name`` is the card's name as printed.
    """

    KIND: ClassVar[int]
    WORD: ClassVar[str]
    index: int
    name: str

    def __init__(self, index: int = DECK, name: str = "", slug: str = "") -> None:
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "name", name)
        aid = self.WORD if self.KIND == PASS else f"{self.WORD}:{'deck' if index == DECK else slug}"
        object.__setattr__(self, "id", aid)
        object.__setattr__(self, "label", CATALOG.render(self.message()))

    @property
    def on_deck(self) -> bool:
        """Whether the action names the top card of a formation deck."""
        return self.index == DECK and self.KIND in (TARGET, ATTACKER)

    def message(self) -> Message:
        if self.KIND == PASS:
            return Message("act.pass")
        if self.on_deck:
            return Message(f"act.{self.WORD}-deck")
        args: tuple[tuple[str, Arg], ...] = (("card", self.name),)
        return Message(f"act.{self.WORD}", args)

    def payload(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"kind": self.WORD}
        if self.on_deck:
            out["deck"] = True
        elif self.KIND != PASS:
            out["card"] = self.name
        return out


@dataclass(frozen=True, slots=True, init=False)
class Pass(TankKillersAction):
    """Let the window go by (or end the attack)."""

    KIND = PASS
    WORD = "pass"


@dataclass(frozen=True, slots=True, init=False)
class Play(TankKillersAction):
    """Play a tactics card from the hand (rules 6-11)."""

    KIND = PLAY
    WORD = "play"


@dataclass(frozen=True, slots=True, init=False)
class Discard(TankKillersAction):
    """Discard a tactics card down to the hand limit (rule 4.5)."""

    KIND = DISCARD
    WORD = "discard"


@dataclass(frozen=True, slots=True, init=False)
class Target(TankKillersAction):
    """Choose the target of an attack: an opposing unit in play, or the top of the opponent's deck (rule 5.2)."""

    KIND = TARGET
    WORD = "target"


@dataclass(frozen=True, slots=True, init=False)
class Attacker(TankKillersAction):
    """Choose the attacker: a unit in play attacks again, or the top of one's own deck (rule 5.1)."""

    KIND = ATTACKER
    WORD = "attacker"


class ActionTable:
    """Every action one rules table can offer, built once and shared by all its states."""

    __slots__ = ("ALL", "ATTACKER", "ATTACKER_DECK", "DISCARD", "PASS", "PLAY", "TARGET", "TARGET_DECK", "by_id")

    # typed as the engine's Action: legality lists mix the kinds
    PASS: Action
    PLAY: list[Action]
    DISCARD: list[Action]
    TARGET_DECK: Action
    TARGET: list[Action]
    ATTACKER_DECK: Action
    ATTACKER: list[Action]

    def __init__(
        self, tactic_slugs: Sequence[str], tactic_names: Sequence[str], unit_slugs: Sequence[str], units: Sequence[str]
    ) -> None:
        play = [Play(t, n, s) for t, (s, n) in enumerate(zip(tactic_slugs, tactic_names, strict=True))]
        discard = [Discard(t, n, s) for t, (s, n) in enumerate(zip(tactic_slugs, tactic_names, strict=True))]
        target = [Target(i, n, s) for i, (s, n) in enumerate(zip(unit_slugs, units, strict=True))]
        attacker = [Attacker(i, n, s) for i, (s, n) in enumerate(zip(unit_slugs, units, strict=True))]
        #: The fixed action space of the RL adapters, in this order.
        self.ALL: list[TankKillersAction] = [Pass(), *play, *discard, Target(), *target, Attacker(), *attacker]
        self.PASS, self.PLAY, self.DISCARD = self.ALL[0], list(play), list(discard)
        self.TARGET_DECK, self.TARGET = self.ALL[1 + 2 * len(play)], list(target)
        self.ATTACKER_DECK, self.ATTACKER = self.ALL[2 + 2 * len(play) + len(target)], list(attacker)
        self.by_id = {a.id: a for a in self.ALL}

    def parse(self, aid: str) -> TankKillersAction:
        """The action an id names, or ValueError (a malformed id, or a card these decks do not hold)."""
        kind, _, rest = aid.partition(":")
        if kind not in ("pass", "play", "discard", "target", "attacker") or (kind == "pass") != (rest == ""):
            raise ValueError(f"{aid!r:.80} is not a Tank Killers action id")
        try:
            return self.by_id[aid]
        except KeyError:
            raise ValueError(f"{aid!r:.80} names no card of these decks") from None
