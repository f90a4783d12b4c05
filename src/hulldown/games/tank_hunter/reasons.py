"""Why the Tank Hunter heuristic chose a move, in words of the game's catalog (``why.*`` keys).

The heuristic only picks; this module says afterwards which of its rules of thumb
the chosen move followed, and only when a bot's move is explained. It reads what
the heuristic read (the seat's observation and the card designs), so a reason
names no card the seat cannot see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hulldown.engine.messages import Message
from hulldown.engine.state import Action
from hulldown.games.tank_hunter import actions as a_

if TYPE_CHECKING:
    from hulldown.engine.agent import SeatView
    from hulldown.games.tank_hunter.heuristic import TankHunterHeuristic, _Seen

#: Actions whose reason needs nothing but their kind.
_PLAIN: dict[type[Action], str] = {
    a_.PlaceRear: "why.rear",
    a_.Evade: "why.evade",
    a_.AntiAir: "why.anti-air",
    a_.AntiAirDone: "why.no-anti-air",
    a_.NoCounter: "why.no-counter",
    a_.ScoutCounter: "why.scout-counter",
    a_.NoScoutCounter: "why.no-scout-counter",
    a_.Pass: "why.pass",
    a_.Supply: "why.supply",
    a_.NoSupply: "why.pass",
    a_.Advance: "why.advance",
    a_.NoAdvance: "why.no-advance",
    a_.ArrangeDone: "why.arranged",
    a_.Put: "why.put",
    a_.TargetCard: "why.any",
    a_.Spot: "why.any",
    a_.Discard: "why.any",
    a_.Scout: "why.scout",
    a_.Command: "why.command",
    a_.CommandUnit: "why.command",
    a_.CommandIntel: "why.command",
    a_.Wait: "why.wait",
    a_.End: "why.end",
}


def explain(bot: TankHunterHeuristic, view: SeatView, obs: _Seen, action: Action) -> Message:
    """The rule of thumb behind ``action``, the move ``bot`` chose from ``view``."""
    if len(view.legal_actions()) == 1:
        return Message.of("why.only")
    if isinstance(action, a_.Pick):
        name = obs["packet"][action.pos]
        return Message.of("why.draft" if name in bot.units else "why.draft-event", card=name)
    if isinstance(action, a_.Counter | a_.Fire):
        return Message.of("why.counter" if isinstance(action, a_.Counter) else "why.fire", shots=action.shots)
    if isinstance(action, a_.Play):
        card = obs.get("hand", [])[action.pos]
        return Message.of("why.shield" if bot._under_attack(obs) is not None else "why.event", card=card)
    if isinstance(action, a_.TargetUnit):
        u = bot._unit(obs, action.seat, action.line, action.pos)
        key = "why.aim-own" if action.seat == bot.seat else "why.aim-unit"
        return Message.of(key, card=u.name if u else "?", points=u.points if u else 0)
    if isinstance(action, a_.TargetSeat):
        if action.seat == bot.seat:
            return Message.of("why.aim-self")
        return Message.of("why.aim-seat", seat=action.seat)
    if isinstance(action, a_.Attack):
        return _attack(bot, obs, action)
    if isinstance(action, a_.Reveal):
        u = bot._unit(obs, bot.seat, action.line, action.pos)
        if u is None or action.line != "f":  # a gun turned up to fire anti-air
            return Message.of("why.anti-air")
        return Message.of("why.reveal", card=u.name, points=_tenths(bot._reveal_value(obs, action.pos)))
    if isinstance(action, a_.Evade) and not action.yes:
        return Message.of("why.any")
    return Message.of(_PLAIN.get(type(action), "why.any"))


def _attack(bot: TankHunterHeuristic, obs: _Seen, action: a_.Attack) -> Message:
    """The attack with the best expected points, net of what the target's counter may take."""
    att = bot._unit(obs, bot.seat, action.line, action.pos)
    tgt = bot._unit(obs, action.seat, action.tline, action.tpos)
    return Message.of(
        "why.attack",
        card=att.name if att else "?",
        target=tgt.name if tgt else "?",
        points=_tenths(bot._attack_value(obs, action)),
    )


def _tenths(value: float) -> str:
    """A bot's estimate as the page shows it: one decimal."""
    return f"{value:.1f}"
