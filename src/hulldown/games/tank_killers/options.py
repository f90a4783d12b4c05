"""Tank Killers' options, declared once for the game, its rules table and its tensors."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hulldown.engine.game import OptionSpec
from hulldown.games.tank_killers.cards import DECKS

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
    OptionSpec(
        "tactics_file",
        str,
        "",
        "path of your own tactics deck (TOML, layout of data/tactics.toml); local play only, web games use card sets",
        file="tactics.toml",
    ),
    OptionSpec(
        "german_file", str, "", "path of your own German formation deck (TOML); local play only", file="german.toml"
    ),
    OptionSpec(
        "american_file",
        str,
        "",
        "path of your own American formation deck (TOML); local play only",
        file="american.toml",
    ),
    OptionSpec(
        "british_file", str, "", "path of your own British formation deck (TOML); local play only", file="british.toml"
    ),
    OptionSpec("reinforce0", str, "", "extra formation cards for player 0, e.g. 'Pz IVH*2, Tiger' (designer's note)"),
    OptionSpec("reinforce1", str, "", "extra formation cards for player 1, e.g. 'M4-76*2, M36' (designer's note)"),
    OptionSpec("bar_tactics", str, "", "tactics cards left out of the deck, e.g. 'Ambush, Smoke' (designer's note)"),
)


def with_defaults(options: Mapping[str, Any]) -> dict[str, Any]:
    """Every option, given ones checked and the rest at their defaults (unknown names are ignored)."""
    return {o.name: o.validate(options[o.name]) if o.name in options else o.default for o in OPTIONS}
