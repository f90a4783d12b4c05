"""A unit on the battlefield (or beside its HQ): its card and everything that happened to it.

Plain slotted objects copied field by field when a state is cloned (DESIGN rule 6).
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import mypyc_attr

from hulldown.engine.copying import class_fields, copier
from hulldown.games.pacific.cards import UnitCard, UpgradeToken
from hulldown.games.pacific.views import UnitCardView

HQ_SPACE: Final = -1  # aircraft waiting beside the HQ (rules §1.2)


@mypyc_attr(allow_interpreted_subclasses=True)
class Token:
    """One upgrade token on a unit: used this turn (flipped), mounted, and when it was mounted."""

    __slots__ = ("mounted", "mounted_turn", "spent", "up", "used")

    def __init__(self, up: UpgradeToken) -> None:
        self.up = up
        self.used = False
        self.mounted = False
        self.mounted_turn = -1
        self.spent = False  # single-use tokens, once used

    def copy(self) -> Token:
        t = Token.__new__(Token)
        t.up = self.up
        t.used = self.used
        t.mounted = self.mounted
        t.mounted_turn = self.mounted_turn
        t.spent = self.spent
        return t


@mypyc_attr(allow_interpreted_subclasses=True)
class Unit:
    __slots__ = (
        "aa_used",
        "acc_turn",
        "ammo",
        "assault_bonus",
        "attached",
        "attacked_by",
        "bay",
        "card",
        "cargo",
        "cover",
        "damage_bonus",
        "deployed_turn",
        "evasion_perm",
        "extra_perm",
        "extra_turn",
        "face_down",
        "guard",
        "healed",
        "hp_bonus",
        "hq_armour",
        "iid",
        "immobile_until",
        "main_shots",
        "moved",
        "mp_bonus",
        "mp_perm",
        "no_fire",
        "owner",
        "promotions",
        "side",
        "smoke",
        "space",
        "tokens",
        "unloaded_turn",
        "usf",
        "wounds",
    )  # fmt: skip

    def __init__(self, iid: int, card: UnitCard, owner: int, side: int, space: int, turn: int) -> None:
        self.iid = iid
        self.card = card
        self.owner = owner
        self.side = side
        self.space = space
        self.bay = 0  # 1.. beside the HQ (action ids name aircraft by bay)
        self.wounds = 0
        self.tokens: list[Token] = []
        self.deployed_turn = turn
        self.moved = False
        self.main_shots = 0
        self.no_fire = False
        self.cover = False
        self.usf = False
        self.smoke = False
        self.guard = 0
        self.acc_turn = 0
        self.mp_bonus = 0
        self.mp_perm = 0  # a hero's Movement (§11.12)
        self.extra_turn = 0
        self.extra_perm = 0
        #: Extra Ammo cards under it that last until the end of its owner's next turn (the
        #: Successful Hit Table, §11.3.1): those played this turn, then those played the turn before
        self.ammo: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        self.damage_bonus = 0
        self.assault_bonus = 0
        self.promotions = 0
        self.hp_bonus = 0
        self.evasion_perm = 0
        self.immobile_until = -1
        #: the turn it last stepped off a carrier (§15.3); it boards none again that turn
        self.unloaded_turn = -1
        self.attached: list[int] = []
        self.attacked_by: list[int] = []
        self.healed = False
        self.aa_used = False
        self.hq_armour = 0
        #: the unit this transport carries (§15): off the battlefield by itself, on our space
        self.cargo: Unit | None = None
        #: §11.7 night combat: the card lies face down; only its own side knows what it is
        self.face_down = False

    @property
    def hp(self) -> int:
        return self.card.hp + self.hp_bonus

    def has(self, tag: str) -> bool:
        return tag in self.card.tags

    def token_effect(self, effect: str) -> bool:
        """Whether one of its tokens has ``effect``: asked for every unit at every decision, so a
        plain loop (no generator)."""
        for t in self.tokens:  # noqa: SIM110 (a plain loop beats any() on short lines)
            if t.up.effect == effect:
                return True
        return False

    def multiple(self) -> int:
        for t in self.card.tags:
            if t.startswith("multiple:"):
                return int(t.removeprefix("multiple:"))
        return 0

    def copy(self) -> Unit:
        u = Unit.__new__(Unit)
        _copy_unit(self, u)
        return u

    def can_carry(self, other: Unit) -> bool:
        """§15.1: Transport carries infantry, Tow artillery, Embark & Disembark any ground unit."""
        tags = self.card.tags  # read in place of has(): asked of every pair at every decision
        boat = "embark-disembark" in tags
        if self.cargo is not None or (other.cargo is not None and not boat):
            return False
        t = other.card.type
        if boat:
            return t != "aircraft" and "embark-disembark" not in other.card.tags
        return (t == "infantry" and "transport" in tags) or (t == "artillery" and "tow" in tags)

    def each(self) -> list[Unit]:
        """This unit and everything it carries, outermost first."""
        out: list[Unit] = [self]
        c = self.cargo
        while c is not None:
            out.append(c)
            c = c.cargo
        return out

    def describe_hidden(self) -> UnitCardView:
        """What the other side sees of a face-down card (§11.7): where it is, its damage markers
        and the cards visibly attached to it, never what it is."""
        return {
            "id": -1,
            "card": "face-down",
            "name": "Face-down unit",
            "type": "face-down",
            "side": self.side,
            "owner": self.owner,
            "bay": self.bay,
            "wounds": self.wounds,
            "hp": 0,
            "tokens": [],
            "moved": self.moved,
            "usf": self.usf,
            "promotions": self.promotions,
            "attached": list(self.attached),
            "cargo": None if self.cargo is None else self.cargo.describe_hidden(),
            "face_down": True,
        }

    def describe(self) -> UnitCardView:
        return {
            "id": self.iid,
            "card": self.card.id,
            "name": self.card.name,
            "type": self.card.type,
            "side": self.side,
            "owner": self.owner,
            "bay": self.bay,
            "wounds": self.wounds,
            "hp": self.hp,
            "tokens": [
                {"id": t.up.id, "name": t.up.name, "used": t.used, "mounted": t.mounted, "spent": t.spent}
                for t in self.tokens
            ],
            "moved": self.moved,
            "usf": self.usf,
            "promotions": self.promotions,
            "attached": list(self.attached),
            "cargo": None if self.cargo is None else self.cargo.describe(),
            "face_down": self.face_down,
        }


#: How each slot is copied when a state is cloned (the engine's :func:`copier` writes it as plain
#: assignments: a search clones every unit at every node). The lists, tokens and cargo are copied;
#: the card and the rest are shared or immutable.
_COPIED: Final = {"tokens": "lists", "attached": "list", "attacked_by": "list", "cargo": "optional"}
_copy_unit = copier({f: _COPIED.get(f, "share") for f in class_fields(Unit)}, name="_copy_unit")
