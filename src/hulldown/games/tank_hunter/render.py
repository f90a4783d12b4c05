"""The terminal view of a Tank Hunter observation."""

from __future__ import annotations

from collections.abc import Mapping

from hulldown.games.tank_hunter.views import UnitView, of


def _card(v: UnitView) -> str:
    name = v.get("unit", "face down")
    if v["hidden"] and "unit" in v:
        name = f"({name})"
    marks = "".join(m for m, on in (("P", v["pinned"]), ("A", v["ooa"]), ("x", v["exhausted"])) if on)
    att = v.get("attached")
    extra = f" +{','.join(att)}" if att else ""
    return f"[{name}{' ' + marks if marks else ''}{extra}]"


def render_text(observation: Mapping[str, object], seat: int | None) -> str:
    obs = of(observation)
    lines = [
        f"Tank Hunter - phase {obs['phase']}, turn of seat {obs['turn']}, deciding: seat {obs['current']}"
        f" | unit deck {obs['unit_deck']}, event deck {obs['event_deck']}, Carpet Bombings {obs['carpet_bombings']}/3"
    ]
    for p in obs["players"]:
        head = f"seat {p['seat']}{' (you)' if p['seat'] == seat else ''}{' OUT' if p['out'] else ''}"
        lines.append(f"{head}: {p['points']} points, {p['hand_size']}/{p['hand_limit']} events in hand")
        lines.append("  front: " + " ".join(_card(v) for v in p["front"]))
        if p["rear"] or p["commanders"]:
            cmd = " ".join(f"<{c['unit']}{' x' if c['exhausted'] else ''}>" for c in p["commanders"])
            lines.append("  rear:  " + " ".join(_card(v) for v in p["rear"]) + (" " + cmd if cmd else ""))
        if p["deployed"]:
            lines.append("  deployed: " + ", ".join(p["deployed"]))
    if seat is not None:
        packet, kept = obs.get("packet"), obs.get("kept")
        if packet:
            lines.append("packet: " + ", ".join(packet))
        if kept:
            lines.append("kept: " + ", ".join(kept))
        lines.append("hand: " + (", ".join(obs.get("hand", [])) or "-"))
    for c in obs["pending"]:
        lines.append(f"pending: {c['kind']} ({c['stage']})")
    if obs["end_reason"]:
        lines.append(f"game over: {obs['end_reason']}")
    return "\n".join(lines)
