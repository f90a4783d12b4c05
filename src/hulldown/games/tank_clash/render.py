"""The battlefield in the terminal: a hex map of one observation, seat 0's edge at the bottom.

Each hex is three characters: a tank id (``a1``..``b5``, upper-cased when
concealed), a checkpoint (``@`` base camp, ``#`` checkpoint, followed by the
holder's letter) or the terrain letter. Odd rows are shifted to draw the hex
offset.
"""

from __future__ import annotations

from collections.abc import Mapping

from hulldown.games.tank_clash.views import of

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def render_text(observation: Mapping[str, object], seat: int | None = None) -> str:
    obs = of(observation)
    rows: list[str] = obs["terrain"]
    width = len(rows[0])
    cells: dict[str, str] = {}
    for cp in obs["checkpoints"]:
        cells[cp["hex"]] = ("@" if cp["base_camp"] else "#") + "ab"[cp["holder"]] + " "
    for t in obs["tanks"]:
        if t["hex"] is None:
            continue
        tid = t["id"].upper() if t["concealed"] else t["id"]
        mark = "*" if t.get("ace") else ("'" if t["damage"] else " ")
        cells[t["hex"]] = tid + mark
    out = ["     " + "".join(f" {_LETTERS[c]}  " for c in range(width))]
    for r in range(len(rows) - 1, -1, -1):
        line = f"{r + 1:>3}  " + ("  " if r % 2 else "")
        for c in range(width):
            name = f"{_LETTERS[c]}{r + 1}"
            line += cells.get(name, f" {rows[r][c]}  "[:3]) + " "
        out.append(line.rstrip())
    out.append("")
    sides = obs["sides"]
    out.append(f"seat 0 (a): {sides[0]}    seat 1 (b): {sides[1]}    turn {obs['turn']}, phase: {obs['phase']}")
    for t in obs["tanks"]:
        if t["kind"] is None:
            desc = "concealed"
        else:
            desc = f"{t.get('name')} ({t['kind']}) armour {t['armour']}/{t.get('max_armour')}"
            if t["ace"]:
                desc += ", ace"
        state = "destroyed" if t["destroyed"] else f"on {t['hex']}, damage {t['damage']}"
        out.append(f"  {t['id']}: {desc}, {state}")
    hand, mission = obs["hand"], obs["mission"]
    if hand is not None:
        out.append(f"hand: {', '.join(hand) or '-'}   mission: {mission['text'] if mission else '-'}")
    out.append(f"tactical used: a {obs['tactical_used'][0]}  b {obs['tactical_used'][1]}")
    if obs["attack"]:
        a = obs["attack"]
        out.append(f"attack {a['attacker']} -> {a['target']}: dice {a['dice']} modifier {a['modifier']:+d}")
    if obs["victory_points"] != [0, 0]:
        out.append(f"victory points: {obs['victory_points']}")
    if obs["winner"] is not None:
        out.append("draw" if obs["winner"] < 0 else f"seat {obs['winner']} wins: {obs['reason']}")
    out.append("legend: . grass  : sand  ^ rocks  ~ river  = bridge  T forest  H house  R ruins")
    return "\n".join(out)
