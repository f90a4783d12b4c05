"""§12 Solo mode: the rulebook's AI for side 1 of a 1-player game, one module per clause.

The rules reach the AI only through the hook :class:`SoloProcedure` (``pacific/hook.py``), whose
rulebook implementation is :data:`PROCEDURE`; :class:`SoloAIAgent` (``agent.py``, agent
``solo-ai``) applies the same clauses to a seat of an ordinary game. The other names are the
clauses' entry points, for tests and tools.
"""

from hulldown.games.pacific.hook import SoloProcedure, active, installed
from hulldown.games.pacific.solo.agent import SoloAIAgent
from hulldown.games.pacific.solo.procedure import PROCEDURE, RulebookProcedure
from hulldown.games.pacific.solo.s12_00_common import Pick, objective_spaces
from hulldown.games.pacific.solo.s12_00_turn import ai_air_reaction, ai_turn, ai_turn_rest
from hulldown.games.pacific.solo.s12_01_deck import TYPE_ORDER, build_ai_deck, card_type
from hulldown.games.pacific.solo.s12_01_start import ai_bid, ai_terrain
from hulldown.games.pacific.solo.s12_02_behaviour import (
    BEHAVIOUR,
    TABLES,
    band,
    behaviour_value,
    current_band,
    resolve_table,
    side_table,
)
from hulldown.games.pacific.solo.s12_03_cards import DRAWS, card_phase
from hulldown.games.pacific.solo.s12_04_deployment import choose_cards, deploy_card, deployment
from hulldown.games.pacific.solo.s12_04_priorities import DEPLOY_NAME, PRIORITIES, priority
from hulldown.games.pacific.solo.s12_05_placement import placement, support_target
from hulldown.games.pacific.solo.s12_06_destination import unanswered_threats
from hulldown.games.pacific.solo.s12_06_movement import heal_and_repair, movement
from hulldown.games.pacific.solo.s12_07_shooting import breaks_supply, shooting, target_priority
from hulldown.games.pacific.solo.s12_08_discard import discard
from hulldown.games.pacific.solo.s12_11_pre_battle import pre_battle, scenario_terrain, starting_space
from hulldown.games.pacific.solo.s12_12_night import hidden_foe, known

__all__ = [
    "BEHAVIOUR",
    "DEPLOY_NAME",
    "DRAWS",
    "PRIORITIES",
    "PROCEDURE",
    "TABLES",
    "TYPE_ORDER",
    "Pick",
    "RulebookProcedure",
    "SoloAIAgent",
    "SoloProcedure",
    "active",
    "ai_air_reaction",
    "ai_bid",
    "ai_terrain",
    "ai_turn",
    "ai_turn_rest",
    "band",
    "behaviour_value",
    "breaks_supply",
    "build_ai_deck",
    "card_phase",
    "card_type",
    "choose_cards",
    "current_band",
    "deploy_card",
    "deployment",
    "discard",
    "heal_and_repair",
    "hidden_foe",
    "installed",
    "known",
    "movement",
    "objective_spaces",
    "placement",
    "pre_battle",
    "priority",
    "resolve_table",
    "scenario_terrain",
    "shooting",
    "side_table",
    "starting_space",
    "support_target",
    "target_priority",
    "unanswered_threats",
]
