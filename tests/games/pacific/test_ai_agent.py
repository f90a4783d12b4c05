"""The `solo-ai` agent (rules §12.10): the behaviour table in force and its current row."""

from __future__ import annotations

import pytest

from hulldown.agents.registry import make_agent
from hulldown.engine.agent import SeatView
from hulldown.engine.errors import AgentSpecError
from hulldown.games.pacific import grid, solo
from hulldown.games.pacific.solo import SoloAIAgent
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
    assert solo.resolve_table(st) == "offensive"
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


# ---------------------------------------------------------------------- §12.1, §12.7, §12.4/§12.6 transport
def test_agent_bids_by_the_initiative_table() -> None:
    """§12.1: d10 1-3 none, 4-5 two less, 6-7 one less, 8-9 the same, 10 one more than the
    enemy's bid; bidding first, the seat knows no enemy bid (0)."""
    seen = set()
    for seed in range(40):
        st = new(players=2)
        st.apply("keep")
        st.apply("keep")
        assert st.phase == "bid" and st.actor == 0
        agent = SoloAIAgent(0, seed=seed)
        a = agent.act(SeatView(st, 0))
        r = int(agent.last_reason.split("d10 ")[1].split(",")[0])
        assert a.id == f"bid:{1 if r == 10 else 0}", (a.id, agent.last_reason)
        seen.add(a.id)
    assert seen == {"bid:0", "bid:1"}


def test_agent_places_terrain_by_the_d10_table_until_its_ap_are_spent() -> None:
    """§12.1: one card at a time on its own row 2 or 3 (the AI's 5th and 4th), one space wide, as
    long as a card fits the AP spent on the bid."""
    st = new(players=2, large_field=True)
    st.apply("keep")
    st.apply("keep")
    st.apply("bid:3")
    st.apply("bid:3")
    placed = 0
    agents = {s: SoloAIAgent(s, seed=7) for s in (0, 1)}
    while st.phase == "terrain":
        seat = st.current_player
        assert seat is not None
        side = st.side_of(seat)
        a = agents[seat].act(SeatView(st, seat))
        if a.id.startswith("terrain:"):
            parts = a.id.split(":")
            assert len(parts) == 3  # one space wide
            s = grid.parse(parts[2])
            assert grid.own_row(side, s) in (2, 3)
            assert agents[seat].last_reason.split("; ")[-1].startswith("12.1 Terrain:")
            placed += 1
        else:
            assert a.id == "terrain-done"
            assert not any(x.id.startswith("terrain:") for x in st.legal_actions())
        st.apply(a.id)
    assert placed >= 2


def shooting_cards(*extra: tuple[str, int]) -> PacificState:
    st = deploying("promotion", "fortunate")
    st.ap[0] = 3
    for cid, s in extra:
        put(st, cid, 0, s)
    return st


def play_ids(st: PacificState) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {"promotion": set(), "fortunate": set()}
    for a in st.legal_actions():
        p = a.id.split(":")
        if p[0] == "play":
            iid = sorted(st.hands[0])[int(p[1][1:]) - 1]
            out[st.cards[iid]].add(a.id)
    return out


def test_agent_plays_promotion_on_an_undamaged_tank_and_keeps_it_otherwise() -> None:
    st = shooting_cards(("us-light-infantry", grid.space(0, 2)), ("us-m2-light-tank", grid.space(0, 5)))
    agent = SoloAIAgent(0, seed=3, table="variable")
    a = agent.act(SeatView(st, 0))
    assert a.id in play_ids(st)["promotion"] and a.id.endswith(grid.name(grid.space(0, 5)))
    assert "12.7 Promotion: undamaged tank" in agent.last_reason
    st = shooting_cards(("us-light-infantry", grid.space(0, 2)))
    agent = SoloAIAgent(0, seed=3, table="variable")
    a = agent.act(SeatView(st, 0))
    assert a.id not in play_ids(st)["promotion"] | play_ids(st)["fortunate"]


def test_agent_plays_fortunate_only_on_a_unit_that_can_attack_the_hq() -> None:
    near = grid.space(4, 4)  # the enemy HQ within the tank's range
    st = shooting_cards(("us-light-infantry", grid.space(0, 2)), ("us-m4a2", near))
    st.units[st.board[near]].wounds = 1  # no Promotion for it
    agent = SoloAIAgent(0, seed=3, table="variable")
    a = agent.act(SeatView(st, 0))
    assert a.id in play_ids(st)["fortunate"] and a.id.endswith(grid.name(near))
    assert "can attack the battle objective" in agent.last_reason


def test_agent_transport_line_fetches_a_unit_of_the_battlefield_in_deployment() -> None:
    """§12.4 / §15.2 case 2: Variable Attack's transport line, no cargo in hand: the carrier with
    Mobility deployed this turn drives to the infantry already on the battlefield."""
    st = deploying()
    st.turn = 9
    for c in range(3):  # three rows held: the Advance row (Attack)
        put(st, "us-light-infantry", 0, grid.space(c, c + 1))
    scout = put(st, "us-m3-scout", 0, grid.space(0, 4))
    scout.deployed_turn = st.turn
    agent = SoloAIAgent(0, seed=1, table="variable")
    a = agent.act(SeatView(st, 0))
    assert agent.last_band == "high"
    assert a.id.startswith(f"fetch:{grid.name(scout.space)}:") and "15.2 case 2" in agent.last_reason


def test_agent_empty_carrier_takes_a_unit_on_board_in_movement() -> None:
    """§12.6: an empty carrier of an earlier turn goes back for a unit behind the behaviour's row."""
    st = deploying()
    put(st, "us-light-infantry", 0, grid.space(0, 1))
    put(st, "us-light-infantry", 0, grid.space(1, 7))
    inf = put(st, "us-heavy-infantry", 0, grid.space(0, 4))
    put(st, "us-m3-scout", 0, grid.space(1, 4))
    st.apply("deploy-done")
    assert st.phase == "move"
    agent = SoloAIAgent(0, seed=1, table="variable")
    a = agent.act(SeatView(st, 0))
    assert a.id == f"load:{grid.name(inf.space)}:{grid.name(grid.space(1, 4))}", (a.id, agent.last_reason)
    assert "boards the empty" in agent.last_reason


def test_agent_deploys_a_transport_line_carrier_where_it_takes_a_unit_on_board() -> None:
    """§12.4: no infantry in hand: the carrier goes on the deployment-line space nearest the
    infantry of the battlefield its MP reach (then fetches it)."""
    st = deploying("us-m3-scout")
    st.turn = 9
    for r, c in ((0, 0), (1, 0), (2, 1)):  # rows held by tanks: the Advance row (Attack)
        put(st, "us-m2-light-tank", 0, grid.space(r, c))
    inf = put(st, "us-light-infantry", 0, grid.space(1, 7))
    agent = SoloAIAgent(0, seed=1, table="variable")
    a = agent.act(SeatView(st, 0))
    assert agent.last_band == "high" and "priority 2" in agent.last_reason
    assert a.id == f"deploy:h1:{grid.name(grid.space(0, 7))}", (a.id, agent.last_reason)
    st.apply(a.id)
    a = SoloAIAgent(0, seed=1, table="variable").act(SeatView(st, 0))
    assert a.id == f"fetch:{grid.name(grid.space(0, 7))}:{grid.name(inf.space)}"
