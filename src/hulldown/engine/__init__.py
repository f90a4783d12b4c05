"""The game-agnostic kernel: protocol, chance, zones, records, registry, conformance."""

from hulldown.engine.errors import (
    AgentSpecError,
    ChanceScriptError,
    DataFileError,
    GameOverError,
    HulldownError,
    IllegalActionError,
    OptionError,
    RecordError,
    UnknownGameError,
)
from hulldown.engine.game import Game, GameInfo, OptionSpec
from hulldown.engine.record import GameRecord
from hulldown.engine.registry import replay
from hulldown.engine.rng import SplitMix64, derive_seed
from hulldown.engine.state import (
    REVEAL,
    Action,
    Event,
    GameState,
    Seat,
    events_for,
    is_reveal,
    mark_reveal,
    private,
    public,
    reveal,
    visible_to,
)
from hulldown.engine.zones import EmptyZoneError, Zone

__all__ = [
    "REVEAL",
    "Action",
    "AgentSpecError",
    "ChanceScriptError",
    "DataFileError",
    "EmptyZoneError",
    "Event",
    "Game",
    "GameInfo",
    "GameOverError",
    "GameRecord",
    "GameState",
    "HulldownError",
    "IllegalActionError",
    "OptionError",
    "OptionSpec",
    "RecordError",
    "Seat",
    "SplitMix64",
    "UnknownGameError",
    "Zone",
    "derive_seed",
    "events_for",
    "is_reveal",
    "mark_reveal",
    "private",
    "public",
    "replay",
    "reveal",
    "visible_to",
]
