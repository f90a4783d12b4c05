"""Balance reports count the support cards each 2GM Pacific seat played (the solo AI is no seat)."""

from __future__ import annotations

from hulldown.agents.registry import make_agent
from hulldown.engine.agent import SeatView
from hulldown.engine.registry import load
from hulldown.sim import play_game


def _announced(seed: int, players: int) -> tuple[list[list[str]], int]:
    """The same game played by hand: support cards announced per seat, and those no seat played."""
    game = load("2gm-pacific")
    state = game.new(seed=seed, players=players)
    agents = [make_agent("heuristic", game, seat, seed) for seat in range(players)]
    cards: list[list[str]] = [[] for _ in range(players)]
    others = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        for ev in state.apply(agents[seat].act(SeatView(state, seat))):
            if ev.get("type") == "support":
                if ev["seat"] < players:
                    cards[ev["seat"]].append(str(ev["card"]))
                else:
                    others += 1
    return cards, others


def test_played_cards_are_the_support_cards_each_seat_announced() -> None:
    game = load("2gm-pacific")
    results = [play_game(game, ["heuristic", "heuristic"], seed, 2, collect_cards=True) for seed in range(4)]
    assert results[1].played == _announced(1, 2)[0]
    assert sum(len(p) for r in results for p in r.played) > 0


def test_the_solo_ais_support_cards_count_for_no_seat() -> None:
    game = load("2gm-pacific")
    seen_ai = 0
    for seed in range(6):
        mine, ai = _announced(seed, 1)
        seen_ai += ai
        assert play_game(game, ["heuristic"], seed, 1, collect_cards=True).played == mine
    assert seen_ai > 0  # the AI did play support cards, and none was credited to the player
