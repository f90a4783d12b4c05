"""The shape of a Tank Killers observation: what one seat, or a spectator, sees.

Everything face up on the table is here for every seat: units in play, reserve
and casualty piles, the tactics discard pile, a formation deck's top card once
it is turned up, deck and hand sizes, and the attack under way with its
modifiers. A seat's own hand is the one private entry (``hand``, ``None`` for a
spectator). Nobody sees the order of any deck, their own formation deck
included, so no entry describes it.

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

#: the decision the game waits for (rules 4-11); ``over`` once it has ended
Phase = Literal[
    "maneuver",
    "target",
    "lost attack",
    "modifier",
    "after failed attack",
    "free attack",
    "free attacker",
    "negation",
    "over",
]

#: why the game ended: a formation with half its cards in the casualty pile (§12.1), or the
#: turn limit (§15), which is a draw
EndReason = Literal["broken", "turn-limit"]


@closed
class SideView(TypedDict):
    """One formation, all public: piles by name, the deck by size (its order is hidden from both players)."""

    deck: str
    nation: str
    formation_deck: int
    top: str | None
    """The formation deck's top card while it is face up (5.3), else ``None``."""
    in_play: list[str]
    reserve: list[str]
    casualties: list[str]
    formation_size: int
    waiting: bool
    """Waiting for a full exchange (13): the seat cannot attack until it comes."""
    hand_size: int


@closed
class AttackView(TypedDict):
    """The attack under way: every card played to it lies face up, so all of it is public."""

    seat: int
    attacker: str
    target: str | None
    """``None`` while the attacker is still choosing its target."""
    target_on_deck: bool
    played: list[tuple[int, str]]
    """(seat, tactics card) in the order played."""
    pen_mod: int
    inf_mod: int
    range: str
    range_played: bool
    hit_played: bool
    ammo_played: bool
    factor: int | None
    """The attack factor, ``None`` until a target is chosen."""
    defense: int | None
    """The target's defense factor, ``None`` until a target is chosen."""
    passes: int


@closed
class PendingView(TypedDict):
    """A negation window (11): the card that may be negated, who played it, the last negation."""

    card: str
    by: int
    last: str
    negations: int


@closed
class LastAttackView(TypedDict):
    attacker: str
    target: str | None


@closed
class TankKillersObservation(TypedDict):
    """What ``seat`` sees; for a spectator (``seat`` ``None``) ``hand`` is ``None``."""

    seat: int | None
    turn: int
    turn_limit: int
    active: int
    phase: Phase
    to_act: int | None
    """The seat that decides now; ``None`` once the game is over."""
    hand: list[str] | None
    """The seat's own hand, sorted by name; ``None`` for a spectator."""
    tactics_deck: int
    tactics_discard: list[str]
    sides: list[SideView]
    full_exchanges: int
    attack: AttackView | None
    pending: PendingView | None
    last_attack: LastAttackView | None
    revealed: list[str]
    """Every card shown face up so far, in the order shown."""
    random_factor: bool
    last_roll: list[int] | None
    """The random factor's two dice of the latest attack (option ``random_factor``)."""
    winner: int | None
    """The winning seat once the game is over and not drawn."""
    draw: bool
    end_reason: EndReason | None
    """Why the game ended, once it has."""


def of(observation: Mapping[str, object]) -> TankKillersObservation:
    """A Tank Killers state's observation as its declared type.

    The engine hands every game's observation on as ``Mapping[str, object]``;
    this game builds nothing but ``TankKillersObservation`` (mypy checks
    ``observe``, the conformance tests check every observation at run time).
    """
    return cast(TankKillersObservation, observation)


@overload
def part(view: SeatView, key: Literal["phase"]) -> Phase: ...
@overload
def part(view: SeatView, key: Literal["attack"]) -> AttackView | None: ...
@overload
def part(view: SeatView, key: Literal["sides"]) -> list[SideView]: ...
def part(view: SeatView, key: str) -> object:
    """``view.observation_part(key)`` with the entry's declared type, for the keys a bot reads alone."""
    return view.observation_part(key)
