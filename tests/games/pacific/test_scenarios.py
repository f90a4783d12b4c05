"""Historical scenarios (rules §14): data, sea rows, objectives, set-up, the AI's fields."""

from pathlib import Path
from typing import Any

import pytest

from hulldown.engine import registry
from hulldown.engine.errors import DataFileError
from hulldown.games.pacific import grid
from hulldown.games.pacific.scenarios import load_scenarios
from hulldown.games.pacific.state import PacificState

GAME = registry.load("2gm-pacific")


def new(players: int = 2, **opts: Any) -> PacificState:
    st = GAME.new(seed=5, players=players, options=opts)
    assert isinstance(st, PacificState)
    return st


def to_first_turn(st: PacificState) -> None:
    while st.phase == "mulligan":
        st.apply("keep")


def pass_turn(st: PacificState) -> None:
    side = st.active
    while st.active == side and not st.over:
        ids = [a.id for a in st.legal_actions()]
        st.apply(next(i for i in ids if i.endswith("done") or i == "ta-pass"))


def test_scenarios_are_data_with_ai_fields() -> None:
    sc = load_scenarios()
    assert set(sc) == {"island-landing", "inland-defence"}
    assert sc["island-landing"].ai_table == "defensive"
    assert sc["inland-defence"].ai_table == "offensive"
    assert sc["island-landing"].ai_deck == {"infantry": 12, "artillery": 4, "tank": 3, "transport": 1, "support": 14}
    st = new(scenario="island-landing")
    assert st.scenario is not None and st.scenario.ai_deck["infantry"] == 12
    assert st.scenario.ai_objectives == ("5,3", "5,6")
    assert new().scenario is None  # a pitched battle


def test_scenario_errors_name_file_entry_field(tmp_path: Path) -> None:
    bad = tmp_path / "scenarios.toml"
    text = (Path(__file__).parents[3] / "src/hulldown/games/pacific/data/scenarios.toml").read_text()
    bad.write_text(text.replace('ai_table = "offensive"', 'ai_table = "reckless"', 1))  # island-landing, side 0
    with pytest.raises(DataFileError) as e:
        load_scenarios(str(bad))
    assert "scenario island-landing" in str(e.value) and "ai.1.ai_table" in str(e.value)
    bad.write_text(text.replace('card = "jp-light-infantry"', 'card = "jp-nobody"'))
    with pytest.raises(DataFileError) as e:
        load_scenarios(str(bad))
    assert "setup" in str(e.value) and "jp-nobody" in str(e.value)


def test_scenario_setup_first_side_and_fortifications() -> None:
    st = new(scenario="inland-defence")
    to_first_turn(st)
    assert st.active == 1 and st.first_side == 1  # the scenario names the first side, no bid
    assert st.ap[0] == 4 and st.ap[1] >= 7  # the scenario's starting AP, nothing spent on a bid
    heavy = st.unit_at(grid.parse("2,4"))
    assert heavy is not None and heavy.card.id == "us-heavy-infantry" and heavy.side == 0
    assert st.db.terrain[st.cards[st.terrain[grid.parse("2,4")]]].id == "trenches"
    assert st.objectives == [grid.parse("2,4"), grid.parse("2,5")]
    obs = st.observation(0)
    assert obs["scenario"] == "inland-defence" and obs["objectives"] == ["2,4", "2,5"] and obs["attacker"] == 1


def test_sea_rows_and_deployment_line() -> None:
    st = new(scenario="island-landing")
    assert [grid.name(s) for s in range(grid.SPACES) if st.sea[s]] == [f"{r},{c}" for r in (1, 2) for c in range(1, 9)]
    to_first_turn(st)
    while st.phase != "deploy":
        st.apply("ta-pass")
    slot = st.actor
    assert st.side_of(slot) == 0
    for cid in ("us-lcvp", "us-light-infantry", "us-lvt1-alligator", "us-m4a2"):
        st.hands[slot].put_top(st._new_card(cid))
    st.ap[slot] = 20
    st._legal_cache = None
    hand = sorted(st.hands[slot])
    ids = {a.id for a in st.legal_actions()}
    for iid in hand:
        ref = f"h{hand.index(iid) + 1}"
        spaces = {i.split(":")[2] for i in ids if i.startswith(f"deploy:{ref}:")}
        cid = st.cards[iid]
        if cid in ("us-lcvp", "us-lvt1-alligator"):
            assert spaces == {f"1,{c}" for c in range(1, 9)}  # boats and Amphibious on the sea line
        elif st.db.units.get(cid) is not None and st.db.units[cid].type in ("infantry", "tank"):
            assert not spaces or "paratroopers" in st.db.units[cid].tags  # nothing else lands from the sea


def test_boats_stay_at_sea_and_land_units_ashore() -> None:
    from hulldown.games.pacific.rules import reachable
    from hulldown.games.pacific.units import Unit

    st = new(scenario="island-landing")
    for s in range(grid.SPACES):
        st.terrain[s] = -1

    def put(cid: str, s: int) -> Unit:
        iid = st._new_card(cid)
        u = Unit(iid, st.db.units[cid], 0, 0, s, -5)
        st.units[iid] = u
        st.board[s] = iid
        return u

    boat = put("us-lcvp", grid.parse("1,1"))
    assert all(st.sea[s] for s in reachable(st, boat, 3))
    lvt = put("us-lvt1-alligator", grid.parse("1,4"))
    assert grid.parse("3,4") in reachable(st, lvt, 3)  # Amphibious crosses the shore
    inf = put("us-light-infantry", grid.parse("3,6"))
    assert not any(st.sea[s] for s in reachable(st, inf, 2))


def test_objectives_taken_wins_for_the_attacker() -> None:
    from hulldown.games.pacific.units import Unit

    st = new(scenario="inland-defence")
    to_first_turn(st)
    assert st.active == 1
    for s in st.objectives:  # the defenders are gone, the attacker stands on both objectives
        old = st.unit_at(s)
        if old is not None:
            del st.units[old.iid]
        iid = st._new_card("jp-light-infantry")
        st.units[iid] = Unit(iid, st.db.units["jp-light-infantry"], 1, 1, s, -5)
        st.board[s] = iid
    st._legal_cache = None
    pass_turn(st)
    assert st.over and st.winner == 1
    assert st.observation(0)["end_reason"] == "objectives"


def test_defender_wins_at_the_scenario_time_limit() -> None:
    st = new(scenario="island-landing")
    to_first_turn(st)
    st.round = st.max_rounds
    st.hq_wounds[1] = 5  # more HQ wounds than the attacker does not matter in a scenario
    for _ in range(2):
        pass_turn(st)
    assert st.over and st.winner == 1
    assert st.observation(0)["end_reason"] == "time"


@pytest.mark.parametrize("scenario", ["island-landing", "inland-defence"])
def test_scenarios_play_to_the_end(scenario: str) -> None:
    import random

    for seed in range(3):
        st = GAME.new(seed=seed, players=2, options={"scenario": scenario})
        r = random.Random(seed)
        n = 0
        while not st.is_over and n < 20_000:
            acts = st.legal_actions()
            st.apply(acts[r.randrange(len(acts))].id)
            n += 1
        assert st.is_over
