"""Tank Killers: a two-player WW2 tank card game (rules: docs/rules/tank-killers.md)."""

from __future__ import annotations

from typing import Any

from hulldown.engine.game import Game, GameInfo, OptionSpec
from hulldown.games.tank_killers.cards import DECKS, card_database
from hulldown.games.tank_killers.heuristic import make_heuristic
from hulldown.games.tank_killers.render import render_text
from hulldown.games.tank_killers.state import TankKillersState
from hulldown.games.tank_killers.tensor import TENSORS

TankKillersState.GAME_ID = "tank-killers"

#: Decisions in one turn can never exceed this (docs/rules/tank-killers.md, clause 15).
MAX_STEPS_PER_TURN = 250
MAX_TURN_LIMIT = 2000

OPTIONS = (
    OptionSpec("deck0", str, "german", "formation deck of player 0", choices=DECKS),
    OptionSpec("deck1", str, "american", "formation deck of player 1", choices=DECKS),
    OptionSpec("random_factor", bool, False, "optional rule: add 1d6 - 1d6 to the attack factor"),
    OptionSpec(
        "turn_limit",
        int,
        300,
        "turns (both players' together) after which the game is a draw",
        minimum=2,
        maximum=MAX_TURN_LIMIT,
    ),
    OptionSpec("tactics_file", str, "", "your own tactics deck (TOML, same layout as data/tactics.toml)"),
    OptionSpec("german_file", str, "", "your own German formation deck (TOML)"),
    OptionSpec("american_file", str, "", "your own American formation deck (TOML)"),
    OptionSpec("british_file", str, "", "your own British formation deck (TOML)"),
)

_CONFORMANCE: list[dict[str, Any]] = [
    {"deck0": a, "deck1": b, "random_factor": rf} for a in DECKS for b in DECKS for rf in (False, True)
]

_VOCABULARY = ("deck", "play")

GAME = Game(
    info=GameInfo(
        id="tank-killers",
        name="Tank Killers",
        min_players=2,
        max_players=2,
        default_players=2,
        summary="Two WW2 tank formations duel with a shared tactics deck until one breaks.",
        options=OPTIONS,
        max_steps=MAX_STEPS_PER_TURN * MAX_TURN_LIMIT,
        hidden_information=True,
        chance=True,
        rules_doc="docs/rules/tank-killers.md",
    ),
    state_class=TankKillersState,
    conformance_options=_CONFORMANCE,
    heuristic=make_heuristic,
    card_database=card_database,
    render_text=render_text,
    tensors=TENSORS,
    extras={"conformance_games": 106, "event_vocabulary": list(_VOCABULARY)},
)
