"""The solo AI's transport lines with their cargo on the battlefield (rules §12.4, §12.6 with §15.2)."""

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


def sp(own_row: int, col: int) -> int:
    """A space counted from the AI's side (its row 1 is its deployment line)."""
    return grid.space(grid.row_index(1, own_row), col - 1)


def gunner(st: PacificState, s: int) -> Unit:
    """Heavy Infantry deployed in an earlier turn, with an offensive upgrade (HMG)."""
    u = put(st, "jp-heavy-infantry", 1, s)
    u.tokens.append(st.new_token("hmg"))
    return u


def test_mobility_transport_line_fetches_infantry_from_the_battlefield() -> None:
    """Offensive Reinforce 2, "Transport vehicle with infantry with an offensive upgrade", and no
    infantry in hand: the lorry (Mobility) is deployed next to the Heavy Infantry with its HMG and
    drives to it in the Deployment phase (§15.2 case 2), paying only its own cost."""
    st = bare()
    inf = gunner(st, sp(2, 4))
    hand_of(st, "jp-type94-lorry")
    st.ap[1] = 2
    events: list[Event] = []
    solo.deployment(st, "mid", events, "offensive")
    lorry = on_board(st)["jp-type94-lorry"]
    assert lorry.cargo is inf and inf.iid not in st.units
    assert lorry.space == sp(2, 4) and st.board[sp(2, 4)] == lorry.iid and lorry.moved
    assert st.ap[1] == 0 and in_hand(st) == []
    assert any("15.2 case 2" in line and line.startswith("12.4 Deployment") for line in st.ai_log)
    assert any(e.get("type") == "loaded" for e in events)


def test_field_cargo_must_hold_the_compulsory_upgrade() -> None:
    """The line asks for infantry *with an offensive upgrade*: one without stays where it is."""
    st = bare()
    put(st, "jp-heavy-infantry", 1, sp(2, 4))
    hand_of(st, "jp-type94-lorry")
    st.ap[1] = 2
    solo.deployment(st, "mid", [], "offensive")
    assert in_hand(st) == ["jp-type94-lorry"]
    assert any("has no cargo in hand" in line for line in st.ai_log)


def test_field_cargo_out_of_reach_is_not_fetched() -> None:
    st = bare()
    gunner(st, sp(6, 4))  # 5 spaces from the deployment line: beyond the lorry's 4 MP
    hand_of(st, "jp-type94-lorry")
    st.ap[1] = 2
    solo.deployment(st, "mid", [], "offensive")
    assert in_hand(st) == ["jp-type94-lorry"]


def test_transport_without_mobility_waits_and_the_infantry_boards_in_movement() -> None:
    """Without Mobility the carrier is deployed next to the unit (rulebook case 2: "on an
    adjacent space") and the unit boards it in the Movement phase with its own MP (case 1); the
    carrier, deployed this turn, moves no more."""
    st = bare()
    inf = gunner(st, sp(2, 3))
    hand_of(st, "us-lvt1-alligator")  # Transport, no Mobility
    st.ap[1] = 3
    solo.deployment(st, "mid", [], "offensive")
    lvt = on_board(st)["us-lvt1-alligator"]
    assert lvt.space == sp(1, 3) and lvt.cargo is None
    assert any("15.2 case 1" in line for line in st.ai_log)
    events: list[Event] = []
    solo.movement(st, "mid", events, "offensive")
    assert lvt.cargo is inf and inf.iid not in st.units and lvt.space == sp(1, 3)
    assert st.board[sp(2, 3)] == -1
    assert any(line.startswith("12.6 Movement: Heavy Infantry boards LVT-1") for line in st.ai_log)


def test_variable_attack_tows_field_artillery_when_no_infantry() -> None:
    """Variable Attack 2: infantry on board if possible, otherwise towed artillery — here both
    from the battlefield, the artillery only when no infantry fits."""
    st = bare()
    gun = put(st, "jp-type94-37mm", 1, sp(2, 6))
    hand_of(st, "jp-type94-lorry")
    st.ap[1] = 2
    solo.deployment(st, "high", [], "variable")
    lorry = on_board(st)["jp-type94-lorry"]
    assert lorry.cargo is gun
    st = bare()
    put(st, "jp-type94-37mm", 1, sp(2, 6))
    inf = put(st, "jp-light-infantry", 1, sp(2, 2))
    hand_of(st, "jp-type94-lorry")
    st.ap[1] = 2
    solo.deployment(st, "high", [], "variable")
    assert on_board(st)["jp-type94-lorry"].cargo is inf


