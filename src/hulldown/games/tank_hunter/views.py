"""The shape of a Tank Hunter observation: what one seat, or a spectator, sees.

A seat sees its own hand, its own units whether face down or not, its own draft
packet and picks. Of everyone else it sees revealed units by name and, of a
hidden one, only the face-down card with its markers, exhaustion and attached
cards (§1.3): such a unit's entry has no ``unit`` key. Draft picks stay hidden
until every seat has chosen (``picked`` says only that a seat has). A spectator
(``seat`` ``None``) sees what every seat sees and no hand, packet or pick, so
those keys are absent from its observation.

``observation.py`` builds these; the heuristic, the evaluator, the renderer and
the tensors read them, so mypy checks every key they use, and the conformance
tests validate every observation of random games against them strictly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal, NotRequired, cast, overload

from pydantic import Field
from typing_extensions import TypedDict

from hulldown.engine.agent import SeatView
from hulldown.engine.observation import closed

#: the game's phase (rules §3-§12)
Phase = Literal["draft", "place", "arrange", "advance", "supply", "supply-discard", "main", "over"]
#: §12.1 why the game ended (empty while it runs).
EndReason = Literal["", "third Carpet Bombing", "unit deck ran out", "one player left"]


@closed
class UnitView(TypedDict):
    """A unit card in a line; ``unit`` (its name) only where the seat may see it: revealed, or its own."""

    hidden: bool
    pinned: bool
    ooa: bool
    exhausted: bool
    evaded: bool
    rolled: bool
    unit: NotRequired[str]
    attached: NotRequired[list[str]]
    """The names of the event cards attached to it, only when there are any."""


@closed
class CommanderView(TypedDict):
    unit: str
    exhausted: bool


@closed
class PlayerView(TypedDict):
    """One player's table: lines of units, the command area, scored units, and sizes of what is hidden."""

    seat: int
    out: bool
    points: int
    hand_size: int
    hand_limit: int
    front: list[UnitView]
    rear: list[UnitView]
    commanders: list[CommanderView]
    score: list[str]
    deployed: list[str]
    packet_size: int
    kept_size: int
    picked: bool
    """Whether the seat has chosen its draft pick (which card stays hidden until all have)."""
    ambush: int


@closed
class AttackContext(TypedDict):
    """An attack under way (§5): hidden units are named only by where they stand (``*_ref``)."""

    kind: Literal["attack"]
    stage: str
    seat: int
    attacker: NotRequired[str]
    attacker_ref: str
    """Where the attacker stands, ``line:place`` (e.g. ``f:0``, the first of the front line); empty once it has
    left the lines."""
    target_seat: int
    shots: int
    charge: bool
    lead: bool
    type: str
    target: NotRequired[str]
    target_ref: str
    counter: NotRequired[str]
    """The counter-attacking unit, once revealed."""
    shots_left: NotRequired[int]
    """During a salvo or an evasion."""
    salvo_type: NotRequired[str]


@closed
class ScoutContext(TypedDict):
    """A scouting under way (§10.1); like an attack, without a target unit."""

    kind: Literal["scout"]
    stage: str
    seat: int
    attacker: NotRequired[str]
    attacker_ref: str
    target_seat: int
    shots: int
    charge: bool
    lead: bool
    left: int
    counter: NotRequired[str]
    shots_left: NotRequired[int]
    salvo_type: NotRequired[str]


@closed
class WindowContext(TypedDict):
    """A window in which other players may play event cards (§8.3), and how many have passed."""

    kind: Literal["window"]
    stage: str
    seat: int
    passed: int
    of: int
    cancellable: bool


@closed
class EventContext(TypedDict):
    """An event card being carried out (§8)."""

    kind: Literal["event"]
    stage: str
    seat: int
    card: str
    target_seat: int
    target: NotRequired[str]
    left: int


@closed
class DiscardContext(TypedDict):
    """A player discarding down to the hand limit."""

    kind: Literal["discard"]
    stage: str
    seat: int
    limit: int


@closed
class EndContext(TypedDict):
    """The end of ``seat``'s turn, waiting under a window: the turn passes once the window closes."""

    kind: Literal["end"]
    stage: str
    seat: int


#: one open piece of the turn, innermost last
Context = Annotated[
    AttackContext | ScoutContext | WindowContext | EventContext | DiscardContext | EndContext,
    Field(discriminator="kind"),
]


@closed
class TankHunterObservation(TypedDict):
    """What ``seat`` sees; the keys marked not required are a seat's own and absent for a spectator."""

    phase: Phase
    turn: int
    first: int
    acted: bool
    draft_round: int
    current: int | None
    """The seat that decides now; ``None`` once the game is over."""
    players: list[PlayerView]
    unit_deck: int
    event_deck: int
    discard: list[str]
    removed: list[str]
    in_play: list[str]
    water_ignored: list[str]
    carpet_bombings: int
    end_reason: EndReason
    pending: list[Context]
    arrange_left: int
    seat: int | None
    hand: NotRequired[list[str]]
    packet: NotRequired[list[str]]
    kept: NotRequired[list[str]]
    my_pick: NotRequired[str | None]
    reinforcement: NotRequired[str]
    """The unit a Reinforcements card lets this seat put into play."""
    supply_target: NotRequired[str]
    """Where this seat's supply goes, during its own supply phase."""


def of(observation: Mapping[str, object]) -> TankHunterObservation:
    """A Tank Hunter state's observation as its declared type.

    The engine hands every game's observation on as ``Mapping[str, object]``;
    this game builds nothing but ``TankHunterObservation`` (mypy checks
    ``observe``, the conformance tests check every observation at run time).
    """
    return cast(TankHunterObservation, observation)


@overload
def part(view: SeatView, key: Literal["players"]) -> list[PlayerView]: ...
@overload
def part(view: SeatView, key: Literal["pending"]) -> list[Context]: ...
@overload
def part(view: SeatView, key: Literal["hand", "packet"]) -> list[str]: ...
def part(view: SeatView, key: str) -> object:
    """``view.observation_part(key)`` with the entry's declared type, for the keys a bot reads alone."""
    return view.observation_part(key)
