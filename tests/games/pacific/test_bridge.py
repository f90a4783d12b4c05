"""The Bridge terrain card (rules §14.4): a river crossed by a bridge."""

from __future__ import annotations

from pathlib import Path

import pytest

from hulldown.agents.registry import make_agent
from hulldown.engine.agent import SeatView
from hulldown.games.pacific import grid, state
from hulldown.games.pacific.cards import load_cards
from hulldown.games.pacific.render import render_text
from hulldown.games.pacific.rules import move_destinations, reachable, unload_spaces
from hulldown.games.pacific.scenarios import load_scenarios
from hulldown.games.pacific.state import PacificState
from tests.games.pacific.test_transport import put
from tests.games.pacific.test_transport_more import GAME, carried, hand_ref, ids, river, sp, to_phase

DATA = Path(__file__).parents[3] / "src/hulldown/games/pacific/data/scenarios.toml"


def bridge(st: PacificState, s: int) -> None:
    st.terrain[s] = st._new_card("bridge")
    st._legal_cache = None


def test_bridge_is_a_natural_card_scenarios_place() -> None:
    t = load_cards().terrain["bridge"]
    assert t.kind == "natural" and t.copies == 0 and set(t.tags) == {"river", "bridge"}
    assert t.evasion == (0, 0) and t.hp == 0 and "difficult" not in t.tags
    st = GAME.new(seed=1, players=2)
    assert isinstance(st, PacificState)
    assert "bridge" not in [st.cards[i] for i in st.natural_pile]  # the pitched battlefield is unchanged
    # island-landing's creek: River, Bridge, River up column 1 (mirrored with the AI landing)
    for side, spaces in (("defender", ("3,1", "4,1", "5,1")), ("attacker", ("4,1", "3,1", "2,1"))):
        sc = GAME.new(seed=1, players=1, options={"scenario": "island-landing", "ai_side": side})
        assert isinstance(sc, PacificState)
        assert [sc.cards[sc.terrain[grid.parse(s)]] for s in spaces] == ["river", "bridge", "river"]


def test_ground_units_cross_and_stand_on_a_bridge() -> None:
    """Open ground (1 MP) for every ground unit, where the river beside it stops them."""
    st = to_phase("move")
    side = st.active
    span, beyond, start = sp(side, 3, 4), sp(side, 4, 4), sp(side, 2, 4)
    bridge(st, span)
    river(st, sp(side, 3, 3))
    inf = put(st, "us-heavy-infantry", start)
    dests, _ = move_destinations(st, inf)
    assert span in dests and beyond in dests
    assert reachable(st, inf, 2)[beyond] == 0  # 1 MP a space, not difficult terrain
    assert sp(side, 3, 3) not in dests  # the river without a bridge
    assert f"move:{grid.name(start)}:{grid.name(span)}" in ids(st)
    st.apply(f"move:{grid.name(start)}:{grid.name(span)}")
    assert inf.space == span
    enemy = put(st, "jp-light-infantry", sp(side, 5, 4), side=1 - side)
    assert sp(side, 4, 4) in reachable(st, enemy, 2)  # a bridge is no side's: the enemy crosses it too


def test_extra_heavy_units_never_move_over_a_bridge() -> None:
    """Rulebook: Extra Heavy units never move over bridges: not onto one, not across one, not
    deployed or unloaded onto one."""
    st = to_phase("move")
    side = st.active
    span, beyond, start = sp(side, 3, 4), sp(side, 4, 4), sp(side, 2, 4)
    for c in range(1, 9):
        if c != 4:
            river(st, sp(side, 3, c))
    bridge(st, span)
    tank = put(st, "us-m26-pershing", start)
    assert span not in reachable(st, tank, 3) and beyond not in reachable(st, tank, 3)
    light = put(st, "us-m4a2", sp(side, 2, 5))
    assert beyond in reachable(st, light, 3)  # an ordinary tank crosses
    # unloading from a landing craft onto the bridge: any ground unit but the Extra Heavy
    from hulldown.games.pacific.rules import water_ok

    assert water_ok(st, light, span) and not water_ok(st, tank, span)


