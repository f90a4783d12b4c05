"""Why the Tank Killers heuristic chose a move, in words of the game's catalog (``why.*`` keys).

The heuristic itself only picks (it runs millions of times in simulations); this
module says afterwards which of its rules of thumb the chosen move followed, and
only when a bot's move is explained. It reads what the heuristic read, the seat's
observation and the public card data, so a reason tells the seat nothing new.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hulldown.engine.messages import Message
from hulldown.games.tank_killers.actions import DISCARD, PASS, PLAY, TankKillersAction
from hulldown.games.tank_killers.cards import CLASS_BIT

if TYPE_CHECKING:
    from hulldown.engine.agent import SeatView
    from hulldown.games.tank_killers.heuristic import TankKillersHeuristic

_INF = CLASS_BIT["infantry"]
#: The defense the heuristic assumes for an unseen formation card (heuristic._DECK_DEF).
_DECK_DEF = 6


def explain(bot: TankKillersHeuristic, view: SeatView, action: TankKillersAction) -> Message:
    """The rule of thumb behind ``action``, the move ``bot`` chose from ``view``."""
    if len(view.legal_actions()) == 1:
        return Message.of("why.only")
    phase = view.observation_part("phase")
    if phase == "maneuver":
        if action.KIND == DISCARD:
            return Message.of("why.discard", card=action.name)
        return Message.of("why.maneuver", card=action.name) if action.KIND == PLAY else Message.of("why.no-card")
    if phase == "target":
        return _target(bot, view, action)
    if phase == "free attacker":
        if action.on_deck:
            return Message.of("why.attacker-deck")
        return Message.of("why.attacker", card=action.name, pen=bot.R.fpen[bot._card(bot.seat, action.name)])
    attack: dict[str, Any] = view.observation_part("attack") or {}
    nums: dict[str, Any] = {"factor": attack.get("factor") or 0, "defense": attack.get("defense") or 0}
    if phase == "lost attack":
        if action.KIND == PASS:
            return (
                Message.of("why.lost.pass", **nums)
                if any(isinstance(a, TankKillersAction) and a.KIND == PLAY for a in view.legal_actions())
                else Message.of("why.no-card")
            )
        return Message.of("why.lost", card=action.name, **nums)
    if phase == "modifier":
        return _modifier(bot, attack, action, nums)
    return Message.of("why.always", card=action.name) if action.KIND == PLAY else Message.of("why.no-card")


def _target(bot: TankKillersHeuristic, view: SeatView, action: TankKillersAction) -> Message:
    """The heuristic attacks what it can destroy as things stand, else what comes closest."""
    att = bot._card(bot.seat, view.observation_part("attack")["attacker"])
    opp = 1 - bot.seat
    if action.on_deck:
        top = view.observation_part("sides")[opp]["top"]
        if top is None:
            return Message.of("why.target-unseen", factor=bot.R.fpen[att], defense=_DECK_DEF)
        name = top
    else:
        name = action.name
    t = bot._card(opp, name)
    factor, defense = bot._factor(att, t), bot.R.fdef[t]
    key = "why.target" if factor >= defense else "why.target-closest"
    if action.on_deck:  # its top card is known: face up, or seen
        key = key.replace("why.target", "why.target-top")
    return Message.of(key, card=name, factor=factor, defense=defense)


def _modifier(
    bot: TankKillersHeuristic, attack: dict[str, Any], action: TankKillersAction, nums: dict[str, Any]
) -> Message:
    """Just enough to win the exchange: the attacker raises, the defender lowers or stops it."""
    R = bot.R
    attacking = attack["seat"] == bot.seat
    succeeds = nums["factor"] >= nums["defense"]
    if action.KIND == PASS:
        if attacking:
            return Message.of("why.mod.pass-wins" if succeeds else "why.mod.pass-no-raise", **nums)
        return Message.of("why.mod.pass-fails" if not succeeds else "why.mod.pass-no-cut", **nums)
    t = action.index
    if attacking and succeeds:
        return Message.of("why.mod.range-slot", card=action.name, **nums)
    if not attacking and R.trange[t] > R.frng[bot._card(attack["seat"], attack["attacker"])]:
        return Message.of("why.mod.out-of-reach", card=action.name)
    tgt_inf = bool(R.fcls[bot._card(1 - attack["seat"], attack["target"])] & _INF)
    after = nums["factor"] + bot._delta(t, tgt_inf)
    if attacking:
        key = "why.mod.raise" if after >= nums["defense"] else "why.mod.raise-most"
    else:
        key = "why.mod.cut" if after < nums["defense"] else "why.mod.cut-most"
    return Message.of(key, card=action.name, after=after, **nums)
