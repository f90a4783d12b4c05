"""The server's long-lived objects, set aside from the garbage collector once it has started.

A full collection walks every tracked object. In a running server most of them
are made at start and live as long as the process: modules, classes,
functions, pydantic's and FastAPI's schemas, each game's tables (about 120,000
objects). Walking them took 50 ms on a quiet core and up to 200 ms under load,
a pause in which no request of any game is answered. ``gc.freeze`` moves them
to a generation that is never walked; collections then cover only what games
and requests create. First each game's code is run once, so that the modules
it imports on first use are loaded and frozen too.
"""

from __future__ import annotations

import gc
import logging

from hulldown.agents.registry import make_agent
from hulldown.engine.agent import SeatView
from hulldown.engine.registry import game_ids, load

log = logging.getLogger("hulldown.server")

#: the cheap bots every game offers: their first move loads their code. A game's own agents are
#: only built, never asked to move: one may search for seconds (or, in tests, stall on purpose).
_WARM_BOTS = ("random", "heuristic")


def _warm_up(game_id: str) -> None:
    game = load(game_id)
    state = game.new(seed=0)
    seat = state.current_player if state.current_player is not None else 0
    state.observation(seat)
    for action in state.legal_actions():
        action.to_json()
    for spec in (*_WARM_BOTS, *game.agents):
        try:
            agent = make_agent(spec, game, seat, 0)
            if spec in _WARM_BOTS:
                agent.act(SeatView(state.clone(), seat))
        except Exception:  # a bot that needs more than a fresh game only misses the warm-up
            log.debug("warm-up of bot %s for %s skipped", spec, game_id, exc_info=True)


def freeze_startup_objects() -> int:
    """Loads every game's code, then freezes what exists; returns how many objects were frozen."""
    for game_id in game_ids():
        try:
            _warm_up(game_id)
        except Exception:
            log.warning("warm-up of %s failed; its modules load on first use", game_id, exc_info=True)
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
