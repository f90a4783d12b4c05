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


def _overcome(procedure: str, tank: str, ap: int) -> tuple[list[str], list[str]]:
    """The Defensive table's Overcome deployment of a US tank (the AI plays the US army): the tokens
    of the deployed tank (empty list: not deployed) and the AI's log."""
    from .test_ai_deployment import hand_of, on_board

    st = _solo(armies="japan-us", ai_procedure=procedure)
    hand_of(st, tank)
    st.ap[1] = ap
    st.turn = 9  # past the first two turns
    solo.deployment(st, "high", [], table="defensive")
    u = on_board(st).get(tank)
    return ([t.up.id for t in u.tokens] if u is not None else []), st.ai_log


def test_overcome_tank_takes_a_defensive_upgrade_or_else_an_offensive_one() -> None:
    """§12.4 Defensive Overcome, line 3: "Tank with a defensive upgrade, or, otherwise, an offensive
    upgrade" is compulsory (the line says no "if possible")."""
    tokens, log = _overcome("rulebook", "us-m4a2", 9)  # Smoke Screen: its defensive upgrade
    assert "smoke-screen" in tokens
    assert any("compulsory upgrade: Smoke Screen" in line for line in log)
    tokens, log = _overcome("rulebook", "us-m4a3", 9)  # no defensive upgrade: the costliest offensive
    assert "mrl" in tokens
    assert any("compulsory upgrade: MRL" in line for line in log)
    tokens, _ = _overcome("rulebook", "us-m4a2", 5)  # the tank alone is affordable, not with its upgrade
    assert tokens == []
    tokens, _ = _overcome("legacy", "us-m4a2", 5)  # legacy: deployed bare
    assert tokens == ["tank-mg"]
    assert _overcome("rulebook", "us-m4a3", 6)[0] == []  # 6 AP pay the tank, not its MRL
    assert _overcome("legacy", "us-m4a3", 6)[0] == ["tank-mg"]  # legacy: deployed bare
