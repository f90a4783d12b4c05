"""2GM Pacific's actions as typed values: one class per kind of decision.

An action's fields say what it is (which space, which hand position, which weapon); its id,
its label, its message, its browser payload and its index in the RL action space all derive
from them here, and :func:`parse` is the one place that reads an id back. Ids are the ones
records have always held (``fire:1,5:main:e2``), so old records replay unchanged.

A label names what the action really uses: a unit by its card and where it stands, a hand card by
its name (docs/engine.md, "Labels"). Those names come from the state, not from the id, so the
rules pass them in as the message's arguments when they offer the action (``offers.make``); an
action read back from a bare id (:func:`parse`) knows no names, and its label is its id.

An id never names a card instance: cards in hand are named by their position in the hand
(``h1`` is the hand's lowest card instance, the order the observation lists them in), units on
the battlefield by their space (one unit per space, §1.4) and aircraft beside an HQ by their bay
(``a1``.. for the acting side's own, ``e1``.. for the enemy's). So every id the game can offer is
in :func:`all_action_ids`, whose order is the index layout of the RL action space:

====================  ===========================================================================
block                 ids (in this order)
====================  ===========================================================================
set-up                ``keep``, ``redraw``, ``bid:0..5``, ``terrain:<terrain>:<space>``,
                      ``terrain:<terrain>:<space>:<2|3>`` (Large Field), ``terrain-done``
                      (Starting Deployment uses the deployment block's ``deploy:``, ``upgrade:``)
headquarters          ``ta:<1..9>:<space>``, ``ta-pass``, ``lendlease:<1..11>``
deployment            ``deploy:h<k>:<space|hq>``, ``play:h<k>``, ``play:h<k>:<unit>``,
                      ``upgrade:<unit>:<token>``, ``board:h<k>:<space>``, ``give-ap``,
                      ``deploy-done``
movement              ``move:<space>:<space>``, ``ride:<space>:<space>``,
                      ``cover:<space>:<adjacent>``, ``assault:<space>:<adjacent>``,
                      ``advance:<space>``, ``sap:<space>:<adjacent>``, ``pickup:<space>``,
                      ``mount:<unit>:<k>``, ``smoke:<unit>:<k>``, ``load:<space>:<space>``,
                      ``fetch:<space>:<space>``, ``unload:<space>:<adjacent>``, ``move-done``
shooting              ``fire:<unit>:<main|k>:<space|e<k>|hq>``, ``heal:<space>:<space or adjacent>``,
                      ``shoot-done``
flip over, discard    ``dismount:<space>:<k>``, ``flip-done``, ``discard:h<k>``, ``discard-done``
air reactions         ``intercept:a<k>``, ``no-intercept``, ``escort:a<k>``, ``no-escort``,
                      ``aa:<space>``, ``aa-done``
smoke, token trade    ``no-smoke`` (§11.13), ``trade:<space>:<k>:<token>`` (§11.10)
smoke screen          ``screen:<none|left|right|both>`` (§17.7)
====================  ===========================================================================

``<space>`` runs over the 48 spaces in row-major order (``1,1`` .. ``6,8``), ``<unit>`` over the
48 spaces then the bays ``a1..a8``, ``k`` over token positions ``0..3``, ``h<k>`` over hand
positions ``h1..h20`` and ``<token>`` over every upgrade token of the card data. A fire target
that is a space means the unit standing there, else the terrain card there, and for a Smoke Screen
token the space itself. A landing craft has no weapon of its own: ``fire:<its space>:...`` names
the weapons of the unit it carries (rules §15.5).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar, Final, TypeVar

from hulldown.engine.messages import Arg, Catalog, Message
from hulldown.engine.state import Action
from hulldown.games.pacific import grid

#: The game's own catalog: labels are rendered from it, so label and message never disagree.
CATALOG = Catalog.from_package("hulldown.games.pacific")

#: Hand positions that can be named (rules §5.1): a hand never reaches 20 cards in practice
#: (7 after the Discard phase, 1 drawn, and each draw card adds at most one net card).
HAND_SLOTS: Final = 20
#: Aircraft bays beside each HQ (rules §1.2, reconstructed bound).
BAYS: Final = 8
#: Upgrade tokens a unit can hold: one free token and two bought ones (§5.2), one picked up.
TOKENS: Final = 4
MAX_BID: Final = 5
MAX_TA: Final = 9
MAX_LENDLEASE: Final = 11
#: The HQ's virtual space (units.HQ_SPACE), where a deployed aircraft waits: ``hq`` in ids.
HQ: Final = -1
#: The main weapon, as the ``weapon`` field of :class:`Fire` holds it (``main`` in ids).
MAIN: Final = -1

SPACE_NAMES = grid.SPACE_NAMES
HAND_REFS = tuple(f"h{k + 1}" for k in range(HAND_SLOTS))
OWN_BAYS = tuple(f"a{k + 1}" for k in range(BAYS))
ENEMY_BAYS = tuple(f"e{k + 1}" for k in range(BAYS))
UNIT_REFS = SPACE_NAMES + OWN_BAYS
_SPACE_OF = {n: s for s, n in enumerate(SPACE_NAMES)}

# How each kind of field is written in an id, and read back (a reader raises ValueError or KeyError).
_WRITE: dict[str, Callable[[Any], str]] = {
    "space": lambda v: SPACE_NAMES[v],
    "place": lambda v: "hq" if v == HQ else SPACE_NAMES[v],
    "hand": lambda v: HAND_REFS[v],
    "int": str,
    "str": str,
    "bay": lambda v: f"a{v}",
    "weapon": lambda v: "main" if v == MAIN else str(v),
    "ref": str,
}


def _read_int(t: str) -> int:
    if not t.isdigit() or (len(t) > 1 and t[0] == "0"):
        raise ValueError(f"{t!r:.20} is not a number")
    return int(t)


def _read_word(t: str) -> str:
    """A card-data id (a terrain card, an upgrade token): letters, digits and hyphens."""
    if not t or not t.replace("-", "").isalnum():
        raise ValueError(f"{t!r:.20} is not a card id")
    return t


def _read_bay(t: str) -> int:
    if t[:1] != "a":
        raise ValueError(f"{t!r:.20} is not an own bay")
    return _read_int(t[1:])


def _read_ref(t: str) -> str:
    if t in _SPACE_OF or t == "hq" or (t[:1] in ("a", "e") and t[1:].isdigit() and 1 <= int(t[1:]) <= BAYS):
        return t
    raise ValueError(f"{t!r:.20} is not a unit or target")


_READ: dict[str, Callable[[str], Any]] = {
    "space": lambda t: _SPACE_OF[t],
    "place": lambda t: HQ if t == "hq" else _SPACE_OF[t],
    "hand": HAND_REFS.index,
    "int": _read_int,
    "str": _read_word,
    "bay": _read_bay,
    "weapon": lambda t: MAIN if t == "main" else _read_int(t),
    "ref": _read_ref,
}


@dataclass(frozen=True, slots=True, init=False, eq=False)
class PacificAction(Action):
    """What every 2GM Pacific action shares: fields written into the id in a fixed order.

    ``FIELDS`` names the fields and how the id writes each (``space``: a space name, ``hand``: a
    hand position ``h<k>``, ``ref``: a unit or fire target as the acting side names it, ...).
    ``names`` are the label's names from the state; they are not part of what the action is.
    """

    KIND: ClassVar[str] = ""
    FIELDS: ClassVar[tuple[tuple[str, str], ...]] = ()
    #: The message key, when it is not ``act.<KIND>``.
    MESSAGE: ClassVar[str] = ""
    #: Whether the label needs names from the state (a bare id then labels itself).
    NAMED: ClassVar[bool] = True
    key: str = field(compare=False)
    names: tuple[tuple[str, Arg], ...] = field(compare=False)

    def __init__(self, *values: Any, key: str = "", **names: Arg) -> None:
        fields = self.FIELDS
        if len(values) != len(fields):
            raise TypeError(f"{type(self).__name__} takes {len(fields)} fields")
        parts = [self.KIND]
        for (name, how), v in zip(fields, values, strict=True):
            object.__setattr__(self, name, v)
            parts.append(_WRITE[how](v))
        object.__setattr__(self, "key", key or self.MESSAGE or f"act.{self.KIND}")
        object.__setattr__(self, "names", tuple(names.items()))
        object.__setattr__(self, "id", ":".join(parts))

    def __eq__(self, other: object) -> bool:
        # as the generated comparison did (id and label), but the label is rendered only when the
        # ids already agree
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, PacificAction)
        if self.id != other.id:
            return False
        return (self.names == other.names and self.key == other.key) or self.label == other.label

    def __hash__(self) -> int:
        return hash(self.id)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled and copied as what defines it (the label slot would not survive the dataclass's
        # own state: ``label`` is a property here)
        return _rebuilt, (type(self), tuple(getattr(self, name) for name, _ in self.FIELDS), self.key, self.names)

    def _relabelled(self: A, names: tuple[tuple[str, Arg], ...]) -> A:
        """The same action labelled with other names: its fields and id copied, nothing formatted."""
        new: A = relabeller(type(self))(self, names)
        return new

    def named(self) -> bool:
        """Whether the label can be said: it needs no names, or the rules gave them."""
        return bool(self.names) or not self.NAMED or not self.FIELDS

    def fields(self) -> dict[str, Arg]:
        """The fields that say what the action is, by name (empty for a bare word)."""
        return {name: getattr(self, name) for name, _ in self.FIELDS}

    def message_args(self) -> dict[str, Arg]:
        """The label's arguments: the fields as the id writes them, then the names from the state."""
        out: dict[str, Arg] = {name: _WRITE[how](getattr(self, name)) for name, how in self.FIELDS}
        out.update(self.names)
        return out

    def message(self) -> Message:
        if not self.named():  # read back from a bare id: no names to say
            return Message("action", (("label", self.id),))
        return Message(self.key, tuple(self.message_args().items()))

    def payload(self) -> dict[str, Any]:
        """The fields as the board keys things (spaces by name, ``hq``), then the names from the state."""
        out: dict[str, Any] = {"kind": self.KIND}
        for name, how in self.FIELDS:
            v = getattr(self, name)
            out[name] = _WRITE[how](v) if how in ("space", "place") else v
        out.update(self.names)
        return out


