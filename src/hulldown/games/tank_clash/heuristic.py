"""A rule-of-thumb Tank Clash bot that plays from its own observation only.

Each decision scores every legal action and takes the best (ties broken by the
bot's own generator). What it values, roughly in order:

- winning moves: the enemy base camp, the checkpoint or kill its secret mission needs;
- shooting, with the strongest gun at the target that is weakest, worth most to
  the mission (the ace, medium tanks) or easiest to finish;
- tactical cards where they do real harm (artillery and air support on the hex
  that hurts most, mines, repair of a tank that lost armour, smoke when the enemy
  could shoot back and it cannot shoot, infantry before an attack);
- morale cards: attack cards before its own roll, Conceal, Ambush and Deflect
  against an enemy roll, Sabotage and Overhaul where they tip a tank over or
  back, Transport, Refuel and Airdrop to close distance;
- driving each tank toward its goal: the enemy checkpoints (it captures on the
  way: a morale card each), the enemy tank its mission names, the nearest enemy,
  or the enemy base camp; hexes from which it can shoot next are preferred, and a
  damaged tank drives home to be repaired at a friendly checkpoint.

Line of sight is worked out from the terrain letters in the observation, so the
bot never looks past what its seat may see.

After a move, ``explain`` says which rule of thumb chose it, in words of the game's catalog
(``why.*`` keys): worked out only then, from the same view, so play never pays for it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from hulldown.engine.agent import SeatView
from hulldown.engine.game import Game
from hulldown.engine.hexgrid import grid
from hulldown.engine.messages import Arg, Message
from hulldown.engine.rng import SplitMix64, derive_seed
from hulldown.engine.state import Action
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
from hulldown.games.tank_clash.data import FIELD_ROWS, FIELD_WIDTH
from hulldown.games.tank_clash.views import TankView, part

_G = grid(FIELD_WIDTH, FIELD_ROWS)
#: Hexes by the names the observation gives them: a lookup, where parsing the name was the bot's main cost.
#: hex index by name, looked up with a tank's ``hex`` entry: the heuristic reads only tanks on the
#: board, and an off-board tank's ``None`` has no entry (a lookup of it is a bug, and raises)
_HEX: dict[str | None, int] = {n: h for h, n in enumerate(HEX_NAMES)}
_DIST, _N = _G.distances, _G.size
#: what each morale card is worth keeping: the least is discarded (the playout policy reads it too)
CARD_VALUE = {
    "Reinforce": 5,
    "Sniper": 5,
    "Experience": 4,
    "Deflect": 4,
    "Conceal": 3,
    "Ambush": 3,
    "Sabotage": 3,
    "Transport": 3,
    "Airdrop": 3,
    "Overhaul": 2,
    "Refuel": 2,
    "Demolish": 0,
}
#: cards that cost no action (tactical cards, Airdrop, the anytime cards) beat any action when they help
FREE = 150.0
_DEFAULT = {"firepower": 2, "armour": 2, "speed": 3}  # a concealed enemy, guessed as a medium tank


def _stat(t: TankView, key: Literal["firepower", "armour", "speed"]) -> int:
    v = t.get(key)
    return int(v) if v is not None else _DEFAULT[key]


@lru_cache(maxsize=64)
def _sight(letters: str) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """Which hexes block line of sight and which are forest, by terrain letter: one battlefield's, once."""
    return tuple(c in "TH" for c in letters), tuple(c == "T" for c in letters)


class _Context:
    """What one decision needs from the observation, worked out once per decision."""

    __slots__ = (
        "base",
        "blocks",
        "checkpoints",
        "enemies",
        "enemy_at",
        "forest",
        "goals",
        "home",
        "mine",
        "mission",
        "raiders",
        "tanks",
        "threatened",
    )

    def __init__(self, view: SeatView, me: int) -> None:
        # the four entries it reads, not the whole observation
        self.blocks, self.forest = _sight("".join(part(view, "terrain")))
        tanks = part(view, "tanks")
        self.tanks = {t["id"]: t for t in tanks}
        self.mine = [t for t in tanks if t["seat"] == me and t["hex"] is not None]
        self.enemies = [t for t in tanks if t["seat"] != me and t["hex"] is not None]
        #: each enemy tank with its hex and firepower, as every line-of-fire test wants them
        self.enemy_at = [(e, _HEX[e["hex"]], _stat(e, "firepower")) for e in self.enemies]
        #: each tank's goal by its id, worked out at its first move scored (every move of it asks)
        self.goals: dict[str, int | None] = {}
        self.checkpoints = part(view, "checkpoints")
        base = next((c["hex"] for c in self.checkpoints if c["owner"] != me and c["base_camp"]), None)
        self.base = _HEX[base] if base else None
        home = next((c["hex"] for c in self.checkpoints if c["owner"] == me and c["base_camp"]), None)
        self.home = _HEX[home] if home else None
        # enemy tanks near enough to reach our base camp soon: losing it loses the game
        self.raiders = (
            [e for e in self.enemies if _G.distance(_HEX[e["hex"]], self.home) <= _stat(e, "speed") + 2]
            if self.home is not None
            else []
        )
        # our checkpoints an enemy tank could reach soon: one of them may be all its mission needs
        self.threatened = {
            _HEX[c["hex"]]
            for c in self.checkpoints
            if c["owner"] == me
            and c["holder"] == me
            and any(_G.distance(_HEX[e["hex"]], _HEX[c["hex"]]) <= 2 * _stat(e, "speed") + 1 for e in self.enemies)
        }
        mission = part(view, "mission")
        self.mission = mission["kind"] if mission else None


