"""The solo AI before a historical scenario's battle (rules §12.11): half-price artificial terrain
and the Starting Deployment of its units."""

from __future__ import annotations

from pathlib import Path

import pytest

from hulldown.agents.registry import make_agent
from hulldown.engine.agent import SeatView
from hulldown.engine.errors import DataFileError
from hulldown.games.pacific import grid, solo
from hulldown.games.pacific.scenarios import load_scenarios
from hulldown.games.pacific.state import PacificState

from .test_rules import GAME, put


def solo_game(scenario: str, seed: int = 4) -> PacificState:
    st = GAME.new(seed=seed, players=1, options={"scenario": scenario})
    assert isinstance(st, PacificState)
    return st


def test_half_the_terrain_cards_at_half_price() -> None:
    """The rulebook's example: with 4 Trench cards available the AI deploys 2 of them for 1 AP each,
    on its rows 5 and 4 (own rows 2 and 3)."""
    st = solo_game("inland-defence")  # no ai_setup, no ai_terrain: nothing happens before the battle
    assert not any(line.startswith("12.11") for line in st.ai_log)
    before = [s for s in range(grid.SPACES) if st.terrain[s] >= 0]
    st.ap[1] = 5
    solo.scenario_terrain(st, ["trenches"] * 4, [])
    placed = [s for s in range(grid.SPACES) if st.terrain[s] >= 0 and s not in before]
    assert len(placed) == 2 and st.ap[1] == 3
    assert all(grid.own_row(1, s) in (2, 3) for s in placed)
    assert all("for 1 AP (half price)" in line for line in st.ai_log if line.startswith("12.11 Terrain"))
    st.ap[1] = 0  # a card it cannot pay is put aside
    solo.scenario_terrain(st, ["sandbags"], [])
    assert "put aside" in st.ai_log[-1]


def test_starting_deployment_replaces_the_fixed_setup_in_solo() -> None:
    """island-landing: the AI defends; its 3 infantry and 1 artillery from the deck are deployed
    costliest first on the positions to defend (the two bunkers), then on the strongest terrain
    cards; its initial 4 AP pay the half-price terrain, then upgrades (cheapest units first)."""
    st = solo_game("island-landing")
    ai_units = [u for u in st.units.values() if u.side == 1]
    assert len(ai_units) == 4  # "as many units as the initial points of its HQ" (4), all drawn
    assert sorted(u.card.type for u in ai_units) == ["artillery", "infantry", "infantry", "infantry"]
    assert all(st.unit_at(s) is not None and st.unit_at(s).side == 1 for s in st.objectives)  # type: ignore[union-attr]
    on_objectives = [u.card.cost for u in ai_units if u.space in st.objectives]
    elsewhere = [u.card.cost for u in ai_units if u.space not in st.objectives]
    assert min(on_objectives) >= max(elsewhere)  # costliest first
    log = [x for x in st.ai_log if x.startswith("12.11")]
    assert sum("a position to defend" in x for x in log) == 2
    assert any("half price" in x for x in log)
    assert st.ap[1] <= 1 and any("spare AP" in x for x in log)
    assert all(grid.own_row(1, u.space) <= 3 for u in ai_units)
    # a two-player game keeps the scenario's fixed Japanese units
    two = GAME.new(seed=4, players=2, options={"scenario": "island-landing"})
    fixed = sorted(u.card.id for u in two.units.values() if u.side == 1)  # type: ignore[attr-defined]
    assert fixed == ["jp-heavy-infantry", "jp-heavy-infantry", "jp-light-infantry"]


def test_starting_space_order() -> None:
    """Positions to defend, then the terrain card with the most HP and Armour, then the rows the
    Supply Line needs, then next to its units."""
    st = solo_game("inland-defence")
    for s in range(grid.SPACES):
        st.terrain[s] = -1
    for u in list(st.units.values()):
        st.board[u.space] = -1
    st.units.clear()
    goal = grid.space(4, 2)
    s, why = solo.starting_space(st, [goal], ())
    assert s == goal and str(why) == "a position to defend"
    bunker = st._new_card("bunker")
    sandbags = st._new_card("sandbags")
    st.terrain[grid.space(3, 1)] = bunker
    st.terrain_hp[bunker] = st.db.terrain["bunker"].hp
    st.terrain[grid.space(4, 6)] = sandbags
    st.terrain_hp[sandbags] = st.db.terrain["sandbags"].hp
    assert solo.starting_space(st, [], ())[0] == grid.space(3, 1)
    put(st, "jp-light-infantry", 1, grid.space(3, 1))
    put(st, "jp-light-infantry", 1, grid.space(4, 6))
    s, why = solo.starting_space(st, [], ())
    assert grid.own_row(1, s) == 1 and "Supply Line" in str(why)  # row 6 is empty: the line needs it
    put(st, "jp-light-infantry", 1, grid.space(5, 0))
    s, why = solo.starting_space(st, [], ())
    assert str(why) == "next to its units"


def test_scenario_ai_fields_are_validated(tmp_path: Path) -> None:
    bad = tmp_path / "scenarios.toml"
    text = (Path(__file__).parents[3] / "src/hulldown/games/pacific/data/scenarios.toml").read_text()
    bad.write_text(text.replace('ai_terrain = ["trenches", "sandbags"]', 'ai_terrain = ["jungle"]'))
    with pytest.raises(DataFileError) as e:
        load_scenarios(str(bad))
    assert "scenario island-landing" in str(e.value) and "ai_terrain" in str(e.value)
    bad.write_text(text.replace("ai_setup = { infantry = 3", "ai_setup = { cavalry = 3"))
    with pytest.raises(DataFileError) as e:
        load_scenarios(str(bad))
    assert "ai_setup" in str(e.value)


def test_solo_scenarios_play_to_the_end() -> None:
    for scenario in ("island-landing", "inland-defence"):
        for seed in range(3):
            st = solo_game(scenario, seed)
            bot = make_agent("random", GAME, 0, seed)
            n = 0
            while not st.is_over and n < 5000:
                st.apply(bot.act(SeatView(st, 0)))
                n += 1
            assert st.is_over
