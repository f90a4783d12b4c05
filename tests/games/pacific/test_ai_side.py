"""The solo AI on either side of a scenario (option ``ai_side``, rules §14.1) and on either army
of a pitched battle (option ``armies``, §10.1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hulldown.agents.registry import make_agent
from hulldown.engine.agent import SeatView
from hulldown.engine.errors import DataFileError, OptionError
from hulldown.games.pacific import grid, solo, state
from hulldown.games.pacific.scenarios import load_scenarios
from hulldown.games.pacific.state import PacificState

from .test_rules import GAME

DATA = Path(__file__).parents[3] / "src/hulldown/games/pacific/data/scenarios.toml"


def solo_game(seed: int = 4, **opts: Any) -> PacificState:
    st = GAME.new(seed=seed, players=1, options=opts)
    assert isinstance(st, PacificState)
    return st


def play_out(st: PacificState, seed: int) -> None:
    bot = make_agent("random", GAME, 0, seed)
    n = 0
    while not st.is_over and n < 5000:
        st.apply(bot.act(SeatView(st, 0)))
        n += 1
    assert st.is_over


def test_every_scenario_gives_the_ai_data_for_both_sides() -> None:
    """Each side has its own deck counts, table, pre-battle cards and terrain; the attacking AI
    takes the objectives, the defending AI holds them (the same spaces unless named)."""
    for sc in load_scenarios().values():
        assert sc.ai_sides == (0, 1)
        attacker, defender = sc.ai_for(sc.attacker), sc.ai_for(1 - sc.attacker)
        assert attacker is not None and defender is not None
        assert attacker.ai_table == "offensive" and defender.ai_table == "defensive"
        assert sc.ai_objectives == sc.objectives  # no ai_objectives named: the scenario's
    island = load_scenarios()["island-landing"]
    assert island.ai_table == "defensive" and island.ai_setup == {"infantry": 3, "artillery": 1}
    landing = island.ai_for(0)
    assert landing is not None and not landing.ai_setup and not landing.ai_terrain


def test_ai_side_attacker_mirrors_island_landing() -> None:
    """The AI lands: it becomes the game's side 1 with the US army, the sea rows and the first
    turn; the player defends the bunkers with the scenario's fixed Japanese units."""
    st = solo_game(scenario="island-landing", ai_side="attacker")
    sc = st.scenario
    assert sc is not None and sc.id == "island-landing"
    assert st.armies == ["japan", "us"] and sc.attacker == 1 and sc.first == 1
    assert [s for s in range(grid.SPACES) if st.sea[s]] == [grid.space(r, c) for r in (4, 5) for c in range(8)]
    assert sorted(grid.name(s) for s in st.objectives) == ["2,3", "2,6"]
    assert st.ap == [4, 6]  # the start AP follow the sides
    fixed = sorted((u.card.id, grid.name(u.space)) for u in st.units.values())
    assert fixed == [("jp-heavy-infantry", "2,3"), ("jp-heavy-infantry", "2,6"), ("jp-light-infantry", "3,4")]
    assert all(u.side == 0 for u in st.units.values())
    assert solo.resolve_table(st) == "offensive"
    ai_cards = [st.cards[i] for i in (*st.decks[1], *st.hands[1])]
    assert sum(c.startswith("us-") for c in ai_cards) > 20 and not any(c.startswith("jp-") for c in ai_cards)
    # before the battle only its boats come to hand: no terrain, no units (its first rows are sea)
    assert st.ai_log == ["12.11 Extra cards: 4 LCVP, 1 LVT-1 Alligator in hand"]
    terrain = sorted((st.cards[st.terrain[s]], grid.name(s)) for s in range(grid.SPACES) if st.terrain[s] >= 0)
    assert ("bunker", "2,3") in terrain and ("bunker", "2,6") in terrain


def test_ai_side_defender_is_the_default_for_island_landing() -> None:
    a = solo_game(seed=7, scenario="island-landing")
    b = solo_game(seed=7, scenario="island-landing", ai_side="defender")
    assert a.ai_log == b.ai_log and a.armies == b.armies == ["us", "japan"]
    assert sorted(u.card.id for u in a.units.values()) == sorted(u.card.id for u in b.units.values())


