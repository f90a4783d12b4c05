"""The `solo-ai` agent (rules §12.10): the behaviour table in force and its current row."""

from __future__ import annotations

import pytest

from hulldown.agents.base import SeatView
from hulldown.agents.registry import make_agent
from hulldown.engine.errors import AgentSpecError
from hulldown.games.pacific import ai, grid
from hulldown.games.pacific.ai import SoloAIAgent
from hulldown.games.pacific.state import PacificState

from .test_rules import GAME, new, put, to_deploy


def deploying(*cids: str) -> PacificState:
    """Seat 0's first Deployment phase with the given hand and plenty of AP."""
    st = new(players=2)
    to_deploy(st)
    assert st.actor == 0 and st.active == 0
    st.hands[0].cards.clear()
    for cid in cids:
        st.hands[0].put_top(st._new_card(cid))
    st.ap[0] = 20
    return st


def first_deploy(st: PacificState, table: str) -> str:
    agent = SoloAIAgent(0, seed=1, table=table)
    a = agent.act(SeatView(st, 0))
    assert a.id.startswith("deploy:"), a.id
    return st.cards[sorted(st.hands[0])[int(a.id.split(":")[1][1:]) - 1]]


def test_agent_follows_the_table_in_force() -> None:
    """§12.4 Start column of each table in turns 1-2: Variable infantry, Offensive tank, Defensive artillery."""
    hand = ("us-light-infantry", "us-m2-light-tank", "us-m1-37mm")
    assert first_deploy(deploying(*hand), "variable") == "us-light-infantry"
    assert first_deploy(deploying(*hand), "offensive") == "us-m2-light-tank"
    assert first_deploy(deploying(*hand), "defensive") == "us-m1-37mm"


def test_agent_reads_the_behaviour_row() -> None:
    """§12.2/§12.4: after turn 2 the behaviour modifiers pick the row; Attack (>= 8) puts tanks first,
    Defense (<= 3) artillery."""
    st = deploying("us-light-infantry", "us-m2-light-tank", "us-m1-37mm")
    st.turn = 9
    for c in range(3):  # three rows held: 9 + the HQ in range of nobody
        put(st, "us-light-infantry", 0, grid.space(c, c + 1))
    agent = SoloAIAgent(0, seed=1, table="variable")
    agent.act(SeatView(st, 0))
    assert agent.last_band == "high" and "Advance" in agent.last_reason and "Attack priority 1" in agent.last_reason
    st2 = deploying("us-light-infantry", "us-m2-light-tank", "us-m1-37mm")
    st2.turn = 9  # nothing on the battlefield: 1 AP generated, the minimum row (Defense)
    assert first_deploy(st2, "variable") == "us-m1-37mm"


def test_agent_table_from_scenario_and_parameter() -> None:
    st = GAME.new(seed=2, players=2, options={"scenario": "inland-defence"})
    agent = make_agent("solo-ai", GAME, 1, 0)
    assert isinstance(agent, SoloAIAgent)
    assert agent.table == ""
    while st.current_player != 1:
        st.apply(make_agent("random", GAME, 0, 0).act(SeatView(st, 0)))
    agent.act(SeatView(st, 1))
    assert "Advance (turns 1-2)" in agent.last_reason  # the Offensive table's initial behaviour
    assert ai.resolve_table(st) == "offensive"
    assert make_agent("solo-ai:table=defensive", GAME, 1, 0).table == "defensive"  # type: ignore[attr-defined]
    with pytest.raises(AgentSpecError, match="unknown AI table"):
        make_agent("solo-ai:table=reckless", GAME, 1, 0)
    with pytest.raises(AgentSpecError, match="only the parameter table"):
        make_agent("solo-ai:speed=3", GAME, 1, 0)


def test_agent_moves_towards_the_behaviour_row() -> None:
    """§12.6 through the ordinary actions: Variable Secure Rows (turns 1-2) keeps rows 5-6; the
    Offensive Advance Rows aims at row 4 and fills the first empty row of the Supply Line on the
    way; the last unit of a Supply Line row stays."""
    st = new(players=2)
    to_deploy(st)
    for s in range(grid.SPACES):
        st.terrain[s] = -1
    u = put(st, "us-light-infantry", 0, grid.space(0, 2))
    st.apply("deploy-done")
    assert st.phase == "move"
    a = SoloAIAgent(0, seed=1, table="offensive").act(SeatView(st, 0))
    assert a.id == "move-done"  # alone on the deployment line: it keeps the Supply Line
    v = put(st, "us-light-infantry", 0, grid.space(0, 5))
    agent = SoloAIAgent(0, seed=1, table="offensive")
    a = agent.act(SeatView(st, 0))
    assert a.id.startswith(f"move:{grid.name(u.space)}:") or a.id.startswith(f"move:{grid.name(v.space)}:")
    assert grid.own_row(0, grid.parse(a.id.split(":")[2])) == 2  # the first empty row of its Supply Line
    assert "Advance Rows" in agent.last_reason
    st.apply(a.id)
    a = agent.act(SeatView(st, 0))
    assert a.id == "move-done"  # the other keeps row 6
    a = SoloAIAgent(0, seed=1, table="variable").act(SeatView(st, 0))
    assert a.id == "move-done"


def test_agent_unloads_like_the_rules_ai() -> None:
    """§12.6 with §15.3 through the ordinary actions: a loaded transport at its row unloads."""
    from hulldown.games.pacific.units import Unit

    st = new(players=2)
    to_deploy(st)
    for s in range(grid.SPACES):
        st.terrain[s] = -1
    put(st, "us-light-infantry", 0, grid.space(0, 0))
    t = put(st, "us-m3-scout", 0, grid.space(1, 3))
    iid = st._new_card("us-light-infantry")
    t.cargo = Unit(iid, st.db.units["us-light-infantry"], 0, 0, t.space, -5)
    st.apply("deploy-done")
    agent = SoloAIAgent(0, seed=1, table="variable")  # Secure Rows: rows 5-6, own row 2 reached
    a = agent.act(SeatView(st, 0))
    assert a.id.startswith(f"unload:{grid.name(t.space)}:"), a.id
    assert "unloads Light Infantry" in agent.last_reason
