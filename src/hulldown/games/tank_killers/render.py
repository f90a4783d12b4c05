"""The terminal view of a Tank Killers observation (``hulldown play``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from hulldown.games.tank_killers.views import of


def _pile(names: list[str]) -> str:
    if not names:
        return "-"
    return ", ".join(f"{n} x{k}" if k > 1 else n for n, k in sorted(Counter(names).items()))


def render_text(observation: Mapping[str, object], seat: int | None) -> str:
    obs = of(observation)
    lines = [f"Tank Killers - turn {obs['turn'] + 1}/{obs['turn_limit']}, player {obs['active']} attacks"]
    for s, side in enumerate(obs["sides"]):
        who = " (you)" if s == seat else ""
        lines.append(
            f"Player {s}{who}: {side['deck']} - deck {side['formation_deck']}"
            f"{' (waiting for the exchange)' if side['waiting'] else ''}, hand {side['hand_size']}, "
            f"casualties {len(side['casualties'])}/{side['formation_size'] // 2 + side['formation_size'] % 2}"
        )
        if side["top"]:
            lines.append(f"  face-up top card: {side['top']}")
        lines.append(f"  in play: {_pile(side['in_play'])}")
        lines.append(f"  reserve: {_pile(side['reserve'])}")
        lines.append(f"  casualties: {_pile(side['casualties'])}")
    lines.append(f"Tactics deck {obs['tactics_deck']}, discard {len(obs['tactics_discard'])}")
    a = obs["attack"]
    if a:
        lines.append(f"Attack: {a['attacker']} -> {a['target'] or '(choosing a target)'}")
        if a["target"]:
            lines.append(f"  factor {a['factor']} vs defense {a['defense']}, range {a['range']}")
        if a["played"]:
            lines.append("  played: " + "; ".join(f"P{p} {n}" for p, n in a["played"]))
    if obs["pending"]:
        p = obs["pending"]
        lines.append(f"Pending: {p['card']} by player {p['by']} (negations so far: {p['negations']})")
    if obs["hand"] is not None:
        lines.append("Your hand: " + (", ".join(obs["hand"]) or "-"))
    if obs["to_act"] is None:
        lines.append("Game over: " + ("draw" if obs["draw"] else f"player {obs['winner']} wins"))
    else:
        lines.append(f"Phase: {obs['phase']}; player {obs['to_act']} decides")
    return "\n".join(lines)