A = TypeVar("A", bound=PacificAction)


def _rebuilt(cls: type[A], values: tuple[Any, ...], key: str, names: tuple[tuple[str, Arg], ...]) -> A:
    """An action unpickled or copied (:meth:`PacificAction.__reduce__`)."""
    return cls(*values, key=key)._relabelled(names)


#: The slot in which :class:`Action` keeps a label; a 2GM action fills it on first reading.
_LABEL_SLOT = Action.__dict__["label"]


def _label(self: PacificAction) -> str:
    """The label, rendered from the catalog on first reading: the rules offer about a hundred
    actions a decision, and only a person (or a test) ever reads one's label."""
    try:
        text: str = _LABEL_SLOT.__get__(self, type(self))
    except AttributeError:
        # read back from a bare id, an action has no names to say: its id labels it
        text = CATALOG.render(Message(self.key, tuple(self.message_args().items()))) if self.named() else self.id
        _LABEL_SLOT.__set__(self, text)
    return text


# Installed after the class is made: a dataclass with slots drops class attributes named like a
# field, and ``label`` is one of :class:`Action`'s.
setattr(PacificAction, "label", property(_label))  # noqa: B010


_SLOTS: dict[type, tuple[str, ...]] = {}


def _slots(cls: type) -> tuple[str, ...]:
    """The value slots an action of ``cls`` carries (its label slot left out: rendered anew)."""
    out = _SLOTS.get(cls)
    if out is None:
        slots = (s for c in cls.__mro__ for s in getattr(c, "__slots__", ()))
        out = _SLOTS[cls] = tuple(s for s in slots if s not in ("label", "__weakref__"))
    return out


