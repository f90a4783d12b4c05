"""Tank Clash: two players, a hex battlefield of four terrain boards, five tanks a side."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hulldown.engine.data import with_card_listed
from hulldown.engine.game import BalanceHooks, ConformancePlan, Game, GameInfo, OptionSpec, Ranking
from hulldown.engine.messages import KERNEL
from hulldown.games.tank_clash.actions import CATALOG, HEX_NAMES, TANK_IDS
from hulldown.games.tank_clash.data import card_database
from hulldown.games.tank_clash.evaluate import evaluate
from hulldown.games.tank_clash.fields import RESULTS, TACTICAL_IDS
from hulldown.games.tank_clash.heuristic import make_heuristic
from hulldown.games.tank_clash.odds import odds
from hulldown.games.tank_clash.render import render_text
from hulldown.games.tank_clash.rollout import choose, make_rollout
from hulldown.games.tank_clash.state import TankClashState
from hulldown.games.tank_clash.tensor import TankClashTensors
from hulldown.games.tank_clash.views import TankClashObservation

TankClashState.GAME_ID = "tank-clash"

OPTIONS = (
    OptionSpec(
        "side", str, "random", "seat 0's side (seat 1 takes the other)", choices=("german", "american", "random")
    ),
    OptionSpec(
        "board_placement",
        str,
        "default",
        "arrangement of the four terrain boards (supplementary: alternative placement)",
        choices=("default", "crossed", "swapped", "reversed", "random"),
    ),
    OptionSpec("victory_points", bool, False, "supplementary: first to 5 victory points wins; no missions"),
    OptionSpec("fog_of_war", bool, False, "supplementary: tanks start face down until enemies meet"),
    OptionSpec("tactical_activation", bool, False, "supplementary: attack tactical cards need a 3-6 to work"),
    OptionSpec(
        "morale_on_crossing",
        bool,
        False,
        "supplementary: morale cards for first entering enemy territory, not for critical hits",
    ),
    OptionSpec("ace_reroll", bool, False, "alternative ace: re-roll one die instead of +1"),
    OptionSpec(
        "morale_timing",
        str,
        "book",
        "book: blue and purple morale cards may also be played in the opponent's turn (after each of its"
        " plays), and a player is asked only when holding a card playable then; attacks: out of turn only in"
        " an attack's defender window, which opens on any card in hand (how games recorded before this"
        " option were played)",
        choices=("book", "attacks"),
        legacy="attacks",
    ),
    OptionSpec(
        "round_limit",
        int,
        40,
        "rounds before an unfinished game ends (a draw; most victory points with that rule)",
        minimum=1,
        maximum=200,
    ),
    OptionSpec(
        "cards_file",
        str,
        "",
        "path of your own missions, tactical and morale cards (TOML, layout of data/cards.toml); local play only,"
        " web games use card sets (clause 14.1)",
        file="cards.toml",
    ),
    OptionSpec(
        "tanks_file",
        str,
        "",
        "path of your own tank statistics (TOML, layout of data/tanks.toml); local play only (clause 14.1)",
        file="tanks.toml",
    ),
    OptionSpec(
        "bar_cards",
        str,
        "",
        "tactical cards (both seats') and morale cards left out of the game, e.g. 'air, Sniper' (clause 2.9)",
    ),
)

# Hex names and tank ids are public coordinates and labels, never hidden.
VOCABULARY = (
    *HEX_NAMES,
    *TANK_IDS,
    *RESULTS[1:],
    *TACTICAL_IDS,
    "victory points",
    "captured a checkpoint",
    "three tanks in enemy territory",
    "destroyed a medium tank",
    "destroyed a heavy tank",
    "destroyed a destroyer tank",
    "killed the ace",
    "captured the enemy base camp",
    "destroyed every enemy tank",
    "round limit",
    "most victory points at the round limit",
)


def bar(options: Mapping[str, Any], card: str) -> dict[str, Any]:
    """The options with ``card`` (a tactical card or a morale card) left out, as well as any already barred."""
    return with_card_listed(options, "bar_cards", card)


GAME = Game(
    info=GameInfo(
        id="tank-clash",
        name="Tank Clash",
        min_players=2,
        max_players=2,
        default_players=2,
        summary="Hex-board tank battle: two actions a turn, keep-the-highest dice, tactical and morale cards.",
        options=OPTIONS,
        # at most ~21 decisions a turn: 2 x 200 turns at the highest round limit, plus set-up
        max_steps=10_000,
        rules_doc="docs/rules/tank-clash.md",
    ),
    state_class=TankClashState,
    # Every option appears in some set; four sets keep the full run (2,000 games each) in minutes.
    conformance_options=(
        {"victory_points": True, "tactical_activation": True, "ace_reroll": True, "morale_timing": "attacks"},
        {"fog_of_war": True, "morale_on_crossing": True, "board_placement": "random"},
        {"fog_of_war": True, "victory_points": True, "board_placement": "crossed", "side": "american"},
    ),
    heuristic=make_heuristic,
    card_database=card_database,
    evaluate=evaluate,
    render_text=render_text,
    observation_type=TankClashObservation,
    tensors=TankClashTensors(),
    zero_sum=True,
    # 1,000 random games per option set keep CI within its budget since the book's morale windows
    # made games longer; HULLDOWN_CONFORMANCE_SCALE runs more (docs/simulation.md)
    conformance=ConformancePlan(games=1000),
    event_vocabulary=frozenset(VOCABULARY),
    rollout=make_rollout,
    rank=Ranking(choose),
    messages=KERNEL.merged(CATALOG),
    odds=odds,
    # per-card impact in balance reports: tactical cards and morale cards, as played
    card_events=("tactical", "morale_played"),
    # balance --bar: the game with a card against the game without it (clause 2.9)
    balance=BalanceHooks(bar=bar),
)
