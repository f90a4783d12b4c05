"""§12.14 Departures of the solo AI from the rulebook's procedure, found clause by clause and
fixed under option ``ai_procedure`` (``legacy`` keeps games recorded before as they were)."""

from __future__ import annotations

from typing import Any

from hulldown.engine import Event
from hulldown.games.pacific import grid, solo
from hulldown.games.pacific.state import PacificState

from .test_rules import new, put


def _solo(**opts: Any) -> PacificState:
    st = new(players=1, **opts)
    for s in range(grid.SPACES):
        st.terrain[s] = -1
    return st


def _sandbags(st: PacificState, s: int) -> int:
    iid = next(i for i, c in enumerate(st.cards) if c == "sandbags")
    for pile in st.terrain_piles:
        if iid in pile:
            pile.remove(iid)
    st.terrain[s] = iid
    st.terrain_hp[iid] = st.db.terrain["sandbags"].hp
    return iid


def _terrain_shots(events: list[Event]) -> int:
    return sum(1 for ev in events if ev["type"] == "attack-terrain")


def test_ai_shoots_no_terrain_card_its_own_units_are_closer_to() -> None:
    """§12.7 target 5: unoccupied Terrain cards only "if your units are closer to them than the AI units"."""
    for procedure, shots in (("rulebook", 0), ("legacy", 1)):
        st = _solo(ai_procedure=procedure)
        put(st, "jp-light-infantry", 1, grid.space(4, 3))
        _sandbags(st, grid.space(3, 3))  # next to the AI's unit, far from the player's
        put(st, "us-light-infantry", 0, grid.space(0, 0))  # out of the AI's range
        events: list[Event] = []
        solo.shooting(st, events)
        assert _terrain_shots(events) == shots, procedure


def test_ai_shoots_a_terrain_card_the_players_units_are_closer_to() -> None:
    st = _solo()
    put(st, "jp-light-infantry", 1, grid.space(5, 3))
    _sandbags(st, grid.space(3, 3))  # 2 from the AI's unit, 1 from the player's
    put(st, "us-light-infantry", 0, grid.space(2, 3))  # 3 away: out of the AI's range 2
    events: list[Event] = []
    solo.shooting(st, events)
    assert _terrain_shots(events) == 1


def test_ai_mounts_a_weapon_only_to_fire_it() -> None:
    """Mount/Dismount: a mounted weapon pins its unit; the obvious choice is to mount it to fire."""
    for procedure, mounted in (("rulebook", False), ("legacy", True)):
        st = _solo(ai_procedure=procedure)
        u = put(st, "jp-heavy-infantry", 1, grid.space(5, 3))
        u.tokens.append(st.new_token("hmg"))
        put(st, "us-light-infantry", 0, grid.space(0, 0))  # nothing in range
        solo.shooting(st, [])
        assert u.tokens[0].mounted is mounted, procedure
    st = _solo()
    u = put(st, "jp-heavy-infantry", 1, grid.space(5, 3))
    u.tokens.append(st.new_token("hmg"))
    put(st, "us-light-infantry", 0, grid.space(3, 3))  # in the HMG's range 3
    st.script_chance(1, 1)
    events: list[Event] = []
    solo.shooting(st, events)
    assert u.tokens[0].mounted and u.tokens[0].used
    assert sum(1 for ev in events if ev["type"] == "attack") == 2  # the main weapon, then the HMG