_RELABEL: dict[type, Callable[[Any, tuple[tuple[str, Arg], ...]], Any]] = {}


def _relabeller(cls: type) -> Callable[[Any, tuple[tuple[str, Arg], ...]], Any]:
    """``_relabelled`` as plain assignments: half of a random game's actions are new names on old ones."""
    body = "".join(f"    _set(new, {s!r}, self.{s})\n" for s in _slots(cls) if s != "names")
    src = f"def relabel(self, names):\n    new = _new(_cls)\n{body}    _set(new, 'names', names)\n    return new"
    namespace: dict[str, Any] = {"_new": object.__new__, "_set": object.__setattr__, "_cls": cls}
    exec(compile(src, f"<relabel {cls.__name__}>", "exec"), namespace)
    return _RELABEL.setdefault(cls, namespace["relabel"])


def relabeller(cls: type) -> Callable[[Any, tuple[tuple[str, Arg], ...]], Any]:
    """The function that copies an action of ``cls`` under other names (see ``offers.make``)."""
    return _RELABEL.get(cls) or _relabeller(cls)


# ---------------------------------------------------------------- bare words
@dataclass(frozen=True, slots=True, init=False, eq=False)
class Keep(PacificAction):
    """§3.2 keep the starting hand."""

    KIND = "keep"


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Redraw(PacificAction):
    """§3.2 the one redraw of the starting hand."""

    KIND = "redraw"