def test_deployment_on_a_bridge_except_extra_heavy() -> None:
    st = to_phase("deploy")
    slot = st.actor
    side = st.side_of(slot)
    span = sp(side, 1, 3)
    bridge(st, span)
    st.ap[slot] = 20
    inf = st._new_card("us-heavy-infantry")
    st.hands[slot].put_top(inf)
    heavy = st._new_card("us-m26-pershing")
    st.hands[slot].put_top(heavy)
    legal = ids(st)
    at = grid.name(span)
    assert f"deploy:{hand_ref(st, slot, inf)}:{at}" in legal
    assert f"deploy:{hand_ref(st, slot, heavy)}:{at}" not in legal
    assert f"deploy:{hand_ref(st, slot, heavy)}:{grid.name(sp(side, 1, 4))}" in legal


def test_landing_craft_sails_under_a_bridge_and_lands_on_it() -> None:
    """A Bridge is still a river for boats; a unit steps off onto it as onto dry ground."""
    st = to_phase("move", scenario="island-landing")
    assert st.active == 0 and st.sea[sp(0, 2, 2)]
    span = sp(0, 3, 2)
    bridge(st, span)
    boat = put(st, "us-lcvp", sp(0, 2, 2))
    assert span in move_destinations(st, boat)[0]
    carried(st, boat, "us-heavy-infantry")
    assert span in unload_spaces(st, boat)  # in front of the craft: the bridge
    tank_boat = put(st, "us-lcvp", sp(0, 2, 5))
    bridge(st, sp(0, 3, 5))
    carried(st, tank_boat, "us-m26-pershing")
    assert sp(0, 3, 5) not in unload_spaces(st, tank_boat)


def _bridge_scenario(tmp_path: Path) -> dict[str, object]:
    """inland-defence with a river across row 3 and two bridges (a scenario's fixed terrain)."""
    text = DATA.read_text()
    old = '  { card = "barbed-wire", space = "3,4" },\n  { card = "barbed-wire", space = "3,5" },\n'
    assert old in text
    rivers = "".join(f'  {{ card = "river", space = "3,{c}" }},\n' for c in (1, 2, 3, 5, 6, 8))
    new = rivers + '  { card = "bridge", space = "3,4" },\n  { card = "bridge", space = "3,7" },\n'
    path = tmp_path / "scenarios.toml"
    path.write_text(text.replace(old, new))
    return dict(load_scenarios(str(path)))


def test_bridge_in_a_scenario_observed_rendered_and_played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scenarios = _bridge_scenario(tmp_path)
    monkeypatch.setattr(state, "load_scenarios", lambda: scenarios)
    st = GAME.new(seed=2, players=2, options={"scenario": "inland-defence"})
    assert isinstance(st, PacificState)
    assert st.cards[st.terrain[grid.parse("3,4")]] == "bridge"
    obs = st.observation(0)
    assert {"space": "3,4", "name": "Bridge"}.items() <= next(t for t in obs["terrain"] if t["space"] == "3,4").items()
    row3 = next(line for line in render_text(obs, 0).splitlines() if line.startswith("3 "))
    assert row3.split()[4] == "bri" and row3.split()[1] == "riv"
    agents = [make_agent("random", GAME, s, 2) for s in range(2)]
    n = 0
    while not st.is_over and n < 20_000:
        st.apply(agents[st.current_player].act(SeatView(st, st.current_player)))
        n += 1
    assert st.is_over
    # the solo AI plays it too, on either side
    for side in ("attacker", "defender"):
        solo = GAME.new(seed=2, players=1, options={"scenario": "inland-defence", "ai_side": side})
        bot = make_agent("random", GAME, 0, 2)
        n = 0
        while not solo.is_over and n < 20_000:
            solo.apply(bot.act(SeatView(solo, 0)))
            n += 1
        assert solo.is_over
