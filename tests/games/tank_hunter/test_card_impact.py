"""Balance reports count the event cards each Tank Hunter seat put in play."""

from __future__ import annotations

from hulldown.agents.registry import make_agent
from hulldown.engine.agent import SeatView
from hulldown.engine.registry import load
from hulldown.sim import play_game
from hulldown.sim.balance import card_impact


def _announced(seed: int, players: int) -> list[list[str]]:
    """The same game played by hand: the event cards its events announce, per seat."""
    game = load("tank-hunter")
    state = game.new(seed=seed, players=players)
    agents = [make_agent("heuristic", game, seat, seed) for seat in range(players)]
    cards: list[list[str]] = [[] for _ in range(players)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        for ev in state.apply(agents[seat].act(SeatView(state, seat))):
            if ev.get("type") == "event-played":
                cards[int(ev["seat"])].append(str(ev["card"]))
    return cards


def test_played_cards_are_the_event_cards_announced() -> None:
    game = load("tank-hunter")
    results = [play_game(game, ["heuristic"] * 3, seed, 3, collect_cards=True) for seed in range(20)]
    assert results[5].played == _announced(5, 3)
    assert sum(len(p) for r in results for p in r.played) > 20
    assert card_impact(results, [], min_n=3)
