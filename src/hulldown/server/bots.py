"""The bots of a room: who moves, where the move is computed, and what happens when a bot fails.

Cheap bots (random, heuristic: well under a millisecond a move) decide on the
event loop; searching bots (ISMCTS, a game's own agents) think on a clone in a
worker process (``hulldown.server.workers``) under a deadline, so a long search
never holds the lock, the event loop or the server's core; when it answers,
its move is applied only if nothing changed meanwhile.

A bot that gives no legal move never passes silently: the move is played by the
game's heuristic (or, failing that, at random), the failure is logged at ERROR,
counted for the seat and for the server, and shown in every seat's view.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any, Protocol

from hulldown.agents.limits import is_searching, run_bounds
from hulldown.agents.registry import make_agent
from hulldown.agents.worker import rule_of_thumb
from hulldown.engine.agent import Agent, SeatView
from hulldown.engine.rng import derive_seed
from hulldown.engine.state import GameState
from hulldown.server.room import Room
from hulldown.server.workers import BotFailure, Supervisor

log = logging.getLogger("hulldown.server")

#: Why a bot chose its move (``hulldown.agents.worker.search_explained``): shown per
#: ``hulldown.server.hints``, only to those who may see what the bot's seat saw.
Explanation = dict[str, Any]


class Manager(Protocol):
    """What the bots need of the server's room manager (``hulldown.server.rooms.Manager``)."""

    closed: bool
    bot_delay: float
    bot_fallbacks: int
    supervisor: Supervisor

    def _apply(self, room: Room, seat: int, action_id: str, why: Explanation | None = None) -> None: ...


def agent_for(room: Room, seat: int) -> Agent:
    """The cheap bot of a seat, built once and kept while the seat's controller stays."""
    s = room.seats[seat]
    if s.agent is None:
        s.agent = make_agent(s.bot_spec or "random", room.game, seat, room.row.seed)
    return s.agent


def fallback_move(manager: Manager, room: Room, seat: int, state: GameState, failure: BotFailure) -> str:
    """A move for a bot that gave none: the game's heuristic if it can, else a random legal action."""
    s = room.seats[seat]
    s.fallbacks += 1
    s.fallback_reason = failure.reason
    manager.bot_fallbacks += 1
    view = SeatView(state, seat)
    how = "the game's heuristic"
    try:
        action_id = (
            make_agent("heuristic", room.game, seat, derive_seed(room.row.seed, "fallback", state.steps)).act(view).id
        )
        state.find_action(action_id)
    except Exception:
        legal = view.legal_actions()
        action_id = legal[secrets.randbelow(len(legal))].id
        how = "a random legal action"
    log.error(
        "game %s: bot %r of seat %s failed at step %s (%s); %s plays %r instead "
        "(fallback %s of this seat, %s on this server)",
        room.id,
        s.bot_spec,
        seat,
        state.steps,
        failure,
        how,
        action_id,
        s.fallbacks,
        manager.bot_fallbacks,
    )
    return action_id


async def decide(manager: Manager, room: Room, seat: int, spec: str, state: GameState) -> tuple[str, Explanation]:
    """The bot's legal move on ``state`` (a clone of the live game) and why; BotFailure if it gives none."""
    try:
        if not is_searching(spec):
            # well under a millisecond: a hop to a thread would cost more than the move
            agent = agent_for(room, seat)
            view = SeatView(state, seat)
            action = agent.act(view)
            action_id = action.id
            why: Explanation = rule_of_thumb(agent, spec, view, action)
        else:
            run_spec, cap = run_bounds(spec)
            seed = derive_seed(room.row.seed, "bot-move", seat, state.steps)
            action_id, why = await manager.supervisor.search_explained(room.game, state, seat, run_spec, seed, cap)
    except BotFailure:
        raise
    except Exception as exc:
        raise BotFailure("the bot raised an error", f"{type(exc).__name__}: {exc}") from exc
    if all(a.id != action_id for a in state.legal_actions()):
        raise BotFailure("the bot chose an illegal action", repr(action_id)[:120])
    return action_id, why


async def play(manager: Manager, room: Room) -> None:
    """Move for every bot whose turn it is, until a person is to move or the game ends."""
    while not manager.closed:
        async with room.lock:
            seat = room.state.current_player
            spec = room.seats[seat].bot_spec if seat is not None else None
            if seat is None or spec is None:
                return
            version = room.version
            clone = room.state.clone()
        started = time.monotonic()
        try:
            action_id, why = await decide(manager, room, seat, spec, clone)
        except BotFailure as failure:
            if manager.closed:
                return
            action_id = fallback_move(manager, room, seat, clone, failure)
            why = {"kind": "fallback", "reason": failure.reason}
        # pace the bot so a person can follow; a long search counts towards the pause
        pause = manager.bot_delay - (time.monotonic() - started)
        await asyncio.sleep(pause if pause > 0 else 0)
        async with room.lock:
            if room.version != version:
                continue
            try:
                manager._apply(room, seat, action_id, why)
            except Exception as exc:
                log.error("game %s: bot move %r refused: %s", room.id, action_id, exc)
                return
