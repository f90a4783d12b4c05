"""The shape of a 2GM Pacific observation: what one seat, or a spectator, sees.

The battlefield is public (DESIGN rule 3): terrain, every unit's place, damage
and tokens, both HQs, the discard piles, the solo AI's decisions. A seat sees
its own hand (``hands``: ``None`` for every hand it may not see; the solo AI's
hand once an effect reveals it) and only the sizes of the others and of the
decks. A face-down unit (§11.7) shows its owner only where it stands and what
is visibly on it: the others get the ``face-down`` placeholder of
:class:`UnitCardView`, carried units included. While the sides bid (§4.1) a seat
sees its own side's bid and not the other's.

``observation.py`` builds these; the heuristic, the renderer and the tensors
read them, so mypy checks every key they use, and the conformance tests
validate every observation of random games against them strictly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, cast, overload

from typing_extensions import TypedDict

from hulldown.engine.agent import SeatView
from hulldown.engine.observation import closed

#: the step of the game (rules §4): setup, then each turn's phases, and the reaction windows
Phase = Literal[
    "mulligan",
    "bid",
    "terrain",
    "hq",
    "deploy",
    "move",
    "shoot",
    "flip",
    "discard",
    "aa",
    "intercept",
    "escort",
    "screen",
    "smoke",
]


@closed
class CardView(TypedDict):
    """A card in a hand, an HQ row, a discard pile or attached to a unit."""

    #: the card instance (the same physical card keeps it all game)
    iid: int
    id: str
    name: str
    cost: int


@closed
class TerrainCardView(TypedDict):
    iid: int
    id: str
    name: str


@closed
class TokenView(TypedDict):
    """An upgrade token on a unit."""

    id: str
    name: str
    used: bool
    mounted: bool
    spent: bool


@closed
class UnitCardView(TypedDict):
    """A unit card; of a face-down enemy unit only its place, markers and attachments (``card`` ``face-down``)."""

    #: the card instance; -1 for a face-down unit of the other side
    id: int
    card: str
    name: str
    type: str
    side: int
    owner: int
    #: 1.. for an aircraft beside its HQ, else 0
    bay: int
    wounds: int
    hp: int
    tokens: list[TokenView]
    moved: bool
    usf: bool
    promotions: int
    attached: list[int]
    #: the unit this one carries (a transport), seen the same way
    cargo: UnitCardView | None
    face_down: bool


@closed
class PlacedUnitView(UnitCardView):
    #: the battlefield space (``row,column``), or ``hq`` for an aircraft beside its HQ
    space: str


@closed
class UnitView(PlacedUnitView):
    """A unit on the battlefield or beside an HQ, with the cards attached to it."""

    attached_cards: list[CardView]


@closed
class TerrainView(TypedDict):
    """A terrain card on the battlefield, one entry per space it covers."""

    space: str
    id: str
    name: str
    hp: int
    ruins: bool
    #: how many spaces the card covers (§11.11: a Large Field covers 2-3)
    width: int


@closed
class AirView(TypedDict):
    """The air attack under way (§16): aircraft and target named by where they are."""

    plane: str | None
    target: str | None
    defender: int
    interceptor: str | None
    escort: str | None
    paratroopers: bool


@closed
class SmokeReactionView(TypedDict):
    """An attack waiting for its target's owner to throw a Smoke Grenade or not (§11.13)."""

    #: where the shooter stands; ``hq`` for an aircraft, ``None`` for an attack card
    shooter: str | None
    target: str
    assault: bool
    #: the attack card's action, for an attack made with a card
    card: str | None


@closed
class PacificObservation(TypedDict):
    """What ``seat`` (``you``) sees; for a spectator ``you`` and ``your_side`` are ``None``."""

    you: int | None
    your_side: int | None
    players: int
    solo: bool
    armies: list[str]
    #: the side each seat plays
    slot_side: list[int]
    turn: int
    round: int
    phase: Phase
    active_side: int
    actor: int
    first_side: int
    ap: list[int]
    hq_wounds: list[int]
    hq_armour: list[int]
    hq_cards: list[list[CardView]]
    #: each slot's hand, ``None`` where this seat may not see it
    hands: list[list[CardView] | None]
    hand_sizes: list[int]
    deck_sizes: list[int]
    discards: list[list[CardView]]
    #: ordered by place, never by card instance: the order must not tell a face-down card
    units: list[UnitView]
    terrain: list[TerrainView]
    terrain_piles: list[list[TerrainCardView]]
    terrain_out: list[TerrainCardView]
    natural_pile: int
    smoke: list[str]
    muddy: list[str]
    weather: str
    scenario: str | None
    #: the scenario's attacking side
    attacker: int | None
    sea: list[str]
    objectives: list[str]
    max_rounds: int
    #: upgrade tokens dropped on a space, by space
    drops: dict[str, list[str]]
    #: each side's bid; the other side's is ``None`` while bidding
    bids: list[int | None]
    supply: list[int]
    air: AirView | None
    smoke_reaction: SmokeReactionView | None
    #: the solo AI's decisions, each naming the clause of §12 that chose it
    ai_log: list[str]
    behaviour: int | None
    winner: int | None
    over: bool


def of(observation: Mapping[str, object]) -> PacificObservation:
    """A 2GM Pacific state's observation as its declared type.

    The engine hands every game's observation on as ``Mapping[str, object]``;
    this game builds nothing but ``PacificObservation`` (mypy checks
    ``observe``, the conformance tests check every observation at run time).
    """
    return cast(PacificObservation, observation)


@overload
def part(view: SeatView, key: Literal["you", "your_side"]) -> int | None: ...
@overload
def part(view: SeatView, key: Literal["hands"]) -> list[list[CardView] | None]: ...
@overload
def part(view: SeatView, key: Literal["units"]) -> list[UnitView]: ...
def part(view: SeatView, key: str) -> object:
    """``view.observation_part(key)`` with the entry's declared type, for the keys a bot reads alone."""
    return view.observation_part(key)