def test_ai_side_defender_holds_inland_defence() -> None:
    """The AI holds the ridge with the US: its deck's 2 infantry and 1 artillery replace the fixed
    US units, deployed first on the trenches it defends, after its half-price terrain."""
    st = solo_game(scenario="inland-defence", ai_side="defender")
    sc = st.scenario
    assert sc is not None and st.armies == ["japan", "us"] and sc.attacker == 0 and sc.first == 0
    assert sorted(grid.name(s) for s in st.objectives) == ["5,4", "5,5"]
    assert solo.resolve_table(st) == "defensive"
    mine = [u for u in st.units.values() if u.side == 1]
    assert sorted(u.card.type for u in mine) == ["artillery", "infantry", "infantry"]
    assert all(u.card.army == "us" for u in mine) and not any(u.side == 0 for u in st.units.values())
    assert all(st.unit_at(s) is not None for s in st.objectives)
    assert sum("a position to defend" in x for x in st.ai_log) == 2
    assert any(x.startswith("12.11 Terrain:") for x in st.ai_log)
    # the scenario's own default keeps the AI on the Japanese attack
    default = solo_game(scenario="inland-defence")
    assert default.armies == ["us", "japan"] and solo.resolve_table(default) == "offensive"
    assert solo_game(scenario="inland-defence", ai_side="attacker").armies == ["us", "japan"]


def test_ai_side_errors_are_clear() -> None:
    with pytest.raises(OptionError, match="option 'armies' chooses its army"):
        GAME.new(seed=1, players=1, options={"ai_side": "attacker"})
    with pytest.raises(OptionError, match="for solo play"):
        GAME.new(seed=1, players=2, options={"scenario": "island-landing", "ai_side": "defender"})
    with pytest.raises(OptionError, match="ai_side"):
        GAME.new(seed=1, players=1, options={"scenario": "island-landing", "ai_side": "both"})
    with pytest.raises(OptionError, match=r"'armies'.*names its armies.*'ai_side'"):
        GAME.new(seed=1, players=1, options={"scenario": "island-landing", "armies": "japan-us"})
    # the default is accepted everywhere
    assert GAME.new(seed=1, players=2, options={"scenario": "island-landing", "ai_side": "scenario"})


