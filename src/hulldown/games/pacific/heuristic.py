"""A rule-of-thumb bot for human-style play: deploy what it can afford, advance, shoot the
target it is most likely to destroy, fire at the HQ when possible."""

from __future__ import annotations

from typing import Any

from hulldown.engine.agent import SeatView
from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import Action


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
        # ids name units by space, or by bay beside an HQ (ids.py)
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
        p = a.id.split(":")
        k = p[0]
        if k == "keep":
            return 1
        if k == "bid":
            return -abs(int(p[1]) - 1)
        if k == "terrain":
            r = int(p[2].split(",")[0])
            return 1 + (0.5 if (r == 2) == (side == 0) else 0)
        if k == "deploy":
            c = obs["hands"][obs["you"]][int(p[1][1:]) - 1]
            col = 0 if p[2] == "hq" else int(p[2].split(",")[1])
            return 5.0 + float(c["cost"]) - abs(col - 4.5) * 0.1
        if k == "play":
            return 2
        if k == "upgrade":
            return 1.5
        if k in ("move", "ride"):
            u = units[p[1]]
            r = int(p[2].split(",")[0])
            fwd = r if side == 0 else 7 - r
            now = int(u["space"].split(",")[0])
            now_f = now if side == 0 else 7 - now
            return 0.5 + (fwd - now_f) * (0.3 if u["type"] in ("infantry", "tank", "transport") else -0.2)
        if k == "assault":
            return 2.5
        if k == "fire":
            t = p[3]
            if t == "hq":
                return 6
            e = units.get(t)
            if e is not None and e["side"] != side:
                return 4.0 + float(e["wounds"]) + 0.3 * float(e["hp"] > 0 and e["hp"] - e["wounds"] <= 2)
            w = p[2]
            if w != "main" and units[p[1]]["tokens"][int(w)]["id"] == "smoke-screen":
                return -1
            return 0.2
        if k in ("heal", "mount", "intercept", "escort", "aa", "advance"):
            return 1
        if k == "discard":
            return -1 if len(obs["hands"][obs["you"]]) <= 7 else 1
        if k == "ta":
            return -int(p[1]) * 0.2
        if k == "lendlease":
            return -5
        return 0
