"""Bots play with the game's own card file (a web game's card set) and need no file parameter;
a state unpickled in a fresh process (a search worker) still has its legal actions."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from hulldown.agents.registry import make_agent
from hulldown.engine.agent import SeatView
from hulldown.games.tank_hunter import state as th_state
from hulldown.games.tank_hunter.cards import load_cards
from tests.games.tank_hunter.helpers import GAME

OWN_UNIT = "Tiger Desert"


@pytest.fixture
def own_cards(tmp_path: Path) -> str:
    text = Path(load_cards().path).read_text(encoding="utf-8")
    path = tmp_path / "cards.toml"
    path.write_text(text.replace('{ name = "Tiger I", kind = "AFV"', f'{{ name = "{OWN_UNIT}", kind = "AFV"'), "utf-8")
    return str(path)


def test_heuristic_reads_the_games_cards_without_a_parameter(own_cards: str) -> None:
    s = GAME.new(seed=2, players=2, options={"cards": own_cards})
    bot = make_agent("heuristic", GAME, s.current_player, 1)
    assert bot.act(SeatView(s, s.current_player)) in s.legal_actions()
    assert OWN_UNIT in bot.units and "Tiger I" not in bot.units  # type: ignore[attr-defined]
    plain = GAME.new(seed=2, players=2)
    bot.act(SeatView(plain, plain.current_player))
    assert "Tiger I" in bot.units and OWN_UNIT not in bot.units  # type: ignore[attr-defined]


def test_heuristic_cards_parameter_still_fixes_the_file(own_cards: str) -> None:
    bot = make_agent(f"heuristic:cards={own_cards}", GAME, 0, 1)
    plain = GAME.new(seed=2, players=2)
    bot.act(SeatView(plain, plain.current_player))
    assert OWN_UNIT in bot.units  # type: ignore[attr-defined]


def test_search_plays_with_the_games_cards(own_cards: str) -> None:
    s = GAME.new(seed=4, players=2, options={"cards": own_cards})
    for _ in range(3):
        seat = s.current_player
        assert seat is not None
        a = make_agent("ismcts:iterations=8", GAME, seat, 1).act(SeatView(s, seat))
        s.apply(a.id)


def test_unpickled_state_has_its_legal_actions_in_a_fresh_process(own_cards: str) -> None:
    s = GAME.new(seed=3, players=2, options={"cards": own_cards})
    blob = pickle.dumps(s.clone())
    expected = [a.id for a in s.legal_actions()]
    assert expected
    # a newly started worker process: the module's shared action tables are empty
    saved = [(table, list(table)) for table, _prefix in th_state._TABLES]
    for table, _ in saved:
        del table[:]
    try:
        again = pickle.loads(blob)
        assert [a.id for a in again.legal_actions()] == expected
    finally:
        for table, items in saved:
            table[:] = items