class TankClashHeuristic:
    __slots__ = ("name", "rng", "seat")

    def __init__(self, seat: int, seed: int) -> None:
        self.name = "heuristic"
        self.seat = seat
        self.rng = SplitMix64(derive_seed(seed, "tank-clash-heuristic", seat))

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        ctx = _Context(view, self.seat)
        return max(legal, key=lambda a: (self._score(a, ctx), self.rng.random()))

    def explain(self, view: SeatView, action: Action) -> Message:
        """Which rule of thumb chose ``action`` (worked out only when a move is explained)."""
        assert isinstance(action, TankClashAction)
        return reason(self, _Context(view, self.seat), len(view.legal_actions()), action)

    # -- geometry from the observation ------------------------------------------------------
    def _can_hit(self, ctx: _Context, a: int, t: int, fp: int) -> bool:
        """5.2 range, 4.5 forest concealment, 5.3 line of sight: the rules, on the seen terrain."""
        d = _DIST[a * _N + t]
        if d == 0 or d > fp:
            return False
        if ctx.forest[t] and d > (1 if ctx.forest[a] else 2):
            return False
        return _G.line_of_sight(a, t, ctx.blocks)

    def _targets_from(self, ctx: _Context, h: int, fp: int) -> list[TankView]:
        return [e for e, eh, _ in ctx.enemy_at if self._can_hit(ctx, h, eh, fp)]

    def _threats_to(self, ctx: _Context, h: int) -> int:
        """How many enemy tanks could fire at a tank on ``h``."""
        return sum(1 for _, eh, fp in ctx.enemy_at if self._can_hit(ctx, eh, h, fp))

    # -- goals -------------------------------------------------------------------------------
    def _mission_target(self, ctx: _Context, e: TankView) -> bool:
        if ctx.mission == "ace":
            return bool(e.get("ace"))
        if ctx.mission == "mediums":
            return e.get("kind") == "medium"
        return False

    def _goal(self, ctx: _Context, t: TankView) -> int | None:
        """Where tank ``t`` is heading: home to repair, a checkpoint, the mission's tank or the fight."""
        key = t["id"]
        if key not in ctx.goals:
            ctx.goals[key] = self._find_goal(ctx, t)
        return ctx.goals[key]

    def _find_goal(self, ctx: _Context, t: TankView) -> int | None:
        here = _HEX[t["hex"]]
        me = self.seat
        if int(t["damage"]) >= 2:
            own = [_HEX[c["hex"]] for c in ctx.checkpoints if c["owner"] == me and c["hex"] != t["hex"]]
            if own:
                return min(own, key=lambda h: _G.distance(here, h))
        # enemy checkpoints still in enemy hands: the mission's aim, and a morale card each
        open_cps = [_HEX[c["hex"]] for c in ctx.checkpoints if c["owner"] != me and c["holder"] != me]
        fast = _stat(t, "speed") >= 3
        if open_cps and (ctx.mission == "capture" or (fast and t.get("kind") != "destroyer")):
            nearest = min(open_cps, key=lambda h: _G.distance(here, h))
            if ctx.mission == "capture" or _G.distance(here, nearest) <= 6:
                return nearest
        wanted = [e for e in ctx.enemies if self._mission_target(ctx, e)]
        pool = wanted or ctx.enemies
        if pool:
            nearest_e = min(pool, key=lambda e: _G.distance(here, _HEX[e["hex"]]))
            if wanted or ctx.base is None or _G.distance(here, _HEX[nearest_e["hex"]]) <= 5:
                return _HEX[nearest_e["hex"]]
        if open_cps:
            return min(open_cps, key=lambda h: _G.distance(here, h))
        return ctx.base

    # -- scoring -----------------------------------------------------------------------------
    def _score(self, a: Action, ctx: _Context) -> float:
        assert isinstance(a, TankClashAction)
        k = a.KIND
        me = self.seat
        tanks = ctx.tanks
        if k == DISCARD:
            return -CARD_VALUE.get(a.card, 0)
        if k == CHECKPOINT:
            col = _G.coords(a.hex)[0]
            return -abs(col - FIELD_WIDTH / 2 + 0.5)
        if k == PLACE:
            row = _G.row_from_edge(a.hex, me)
            want = {"heavy": 2, "destroyer": 1, "medium": 3}[a.card]
            return -abs(row - want) + (0.5 if ctx.forest[a.hex] else 0)
        if k == ACE:
            return 3.0 if tanks[TANK_IDS[a.tank]].get("kind") == "heavy" else 1.0
        if k == ATTACK:
            return self._attack_score(ctx, tanks[TANK_IDS[a.tank]], tanks[TANK_IDS[a.target]])
        if k == TACTICAL:
            return self._tactical_score(a, ctx)
        if k == MORALE:
            return self._morale_score(a, ctx)
        if k == MOVE:
            return self._move_score(ctx, tanks[TANK_IDS[a.tank]], a.hex)
        if k == REROLL:
            return 10 - a.value
        if k == RETREAT:
            on_cp = any(c["hex"] == HEX_NAMES[a.hex] for c in ctx.checkpoints)
            # push them home, never onto a checkpoint
            return -_G.row_from_edge(a.hex, 1 - me) - (5 if on_cp else 0)
        if k == END:
            return 1.0
        return 0.0

    def _attack_score(self, ctx: _Context, a: TankView, t: TankView) -> float:
        armour = _stat(t, "armour")
        score = 100.0 + _stat(a, "firepower") * 3 - armour * 2 + int(t["damage"])
        if a.get("ace"):
            score += 2
        if t in ctx.raiders:
            score += 20  # it is heading for our base camp
        if self._mission_target(ctx, t):
            score += 15
        if armour == 0:
            score += 6  # the next hit destroys it
        if any(c["hex"] == t["hex"] and c["holder"] == t["seat"] for c in ctx.checkpoints):
            score -= 2  # the defender's checkpoint costs 1 on the roll
        return score

    def _tactical_score(self, a: TankClashAction, ctx: _Context) -> float:
        card = a.card
        if card in ("artillery", "air"):
            h = a.hex
            around = set(_G.neighbours(h)) if card == "artillery" else _air_row(h)
            value = 0.0
            for e in ctx.enemies:
                eh = _HEX[e["hex"]]
                if eh == h:
                    value += 3 + (4 if _stat(e, "armour") == 0 else 0) + (3 if self._mission_target(ctx, e) else 0)
                elif eh in around:
                    value += 1 + (1 if int(e["damage"]) >= 2 else 0)
            return FREE + value * 3 if value >= 3 else -1.0
        if card == "mines":
            e = ctx.tanks[TANK_IDS[a.tank]]
            return FREE + 5 + int(e["damage"]) * 2
        if card == "repair":
            return FREE + 8
        if card == "infantry":
            can_shoot = any(self._targets_from(ctx, _HEX[t["hex"]], _stat(t, "firepower")) for t in ctx.mine)
            return FREE if can_shoot else -1.0
        if card == "smoke":
            threatened = sum(1 for t in ctx.mine if self._threats_to(ctx, _HEX[t["hex"]]))
            can_shoot = any(self._targets_from(ctx, _HEX[t["hex"]], _stat(t, "firepower")) for t in ctx.mine)
            return FREE - 10 if threatened >= 2 and not can_shoot else -1.0
        return -1.0

    def _morale_score(self, a: TankClashAction, ctx: _Context) -> float:
        card = a.card
        if card in ("Sniper", "Reinforce", "Experience", "Conceal", "Ambush", "Deflect"):
            return 10.0  # only offered in the windows of an attack, where they count
        if card == "Sabotage":
            t = ctx.tanks[TANK_IDS[a.tank]]
            return FREE + 20 if int(t["damage"]) >= 2 else -1.0  # the third token costs an armour token
        if card == "Overhaul":
            return FREE + 15 if int(ctx.tanks[TANK_IDS[a.tank]]["damage"]) >= 2 else -1.0
        if card in ("Transport", "Refuel", "Airdrop"):
            t = ctx.tanks[TANK_IDS[a.tank]]
            goal = self._goal(ctx, t)
            if goal is None or self._targets_from(ctx, _HEX[t["hex"]], _stat(t, "firepower")):
                return -1.0
            gap = _G.distance(_HEX[t["hex"]], goal) - _stat(t, "speed")
            if gap < 2:
                return -1.0
            # Airdrop is free (no action); Transport and Refuel replace a move with a longer one
            return {"Airdrop": FREE, "Transport": 40.0, "Refuel": 34.0}[card]
        return -1.0

    def _move_score(self, ctx: _Context, t: TankView, to: int) -> float:
        me = self.seat
        name = HEX_NAMES[to]
        if ctx.base is not None and to == ctx.base:
            return 1000.0  # 12.1 the enemy base camp wins
        score = 20.0
        here = _HEX[t["hex"]]
        if ctx.home is not None and ctx.raiders:
            if to == ctx.home:
                score += 300.0  # stand on the base camp: no enemy move can end there
            elif here == ctx.home:
                score -= 300.0
        if to in ctx.threatened:
            score += 90.0  # hold a checkpoint an enemy tank is closing on
        elif here in ctx.threatened:
            score -= 90.0
        for c in ctx.checkpoints:
            if c["hex"] != name:
                continue
            if c["owner"] != me and c["holder"] != me:
                score += 200.0 if ctx.mission == "capture" else 60.0  # capture: a card, maybe the mission
            elif c["owner"] == me and c["holder"] != me:
                score += 40.0  # take it back
            elif c["owner"] == me and int(t["damage"]) > 0:
                score += 10.0 * int(t["damage"])  # repairs on arrival
        goal = self._goal(ctx, t)
        if goal is not None:
            score += (_G.distance(here, goal) - _G.distance(to, goal)) * 2
        fp = _stat(t, "firepower")
        targets = self._targets_from(ctx, to, fp)
        if targets and not t.get("attacked"):
            score += 6 + (8 if any(self._mission_target(ctx, e) for e in targets) else 0)
        if not targets and self._threats_to(ctx, to):
            score -= 3  # in their sights without a shot back
        return score