def test_scenario_without_data_for_a_side(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A scenario that gives the AI one side only: the other is refused by name, and the default
    is the side it has."""
    text = DATA.read_text()
    start = text.index("# the AI lands (US)")
    end = text.index("[[scenario]]", start)
    one = tmp_path / "scenarios.toml"
    one.write_text(text[:start] + text[end:])
    scenarios = load_scenarios(str(one))
    assert scenarios["island-landing"].ai_sides == (1,)
    monkeypatch.setattr(state, "load_scenarios", lambda: scenarios)
    with pytest.raises(OptionError, match=r"no data to play its attacker \(side 0\); the AI may play side 1"):
        solo_game(scenario="island-landing", ai_side="attacker")
    assert solo_game(scenario="island-landing", ai_side="defender").armies == ["us", "japan"]
    # a scenario whose only AI side is 0: the default takes it
    end1 = text.index("# the AI lands (US)")
    start1 = text.index("# the AI defends the bunkers")
    only0 = tmp_path / "only0.toml"
    only0.write_text(text[:start1] + text[end1:])
    scenarios0 = load_scenarios(str(only0))
    monkeypatch.setattr(state, "load_scenarios", lambda: scenarios0)
    assert solo_game(scenario="island-landing").armies == ["japan", "us"]


def test_ai_side_data_errors_name_file_entry_field(tmp_path: Path) -> None:
    text = DATA.read_text()
    bad = tmp_path / "scenarios.toml"
    bad.write_text(text.replace("side = 0\n", "side = 1\n", 1))  # two entries for side 1
    with pytest.raises(DataFileError, match=r"scenario island-landing.*'ai'.*two AI entries"):
        load_scenarios(str(bad))
    bad.write_text(text.replace('ai_table = "offensive"\n', 'ai_table = "offensive"\nai_objectives = ["1,3"]\n', 1))
    with pytest.raises(DataFileError, match=r"scenario island-landing ai side 0.*ai_objectives.*at sea"):
        load_scenarios(str(bad))
    bad.write_text(text.replace("ai_deck = { infantry = 14, artillery = 2", "ai_deck = { infantry = -1, artillery = 2"))
    with pytest.raises(DataFileError, match=r"ai side 0.*ai_deck.*negative"):
        load_scenarios(str(bad))
    bad.write_text(text.replace('ai_terrain = ["sandbags", "barbed-wire"]', 'ai_terrain = ["hill"]'))
    with pytest.raises(DataFileError, match=r"scenario inland-defence ai side 0.*ai_terrain.*hill"):
        load_scenarios(str(bad))


def test_named_ai_objectives_are_mirrored_with_the_scenario() -> None:
    sc = load_scenarios()["inland-defence"]
    entry = sc.ai_for(0)
    assert entry is not None
    named = sc.model_copy(update={"ai": (sc.ai_for(1), entry.model_copy(update={"ai_objectives": ("2,4",)}))})
    mirrored = named.with_ai_on(0)
    assert mirrored.ai_objectives == ("5,4",) and mirrored.objectives == ("5,4", "5,5")
    assert mirrored.with_ai_on(1) is mirrored and named.with_ai_on(1) is named


@pytest.mark.parametrize("scenario", ["island-landing", "inland-defence"])
@pytest.mark.parametrize("side", ["attacker", "defender"])
def test_ai_plays_either_side_to_the_end(scenario: str, side: str) -> None:
    for seed in range(2):
        st = solo_game(seed, scenario=scenario, ai_side=side)
        play_out(st, seed)
        deployed = [x for x in st.ai_log if x.startswith("12.4 Deployment") and "12.5" in x]
        assert deployed  # it puts units on the battlefield, whichever side it plays
        if scenario == "island-landing" and side == "attacker":
            assert any("on board" in x for x in deployed)  # its ground units land by boat


def test_landing_ai_boards_its_units_on_its_landing_craft() -> None:
    """§14.2: the landing AI starts with the scenario's boats in hand; a ground unit it chooses
    goes on board the cheapest boat that takes it, paid with it, on its sea deployment line."""
    st = solo_game(3, scenario="island-landing", ai_side="attacker")
    hand = [st.cards[i] for i in st.hands[1]]
    assert hand.count("us-lcvp") == 4 and "us-lvt1-alligator" in hand and len(hand) == 10
    assert st.ai_log[0] == "12.11 Extra cards: 4 LCVP, 1 LVT-1 Alligator in hand"
    before = st.ap[1]
    inf = st._new_card("us-light-infantry")
    st.hands[1].put_top(inf)
    pick = solo.Pick(inf, 2, st.db.units["us-light-infantry"].cost, [], "")
    assert solo.deploy_card(st, pick, "initial", "offensive", "test", [])
    boat = next(u for u in st.units.values() if u.side == 1)
    assert boat.card.id == "us-lcvp" and boat.cargo is not None and boat.cargo.iid == inf
    assert st.sea[boat.space] and grid.own_row(1, boat.space) == 1
    assert before - st.ap[1] == 2 + st.db.units["us-light-infantry"].cost  # the boat and its unit
    assert "on board LCVP (landing from the sea, 14.6)" in st.ai_log[-1]
    # with no boat left in hand a ground unit waits
    for i in [i for i in st.hands[1] if st.cards[i] in ("us-lcvp", "us-lvt1-alligator")]:
        st.hands[1].remove(i)
    tank = st._new_card("us-m4a2")
    st.hands[1].put_top(tank)
    st.ap[1] = 20
    assert not solo.deploy_card(st, solo.Pick(tank, 1, 5, [], ""), "initial", "offensive", "test", [])
    assert tank in st.hands[1]


@pytest.mark.parametrize("armies", ["us-japan", "japan-us"])
def test_pitched_battle_ai_plays_either_army(armies: str) -> None:
    """Option ``armies`` chooses the AI's army in a pitched battle: its deck is of that army."""
    st = solo_game(seed=3, armies=armies)
    army = armies.split("-")[1]
    assert st.armies[1] == army
    prefix = "us-" if army == "us" else "jp-"
    other = "jp-" if army == "us" else "us-"
    ai_units = [st.cards[i] for i in (*st.decks[1], *st.hands[1]) if st.cards[i] in st.db.units]
    assert ai_units and all(c.startswith(prefix) for c in ai_units)
    assert not any(c.startswith(other) for c in ai_units)
    play_out(st, 3)
    placed = [x for x in st.ai_log if x.startswith("12.4 Deployment") and "12.5" in x]
    assert placed


def test_agent_reads_the_table_of_its_own_side() -> None:
    """§12.10: in an ordinary game the solo-ai agent uses the scenario's table of its side."""
    st = GAME.new(seed=2, players=2, options={"scenario": "island-landing"})
    assert isinstance(st, PacificState)
    assert solo.side_table(st, 0) == "offensive" and solo.side_table(st, 1) == "defensive"
    agent = make_agent("solo-ai", GAME, 0, 0)
    while st.phase == "mulligan" and st.current_player != 0:
        st.apply(make_agent("random", GAME, 1, 0).act(SeatView(st, 1)))
    agent.act(SeatView(st, 0))
    assert "Advance (turns 1-2)" in agent.last_reason  # type: ignore[attr-defined]


def _rendered(m: dict[str, Any], lang: str) -> str:
    """A ``Said.to_json()`` rendered as the page does: nested arguments first."""
    from hulldown.games.pacific.solo.words import Said

    def said(j: dict[str, Any]) -> Said:
        return Said(j["key"], tuple((k, said(v) if isinstance(v, dict) else v) for k, v in j["args"].items()))

    return said(m).render(lang)


def test_the_observation_carries_each_ai_line_as_a_catalog_message_the_same_for_every_seat() -> None:
    """A German page shows the AI's decisions in German: each line's message renders to the
    English line it stands beside, and in German to something else; the messages tell no seat
    more than the English lines do, so every seat (and a spectator) gets the same."""
    st = solo_game(seed=5, scenario="island-landing", ai_side="attacker")
    bot = make_agent("random", GAME, 0, 5)
    for _ in range(120):
        if st.is_over:
            break
        st.apply(bot.act(SeatView(st, 0)))
    obs = st.observation(0)
    lines, notes = obs["ai_log"], obs["ai_said"]
    assert len(lines) == len(notes) and len(lines) > 3
    said = [(line, m) for line, m in zip(lines, notes, strict=True) if m is not None]
    assert any(m["key"].startswith("ai.band") for _, m in said), "the behaviour band is a message"
    for line, m in said:
        assert _rendered(m, "en") == line
        assert _rendered(m, "de") != line
    assert st.observation(None)["ai_said"] == notes


@pytest.mark.parametrize(
    "opts",
    [
        {"scenario": "island-landing", "ai_side": "defender"},
        {"scenario": "island-landing", "ai_side": "attacker"},
        {"scenario": "inland-defence", "ai_side": "defender"},
        {"scenario": "inland-defence", "ai_side": "attacker"},
        {},
        {"starting_deployment": True},
    ],
)
def test_every_ai_line_is_a_catalog_message_with_its_german(opts: dict[str, Any]) -> None:
    """No AI line reaches a German page in English: the set-up before the battle (12.11), its
    upgrades bought with spare AP (12.4, 12.5, 12.11) and every later decision each carry their
    message, whose German differs from the English line."""
    for seed in range(3):
        st = solo_game(seed=seed, **opts)
        bot = make_agent("random", GAME, 0, seed)
        for _ in range(200):
            if st.is_over:
                break
            st.apply(bot.act(SeatView(st, 0)))
        assert st.ai_log, opts
        for line, m in zip(st.ai_log, st.ai_said, strict=True):
            assert m is not None, f"an AI line without its message: {line!r}"
            assert _rendered(m, "en") == line
            assert _rendered(m, "de") != line, line
