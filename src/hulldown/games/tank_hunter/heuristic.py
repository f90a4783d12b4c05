"""A rule-of-thumb Tank Hunter bot.

It reads only its seat's observation and legal actions (never the state):
keep the strongest cards in the draft, reveal units so they can fight, take
the attack with the best expected points, scout when nothing is worth a shot,
otherwise wait for event cards. Reactions: always counter and evade, use
anti-air, play a card when its own unit is under attack.
"""

from __future__ import annotations

from typing import Any

from hulldown.agents.base import SeatView
from hulldown.engine.rng import SplitMix64
from hulldown.engine.state import Action
from hulldown.games.tank_hunter.cards import AFV, UnitDef, load_cards


class TankHunterHeuristic:
    name = "heuristic"

    def __init__(self, seat: int, seed: int, cards: str = "") -> None:
        self.seat = seat
        self._rng = SplitMix64(seed)
        self.units: dict[str, UnitDef] = {u.name: u for u in load_cards(cards).units}

    def _unit(self, obs: dict[str, Any], seat: int, line: str, pos: int) -> UnitDef | None:
        cards = obs["players"][seat]["front" if line == "f" else "rear"]
        if pos >= len(cards):
            return None
        name = cards[pos].get("unit")
        return self.units.get(name) if name else None

    def _attack_value(self, obs: dict[str, Any], parts: list[str]) -> float:
        att = self._unit(obs, self.seat, parts[1], int(parts[2]))
        tgt = self._unit(obs, int(parts[3]), parts[4], int(parts[5]))
        if att is None or tgt is None:
            return 0.0
        ty = parts[6]
        if ty == "aa":
            need, shots = att.aa[0] - tgt.defence, att.aa[1]
        elif ty in ("gr", "gf"):
            need, shots = att.attack[0] - tgt.defence, att.attack[1]
        elif ty == "tr":
            need, shots = att.trample[0] - tgt.defence, 1
        elif ty == "su":
            need, shots = att.suicide[0] + (1 if "open_top" in tgt.icons else 0), 1
        else:
            need, shots = att.long_range, 1
        p = max(0, min(6, need)) / 6
        hit = 1 - (1 - p) ** max(1, shots)
        worth = tgt.points * (0.5 if ty == "gr" else 1.0)
        # GUN targets shoot first; AFV targets shoot back after a miss
        risk = 0.15 if tgt.kind != AFV or ty == "lr" else 0.1
        return hit * worth - risk * att.points

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if not legal:
            raise ValueError("heuristic asked to act when its seat has no decision")
        if len(legal) == 1:
            return legal[0]
        obs = view.observation()
        ids = {a.id: a for a in legal}
        heads: dict[str, list[Action]] = {}
        for a in legal:
            heads.setdefault(a.id.split(":")[0], []).append(a)

        if "pick" in heads:
            best, best_v = legal[0], -1.0
            for a in legal:
                name = obs["packet"][int(a.id.split(":")[1])]
                u = self.units.get(name)
                v = (u.points + (0.5 if u.kind == AFV else 0.0)) if u else 2.5
                if v > best_v:
                    best, best_v = a, v
            return best
        if "rear" in heads:
            return max(heads["rear"], key=lambda a: int(a.id.split(":")[1]))
        for yes in ("evade:yes", "aa:done"):
            if yes == "evade:yes" and yes in ids:
                return ids[yes]
        if "aa" in heads:
            uses = [a for a in heads["aa"] if a.id != "aa:done"]
            return uses[0] if uses else ids["aa:done"]
        if "counter" in heads:
            return max(heads["counter"], key=lambda a: (a.id != "counter:no", a.id))
        if "fire" in heads:
            return max(heads["fire"], key=lambda a: (a.id.count(":"), a.id))
        if "scounter" in heads:
            picks = [a for a in heads["scounter"] if a.id != "scounter:none"]
            return picks[0] if picks else heads["scounter"][0]
        if "pass" in heads:
            pend = [c for c in obs["pending"] if c["kind"] in ("attack", "scout")]
            if pend and pend[-1].get("target_seat") == self.seat and "play" in heads:
                return heads["play"][0]
            return ids["pass"]
        if "supply" in heads:
            return next(a for a in heads["supply"] if a.id != "supply:none")
        if "advance" in heads:
            me = obs["players"][self.seat]
            if me["front"]:
                return ids["advance:none"]
            return next(a for a in heads["advance"] if a.id != "advance:none")
        if "tgtp" in heads:
            others = [a for a in heads["tgtp"] if a.id != f"tgtp:{self.seat}"]
            return others[0] if others else heads["tgtp"][0]
        if "arrange:done" in ids:
            return ids["arrange:done"]
        if "put" in heads:
            return ids.get("put:rear", ids.get("put:front", legal[0]))
        for h in ("tgt", "tgtp", "tgte", "spot", "discard"):
            if h in heads:
                return heads[h][self._rng.below(len(heads[h]))]
        # the turn player's main decision
        if "attack" in heads:
            scored = [(self._attack_value(obs, a.id.split(":")), a.id, a) for a in heads["attack"]]
            v, _, best_a = max(scored)
            if v > 0.05:
                return best_a
        if "reveal" in heads and "wait" in ids:
            # show one hidden front unit, the strongest gun, only when there is something to shoot at
            me = obs["players"][self.seat]
            enemy_visible = any(
                not c["hidden"] for p in obs["players"] if p["seat"] != self.seat and not p["out"] for c in p["front"]
            )
            if enemy_visible:
                front = [a for a in heads["reveal"] if a.id.startswith("reveal:f")]
                if front:

                    def gun(a: Action) -> int:
                        u = self.units.get(me["front"][int(a.id.split(":")[2])].get("unit", ""))
                        return u.aa[0] if u else 0

                    return max(front, key=gun)
        if "scout" in heads:
            return heads["scout"][0]
        if "reveal" in heads and "wait" in ids:
            return heads["reveal"][0]  # a unit that can scout may be among the hidden ones
        if "play" in heads:
            return heads["play"][0]
        if "cmd" in heads:
            return heads["cmd"][0]
        if "wait" in ids:
            return ids["wait"]
        if "end" in ids:
            return ids["end"]
        return legal[self._rng.below(len(legal))]


def make_heuristic(game: Any, seat: int, seed: int, **params: str) -> TankHunterHeuristic:
    cards = params.pop("cards", "")
    if params:
        raise TypeError(f"the Tank Hunter heuristic takes only cards= (got {', '.join(params)})")
    return TankHunterHeuristic(seat, seed, cards)
