"""The solo AI's deck, behaviour, tables and movement (rules §12.1, §12.2, §12.6)."""

from __future__ import annotations

import types

import pytest

from hulldown.agents.registry import make_agent
from hulldown.engine import Event
from hulldown.engine.agent import SeatView
from hulldown.games.pacific import combat, grid, rules, solo

from .test_rules import GAME, new, put


def test_behaviour_modifiers() -> None:
    """§12.2: +3 per AI row (+4 with two units), -1/-2 per player-only row, +1 per unit with the
    enemy HQ in range, -3 when the player broke the Supply Line."""
    st = new(players=1)
    put(st, "jp-light-infantry", 1, grid.space(5, 0))
    put(st, "jp-light-infantry", 1, grid.space(5, 7))
    put(st, "jp-light-infantry", 1, grid.space(4, 0))
    put(st, "us-light-infantry", 0, grid.space(0, 0))
    put(st, "us-light-infantry", 0, grid.space(0, 1))
    put(st, "us-light-infantry", 0, grid.space(1, 0))
    put(st, "us-light-infantry", 0, grid.space(4, 5))  # shares an AI row: no modifier
    assert solo.behaviour_value(st, 1) == 4 + 3 - 2 - 1
    put(st, "jp-type97-chiha", 1, grid.space(2, 3))  # a third row, the HQ 3 away, range 4
    assert solo.behaviour_value(st, 1) == 4 + 3 + 3 + 1 - 2 - 1
    st.supply_broken[1] = True
    assert solo.behaviour_value(st, 1) == 4 + 3 + 3 + 1 - 2 - 1 - 3


def test_behaviour_bands() -> None:
    """§12.2: turns 1-2 the initial behaviour; then <= 3, 4-7, >= 8; only 1 AP: the minimum row."""
    st = new(players=1)
    st.first_side = 1
    st.turn = 3
    assert solo.band(st, 1, [], "variable") == "initial"
    st.turn = 5
    assert solo.band(st, 1, [], "variable") == "low"  # nothing on the battlefield: 1 AP
    assert "only 1 AP" in st.ai_log[-1]
    st.first_side = 0
    st.turn = 4
    assert solo.band(st, 1, [], "offensive") == "initial" and "Advance (turns 1-2)" in st.ai_log[-1]
    st.turn = 6
    for c in range(3):
        put(st, "jp-light-infantry", 1, grid.space(5 - c, c))
    assert solo.band(st, 1, [], "variable") == "high"  # 3 rows: 9
    assert solo.band(st, 1, [], "defensive") == "high" and "Sustained Advance" in st.ai_log[-1]
    put(st, "us-light-infantry", 0, grid.space(0, 0))
    put(st, "us-light-infantry", 0, grid.space(0, 1))
    assert solo.band(st, 1, [], "variable") == "mid" and "Reinforcements (modifiers 7)" in st.ai_log[-1]


def test_tables_are_chosen_by_parameter_or_scenario() -> None:
    st = new(players=1)
    assert solo.resolve_table(st) == "variable"
    assert solo.resolve_table(st, "defensive") == "defensive"
    fake = types.SimpleNamespace(scenario=types.SimpleNamespace(ai_table="offensive"))
    assert solo.resolve_table(fake) == "offensive"  # type: ignore[arg-type]
    fake = types.SimpleNamespace(scenario={"ai_table": "defensive"})
    assert solo.resolve_table(fake) == "defensive"  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown AI table"):
        solo.resolve_table(st, "reckless")


def test_table_priorities() -> None:
    """§12.4 each table's first priority in turns 1-2 and in the bands."""
    st = new(players=1)
    assert solo.priority(st, "variable", "initial", "jp-light-infantry") == 1
    assert solo.priority(st, "offensive", "initial", "jp-type95-hago") == 1
    assert solo.priority(st, "defensive", "initial", "jp-type94-37mm") == 1
    assert solo.priority(st, "defensive", "mid", "jp-type94-37mm") == 9  # Hold: artillery with a defensive upgrade
    assert solo.priority(st, "variable", "low", "camouflage") == 4  # Defense: defensive support
    assert solo.priority(st, "offensive", "mid", "traps") == 5  # Reinforce: damage the dangerous units
    assert solo.priority(st, "variable", "mid", "surplus") == 0  # generates AP


