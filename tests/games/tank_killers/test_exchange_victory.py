"""Full exchange rule, victory and the turn limit."""

from __future__ import annotations

from hulldown.games.tank_killers.state import P_MANEUVER, P_OVER, P_TARGET
from tests.games.tank_killers.helpers import finish_turn, give, new, on_top, put, to_modifiers


def _only_top_left(st, seat: int, top: str) -> None:  # type: ignore[no-untyped-def]
    on_top(st, seat, top)
    last = st.fdeck[seat].pop()
    st.reserve[seat].extend(st.fdeck[seat])
    st.fdeck[seat][:] = [last]


def test_empty_formation_deck_is_rebuilt_from_the_reserve_and_the_player_waits() -> None:
    st = new()
    give(st, 0, "Radio")
    give(st, 1)
    _only_top_left(st, 0, "Panther")
    on_top(st, 1, "M4 Sherman")
    st.apply("pass")  # reveal the last card: the deck runs out
    assert len(st.fdeck[0]) == 39 and st.reserve[0] == [] and st.waiting[0]
    assert st.phase == P_TARGET
    st.apply("target:deck")
    for _ in range(3):
        st.apply("pass")  # Panther destroys the Sherman; waiting: no free attack, the turn ends
    assert st.active == 1
    finish_turn(st)  # seat 1 attacks normally
    assert st.active == 0 and st.phase == P_MANEUVER
    st.apply("pass")  # seat 0 may not attack until seat 1 has used up its deck
    assert st.active == 1 and st.phase == P_MANEUVER


def test_waiting_player_gets_no_free_attack() -> None:
    st = new()
    give(st, 0, "Radio")
    give(st, 1)
    _only_top_left(st, 0, "Panther")
    st.apply("pass")
    st.apply("target:deck")
    st.apply("pass")
    st.apply("pass")
    st.apply("pass")  # resolution: Panther 12 vs 6 destroys
    assert st.active == 1  # no free attack window although Radio is in hand


def test_full_exchange_when_the_other_deck_runs_out_too() -> None:
    st = new()
    give(st, 0)
    give(st, 1)
    st.waiting[0] = True  # seat 0 went through its deck earlier
    finish_turn(st)
    assert st.active == 1
    _only_top_left(st, 1, "M4 Sherman")
    st.apply("pass")  # seat 1 reveals its last card
    assert not st.waiting[0] and not st.waiting[1] and st.exchanges == 1
    assert st.observation(0)["full_exchanges"] == 1


def test_destroying_the_last_deck_card_rebuilds_that_deck() -> None:
    st = new()
    give(st, 0)
    give(st, 1)
    _only_top_left(st, 1, "M5")
    on_top(st, 0, "Panther")
    st.apply("pass")
    st.apply("target:deck")
    st.apply("pass")
    st.apply("pass")
    st.apply("pass")
    assert [st.R.fname[c] for c in st.casualty[1]] == ["M5"]
    assert len(st.fdeck[1]) == 49 and st.waiting[1]


def test_victory_when_half_the_opponents_formation_is_in_its_casualty_pile() -> None:
    st = new()
    give(st, 0)
    give(st, 1)
    for _ in range(24):
        put(st, 1, st.R.fname[st.fdeck[1][0]], st.casualty[1])
    to_modifiers(st, "Panther", "M4 Sherman")
    st.apply("pass")
    assert not st.is_over
    st.apply("pass")
    assert st.is_over and st.phase == P_OVER and st.returns() == [1.0, -1.0]
    assert st.observation(None)["winner"] == 0 and st.current_player is None
    assert st.observation(1)["end_reason"] == "broken"
    assert len(st.casualty[1]) == 25


def test_own_support_casualties_count_towards_defeat() -> None:
    st = new()
    give(st, 0)
    give(st, 1)
    for _ in range(19):
        name = next(st.R.fname[c] for c in st.fdeck[0] if st.R.fname[c] != "150mm s IG 33")
        put(st, 0, name, st.casualty[0])
    to_modifiers(st, "150mm s IG 33", "M4 Sherman")  # pen 2 vs 6 fails
    st.apply("pass")
    st.apply("pass")
    st.apply("pass")  # no out-of-action card: the phase ends, the support card is a casualty
    assert st.is_over and st.returns() == [-1.0, 1.0]


def test_turn_limit_is_a_draw() -> None:
    st = new(turn_limit=3)
    for _ in range(3):
        finish_turn(st)
    assert st.is_over and st.returns() == [0.0, 0.0] and st.turn == 3
