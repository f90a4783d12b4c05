"""The solo AI's transport lines (rules §12.4, §12.6 with §15): deployed with cargo, driven, unloaded."""

from __future__ import annotations

from hulldown.engine import Event
from hulldown.games.pacific import grid, solo
from hulldown.games.pacific.state import PacificState
from hulldown.games.pacific.units import Unit

from .test_ai_deployment import hand_of, in_hand, on_board
from .test_rules import new, put


def bare() -> PacificState:
    st = new(players=1)
    for s in range(grid.SPACES):
        st.terrain[s] = -1
    return st


def loaded(st: PacificState, carrier: str, cargo: str, s: int) -> Unit:
    t = put(st, carrier, 1, s)
    iid = st._new_card(cargo)
    t.cargo = Unit(iid, st.db.units[cargo], 1, 1, s, -5)
    return t


def test_transport_line_deploys_the_transport_with_infantry_on_board() -> None:
    """§12.4 Offensive, Reinforce 2: "Transport vehicle with infantry with an offensive upgrade": the
    lorry is deployed with the Heavy Infantry of the hand on board (§15.2), the infantry with its
    compulsory offensive upgrade; the cost of all three counts as the card's."""
    st = bare()
    hand_of(st, "jp-type94-lorry", "jp-heavy-infantry")
    st.ap[1] = 5
    events: list[Event] = []
    solo.deployment(st, "mid", events, "offensive")
    units = on_board(st)
    assert list(units) == ["jp-type94-lorry"]
    lorry = units["jp-type94-lorry"]
    assert lorry.cargo is not None and lorry.cargo.card.id == "jp-heavy-infantry"
    assert len(lorry.cargo.tokens) == 1 and lorry.cargo.tokens[0].up.offensive
    assert st.ap[1] == 0 and in_hand(st) == []
    assert any("on board Type 94 Lorry (15.2)" in line for line in st.ai_log)
    assert any(e.get("type") == "loaded" for e in events)


def test_transport_line_needs_its_cargo() -> None:
    """Without an infantry card in hand the line does not fit: the transport stays in hand."""
    st = bare()
    hand_of(st, "jp-type94-lorry")
    st.ap[1] = 5
    solo.deployment(st, "mid", [], "offensive")
    assert in_hand(st) == ["jp-type94-lorry"]
    assert any("has no cargo in hand" in line for line in st.ai_log)


def test_variable_attack_tows_artillery_when_no_infantry() -> None:
    """§12.4 Variable, Attack 2: infantry on board if possible, otherwise towed artillery."""
    st = bare()
    hand_of(st, "jp-type94-lorry", "jp-type94-37mm")
    st.ap[1] = 4
    solo.deployment(st, "high", [], "variable")
    lorry = on_board(st)["jp-type94-lorry"]
    assert lorry.cargo is not None and lorry.cargo.card.id == "jp-type94-37mm"
    st = bare()
    hand_of(st, "jp-type94-lorry", "jp-type94-37mm", "jp-light-infantry")
    st.ap[1] = 5
    solo.deployment(st, "high", [], "variable")
    lorry = on_board(st)["jp-type94-lorry"]
    assert lorry.cargo is not None and lorry.cargo.card.type == "infantry"


def test_defensive_overcome_takes_towed_artillery_only() -> None:
    st = bare()
    hand_of(st, "jp-type1-hoha", "jp-light-infantry")  # a Transport without Tow: no fit
    st.ap[1] = 6
    solo.deployment(st, "high", [], "defensive")
    assert not any(u.cargo is not None for u in st.side_units(1))


def test_loaded_transport_drives_to_its_row_and_unloads() -> None:
    """§12.6: the carrier moves like any unit towards the behaviour's row (Variable Defense: rows
    5-6) and unloads its cargo there (§15.3: beside it); the cargo does not move this turn."""
    st = bare()
    put(st, "jp-light-infantry", 1, grid.space(5, 0))  # keeps row 6 of the Supply Line
    lorry = loaded(st, "jp-type94-lorry", "jp-heavy-infantry", grid.space(5, 3))
    cargo = lorry.cargo
    assert cargo is not None
    solo.movement(st, "low", [], "variable")
    assert grid.own_row(1, lorry.space) == 2
    assert lorry.cargo is None and cargo.iid in st.units
    assert cargo.space // grid.COLS == lorry.space // grid.COLS and abs(cargo.space - lorry.space) == 1
    assert cargo.moved
    assert any("unloads Heavy Infantry" in line and "at the behaviour's row" in line for line in st.ai_log)


def test_transport_unloads_early_when_the_cargo_has_a_target() -> None:
    """§12.6: on its way, the carrier unloads as soon as its cargo would have an enemy in range."""
    st = bare()
    put(st, "jp-light-infantry", 1, grid.space(5, 0))
    lorry = loaded(st, "jp-type94-lorry", "jp-heavy-infantry", grid.space(5, 3))
    put(st, "us-light-infantry", 0, grid.space(2, 2))
    solo.movement(st, "high", [], "variable")  # Attack: towards row 1
    assert lorry.cargo is None
    assert any("an enemy in its range" in line for line in st.ai_log)


def test_transport_at_its_row_unloads_without_moving() -> None:
    st = bare()
    put(st, "jp-light-infantry", 1, grid.space(5, 0))
    lorry = loaded(st, "jp-type94-lorry", "jp-heavy-infantry", grid.space(4, 3))
    solo.movement(st, "low", [], "variable")
    assert lorry.space == grid.space(4, 3) and lorry.cargo is None and lorry.moved


def test_transport_kept_in_place_lets_its_cargo_off() -> None:
    """§12.6: the only unit of row 6 keeps the Supply Line and does not move; its cargo steps off
    to go on by itself next turn."""
    st = bare()
    lorry = loaded(st, "jp-type94-lorry", "jp-heavy-infantry", grid.space(5, 3))
    solo.movement(st, "high", [], "variable")
    assert lorry.space == grid.space(5, 3) and lorry.cargo is None
    assert any("the transport stays" in line for line in st.ai_log)
