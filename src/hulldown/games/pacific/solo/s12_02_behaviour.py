"""§12.2 Behaviour: the table in force and the band its modifiers give."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from hulldown.engine import Event
from hulldown.games.pacific import grid
from hulldown.games.pacific.solo.s12_00_common import objective_spaces, scenario_field
from hulldown.games.pacific.solo.words import Said, row

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


TABLES = ("variable", "offensive", "defensive")


#: §12.2 behaviour bands: turns 1-2, then the modifiers <= 3, 4-7, >= 8
BANDS = ("initial", "low", "mid", "high")


#: §12.2 the behaviour's name in each table (Initial Phase tables)
BEHAVIOUR = {
    "variable": {"initial": "Reinforce", "low": "Defense", "mid": "Reinforcements", "high": "Advance"},
    "offensive": {"initial": "Advance", "low": "Occupy, Reinforce, and Hold", "mid": "Advance",
                  "high": "Total Attack"},
    "defensive": {"initial": "Hold your position", "low": "Total Defense", "mid": "Reinforce Lines",
                  "high": "Sustained Advance"},
}  # fmt: skip


def resolve_table(st: PacificFields, table: str | None = None) -> str:
    """§12 The AI table: the argument (a procedure's ``table``), else the scenario's, else Variable."""
    t = table or scenario_field(st, "ai_table") or "variable"
    if t not in TABLES:
        raise ValueError(f"unknown AI table {t!r} (tables: {', '.join(TABLES)})")
    return str(t)


def side_table(st: PacificFields, side: int) -> str | None:
    """§12.2 The scenario's AI table for a side (§14.1: each side the AI may play has its own; a side
    without AI data plays Variable); the scenario's side-1 table for a scenario given as fields."""
    sc = getattr(st, "scenario", None)
    ai_for = getattr(sc, "ai_for", None)
    if ai_for is None:
        return cast("str | None", scenario_field(st, "ai_table"))
    entry = ai_for(side)
    return None if entry is None else str(entry.ai_table)


def behaviour_value(st: PacificFields, side: int, table: str = "variable") -> int:
    """§12.2 behaviour modifiers: +3/+4 per row holding AI units, +1 per unit with the enemy HQ
    (scenario: the objective) in range, -1/-2 per row held only by the enemy, -3 when the enemy
    broke the Supply Line."""
    bm = 0
    enemy = 1 - side
    mine = [0] * grid.ROWS
    theirs = [0] * grid.ROWS
    for u in st.units.values():
        if u.space >= 0:
            (mine if u.side == side else theirs)[u.space // grid.COLS] += 1
    for r in range(grid.ROWS):
        if mine[r]:
            bm += 4 if mine[r] > 1 else 3
        elif theirs[r]:
            bm -= 2 if theirs[r] > 1 else 1
    objectives = objective_spaces(st)
    ground = [u for u in st.units.values() if u.side == side and u.space >= 0]
    if not objectives or table == "variable":
        bm += sum(1 for u in ground if grid.hq_distance(enemy, u.space) <= u.card.range)
    elif table == "defensive":
        bm += 2 if any(u.space in objectives for u in ground) else 0
    elif any(grid.distance(u.space, o) <= u.card.range for u in ground for o in objectives):
        bm += 1
    if st.supply_broken[side]:
        bm -= 3
    return bm


def first_turns(st: PacificFields, side: int) -> bool:
    """§12.2 The AI's first two turns (the turn counter counts both sides' turns)."""
    return st.turn <= (3 if st.first_side == side else 4)


def current_band(st: PacificFields, side: int, table: str = "variable") -> tuple[str, str]:
    """§12.2 without side effects: the behaviour band and why (the agent reads it every decision)."""
    b, why = band_reason(st, side, table)
    return b, why.render()


def band_reason(st: PacificFields, side: int, table: str = "variable") -> tuple[str, Said]:
    """§12.2 The behaviour band and why, as a message of the catalog."""
    if first_turns(st, side):
        return "initial", Said.of("ai.band.first", row=row("behaviour", table, "initial"))
    if st.ap_generated(side) - st.ai_hq_bonus(side) <= 1:  # §12.13: the hard game's +1 AP is no income
        return "low", Said.of("ai.band.minimum", row=row("behaviour", table, "low"))
    v = behaviour_value(st, side, table)
    b = "low" if v <= 3 else "mid" if v <= 7 else "high"
    return b, Said.of("ai.band", row=row("behaviour", table, b), modifiers=v)


def band(st: PacificFields, side: int, events: list[Event], table: str = "variable") -> str:
    """§12.2: the initial behaviour in turns 1-2, then the modifiers' band (<= 3, 4-7, >= 8)."""
    b, why = band_reason(st, side, table)
    if b != "initial" and why.key != "ai.band.minimum":
        st.behaviour = behaviour_value(st, side, table)
    st.log_ai(why.render(), events, why.to_json())
    return b
