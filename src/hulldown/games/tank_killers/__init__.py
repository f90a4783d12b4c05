"""Tank Killers: a two-player WW2 tank card game (rules: docs/rules/tank-killers.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hulldown.engine.errors import OptionError
from hulldown.engine.game import BalanceHooks, ConformancePlan, Game, GameInfo
from hulldown.engine.messages import KERNEL
from hulldown.games.tank_killers.actions import CATALOG
from hulldown.games.tank_killers.cards import DECKS, card_database, format_reinforce, parse_reinforce
from hulldown.games.tank_killers.heuristic import make_heuristic
from hulldown.games.tank_killers.odds import odds
from hulldown.games.tank_killers.options import MAX_STEPS_PER_TURN, MAX_TURN_LIMIT, OPTIONS
from hulldown.games.tank_killers.render import render_text
from hulldown.games.tank_killers.rollout import evaluate, make_policy, quiet
from hulldown.games.tank_killers.state import TankKillersState
from hulldown.games.tank_killers.tables import rules_for
from hulldown.games.tank_killers.tensor import TENSORS
from hulldown.games.tank_killers.views import TankKillersObservation

TankKillersState.GAME_ID = "tank-killers"

_CONFORMANCE: list[dict[str, Any]] = [
    {"deck0": a, "deck1": b, "random_factor": rf} for a in DECKS for b in DECKS for rf in (False, True)
]

_VOCABULARY = ("deck", "play")


def reinforce(options: Mapping[str, Any], seat: int, cards: Sequence[str]) -> dict[str, Any]:
    """``options`` with one more copy of each of ``cards`` in ``seat``'s formation deck.

    Copies already asked for in ``reinforce<seat>`` are kept, so repeated calls
    add up. Raises OptionError (a ValueError) for a card not in that deck.
    """
    if seat not in (0, 1):
        raise OptionError(f"tank-killers has seats 0 and 1, not {seat!r}")
    opts = GAME.validate_options(options)
    key = f"reinforce{seat}"
    names = reinforce_pool(opts, seat)
    title = rules_for(opts).deck_title[seat]
    extra = parse_reinforce(str(opts[key]), key, title, names)
    added = parse_reinforce(", ".join(str(c) for c in cards), key, title, names)
    for name, n in added.items():
        extra[name] = extra.get(name, 0) + n
    opts[key] = format_reinforce(extra)
    rules_for(opts)  # the whole enlarged deck must still load (size cap)
    return opts


def bar(options: Mapping[str, Any], card: str) -> dict[str, Any]:
    """The options with ``card`` (a tactics card's name) left out of the tactics deck, as well as any already barred."""
    opts = dict(options)
    barred = [n.strip() for n in str(opts.get("bar_tactics", "")).split(",") if n.strip()]
    opts["bar_tactics"] = ", ".join([*barred, card] if card not in barred else barred)
    return opts


def reinforce_pool(options: Mapping[str, Any], seat: int) -> list[str]:
    """The formation card names of ``seat``'s deck, in deck-file order: the cards it may add copies of."""
    if seat not in (0, 1):
        raise OptionError(f"tank-killers has seats 0 and 1, not {seat!r}")
    R = rules_for(GAME.validate_options(options))
    return [c.name for c in R.deck_files[R.deck_names[seat]][1]]


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
    observation_type=TankKillersObservation,
    tensors=TENSORS,
    conformance=ConformancePlan(games=106),
    # Returns are +1/-1 or 0/0 (docs/rl.md: OpenSpiel utility).
    zero_sum=True,
    event_vocabulary=frozenset(_VOCABULARY),
    # Balance studies (docs/simulation.md): the decks are the factions; the
    # designer's note suggests adding cards to the weaker deck.
    balance=BalanceHooks(factions=("deck0", "deck1"), reinforce=reinforce, reinforce_pool=reinforce_pool, bar=bar),
    # Tactics cards played, and formation cards turned up to attack, count as
    # "played" for per-card impact, so the parity search can rank the cards
    # a deck may add (formation cards) and not only the shared tactics.
    card_events=("played", "attacker"),
    # The search's playout policy (hulldown.agents.ismcts, rollout=policy): the
    # heuristic's rules of thumb read off a determinized state.
    rollout=make_policy,
    # Cut playouts are scored by casualties and the cards in hand, by effect.
    evaluate=evaluate,
    quiet=quiet,
    messages=KERNEL.merged(CATALOG),
    odds=odds,
)
