"""2GM Pacific (game id ``2gm-pacific``): reconstructed base rules, advanced rules, the solo AI.

Seats: 2 players are sides 0 and 1; 3 and 4 players form teams (rules §10); 1 player plays side
0 against the rulebook's AI, which the rules themselves play as side 1 (rules §12).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hulldown.engine.data import with_card_listed
from hulldown.engine.game import BalanceHooks, ConformancePlan, Game, GameInfo, OptionSpec, Ranking
from hulldown.engine.messages import KERNEL
from hulldown.games.pacific import hook
from hulldown.games.pacific.actions import CATALOG
from hulldown.games.pacific.evaluate import evaluate
from hulldown.games.pacific.odds import odds
from hulldown.games.pacific.rollout import choose, make_rollout
from hulldown.games.pacific.solo.procedure import PROCEDURE
from hulldown.games.pacific.state import PacificState
from hulldown.games.pacific.views import PacificObservation

# §12: the rules hand the AI's decisions to the hook; the game declares the rulebook's procedure
hook.declare(PROCEDURE)

OPTIONS = (
    OptionSpec("scenario", str, "pitched", "pitched battle, or a historical scenario (§14)",
               choices=("pitched", "island-landing", "inland-defence")),
    OptionSpec("ai_side", str, "scenario",
               "solo scenario: the side the AI plays (the scenario's AI side, its attacker or its defender, §14.1)",
               choices=("scenario", "attacker", "defender")),
    OptionSpec("points", int, 120, "deck points: 120 standard, 80 or 100 short (§3.1)", choices=(80, 100, 120)),
    OptionSpec("deck", str, "preconstructed", "preconstructed deck, or random decks by points (§3.1)",
               choices=("preconstructed", "random")),
    OptionSpec("armies", str, "us-japan", "army of side 0 and side 1", choices=("us-japan", "japan-us")),
    OptionSpec("recruits", str, "none", "a side of beginners gets +1 AP a turn (§10.3)",
               choices=("none", "side0", "side1")),
    OptionSpec("ai_difficulty", str, "normal",
               "solo AI difficulty (§12.13): easy takes its aircraft, mines and artillery and tanks over 6 AP out "
               "of its deck; hard gives its HQ +1 AP", choices=("easy", "normal", "hard"), legacy="normal"),
    OptionSpec("ai_procedure", str, "rulebook",
               "the solo AI's procedure: rulebook (§12 as audited clause by clause, §12.14), legacy (as games "
               "recorded before that audit were played)", choices=("rulebook", "legacy"), legacy="legacy"),
    OptionSpec("tactical_artillery", bool, False, "Tactical Artillery Attack (§11.1)"),
    OptionSpec("shielding_roll", bool, False, "Additional Shielding Defense Roll (§11.2)"),
    OptionSpec("successful_hit_table", bool, False, "Successful Hit Table instead of dice (§11.3)"),
    OptionSpec("extra_ammo", str, "book",
               "Extra Ammo with the Successful Hit Table: book (until the end of its owner's next turn, §11.3.1), "
               "permanent (as games recorded before were played)", choices=("book", "permanent"), legacy="permanent"),
    OptionSpec("self_propelled", bool, False, "Self-Propelled Artillery fires beyond range (§11.4)"),
    OptionSpec("weather", str, "none", "weather, fixed or rolled each round (§11.6)",
               choices=("none", "fog", "rain", "winds", "storm", "rolled")),
    OptionSpec("night", bool, False, "night combat: units deployed face down, +1/+1 Evasion for every unit (§11.7)"),
    OptionSpec("lend_lease", bool, False, "Lend-Lease: HQ wounds for AP when under fire (§11.5)"),
    OptionSpec("upgrade_drop", bool, False, "Upgrade Token Drop: destroyed infantry leave offensive tokens (§11.10)"),
    OptionSpec("smoke_screen", str, "book",
               "Smoke Screen: book (within the unit's attack range, the side tokens optional, §17.7), token "
               "(the token's Range 5, always three tokens, as games recorded before were played)",
               choices=("book", "token"), legacy="token"),
    OptionSpec("smoke_canister", bool, False, "Smoke Canister upgrade for infantry (§11.8)"),
    OptionSpec("field_marshal", bool, False, "start with the deck's General deployed (§11.9)"),
    OptionSpec("heroes", bool, False, "WW2 heroes: each army's hero cards join its deck (§11.12)"),
    OptionSpec("large_field", bool, False, "Large Field: artificial terrain across 2-3 spaces for +1 AP (§11.11)"),
    OptionSpec("starting_deployment", bool, False,
               "Starting Deployment: the bid AP also deploy units on the new terrain (pitched battles, §3.5)"),
    OptionSpec("bar_cards", str, "",
               "unit and support cards left out of every deck, by id or name, e.g. 'promotion, us-m4a2' (§3.6)"),
    OptionSpec("cards_file", str, "",
               "path of your own unit statistics, support cards and pre-constructed decks (TOML: any of the "
               "tables of data/units.toml, support.toml, decks.toml); local play only, web games use card sets "
               "(§18.1)", file="cards.toml"),
)  # fmt: skip

VOCABULARY = (
    "miss", "hit", "critical", "blocked", "shielded", "hq", "tactical-artillery", "assault",
    "none", "fog", "rain", "winds", "storm",
    *(f"{r},{c}" for r in range(1, 7) for c in range(1, 9)),
)  # fmt: skip


def _heuristic(game: Game, seat: int, seed: int, **params: str) -> object:
    from hulldown.games.pacific.heuristic import PacificHeuristic

    return PacificHeuristic(seat, seed, **params)


def _solo_ai(game: Game, seat: int, seed: int, **params: str) -> object:
    from hulldown.games.pacific.solo.agent import SoloAIAgent

    return SoloAIAgent(seat, seed, **params)


def _cards(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    from hulldown.games.pacific.data_view import card_database

    return card_database(options)


def _render(obs: Mapping[str, object], seat: int | None) -> str:
    from hulldown.games.pacific.render import render_text

    return render_text(obs, seat)


def _tensors() -> object:
    from hulldown.games.pacific.tensor import PacificTensors

    return PacificTensors()


def _support_ids() -> tuple[str, ...]:
    from hulldown.games.pacific.cards import load_cards

    db = load_cards()
    return tuple(
        sorted({*db.support, *db.units, *(u.name for u in db.units.values()), *(s.name for s in db.support.values())})
    )


def _bar(options: Mapping[str, Any], card: str) -> dict[str, Any]:
    """The options with ``card`` (a unit or support card) left out of every deck, as well as any already barred."""
    return with_card_listed(options, "bar_cards", card)


GAME = Game(
    info=GameInfo(
        id="2gm-pacific",
        name="2GM Pacific",
        min_players=1,
        max_players=4,
        default_players=2,
        summary="Card-driven WW2 Pacific battles on an 8x6 battlefield: US against Japan, 1-4 players.",
        options=OPTIONS,
        max_steps=20_000,
        rules_doc="docs/rules/2gm-pacific.md",
    ),
    state_class=PacificState,
    conformance_options=(
        {"shielding_roll": True, "weather": "rolled", "large_field": True, "starting_deployment": True},
        {"successful_hit_table": True, "armies": "japan-us"},
        {"deck": "random", "points": 100, "self_propelled": True, "night": True, "starting_deployment": True},
        {"smoke_canister": True, "field_marshal": True, "recruits": "side1", "points": 80, "heroes": True},
        {"weather": "storm", "lend_lease": True, "large_field": True},
        {"scenario": "island-landing", "heroes": True},
        {"scenario": "inland-defence", "tactical_artillery": True, "upgrade_drop": True},
        {"scenario": "island-landing", "ai_side": "attacker", "players": 1},
        {"scenario": "inland-defence", "ai_side": "defender", "players": 1},
    ),
    heuristic=_heuristic,  # type: ignore[arg-type]
    card_database=_cards,
    evaluate=evaluate,
    render_text=_render,
    observation_type=PacificObservation,
    tensors=_tensors(),  # type: ignore[arg-type]
    agents={"solo-ai": _solo_ai},  # type: ignore[dict-item]
    # deep checks cost about 9 s of CPU a game here (long games, every step resampled), so
    # each option set deep-checks 4 games (one per player count) and the rest run the quick checks
    conformance=ConformancePlan(games=200, deep_games=4),
    # One side wins (+1 each seat) and one loses (-1): even sides sum to zero, 1 or 3 seats do not.
    zero_sum=(2, 4),
    event_vocabulary=frozenset(VOCABULARY),
    rollout=make_rollout,
    rank=Ranking(choose),
    messages=KERNEL.merged(CATALOG),
    odds=odds,
    # per-card impact in balance reports: the support cards each seat played
    card_events=("support",),
    # balance --bar: the game with a card against the game without it (§3.6)
    balance=BalanceHooks(bar=_bar),
)
