"""A rule-of-thumb Tank Clash bot that plays from its own observation only.

Shoot when it can (strongest gun first, at the weakest target), otherwise drive
each tank toward the nearest enemy or the enemy base camp, keep heavy tanks and
the ace out of the open when nothing is in range, play cards when they help.
"""

from __future__ import annotations

from typing import Any

from hulldown.agents.base import SeatView
from hulldown.engine.game import Game
from hulldown.engine.hexgrid import grid
from hulldown.engine.rng import SplitMix64, derive_seed
from hulldown.engine.state import Action
from hulldown.games.tank_clash.data import FIELD_ROWS, FIELD_WIDTH

_G = grid(FIELD_WIDTH, FIELD_ROWS)
_CARD_VALUE = {
    "Reinforce": 5,
    "Sniper": 5,
    "Experience": 4,
    "Deflect": 4,
    "Conceal": 3,
    "Ambush": 3,
    "Sabotage": 3,
    "Overhaul": 2,
    "Transport": 2,
    "Refuel": 1,
    "Airdrop": 1,
    "Demolish": 0,
}


class TankClashHeuristic:
    __slots__ = ("name", "rng", "seat")

    def __init__(self, seat: int, seed: int) -> None:
        self.name = "heuristic"
        self.seat = seat
        self.rng = SplitMix64(derive_seed(seed, "tank-clash-heuristic", seat))

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        obs = view.observation()
        best = max(legal, key=lambda a: (self._score(a.id, obs), self.rng.random()))
        return best

    # -- scoring ---------------------------------------------------------------
    def _score(self, aid: str, obs: dict[str, Any]) -> float:
        p = aid.split(":")
        head = p[0]
        me = self.seat
        tanks = {t["id"]: t for t in obs["tanks"]}
        enemies = [t for t in obs["tanks"] if t["seat"] != me and t["hex"] is not None]
        enemy_base = next((c["hex"] for c in obs["checkpoints"] if c["owner"] != me and c["base_camp"]), None)
        if head == "discard":
            return -_CARD_VALUE.get(p[1], 0)
        if head == "checkpoint":
            col = _G.coords(_G.parse(p[1]))[0]
            return -abs(col - FIELD_WIDTH / 2 + 0.5)
        if head == "place":
            h = _G.parse(p[2])
            row = _G.row_from_edge(h, me)
            want = {"heavy": 3, "destroyer": 2, "medium": 5}[p[1]]
            return -abs(row - want) + (0.5 if "T" in obs["terrain"][h // FIELD_WIDTH][h % FIELD_WIDTH] else 0)
        if head == "ace":
            return 3.0 if tanks[p[1]].get("kind") == "heavy" else 1.0
        if head == "attack":
            a, t = tanks[p[1]], tanks[p[2]]
            armour = int(t["armour"]) if t["armour"] is not None else 2
            return 100.0 + int(a.get("firepower", 2)) * 3 - armour + int(t["damage"])
        if head == "tactical":
            card = p[1]
            if card in ("artillery", "air"):
                hit = [e for e in enemies if e["hex"] == p[2]]
                if not hit:
                    return -1
                return 60.0 - int(hit[0]["armour"] or 0)
            if card == "mines":
                return 55.0
            if card == "repair":
                return 50.0
            if card == "infantry":
                return 40.0 if self._any_attack(obs) else -1
            if card == "smoke":
                return -1.0
            return -1.0
        if head == "morale":
            card = p[1]
            if card in ("Sniper", "Reinforce", "Experience", "Conceal", "Ambush", "Deflect"):
                return 10.0
            if card == "Sabotage":
                t = tanks[p[2]]
                return 30.0 if t["damage"] >= 2 else -1
            if card == "Overhaul":
                return 30.0 if tanks[p[2]]["damage"] >= 2 else -1
            return -1.0
        if head == "move":
            t = tanks[p[1]]
            to = _G.parse(p[2])
            goal = self._goal(t, enemies, enemy_base)
            if goal is None:
                return 0.0
            d_now = _G.distance(_G.parse(t["hex"]), goal)
            d_new = _G.distance(to, goal)
            rng = t.get("firepower") or 2
            bonus = 5.0 if d_new <= rng and goal != (_G.parse(enemy_base) if enemy_base else -1) else 0.0
            if enemy_base and to == _G.parse(enemy_base):
                bonus += 200
            cp_bonus = (
                20.0
                if any(c["hex"] == p[2] and c["owner"] != me and c["holder"] != me for c in obs["checkpoints"])
                else 0
            )
            return 20 + (d_now - d_new) * 2 + bonus + cp_bonus
        if head == "reroll":
            return 10 - int(p[1])
        if head == "keep":
            return 0.0
        if head == "retreat":
            h = _G.parse(p[1])
            return -_G.row_from_edge(h, 1 - me)  # push them back toward their own edge
        if head == "end":
            return 1.0
        return 0.0

    def _any_attack(self, obs: dict[str, Any]) -> bool:
        me = self.seat
        mine = [t for t in obs["tanks"] if t["seat"] == me and t["hex"] is not None]
        enemies = [t for t in obs["tanks"] if t["seat"] != me and t["hex"] is not None]
        return any(
            _G.distance(_G.parse(a["hex"]), _G.parse(e["hex"])) <= (a.get("firepower") or 2) + 1
            for a in mine
            for e in enemies
        )

    def _goal(self, t: dict[str, Any], enemies: list[dict[str, Any]], base: str | None) -> int | None:
        here = _G.parse(t["hex"])
        if enemies:
            nearest = min(enemies, key=lambda e: _G.distance(here, _G.parse(e["hex"])))
            if base is None or _G.distance(here, _G.parse(nearest["hex"])) <= 5:
                return _G.parse(nearest["hex"])
        return _G.parse(base) if base else None


def make_heuristic(game: Game, seat: int, seed: int, **params: str) -> TankClashHeuristic:
    return TankClashHeuristic(seat, seed)