def _air_row(h: int) -> set[int]:
    """8.2 (designed) the air support row: two hexes either side in the same row."""
    c, r = _G.coords(h)
    return {_G.index(c + k, r) for k in (-2, -1, 1, 2) if 0 <= c + k < _G.width}


# -- why: the term of the score behind a move, in words of the game's catalog (``why.*`` keys) ---
# Worked out only when a bot's move is explained, on the same context the heuristic builds
# from the seat's observation, so a reason names no tank or hex the seat cannot see.

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


def reason(bot: TankClashHeuristic, ctx: _Context, legal: int, action: TankClashAction) -> Message:
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
        return _why_attack(bot, ctx, ctx.tanks[TANK_IDS[action.tank]], ctx.tanks[TANK_IDS[action.target]], args)
    if k == TACTICAL:
        return _why_tactical(ctx, action, args)
    if k == MORALE:
        return _why_morale(bot, ctx, action, args)
    if k == MOVE:
        return _why_move(bot, ctx, ctx.tanks[TANK_IDS[action.tank]], action.hex, args)
    return Message.of("why.any")


def _why_attack(bot: TankClashHeuristic, ctx: _Context, a: TankView, t: TankView, args: dict[str, Arg]) -> Message:
    """Any shot beats any move; among shots, the term of ``_attack_score`` that stands out."""
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


