"""A rule-of-thumb bot for human-style play: deploy what it can afford, advance, shoot the
target it is most likely to destroy, fire at the HQ when possible."""

from __future__ import annotations

from typing import Any

from hulldown.engine.agent import SeatView
from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import Action
from hulldown.games.pacific import actions as acts
from hulldown.games.pacific import grid


class PacificHeuristic:
    name = "heuristic"

    def __init__(self, seat: int, seed: int = 0, **params: str) -> None:
        if params:
            raise TypeError(f"heuristic takes no parameters (got {', '.join(params)})")
        self.seat = seat
        self.rng = SplitMix64(seed)

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        obs = view.observation()
        side = obs["your_side"]
        # actions name units by space, or by bay beside an HQ (actions.py)
        units = {u["space"]: u for u in obs["units"] if u["space"] != "hq"}
        for u in obs["units"]:
            if u["space"] == "hq":
                units[f"{'a' if u['side'] == side else 'e'}{u['bay']}"] = u
        best: Action | None = None
        best_v = -1e9
        for a in legal:
            v = self._value(a, obs, units, side) + self.rng.random() * 0.01
            if v > best_v:
                best, best_v = a, v
        assert best is not None
        return best

    def _value(self, a: Action, obs: dict[str, Any], units: dict[str, Any], side: int) -> float:
        """The action's worth by rule of thumb, read off its fields and the observation."""
        if isinstance(a, acts.Keep):
            return 1
        if isinstance(a, acts.Bid):
            return -abs(a.ap - 1)
        if isinstance(a, acts.Terrain | acts.WideTerrain):
            r = grid.rc(a.space)[0] + 1
            return 1 + (0.5 if (r == 2) == (side == 0) else 0)
        if isinstance(a, acts.Deploy):
            c = obs["hands"][obs["you"]][a.hand]
            col = 0 if a.space == acts.HQ else grid.rc(a.space)[1] + 1
            return 5.0 + float(c["cost"]) - abs(col - 4.5) * 0.1
        if isinstance(a, acts.Play | acts.PlayOn):
            return 2
        if isinstance(a, acts.Upgrade):
            return 1.5
        if isinstance(a, acts.Move) and not isinstance(a, acts.Cover):  # and Ride
            u = units[acts.SPACE_NAMES[a.frm]]
            r = grid.rc(a.to)[0] + 1
            fwd = r if side == 0 else 7 - r
            now = grid.rc(grid.parse(u["space"]))[0] + 1
            now_f = now if side == 0 else 7 - now
            return 0.5 + (fwd - now_f) * (0.3 if u["type"] in ("infantry", "tank", "transport") else -0.2)
        if isinstance(a, acts.Assault):
            return 2.5
        if isinstance(a, acts.Fire):
            return self._fire_value(a, units, side)
        if isinstance(a, acts.Heal | acts.Mount | acts.Intercept | acts.Escort | acts.AntiAircraft | acts.Advance):
            return 1
        if isinstance(a, acts.Discard):
            return -1 if len(obs["hands"][obs["you"]]) <= 7 else 1
        if isinstance(a, acts.TacticalArtillery):
            return -a.ap * 0.2
        if isinstance(a, acts.LendLease):
            return -5
        return 0

    @staticmethod
    def _fire_value(a: acts.Fire, units: dict[str, Any], side: int) -> float:
        """A shot at the HQ first, then at the enemy closest to destruction; a Smoke Screen last."""
        if a.target == "hq":
            return 6
        e = units.get(a.target)
        if e is not None and e["side"] != side:
            return 4.0 + float(e["wounds"]) + 0.3 * float(e["hp"] > 0 and e["hp"] - e["wounds"] <= 2)
        if a.weapon != acts.MAIN and units[a.unit]["tokens"][a.weapon]["id"] == "smoke-screen":
            return -1
        return 0.2
