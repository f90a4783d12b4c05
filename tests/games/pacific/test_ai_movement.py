"""The solo AI's special movers (rules §12.6): Heal and Repair units, wounded units that cannot
go back, units that generate AP (Radio Operator, Command Group) and Supplies transports."""

from __future__ import annotations

import dataclasses

from hulldown.engine import Event
from hulldown.games.pacific import grid, solo
from hulldown.games.pacific.cards import UnitCard, UpgradeToken, unchecked
from hulldown.games.pacific.state import PacificState
from hulldown.games.pacific.units import Token, Unit

from .test_rules import new, put


def bare() -> PacificState:
    st = new(players=1)
    for s in range(grid.SPACES):
        st.terrain[s] = -1
    return st


def cover_card(st: PacificState) -> int:
    return next(i for i, c in enumerate(st.cards) if c in st.db.terrain and st.db.terrain[c].evasion[0] > 0)


def medic(st: PacificState, s: int) -> Unit:
    u = put(st, "jp-heavy-infantry", 1, s)
    u.tokens.append(st.new_token("medics"))
    return u


def test_heal_unit_seeks_out_the_wounded_and_heals() -> None:
    """§12.6: "the priority of units with Heal and Repair is to move towards wounded units they
    can assist"; next to one it stays and assists it (once a turn)."""
    st = bare()
    put(st, "jp-light-infantry", 1, grid.space(5, 0))
    doc = medic(st, grid.space(5, 6))
    hurt = put(st, "jp-light-infantry", 1, grid.space(3, 6))
    hurt.wounds = 2
    solo.movement(st, "low", [], "variable")  # Secure Rows would keep it on rows 5-6
    assert grid.distance(doc.space, hurt.space) == 1
    assert any("Heal and Repair: towards a wounded unit" in line for line in st.ai_log)
    events: list[Event] = []
    solo.heal_and_repair(st, events)
    assert hurt.wounds == 1 and doc.healed
    assert any(e.get("type") == "healed" for e in events)
    solo.heal_and_repair(st, [])  # once a turn
    assert hurt.wounds == 1


def test_repair_does_not_treat_infantry() -> None:
    st = bare()
    put(st, "jp-light-infantry", 1, grid.space(5, 0))
    mech = put(st, "jp-type94-lorry", 1, grid.space(5, 6))
    mech.tokens.append(st.new_token("mechanics"))
    hurt = put(st, "jp-light-infantry", 1, grid.space(4, 6))
    hurt.wounds = 1
    solo.heal_and_repair(st, [])
    assert hurt.wounds == 1 and not mech.healed
    tank = put(st, "jp-type95-hago", 1, grid.space(5, 7))
    tank.wounds = 1
    solo.heal_and_repair(st, [])
    assert tank.wounds == 0


def test_wounded_unit_that_cannot_go_back_moves_towards_a_healer() -> None:
    """§12.6: forced back (d10 1-2 with 1 wound) but already on row 6: towards a Heal unit."""
    st = bare()
    hurt = put(st, "jp-heavy-infantry", 1, grid.space(5, 1))
    hurt.wounds = 1
    put(st, "jp-light-infantry", 1, grid.space(5, 7))
    medic(st, grid.space(4, 4))
    put(st, "us-m2-light-tank", 0, grid.space(3, 1))  # has the wounded unit in range
    st.script_chance(1)
    solo.movement(st, "low", [], "variable")
    assert any("d10 1, back" in line for line in st.ai_log)
    assert any("towards a Heal/Repair unit" in line for line in st.ai_log)
    assert grid.distance(hurt.space, grid.space(4, 4)) < 3


def test_radio_operator_moves_one_space_to_adjacent_cover_or_back() -> None:
    """§12.6 Radio Operator: up to 1 space to adjacent cover; in any other case back if it can."""
    st = bare()
    put(st, "jp-light-infantry", 1, grid.space(5, 0))
    put(st, "jp-light-infantry", 1, grid.space(4, 0))
    radio = put(st, "jp-radio-operator", 1, grid.space(4, 4))
    st.terrain[grid.space(4, 5)] = cover_card(st)
    solo.movement(st, "high", [], "variable")
    assert radio.space == grid.space(4, 5)
    st = bare()
    put(st, "jp-light-infantry", 1, grid.space(5, 0))
    put(st, "jp-light-infantry", 1, grid.space(4, 0))
    radio = put(st, "jp-radio-operator", 1, grid.space(4, 4))
    solo.movement(st, "low", [], "variable")  # no cover: back towards the HQ
    assert grid.own_row(1, radio.space) == 1
    assert any("Radio Operator, no adjacent cover: back" in line for line in st.ai_log)


def test_radio_operator_on_row_6_moves_sideways_away_from_the_enemy() -> None:
    st = bare()
    radio = put(st, "jp-radio-operator", 1, grid.space(5, 3))
    put(st, "jp-light-infantry", 1, grid.space(5, 7))
    put(st, "us-m2-light-tank", 0, grid.space(3, 3))
    solo.movement(st, "mid", [], "variable")
    assert radio.space // grid.COLS == 5 and radio.space % grid.COLS < 3


def test_command_group_forward_only_out_of_range_at_most_row_4() -> None:
    """§12.6 Command Group (2GM Tactics; no card carries it in the data): forward only while out of
    the enemy's range, at most to row 4; in range, back."""
    st = bare()
    base = st.db.units["jp-radio-operator"]
    # a 2GM Tactics tag, which no card file may hold: built unchecked
    fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(base)}
    card = unchecked(UnitCard, **{**fields, "tags": ("generates-ap", "command-group")})
    cg = put(st, "jp-radio-operator", 1, grid.space(4, 4))  # moves before the row's other unit
    put(st, "jp-light-infantry", 1, grid.space(5, 0))
    put(st, "jp-light-infantry", 1, grid.space(4, 0))
    cg.card = card
    solo.movement(st, "high", [], "variable")
    assert grid.own_row(1, cg.space) == 3  # rulebook row 4, never beyond
    cg.moved = False
    put(st, "us-m2-light-tank", 0, grid.space(1, 4))  # now in range: back
    solo.movement(st, "high", [], "variable")
    assert grid.own_row(1, cg.space) < 3
    assert any("Command Group in range: back" in line for line in st.ai_log)


def test_supplies_transport_goes_back_to_row_6_with_all_its_mp() -> None:
    """§12.6: "Transport units with the Supplies upgrade will move towards row 6 using all their
    MP, trying to reach terrain that may offer extra cover" (2GM Tactics; no card has the token)."""
    st = bare()
    put(st, "jp-light-infantry", 1, grid.space(5, 0))
    put(st, "jp-light-infantry", 1, grid.space(3, 0))
    put(st, "jp-light-infantry", 1, grid.space(4, 0))
    lorry = put(st, "jp-type94-lorry", 1, grid.space(3, 4))
    lorry.tokens.append(Token(UpgradeToken(id="supplies", name="Supplies", for_=("transport",), cost=1)))
    st.terrain[grid.space(5, 5)] = cover_card(st)
    solo.movement(st, "high", [], "variable")
    assert lorry.space == grid.space(5, 5)
    assert any("Supplies: towards row 6" in line for line in st.ai_log)