@dataclass(frozen=True, slots=True, init=False, eq=False)
class TerrainDone(PacificAction):
    """§3.4 place no more artificial terrain."""

    KIND = "terrain-done"


@dataclass(frozen=True, slots=True, init=False, eq=False)
class TaPass(PacificAction):
    """§11.1 no Tactical Artillery Attack this turn."""

    KIND = "ta-pass"


@dataclass(frozen=True, slots=True, init=False, eq=False)
class GiveAp(PacificAction):
    """§10 a team's player gives 1 AP to the General."""

    KIND = "give-ap"


@dataclass(frozen=True, slots=True, init=False, eq=False)
class DeployDone(PacificAction):
    """§5 end the Deployment phase."""

    KIND = "deploy-done"


@dataclass(frozen=True, slots=True, init=False, eq=False)
class MoveDone(PacificAction):
    """§6 end the Movement phase."""

    KIND = "move-done"


@dataclass(frozen=True, slots=True, init=False, eq=False)
class ShootDone(PacificAction):
    """§7 end the Shooting phase."""

    KIND = "shoot-done"


@dataclass(frozen=True, slots=True, init=False, eq=False)
class FlipDone(PacificAction):
    """§8 end the Flip Over phase."""

    KIND = "flip-done"


@dataclass(frozen=True, slots=True, init=False, eq=False)
class DiscardDone(PacificAction):
    """§9 end the Discard phase."""

    KIND = "discard-done"


@dataclass(frozen=True, slots=True, init=False, eq=False)
class NoIntercept(PacificAction):
    """§16 let the air strike come without interceptors."""

    KIND = "no-intercept"


@dataclass(frozen=True, slots=True, init=False, eq=False)
class NoEscort(PacificAction):
    """§16 send no escort against the interceptor."""

    KIND = "no-escort"


@dataclass(frozen=True, slots=True, init=False, eq=False)
class AaDone(PacificAction):
    """§16 no (more) anti-aircraft fire at the strike."""

    KIND = "aa-done"


@dataclass(frozen=True, slots=True, init=False, eq=False)
class NoSmoke(PacificAction):
    """§11.13 throw no Smoke Grenade: the declared attack comes."""

    KIND = "no-smoke"


# ---------------------------------------------------------------- set-up and headquarters
@dataclass(frozen=True, slots=True, init=False, eq=False)
class Bid(PacificAction):
    """§3.3 spend ``ap`` AP on the initiative roll."""

    KIND = "bid"
    NAMED = False
    FIELDS = (("ap", "int"),)
    ap: int


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Terrain(PacificAction):
    """§3.4 place artificial terrain card ``terrain`` on ``space``."""

    KIND = "terrain"
    FIELDS = (("terrain", "str"), ("space", "space"))
    terrain: str
    space: int


@dataclass(frozen=True, slots=True, init=False, eq=False)
class WideTerrain(PacificAction):
    """§11.11 Large Field: terrain ``terrain`` across ``width`` spaces of a row from ``space`` rightwards."""

    KIND = "terrain"
    MESSAGE = "act.terrain.wide"
    FIELDS = (("terrain", "str"), ("space", "space"), ("width", "int"))
    terrain: str
    space: int
    width: int


@dataclass(frozen=True, slots=True, init=False, eq=False)
class TacticalArtillery(PacificAction):
    """§11.1 a Tactical Artillery Attack of ``ap`` AP on ``space``."""

    KIND = "ta"
    NAMED = False
    FIELDS = (("ap", "int"), ("space", "space"))
    ap: int
    space: int


@dataclass(frozen=True, slots=True, init=False, eq=False)
class LendLease(PacificAction):
    """§11.5 take ``wounds`` wounds on the HQ for as many AP."""

    KIND = "lendlease"
    NAMED = False
    FIELDS = (("wounds", "int"),)
    wounds: int


