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

#: the decision the game waits for (rules 2-10)
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

    id: str
    """``a1``..``a5`` for seat 0, ``b1``..``b5`` for seat 1."""
    seat: int
    hex: str | None
    """``None`` before it is placed and once destroyed off the board."""
    destroyed: bool
    damage: int
    moved: bool
    attacked: bool
    crossed: bool
    concealed: bool
    kind: TankKind | None
    """``None`` for a concealed enemy tank."""
    armour: int | None
    ace: bool | None
    name: NotRequired[str]
    """Absent for a concealed enemy tank."""
    firepower: NotRequired[int]
    max_armour: NotRequired[int]
    speed: NotRequired[int]
    fast: NotRequired[bool]
    """Whether a concealed tank of one's own moves fast (only shown to its owner)."""


@closed
class CheckpointView(TypedDict):
    owner: int
    row: int
    """The row it stands in, counted from its owner's edge."""
    hex: str
    holder: int
    """The seat holding it now."""
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
    result: str | None
    """``None`` until the dice are rolled."""


@closed
class TankClashObservation(TypedDict):
    """What ``seat`` sees; for a spectator (``seat`` ``None``) ``hand`` and ``mission`` are ``None``."""

    seat: int | None
    arrangement: str
    boards: list[str]
    terrain: list[str]
    """Terrain letters per row, row 1 of seat 0 first (``R``: ruins)."""
    sides: list[str]
    """Each seat's nation."""
    first_player: int
    phase: Phase
    to_move: int | None
    """The seat that decides now; ``None`` once the game is over."""
    active: int
    turn: int
    actions_taken: int
    tanks: list[TankView]
    aces_killed: list[bool]
    checkpoints: list[CheckpointView]
    tactical_used: list[list[str]]
    """The tactical cards each seat has used."""
    tactical_barred: list[str]
    tactical_played_this_turn: bool
    smoke: list[bool]
    infantry_support: int
    morale_used: list[bool]
    hand: list[str] | None
    """The seat's own morale cards; ``None`` for a spectator."""
    hand_sizes: list[int]
    morale_deck_size: int
    morale_discard: list[str]
    mission: MissionView | None
    victory_points: list[int]
    demolished: list[str]
    attack: AttackView | None
    moving: str | None
    """The tank moving now, hex by hex."""
    winner: int | None
    reason: str
    winning_mission: NotRequired[str]
    """Once a game is won by a secret mission, the mission it fulfilled (then public)."""
    winning_mission_id: NotRequired[str]
    """The id of that mission's card (``card.<id>.text`` in the catalog)."""


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
