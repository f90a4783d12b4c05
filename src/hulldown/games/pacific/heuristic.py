"""A rule-of-thumb bot for human-style play: deploy what it can afford, advance, shoot the
target it is most likely to destroy, fire at the HQ when possible."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from hulldown.engine.agent import SeatView
from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import Action
from hulldown.games.pacific import actions as acts
from hulldown.games.pacific import grid
from hulldown.games.pacific.views import CardView, UnitView, part

if TYPE_CHECKING:
    from hulldown.games.pacific.solo.words import Said


class PacificHeuristic:
    name = "heuristic"

    def __init__(self, seat: int, seed: int = 0, **params: str) -> None:
        if params:
            raise TypeError(f"heuristic takes no parameters (got {', '.join(params)})")
        self.seat = seat
        self.rng = SplitMix64(seed)

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        seen = _Seen(view)
        best: Action | None = None
        best_v = -1e9
        for a in legal:
            v = self._value(a, seen) + self.rng.random() * 0.01
            if v > best_v:
                best, best_v = a, v
        assert best is not None
        return best

    def explain(self, view: SeatView, action: Action) -> Said:
        """Which rule of thumb chose ``action`` (worked out only when a move is explained)."""
        from hulldown.games.pacific.heuristic_why import reason
        from hulldown.games.pacific.solo.words import Said

        if len(view.legal_actions()) == 1:
            return Said.of("why.only")
        seen = _Seen(view)
        return reason(action, seen, self._value(action, seen))

    def _value(self, a: Action, seen: _Seen) -> float:
        """The action's worth by rule of thumb, read off its fields and the observation."""
        rule = _RULE.get(type(a))
        if rule is None:
            rule = _RULE[type(a)] = _rule_for(type(a))
        return rule if isinstance(rule, float) else rule(a, seen)


def _rule_for(cls: type) -> float | Rule:
    """How an action of this class is valued: a constant or a function (the first match, in this order)."""
    if issubclass(cls, acts.Keep):
        return 1.0
    if issubclass(cls, acts.Bid):
        return _bid
    if issubclass(cls, acts.Terrain | acts.WideTerrain):
        return _terrain
    if issubclass(cls, acts.Deploy):
        return _deploy
    if issubclass(cls, acts.Play | acts.PlayOn):
        return 2.0
    if issubclass(cls, acts.Upgrade):
        return 1.5
    if issubclass(cls, acts.Move) and not issubclass(cls, acts.Cover):  # and Ride
        return _move
    if issubclass(cls, acts.Assault):
        return 2.5
    if issubclass(cls, acts.Fire):
        return _fire
    if issubclass(cls, acts.Heal | acts.Mount | acts.Intercept | acts.Escort | acts.AntiAircraft | acts.Advance):
        return 1.0
    if issubclass(cls, acts.Discard):
        return _discard
    if issubclass(cls, acts.TacticalArtillery):
        return _artillery
    if issubclass(cls, acts.LendLease):
        return -5.0
    return 0.0


def _bid(a: Any, seen: _Seen) -> float:
    return float(-abs(a.ap - 1))


def _terrain(a: Any, seen: _Seen) -> float:
    r = grid.rc(a.space)[0] + 1
    return 1 + (0.5 if (r == 2) == (seen.side == 0) else 0)


def _deploy(a: Any, seen: _Seen) -> float:
    c = seen.hand()[a.hand]
    col = 0 if a.space == acts.HQ else grid.rc(a.space)[1] + 1
    return 5.0 + float(c["cost"]) - abs(col - 4.5) * 0.1


def _move(a: Any, seen: _Seen) -> float:
    u = seen.units()[acts.SPACE_NAMES[a.frm]]
    side = seen.side
    r = grid.rc(a.to)[0] + 1
    fwd = r if side == 0 else 7 - r
    now = _ROW.get(u["space"])
    if now is None:
        now = grid.rc(grid.parse(u["space"]))[0]
    now += 1
    now_f = now if side == 0 else 7 - now
    return 0.5 + (fwd - now_f) * (0.3 if u["type"] in ("infantry", "tank", "transport") else -0.2)


def _fire(a: Any, seen: _Seen) -> float:
    """A shot at the HQ first, then at the enemy closest to destruction; a Smoke Screen last."""
    if a.target == "hq":
        return 6
    units = seen.units()
    e = units.get(a.target)
    if e is not None and e["side"] != seen.side:
        return 4.0 + float(e["wounds"]) + 0.3 * float(e["hp"] > 0 and e["hp"] - e["wounds"] <= 2)
    if a.weapon != acts.MAIN and units[a.unit]["tokens"][a.weapon]["id"] == "smoke-screen":
        return -1
    return 0.2


def _discard(a: Any, seen: _Seen) -> float:
    return -1 if len(seen.hand()) <= 7 else 1


def _artillery(a: Any, seen: _Seen) -> float:
    return float(-a.ap * 0.2)


Rule = Callable[[Any, "_Seen"], float]
#: Each action class's rule, found once: the chain of class tests was most of the bot's own time.
_RULE: dict[type, float | Rule] = {}
#: The row of each space by its name, as the observation writes it.
_ROW = {grid.name(s): grid.rc(s)[0] for s in range(grid.SPACES)}


class _Seen:
    """The entries of the seat's observation one decision reads, each built on first use.

    Most decisions need the seat's side alone; building the whole battlefield
    for them was most of a heuristic game's time.
    """

    __slots__ = ("_hand", "_units", "_view", "side")

    def __init__(self, view: SeatView) -> None:
        self._view = view
        side = part(view, "your_side")
        if side is None:
            raise ValueError("a seat's view has a side")
        self.side = side
        self._hand: list[CardView] | None = None
        self._units: dict[str, UnitView] | None = None

    def hand(self) -> list[CardView]:
        if self._hand is None:
            hand = part(self._view, "hands")[self._view.seat]
            if hand is None:
                raise ValueError("a seat sees its own hand")
            self._hand = hand
        return self._hand

    def units(self) -> dict[str, UnitView]:
        """The units by where the actions name them: by space, or by bay beside an HQ (actions.py)."""
        if self._units is None:
            listed = part(self._view, "units")
            units = {u["space"]: u for u in listed if u["space"] != "hq"}
            for u in listed:
                if u["space"] == "hq":
                    units[f"{'a' if u['side'] == self.side else 'e'}{u['bay']}"] = u
            self._units = units
        return self._units