# ---------------------------------------------------------------- deployment
@dataclass(frozen=True, slots=True, init=False, eq=False)
class Deploy(PacificAction):
    """§5.1 deploy the unit card at ``hand`` position on ``space`` (:data:`HQ`: beside the HQ)."""

    KIND = "deploy"
    FIELDS = (("hand", "hand"), ("space", "place"))
    hand: int
    space: int


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Play(PacificAction):
    """§5.3 play the support card at ``hand`` position without a target."""

    KIND = "play"
    FIELDS = (("hand", "hand"),)
    hand: int


@dataclass(frozen=True, slots=True, init=False, eq=False)
class PlayOn(PacificAction):
    """§5.3 play the support card at ``hand`` position on ``unit``."""

    KIND = "play"
    MESSAGE = "act.play.on"
    FIELDS = (("hand", "hand"), ("unit", "ref"))
    hand: int
    unit: str


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Upgrade(PacificAction):
    """§5.2 buy upgrade token ``token`` for ``unit``."""

    KIND = "upgrade"
    FIELDS = (("unit", "ref"), ("token", "str"))
    unit: str
    token: str


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Board(PacificAction):
    """§15.2 deploy the unit card at ``hand`` position on board the carrier on ``carrier``."""

    KIND = "board"
    FIELDS = (("hand", "hand"), ("carrier", "space"))
    hand: int
    carrier: int


# ---------------------------------------------------------------- movement
@dataclass(frozen=True, slots=True, init=False, eq=False)
class Move(PacificAction):
    """§6 move the unit on ``frm`` to ``to``."""

    KIND = "move"
    FIELDS = (("frm", "space"), ("to", "space"))
    frm: int
    to: int


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Ride(Move):
    """§6 Riders: one space further, and no fire after it."""

    KIND = "ride"


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Cover(Move):
    """§6.3 Covered Movement of infantry to an adjacent space."""

    KIND = "cover"


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Assault(PacificAction):
    """§6.4 the infantry on ``frm`` assaults the enemy on the adjacent ``target``."""

    KIND = "assault"
    FIELDS = (("frm", "space"), ("target", "space"))
    frm: int
    target: int


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Advance(PacificAction):
    """Advance skill: +1 MP for the unit on ``space`` (1 AP)."""

    KIND = "advance"
    FIELDS = (("space", "space"),)
    space: int


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Sap(PacificAction):
    """Sappers: the unit on ``frm`` clears the obstacle on the adjacent ``target``."""

    KIND = "sap"
    FIELDS = (("frm", "space"), ("target", "space"))
    frm: int
    target: int


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Pickup(PacificAction):
    """§11.10 the infantry on ``space`` picks up the dropped upgrade tokens there."""

    KIND = "pickup"
    FIELDS = (("space", "space"),)
    space: int


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Trade(PacificAction):
    """§11.10 the infantry on ``space`` trades its token ``slot`` for the dropped ``token`` there."""

    KIND = "trade"
    FIELDS = (("space", "space"), ("slot", "int"), ("token", "str"))
    space: int
    slot: int
    token: str


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Mount(PacificAction):
    """§9 Mount/Dismount: mount the weapon token ``slot`` of ``unit``."""

    KIND = "mount"
    FIELDS = (("unit", "ref"), ("slot", "int"))
    unit: str
    slot: int


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Smoke(PacificAction):
    """§11.13 throw the Smoke Grenade token ``slot`` of ``unit``."""

    KIND = "smoke"
    FIELDS = (("unit", "ref"), ("slot", "int"))
    unit: str
    slot: int


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Load(PacificAction):
    """§15 the unit on ``frm`` walks aboard the carrier on ``carrier``."""

    KIND = "load"
    FIELDS = (("frm", "space"), ("carrier", "space"))
    frm: int
    carrier: int


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Fetch(PacificAction):
    """§15 the carrier on ``carrier`` picks up the unit on ``unit``."""

    KIND = "fetch"
    FIELDS = (("carrier", "space"), ("unit", "space"))
    carrier: int
    unit: int


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Unload(PacificAction):
    """§15 the carrier on ``carrier`` unloads its cargo on the adjacent ``to``."""

    KIND = "unload"
    FIELDS = (("carrier", "space"), ("to", "space"))
    carrier: int
    to: int