def _why_tactical(ctx: _Context, action: TankClashAction, args: dict[str, Arg]) -> Message:
    """A tactical card costs no action: played wherever it does real harm."""
    card = action.card
    args["target"] = action.aimed_at
    if card in ("artillery", "air"):
        args["target"] = HEX_NAMES[action.hex]
        args["tanks"] = sum(1 for e in ctx.enemies if _HEX[e["hex"]] == action.hex)
        return Message.of(f"why.barrage-{card}", **args)
    if card in ("mines", "repair", "infantry", "smoke"):
        return Message.of(f"why.{card}", **args)
    return Message.of("why.any")


def _why_morale(bot: TankClashHeuristic, ctx: _Context, action: TankClashAction, args: dict[str, Arg]) -> Message:
    card = action.card
    args["target"] = action.aimed_at
    if card in ("Sniper", "Reinforce", "Experience", "Conceal", "Ambush", "Deflect"):
        return Message.of("why.morale-window", **args)
    if card in ("Sabotage", "Overhaul"):
        return Message.of(f"why.{card.lower()}", **args)
    if card in ("Transport", "Refuel", "Airdrop"):
        return Message.of("why.morale-drive", **args)
    return Message.of("why.any")


def _why_move(bot: TankClashHeuristic, ctx: _Context, t: TankView, to: int, args: dict[str, Arg]) -> Message:
    """The largest term of ``_move_score`` that favours this hex."""
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


def make_heuristic(game: Game, seat: int, seed: int, **params: str) -> TankClashHeuristic:
    return TankClashHeuristic(seat, seed)