def test_discard_tables() -> None:
    """§12.8 Offensive 4-7: keep 2 priority-1 unit cards (cheapest) and 1 priority-2."""
    st = new(players=1)
    st.hands[1].cards.clear()
    for cid in ("jp-type97-chiha", "jp-type95-hago", "jp-type97-teke", "jp-light-infantry", "camouflage"):
        st.hands[1].put_top(st._new_card(cid))
    solo.discard(st, "mid", [], "offensive")
    kept = sorted(st.cards[i] for i in st.hands[1])
    # tanks are priority 1 (the two cheapest kept), infantry priority 3 (none kept, discarded),
    # then up to 3 extra cards: the support card
    assert kept == ["camouflage", "jp-type95-hago", "jp-type97-teke"]


def test_ai_deck_from_scenario_counts() -> None:
    """§12.1 scenario decks: the counts of each type, taken at random from the type piles."""
    st = new(players=1)
    deck = solo.build_ai_deck(st, {"infantry": 19, "artillery": 8, "tank": 5, "transport": 0, "support": 14})
    kinds = [solo.card_type(st, c) for c in deck]
    assert [kinds.count(t) for t in solo.TYPE_ORDER] == [19, 8, 5, 0, 14]
    with pytest.raises(ValueError, match="bad card type"):
        solo.build_ai_deck(st, {"cavalry": 2})


def test_movement_fills_the_supply_line_from_row_6() -> None:
    """§12.6: units move from the AI's row 6 forward; the first fills the line's first empty row;
    the last unit of a row of the line stays."""
    st = new(players=1)
    for s in range(grid.SPACES):
        st.terrain[s] = -1
    a = put(st, "jp-light-infantry", 1, grid.space(5, 1))
    b = put(st, "jp-light-infantry", 1, grid.space(5, 3))
    c = put(st, "jp-light-infantry", 1, grid.space(5, 5))
    solo.movement(st, "high", [])
    rows = sorted(grid.own_row(1, u.space) for u in (a, b, c))
    assert rows[0] == 1  # row 6 keeps one unit
    assert 2 in rows and max(rows) == 3  # the first gap (row 5) filled, then on towards row 1
    lone = put(st, "jp-light-infantry", 1, grid.space(2, 7))  # beyond the line: pulled back
    solo.movement(st, "low", [])
    assert grid.own_row(1, lone.space) < 4


def test_offensive_and_defensive_tables_play_whole_games() -> None:
    for table, name in (("offensive", "Total Attack"), ("defensive", "Sustained Advance")):
        seen = set()
        with solo.installed(solo.RulebookProcedure(table=table)):
            st = GAME.new(seed=5, players=1)
            bot = make_agent("random", GAME, 0, 5)
            while not st.is_over:
                for ev in st.apply(bot.act(SeatView(st, 0))):
                    if ev.get("type") == "ai":
                        seen.add(str(ev["decision"]))
        assert any(name in d for d in seen) or any(solo.BEHAVIOUR[table]["mid"] in d for d in seen)
        assert any(solo.DEPLOY_NAME[table]["initial"] in d for d in seen)


def test_supply_cut_in_the_players_turn_reaches_the_ais_turn() -> None:
    """§12.2: the -3 for a Supply Line the player broke is read in the AI's next turn, then lapses;
    a loss that leaves the line whole is no cut."""
    st = new(players=1)
    st.turn = 9
    for col in (0, 1):
        put(st, "jp-light-infantry", 1, grid.space(5, col))  # AI row 1, two units
    spare = put(st, "jp-light-infantry", 1, grid.space(4, 2))  # AI row 2 ...
    put(st, "jp-light-infantry", 1, grid.space(4, 3))  # ... two units: losing one is no cut
    far = put(st, "jp-light-infantry", 1, grid.space(3, 0))  # AI row 3, alone
    st.active = 0
    events: list[Event] = []
    combat.destroy(st, spare, events)
    assert not st.supply_broken[1]
    combat.destroy(st, far, events)
    assert st.supply_broken[1]
    rules.end_turn(st, events)
    assert st.active == 1 and st.supply_broken[1]
    assert solo.behaviour_value(st, 1) == 4 + 3 - 3
    rules.end_turn(st, events)
    assert st.active == 0 and not st.supply_broken[1]