# ---------------------------------------------------------------- shooting, flip over, discard
@dataclass(frozen=True, slots=True, init=False, eq=False)
class Fire(PacificAction):
    """§7.5 ``unit`` fires ``weapon`` (:data:`MAIN` or a token slot) at ``target``.

    ``target`` is a space name (the unit there, else its terrain card; for a Smoke Screen token
    the space itself), an enemy bay ``e<k>`` or ``hq``.
    """

    KIND = "fire"
    FIELDS = (("unit", "ref"), ("weapon", "weapon"), ("target", "ref"))
    unit: str
    weapon: int
    target: str


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Heal(PacificAction):
    """Heal/Repair: the unit on ``medic`` takes a wound off the unit on ``patient``."""

    KIND = "heal"
    FIELDS = (("medic", "space"), ("patient", "space"))
    medic: int
    patient: int


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Dismount(PacificAction):
    """§8, §9 dismount the mounted token ``slot`` of the unit on ``space``."""

    KIND = "dismount"
    FIELDS = (("space", "space"), ("slot", "int"))
    space: int
    slot: int


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Discard(PacificAction):
    """§9 discard the card at ``hand`` position."""

    KIND = "discard"
    FIELDS = (("hand", "hand"),)
    hand: int


# ---------------------------------------------------------------- air reactions (§16)
@dataclass(frozen=True, slots=True, init=False, eq=False)
class Intercept(PacificAction):
    """§16 intercept the strike with one's fighter in ``bay``."""

    KIND = "intercept"
    FIELDS = (("bay", "bay"),)
    bay: int


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Escort(PacificAction):
    """§16 escort the strike with one's fighter in ``bay``."""

    KIND = "escort"
    FIELDS = (("bay", "bay"),)
    bay: int


@dataclass(frozen=True, slots=True, init=False, eq=False)
class AntiAircraft(PacificAction):
    """§16 anti-aircraft fire from the unit on ``space``."""

    KIND = "aa"
    FIELDS = (("space", "space"),)
    space: int


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Screen(PacificAction):
    """§17.7 after a Smoke Screen shot, which of the spaces beside its target in the row get a
    Smoke token too: ``none``, ``left`` (the column before), ``right`` (the column after), ``both``."""

    KIND = "screen"
    FIELDS = (("sides", "str"),)
    sides: str


# ---------------------------------------------------------------- reading ids
_ALL: tuple[type[PacificAction], ...] = (
    Keep, Redraw, TerrainDone, TaPass, GiveAp, DeployDone, MoveDone, ShootDone, FlipDone, DiscardDone,
    NoIntercept, NoEscort, AaDone, NoSmoke, Bid, Terrain, WideTerrain, TacticalArtillery, LendLease,
    Deploy, Play, PlayOn, Upgrade, Board, Move, Ride, Cover, Assault, Advance, Sap, Pickup, Trade,
    Mount, Smoke, Load, Fetch, Unload, Fire, Heal, Dismount, Discard, Intercept, Escort, AntiAircraft,
    Screen,
)  # fmt: skip
#: A Smoke Screen's side tokens (:class:`Screen`), by the columns they add to the target's.
SCREEN_SIDES = {"none": (), "left": (-1,), "right": (1,), "both": (-1, 1)}
_BY_SHAPE = {(c.KIND, len(c.FIELDS)): c for c in _ALL}
#: The bare words, built once: the rules offer these very objects.
WORDS = {c.KIND: c() for c in _ALL if not c.FIELDS}


def parse(aid: str) -> PacificAction:
    """The action an id names (without the state's names); ``ValueError`` for anything else."""
    word = WORDS.get(aid)
    if word is not None:
        return word
    p = aid.split(":")
    cls = _BY_SHAPE.get((p[0], len(p) - 1))
    if cls is None or not cls.FIELDS:
        raise ValueError(f"not a 2GM Pacific action: {aid!r:.80}")
    try:
        values = [_READ[how](t) for (_, how), t in zip(cls.FIELDS, p[1:], strict=True)]
    except (KeyError, IndexError) as exc:
        raise ValueError(f"not a 2GM Pacific action: {aid!r:.80}") from exc
    action = cls(*values)
    if action.id != aid:
        raise ValueError(f"not a 2GM Pacific action: {aid!r:.80}")
    return action


