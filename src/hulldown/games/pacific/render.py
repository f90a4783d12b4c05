"""Terminal view of an observation: the 8x6 battlefield, HQs, AP and the hand."""

from __future__ import annotations

from collections.abc import Mapping

from hulldown.games.pacific.views import of


def render_text(observation: Mapping[str, object], seat: int | None) -> str:
    obs = of(observation)
    cells: dict[str, str] = {}
    for t in obs["terrain"]:
        cells[t["space"]] = t["name"][:3].lower()
    for u in obs["units"]:
        if u["space"] != "hq":
            cells[u["space"]] = f"{'AB'[u['side']]}{u['name'][:4]}{u['wounds'] or ''}"
    lines = [
        f"2GM Pacific  round {obs['round']}  turn {obs['turn']}  phase {obs['phase']}  side {obs['active_side']} acts"
        f"  weather {obs['weather']}",
        f"HQ B ({obs['armies'][1]}): wounds {obs['hq_wounds'][1]}  AP {obs['ap']}",
    ]
    for r in range(6, 0, -1):
        row = [cells.get(f"{r},{c}", ".").ljust(7) for c in range(1, 9)]
        lines.append(f"{r} " + " ".join(row))
    lines.append(f"HQ A ({obs['armies'][0]}): wounds {obs['hq_wounds'][0]}")
    air = [u["name"] for u in obs["units"] if u["space"] == "hq"]
    if air:
        lines.append("aircraft beside HQs: " + ", ".join(air))
    hand = obs["hands"][seat] if seat is not None else None
    if hand is not None:
        lines.append("hand: " + ", ".join(f"{c['name']} ({c['cost']})" for c in hand))
    if obs["ai_log"]:
        lines.append("AI: " + obs["ai_log"][-1])
    return "\n".join(lines)
