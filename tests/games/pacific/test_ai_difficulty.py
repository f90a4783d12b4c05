"""§12.13 The solo AI's difficulty (option ``ai_difficulty``): the rulebook's easy deck and hard HQ."""

from __future__ import annotations

from typing import Any

import pytest

from hulldown.games.pacific.state import PacificState

from .test_rules import GAME


def _game(seed: int, **opts: Any) -> PacificState:
    st = GAME.new(seed=seed, players=1, options=opts)
    assert isinstance(st, PacificState)
    return st


def _ai_cards(st: PacificState) -> list[str]:
    return [st.cards[i] for i in [*st.decks[1], *st.hands[1]]]


def _easy_removes(st: PacificState, cid: str) -> bool:
    u = st.db.units.get(cid)
    if u is None:
        return "mine" in cid
    return u.type == "aircraft" or (u.type in ("artillery", "tank") and u.cost > 6)


def test_easy_ai_deck_has_no_aircraft_mines_or_heavy_artillery_and_tanks() -> None:
    normal = [c for seed in range(12) for c in _ai_cards(_game(seed))]
    easy = [c for seed in range(12) for c in _ai_cards(_game(seed, ai_difficulty="easy"))]
    st = _game(0)
    assert any(_easy_removes(st, c) for c in normal)  # the normal AI deck holds such cards
    assert easy and not any(_easy_removes(st, c) for c in easy)
    for seed in range(12):  # the same number of cards: the piles still give every type asked for
        assert len(_ai_cards(_game(seed))) == len(_ai_cards(_game(seed, ai_difficulty="easy")))


def _first_ai_headquarters(st: PacificState) -> int:
    """Seat 0 takes its first legal choice each time until the AI's Headquarters phase."""
    for _ in range(400):
        for ev in st.apply(st.legal_actions()[0]):
            if ev["type"] == "headquarters" and ev["side"] == 1:
                return int(ev["ap"])
    raise AssertionError("the AI never reached its Headquarters phase")


def test_hard_ai_hq_generates_one_ap_more() -> None:
    normal = _first_ai_headquarters(_game(5))
    hard = _first_ai_headquarters(_game(5, ai_difficulty="hard"))
    assert hard == normal + 1
    st = _game(5, ai_difficulty="hard")
    assert st.ap_generated(0) == _game(5).ap_generated(0)  # the player's HQ is untouched


def test_hard_ai_bonus_is_no_income_for_the_minimum_behaviour_row() -> None:
    from hulldown.games.pacific.solo import current_band

    st = _game(5, ai_difficulty="hard")
    st.turn = 9  # after the first two turns, with no unit on the battlefield: only the HQ's AP
    assert st.ap_generated(1) == 2
    band, why = current_band(st, 1)
    assert band == "low" and "only 1 AP" in why


def test_ai_difficulty_errors() -> None:
    with pytest.raises(ValueError, match="ai_difficulty"):
        GAME.new(seed=1, players=2, options={"ai_difficulty": "hard"})
    with pytest.raises(ValueError, match="ai_difficulty"):
        GAME.new(seed=1, players=1, options={"ai_difficulty": "brutal"})
    GAME.new(seed=1, players=2, options={"ai_difficulty": "normal"})  # the default is every game's