def test_hand_cargo_comes_first() -> None:
    """The hand's infantry goes on board (§12.4) even with a fitting unit on the battlefield."""
    st = bare()
    inf = gunner(st, sp(2, 4))
    hand_of(st, "jp-type94-lorry", "jp-light-infantry")
    st.ap[1] = 5
    solo.deployment(st, "high", [], "variable")
    lorry = on_board(st)["jp-type94-lorry"]
    assert lorry.cargo is not None and lorry.cargo.card.id == "jp-light-infantry"
    assert inf.iid in st.units and inf.space == sp(2, 4)


def test_a_carrier_of_another_line_picks_nobody_up() -> None:
    """A transport deployed by a "transport with shooting ability" line (Variable Secure 4) is not
    a transport line: it takes nobody on board in the Movement phase."""
    st = bare()
    gunner(st, sp(2, 3))
    lvt = put(st, "us-lvt1-alligator", 1, sp(1, 3))
    lvt.deployed_turn = st.turn
    assert solo.priority(st, "variable", "mid", "us-lvt1-alligator") == 4
    solo.movement(st, "mid", [], "variable")
    assert lvt.cargo is None


# ---------------------------------------------------------------------- §12.6 empty carriers
def empty_lorry(st: PacificState, s: int) -> Unit:
    """A lorry (Transport, Mobility) deployed in an earlier turn, its cargo long unloaded."""
    return put(st, "jp-type94-lorry", 1, s)


def test_empty_carrier_from_an_earlier_turn_takes_a_unit_that_walks_to_it_then_moves_on() -> None:
    """The infantry behind the behaviour's row reaches the lorry with its own MP (§15.2 case 1):
    it boards, and the lorry then drives it forward and unloads it (§12.6)."""
    st = bare()
    put(st, "jp-light-infantry", 1, sp(1, 2))  # the Supply Line's rows stay held
    put(st, "jp-light-infantry", 1, sp(2, 7))  # cheaper than the lorry: it moves after it
    inf = put(st, "jp-heavy-infantry", 1, sp(1, 4))
    lorry = empty_lorry(st, sp(2, 4))
    events: list[Event] = []
    solo.movement(st, "mid", events, "variable")
    assert any(
        line == "12.6 Movement: Heavy Infantry boards the empty Type 94 Lorry (15.2 case 1)" for line in st.ai_log
    )
    assert lorry.space != sp(2, 4)  # the lorry went on after loading
    assert lorry.cargo is inf or (inf.iid in st.units and grid.own_row(1, inf.space) > 2)


def test_empty_carrier_drives_back_for_a_unit_out_of_its_reach() -> None:
    """The gun cannot reach the lorry: the lorry (Tow, 4 MP) spends all its MP driving to it
    (fetch), its ride next turn beating the gun's own two moves (1 MP)."""
    st = bare()
    put(st, "jp-light-infantry", 1, sp(1, 1))
    gun = put(st, "jp-type92-70mm", 1, sp(1, 7))  # 4 spaces: the lorry's MP, not the gun's
    put(st, "jp-type95-hago", 1, sp(2, 2))
    lorry = empty_lorry(st, sp(2, 4))
    solo.movement(st, "mid", [], "variable")
    assert lorry.cargo is gun and lorry.space == sp(1, 7) and lorry.moved
    assert any("the empty Type 94 Lorry drives back for Type 92 70mm" in line for line in st.ai_log)


def test_empty_carrier_does_not_drive_back_for_a_unit_that_walks_as_fast() -> None:
    """Heavy Infantry (2 MP) out of the lorry's reach by foot: fetching it would bring it no
    farther in two turns than its own legs (4 MP is not more than twice 2)."""
    st = bare()
    put(st, "jp-light-infantry", 1, sp(1, 1))
    inf = put(st, "jp-heavy-infantry", 1, sp(1, 7))
    put(st, "jp-type95-hago", 1, sp(2, 2))
    lorry = empty_lorry(st, sp(2, 4))
    solo.movement(st, "mid", [], "variable")
    assert lorry.cargo is None and inf.iid in st.units


def test_empty_carrier_leaves_units_at_the_behaviours_row_and_the_supply_line_alone() -> None:
    st = bare()
    put(st, "jp-light-infantry", 1, sp(1, 1))
    ahead = put(st, "jp-heavy-infantry", 1, sp(4, 4))  # already at the row (Variable mid: own row 4)
    lorry = empty_lorry(st, sp(3, 4))
    solo.movement(st, "mid", [], "variable")
    assert lorry.cargo is None and ahead.iid in st.units
    st = bare()
    alone = put(st, "jp-heavy-infantry", 1, sp(1, 4))  # the only unit of the line's first row
    lorry = empty_lorry(st, sp(2, 4))
    put(st, "jp-type95-hago", 1, sp(2, 6))
    solo.movement(st, "mid", [], "variable")
    assert lorry.cargo is None and alone.iid in st.units
