"""Why the Tank Clash heuristic chose a move, in words of the game's catalog (``why.*`` keys).

The heuristic scores every legal action and takes the best; this module names the
term of that score that made the chosen move stand out, and only when a bot's move
is explained. It works on the same per-decision context the heuristic builds from
the seat's observation, so a reason names no tank or hex the seat cannot see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hulldown.engine.messages import Arg, Message
from hulldown.games.tank_clash.actions import (
    ACE,
    ATTACK,
    CHECKPOINT,
    DISCARD,
    END,
    HEX_NAMES,
    KEEP,
    MORALE,
    MOVE,
    PASS,
    PLACE,
    REROLL,
    RETREAT,
    TACTICAL,
    TANK_IDS,
    TankClashAction,
)

if TYPE_CHECKING:
    from hulldown.games.tank_clash.heuristic import TankClashHeuristic, _Context

#: The reason of each kind that needs only the action's own names.
_PLAIN = {
    DISCARD: "why.discard",
    CHECKPOINT: "why.checkpoint",
    REROLL: "why.reroll",
    RETREAT: "why.retreat",
    END: "why.end",
    PASS: "why.pass",
    KEEP: "why.keep",
}


def explain(bot: TankClashHeuristic, ctx: _Context, legal: int, action: TankClashAction) -> Message:
    """The rule of thumb behind ``action``; ``legal``: how many moves the seat had."""
    if legal == 1:
        return Message.of("why.only")
    k = action.KIND
    args: dict[str, Arg] = dict(action.fields())
    if k in _PLAIN:
        return Message.of(_PLAIN[k], **args)
    if k == PLACE:
        key = "why.place-forest" if ctx.forest[action.hex] else "why.place"
        return Message.of(key, **args)
    if k == ACE:
        heavy = ctx.tanks[TANK_IDS[action.tank]].get("kind") == "heavy"
        return Message.of("why.ace-heavy" if heavy else "why.ace", **args)
    if k == ATTACK:
        return _attack(bot, ctx, ctx.tanks[TANK_IDS[action.tank]], ctx.tanks[TANK_IDS[action.target]], args)
    if k == TACTICAL:
        return _tactical(ctx, action, args)
    if k == MORALE:
        return _morale(bot, ctx, action, args)
    if k == MOVE:
        return _move(bot, ctx, ctx.tanks[TANK_IDS[action.tank]], action.hex, args)
    return Message.of("why.any")


def _attack(
    bot: TankClashHeuristic, ctx: _Context, a: dict[str, Any], t: dict[str, Any], args: dict[str, Arg]
) -> Message:
    """Any shot beats any move; among shots, the term of ``_attack_score`` that stands out."""
    from hulldown.games.tank_clash.heuristic import _stat

    args.update(firepower=_stat(a, "firepower"), armour=_stat(t, "armour"))
    if t in ctx.raiders:
        key = "why.attack-raider"
    elif bot._mission_target(ctx, t):
        key = "why.attack-mission"
    elif _stat(t, "armour") == 0:
        key = "why.attack-finish"
    else:
        key = "why.attack"
    return Message.of(key, **args)


def _tactical(ctx: _Context, action: TankClashAction, args: dict[str, Arg]) -> Message:
    """A tactical card costs no action: played wherever it does real harm."""
    from hulldown.games.tank_clash.heuristic import _HEX

    card = action.card
    args["target"] = action.aimed_at
    if card in ("artillery", "air"):
        args["target"] = HEX_NAMES[action.hex]
        args["tanks"] = sum(1 for e in ctx.enemies if _HEX[e["hex"]] == action.hex)
        return Message.of(f"why.barrage-{card}", **args)
    if card in ("mines", "repair", "infantry", "smoke"):
        return Message.of(f"why.{card}", **args)
    return Message.of("why.any")


def _morale(bot: TankClashHeuristic, ctx: _Context, action: TankClashAction, args: dict[str, Arg]) -> Message:
    card = action.card
    args["target"] = action.aimed_at
    if card in ("Sniper", "Reinforce", "Experience", "Conceal", "Ambush", "Deflect"):
        return Message.of("why.morale-window", **args)
    if card in ("Sabotage", "Overhaul"):
        return Message.of(f"why.{card.lower()}", **args)
    if card in ("Transport", "Refuel", "Airdrop"):
        return Message.of("why.morale-drive", **args)
    return Message.of("why.any")


def _move(bot: TankClashHeuristic, ctx: _Context, t: dict[str, Any], to: int, args: dict[str, Arg]) -> Message:
    """The largest term of ``_move_score`` that favours this hex."""
    from hulldown.games.tank_clash.heuristic import _G, _HEX, _stat

    me = bot.seat
    here = _HEX[t["hex"]]
    name = HEX_NAMES[to]
    if ctx.base is not None and to == ctx.base:
        return Message.of("why.move-base", **args)
    if ctx.home is not None and ctx.raiders and to == ctx.home:
        return Message.of("why.move-home", **args)
    cp = next((c for c in ctx.checkpoints if c["hex"] == name), None)
    if cp is not None and cp["owner"] != me and cp["holder"] != me:
        return Message.of("why.move-capture", **args)
    if to in ctx.threatened:
        return Message.of("why.move-hold", **args)
    if cp is not None and cp["owner"] == me and cp["holder"] != me:
        return Message.of("why.move-retake", **args)
    if cp is not None and cp["owner"] == me and int(t["damage"]) > 0:
        return Message.of("why.move-repair", **args)
    targets = bot._targets_from(ctx, to, _stat(t, "firepower"))
    if targets and not t.get("attacked"):
        args["target"] = str(targets[0]["id"])
        return Message.of("why.move-shot", **args)
    goal = bot._goal(ctx, t)
    if goal is not None and _G.distance(to, goal) < _G.distance(here, goal):
        args.update(goal=HEX_NAMES[goal], hexes=_G.distance(to, goal))
        return Message.of("why.move-goal", **args)
    return Message.of("why.move", **args)
