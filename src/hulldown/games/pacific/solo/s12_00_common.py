"""§12 Solo mode, what every clause shares: ties broken by a die roll of the state, the
scenario's fields, the rows the AI holds, cover, and the cost-ordered piles of cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hulldown.games.pacific import grid

if TYPE_CHECKING:
    from hulldown.games.pacific.fields import PacificFields


def scenario_field(st: PacificFields, name: str) -> Any:
    """§12.11 A field of the historical scenario (object or mapping); None in a pitched battle."""
    sc = getattr(st, "scenario", None)
    if sc is None:
        return None
    if isinstance(sc, dict):
        return sc.get(name)
    return getattr(sc, name, None)


def audited(st: PacificFields) -> bool:
    """§12.14 Is the AI playing the procedure as audited against the rulebook (option
    ``ai_procedure``)? Games recorded before the audit replay with ``legacy``."""
    return bool(st._options["ai_procedure"] == "rulebook")


def objective_spaces(st: PacificFields) -> list[int]:
    """§12.2 The AI's battle objective on the battlefield (a scenario's ``ai_objectives``: spaces or
    ``"R,C"`` names); empty in a pitched battle, where the objective is the enemy HQ."""
    raw = scenario_field(st, "ai_objectives")
    out: list[int] = []
    for x in raw or ():
        out.append(grid.parse(x) if isinstance(x, str) else int(x))
    return out


def by_die(st: PacificFields, options: list[int]) -> int:
    """§12 One of ``options`` by a die roll of the state (no roll for a single option)."""
    return options[st.roll(len(options)) - 1] if len(options) > 1 else options[0]


def by_die_str(st: PacificFields, options: list[str]) -> str:
    """§12 :func:`by_die` for names."""
    return options[st.roll(len(options)) - 1] if len(options) > 1 else options[0]


def gives_cover(st: PacificFields, s: int) -> bool:
    """§12.5 Terrain that gives cover and Evasion."""
    t = st.terrain_card(s)
    return t is not None and (t.evasion[0] > 0 or t.evasion[1] > 0 or t.armour > 0)


def held_rows(st: PacificFields, side: int) -> list[int]:
    """§12.6 AI units per own row 1..6 (index 0 unused)."""
    n = [0] * (grid.ROWS + 1)
    for u in st.units.values():
        if u.side == side and u.space >= 0:
            n[grid.own_row(side, u.space)] += 1
    return n


def chain_length(st: PacificFields, side: int) -> int:
    """§12.6 How many rows, from the deployment line on, hold an AI unit (the Supply Line's reach)."""
    n = held_rows(st, side)
    k = 0
    while k < grid.ROWS and n[k + 1] > 0:
        k += 1
    return k


class Pick:
    """§12.4 A card in a priority pile with its full cost (the card and its compulsory upgrades; on a
    transport line also the cargo card of the hand and the cargo's compulsory upgrades)."""

    __slots__ = ("cargo", "cargo_ups", "cost", "field", "iid", "pri", "ups", "wish")

    def __init__(self, iid: int, pri: int, cost: int, ups: list[str], wish: str) -> None:
        """§12.4 A card of the hand at its own cost; the transport line's fields start empty."""
        self.iid, self.pri, self.cost, self.ups, self.wish = iid, pri, cost, ups, wish
        self.cargo = -1
        self.cargo_ups: list[str] = []
        #: a transport line with no cargo in hand: the unit of the battlefield it takes on board
        self.field = -1


def ordered(st: PacificFields, items: list[Pick]) -> list[Pick]:
    """§12.4 Highest cost first; equal costs in an order given by die rolls (§12: ties by a die)."""
    items.sort(key=lambda p: -p.cost)
    out: list[Pick] = []
    i = 0
    while i < len(items):
        j = i
        while j < len(items) and items[j].cost == items[i].cost:
            j += 1
        group = items[i:j]
        if len(group) > 1:
            st.shuffle(group)
        out += group
        i = j
    return out
