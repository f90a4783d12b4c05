"""The shape of a 2GM Pacific observation: what one seat, or a spectator, sees.

The battlefield is public (DESIGN rule 3): terrain, every unit's place, damage
and tokens, both HQs, the discard piles, the solo AI's decisions. A seat sees
its own hand (``hands``: ``None`` for every hand it may not see; the solo AI's
hand once an effect reveals it) and only the sizes of the others and of the
decks. A face-down unit (§11.7) shows its owner only where it stands and what
is visibly on it: the others get the ``face-down`` placeholder of
:class:`UnitCardView`, carried units included. While the sides bid (§3.3) a seat
sees its own side's bid and not the other's.

``observation.py`` builds these; the heuristic, the renderer and the tensors
read them, so mypy checks every key they use, and the conformance tests
validate every observation of random games against them strictly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, cast, overload

from typing_extensions import TypedDict

from hulldown.engine.agent import SeatView
from hulldown.engine.observation import closed

#: the step of the game (rules §3-§4): setup, then each turn's phases, and the reaction windows
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

#: why the game ended: the time limit (§4.7, §14.3), an HQ's last hit point (§8.2), a side
#: that could not draw (§8.3), or a scenario's objectives held at the end of a turn (§14.1)
EndReason = Literal["time", "hq", "deck", "objectives"]


@closed
class CardView(TypedDict):
    """A card in a hand, an HQ row, a discard pile or attached to a unit."""

    iid: int
    """The card instance (the same physical card keeps it all game)."""
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

    id: int
    """The card instance; -1 for a face-down unit of the other side."""
    card: str
    name: str
    type: str
    side: int
    owner: int
    bay: int
    """1.. for an aircraft beside its HQ, else 0."""
    wounds: int
    hp: int
    tokens: list[TokenView]
    moved: bool
    usf: bool
    promotions: int
    attached: list[int]
    cargo: UnitCardView | None
    """The unit this one carries (a transport), seen the same way."""
    face_down: bool


@closed
class PlacedUnitView(UnitCardView):
    space: str
    """The battlefield space (``row,column``), or ``hq`` for an aircraft beside its HQ."""


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
    width: int
    """How many spaces the card covers (§11.11: a Large Field covers 2-3)."""


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

    shooter: str | None
    """Where the shooter stands; ``hq`` for an aircraft, ``None`` for an attack card."""
    target: str
    assault: bool
    card: str | None
    """The attack card's action, for an attack made with a card."""


@closed
class PacificObservation(TypedDict):
    """What ``seat`` (``you``) sees; for a spectator ``you`` and ``your_side`` are ``None``."""

    you: int | None
    your_side: int | None
    players: int
    solo: bool
    armies: list[str]
    slot_side: list[int]
    """The side each seat plays."""
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
    hands: list[list[CardView] | None]
    """Each slot's hand, ``None`` where this seat may not see it."""
    hand_sizes: list[int]
    deck_sizes: list[int]
    discards: list[list[CardView]]
    units: list[UnitView]
    """Ordered by place, never by card instance: the order must not tell a face-down card."""
    terrain: list[TerrainView]
    terrain_piles: list[list[TerrainCardView]]
    terrain_out: list[TerrainCardView]
    natural_pile: int
    smoke: list[str]
    muddy: list[str]
    weather: str
    scenario: str | None
    attacker: int | None
    """The scenario's attacking side."""
    sea: list[str]
    objectives: list[str]
    max_rounds: int
    drops: dict[str, list[str]]
    """Upgrade tokens dropped on a space, by space."""
    bids: list[int | None]
    """Each side's bid; the other side's is ``None`` while bidding."""
    supply: list[int]
    air: AirView | None
    smoke_reaction: SmokeReactionView | None
    ai_log: list[str]
    """The solo AI's decisions, each naming the clause of §12 that chose it."""
    ai_said: list[dict[str, Any] | None]
    """Each line of ``ai_log`` as a catalog message (``{key, args}``), None where it has none."""
    behaviour: int | None
    winner: int | None
    over: bool
    end_reason: EndReason | None
    """Why the game ended, once it has."""


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