@lru_cache(maxsize=4)
def all_action_ids(terrain_ids: tuple[str, ...], token_ids: tuple[str, ...]) -> tuple[str, ...]:
    """Every action id the game can offer, in the fixed order documented above."""
    sp = SPACE_NAMES
    adj = [[sp[n] for n in grid.NEIGH[s]] for s in range(grid.SPACES)]
    out: list[str] = ["keep", "redraw", *(f"bid:{n}" for n in range(MAX_BID + 1))]
    out += [f"terrain:{t}:{s}" for t in terrain_ids for s in sp]
    out += [f"terrain:{t}:{s}:{w}" for t in terrain_ids for s in sp for w in (2, 3)]  # §11.11
    out.append("terrain-done")
    out += [f"ta:{n}:{s}" for n in range(1, MAX_TA + 1) for s in sp]
    out.append("ta-pass")
    out += [f"lendlease:{n}" for n in range(1, MAX_LENDLEASE + 1)]
    out += [f"deploy:{h}:{s}" for h in HAND_REFS for s in (*sp, "hq")]
    out += [f"play:{h}" for h in HAND_REFS]
    out += [f"play:{h}:{u}" for h in HAND_REFS for u in UNIT_REFS]
    out += [f"upgrade:{u}:{t}" for u in UNIT_REFS for t in token_ids]
    out += [f"board:{h}:{s}" for h in HAND_REFS for s in sp]
    out += ["give-ap", "deploy-done"]
    out += [f"move:{a}:{b}" for a in sp for b in sp if a != b]
    out += [f"ride:{a}:{b}" for a in sp for b in sp if a != b]
    for kind in ("cover", "assault"):
        out += [f"{kind}:{sp[s]}:{b}" for s in range(grid.SPACES) for b in adj[s]]
    out += [f"advance:{s}" for s in sp]
    out += [f"sap:{sp[s]}:{b}" for s in range(grid.SPACES) for b in adj[s]]
    out += [f"pickup:{s}" for s in sp]
    out += [f"mount:{u}:{k}" for u in UNIT_REFS for k in range(TOKENS)]
    out += [f"smoke:{u}:{k}" for u in UNIT_REFS for k in range(TOKENS)]
    out += [f"load:{a}:{b}" for a in sp for b in sp if a != b]
    out += [f"fetch:{a}:{b}" for a in sp for b in sp if a != b]
    out += [f"unload:{sp[s]}:{b}" for s in range(grid.SPACES) for b in adj[s]]
    out.append("move-done")
    weapons = ("main", *(str(k) for k in range(TOKENS)))
    targets = (*sp, *ENEMY_BAYS, "hq")
    out += [f"fire:{u}:{w}:{t}" for u in UNIT_REFS for w in weapons for t in targets]
    out += [f"heal:{sp[s]}:{b}" for s in range(grid.SPACES) for b in (sp[s], *adj[s])]
    out.append("shoot-done")
    out += [f"dismount:{s}:{k}" for s in sp for k in range(TOKENS)]
    out += ["flip-done", *(f"discard:{h}" for h in HAND_REFS), "discard-done"]
    out += [f"intercept:{b}" for b in OWN_BAYS]
    out.append("no-intercept")
    out += [f"escort:{b}" for b in OWN_BAYS]
    out.append("no-escort")
    out += [f"aa:{s}" for s in sp]
    out.append("aa-done")
    out.append("no-smoke")  # §11.13 (the reaction's ``smoke:`` ids are the movement block's)
    out += [f"trade:{s}:{k}:{t}" for s in sp for k in range(TOKENS) for t in token_ids]  # §11.10
    out += [f"screen:{w}" for w in SCREEN_SIDES]  # §17.7
    return tuple(out)


@lru_cache(maxsize=4)
def _index_of(terrain_ids: tuple[str, ...], token_ids: tuple[str, ...]) -> dict[str, int]:
    return {aid: k for k, aid in enumerate(all_action_ids(terrain_ids, token_ids))}


def rl_index(action: PacificAction, terrain_ids: tuple[str, ...], token_ids: tuple[str, ...]) -> int:
    """The action's place in the RL action space of the card data (``tensor.py``'s ``action_ids``)."""
    return _index_of(terrain_ids, token_ids)[action.id]
