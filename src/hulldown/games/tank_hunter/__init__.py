"""Tank Hunter 2nd edition (card game, 2 to 6 players): see docs/rules/tank-hunter.md."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hulldown.engine.data import with_card_listed
from hulldown.engine.game import BalanceHooks, ConformancePlan, Game, GameInfo, OptionSpec
from hulldown.engine.messages import KERNEL, Catalog
from hulldown.games.tank_hunter.cards import card_database
from hulldown.games.tank_hunter.evaluate import evaluate
from hulldown.games.tank_hunter.heuristic import make_heuristic
from hulldown.games.tank_hunter.odds import odds
from hulldown.games.tank_hunter.render import render_text
from hulldown.games.tank_hunter.state import TYPE_NAMES, TankHunterState
from hulldown.games.tank_hunter.tensor import TankHunterTensors
from hulldown.games.tank_hunter.views import TankHunterObservation

OPTIONS = (
    OptionSpec(
        "setup",
        str,
        "full",
        "full: every unit and event; tanks-only: the first-game setup (only AFVs; no Trench, Heavy Guns, Escape)",
        choices=("full", "tanks-only"),
    ),
    OptionSpec("commanders", bool, False, "optional rule: Commander cards in the unit deck"),
    OptionSpec("evading", bool, False, "optional rule: Evading"),
    OptionSpec("charge", bool, False, "optional rule: Charge"),
    OptionSpec("nations", str, "", "comma-separated nations to keep in the unit deck (empty: all)"),
    OptionSpec("single_copies", bool, False, "only one copy of each unit"),
    OptionSpec(
        "event_timing",
        str,
        "book",
        "book: every player may play event cards during a turn (after each card played, at the turn's end,"
        " after declarations), asked only when holding a playable card; declarations: only after an attack or"
        " scouting is declared (how games recorded before this option were played)",
        choices=("book", "declarations"),
        legacy="declarations",
    ),
    OptionSpec(
        "deck_end",
        str,
        "empty-draw",
        "when the unit deck running out ends the game: empty-draw, when a unit must be drawn from the empty deck;"
        " last-card, as soon as the last unit is drawn (and placed)",
        choices=("empty-draw", "last-card"),
    ),
    OptionSpec(
        "cards",
        str,
        "",
        "path of a card file replacing the built-in (project-designed) set; local play only, web games use card sets",
        file="cards.toml",
    ),
    OptionSpec(
        "bar_cards",
        str,
        "",
        "unit and event cards left out of the decks, every copy, e.g. 'Ambush, Tiger I' (clause 2.6)",
    ),
)

VOCABULARY = (
    *TYPE_NAMES.values(),
    "front",
    "rear",
    "f",
    "r",
    "gray",
    "gold",
    "red",
    "one player left",
    "third Carpet Bombing",
    "unit deck ran out",
)


def bar(options: Mapping[str, Any], card: str) -> dict[str, Any]:
    """The options with every copy of ``card`` (a unit or an event) left out, as well as any already barred."""
    return with_card_listed(options, "bar_cards", card)


GAME = Game(
    info=GameInfo(
        id="tank-hunter",
        name="Tank Hunter (2nd edition)",
        min_players=2,
        max_players=6,
        default_players=3,
        summary="Draft tanks, guns and infantry, scout and shoot; most points when the bombs fall wins.",
        options=OPTIONS,
        max_steps=20_000,
        rules_doc="docs/rules/tank-hunter.md",
    ),
    state_class=TankHunterState,
    # With the default set ({}: full decks, no optional rule) four sets of 500 games,
    # each cycling through 2..6 players: every optional rule on and off, tanks-only
    # and full decks, the nationality and single-copy filters (2,000 games in all).
    conformance_options=(
        {"commanders": True, "evading": True, "charge": True},
        {"setup": "tanks-only", "nations": "German,Soviet,American"},
        {"setup": "tanks-only", "evading": True, "charge": True, "single_copies": True},
    ),
    heuristic=make_heuristic,
    card_database=card_database,
    render_text=render_text,
    observation_type=TankHunterObservation,
    tensors=TankHunterTensors(),
    zero_sum=(2,),
    conformance=ConformancePlan(games=300),
    event_vocabulary=frozenset(VOCABULARY),
    evaluate=evaluate,
    messages=KERNEL.merged(Catalog.from_package("hulldown.games.tank_hunter")),
    odds=odds,
    # per-card impact in balance reports: every event card put in play (red ones as they are drawn)
    card_events=("event-played",),
    # balance --bar: the game with a card against the game without it (clause 2.6)
    balance=BalanceHooks(bar=bar),
)
