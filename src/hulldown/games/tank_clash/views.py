"""The shape of a Tank Clash observation: what one seat, or a spectator, sees.

Nearly everything lies face up on the table (11.1): the battlefield, every
tank's hex, damage and what it did this turn, checkpoints, smoke, the cards
played, the dice of an attack. Hidden are the opponent's secret mission and
morale hand (a seat sees its own; a spectator neither: ``mission`` and ``hand``
are ``None``), the order of both decks, and under fog of war everything about a
concealed enemy tank but its hex (13.2): its ``kind``, ``armour`` and ``ace``
are ``None`` and its name and statistics are absent.

``observation.py`` builds these; the heuristic, the renderer and the tensors
read them, so mypy checks every key they use, and the conformance tests
validate every observation of random games against them strictly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, NotRequired, cast, overload

from typing_extensions import TypedDict

from hulldown.engine.agent import SeatView
from hulldown.engine.observation import closed

#: the decision the game waits for (rules 4-12)
Phase = Literal[
    "place checkpoint",
    "place tank",
    "assign ace",
    "actions",
    "move",
    "attack: attacker's morale",
    "attack: defender's morale",
    "attack: re-roll",
    "attack: deflect",
    "scare retreat",
    "over",
    "morale window",
]
TankKind = Literal["medium", "heavy", "destroyer"]


@closed
class TankView(TypedDict):
    """One tank (11.1/13.2): of a concealed enemy only the hex and the public markers are shown."""

    #: ``a1``..``a5`` for seat 0, ``b1``..``b5`` for seat 1
    id: str
    seat: int
    #: ``None`` before it is placed and once destroyed off the board
    hex: str | None
    destroyed: bool
    damage: int
    moved: bool
    attacked: bool
    crossed: bool
    concealed: bool
    #: ``None`` for a concealed enemy tank
    kind: TankKind | None
    armour: int | None
    ace: bool | None
    #: absent for a concealed enemy tank
    name: NotRequired[str]
    firepower: NotRequired[int]
    max_armour: NotRequired[int]
    speed: NotRequired[int]
    #: whether a concealed tank of one's own moves fast (only shown to its owner)
    fast: NotRequired[bool]


@closed
class CheckpointView(TypedDict):
    owner: int
    #: the row it stands in, counted from its owner's edge
    row: int
    hex: str
    #: the seat holding it now
    holder: int
    base_camp: bool


@closed
class MissionView(TypedDict):
    """The seat's own secret mission card."""

    id: str
    kind: Literal["capture", "mediums", "ace"]
    text: str


@closed
class AttackView(TypedDict):
    """The attack under way: its dice lie on the table for both players."""

    attacker: str
    target: str
    dice: list[int]
    modifier: int
    extra_dice: int
    rerolls: int
    #: ``None`` until the dice are rolled
    result: str | None


@closed
class TankClashObservation(TypedDict):
    """What ``seat`` sees; for a spectator (``seat`` ``None``) ``hand`` and ``mission`` are ``None``."""

    seat: int | None
    arrangement: str
    boards: list[str]
    #: terrain letters per row, row 1 of seat 0 first (``R``: ruins)
    terrain: list[str]
    #: each seat's nation
    sides: list[str]
    first_player: int
    phase: Phase
    #: the seat that decides now; ``None`` once the game is over
    to_move: int | None
    active: int
    turn: int
    actions_taken: int
    tanks: list[TankView]
    aces_killed: list[bool]
    checkpoints: list[CheckpointView]
    #: the tactical cards each seat has used
    tactical_used: list[list[str]]
    tactical_barred: list[str]
    tactical_played_this_turn: bool
    smoke: list[bool]
    infantry_support: int
    morale_used: list[bool]
    #: the seat's own morale cards; ``None`` for a spectator
    hand: list[str] | None
    hand_sizes: list[int]
    morale_deck_size: int
    morale_discard: list[str]
    mission: MissionView | None
    victory_points: list[int]
    demolished: list[str]
    attack: AttackView | None
    #: the tank moving now, hex by hex
    moving: str | None
    winner: int | None
    reason: str
    #: once a game is won by a secret mission, the mission it fulfilled (then public)
    winning_mission: NotRequired[str]


def of(observation: Mapping[str, object]) -> TankClashObservation:
    """A Tank Clash state's observation as its declared type.

    The engine hands every game's observation on as ``Mapping[str, object]``;
    this game builds nothing but ``TankClashObservation`` (mypy checks
    ``observe``, the conformance tests check every observation at run time).
    """
    return cast(TankClashObservation, observation)


@overload
def part(view: SeatView, key: Literal["terrain"]) -> list[str]: ...
@overload
def part(view: SeatView, key: Literal["tanks"]) -> list[TankView]: ...
@overload
def part(view: SeatView, key: Literal["checkpoints"]) -> list[CheckpointView]: ...
@overload
def part(view: SeatView, key: Literal["mission"]) -> MissionView | None: ...
def part(view: SeatView, key: str) -> object:
    """``view.observation_part(key)`` with the entry's declared type, for the keys a bot reads alone."""
    return view.observation_part(key)
