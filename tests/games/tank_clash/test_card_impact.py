"""Balance reports count the tactical and morale cards each Tank Clash seat played."""

from __future__ import annotations

from hulldown.agents.registry import make_agent
from hulldown.engine.agent import SeatView
from hulldown.engine.registry import load
from hulldown.sim import play_game
from hulldown.sim.balance import card_impact

TACTICAL = {"air", "artillery", "infantry", "mines", "repair", "smoke"}


def _announced(seed: int) -> list[list[str]]:
    """The same game played by hand: the cards its events announce, per seat."""
    game = load("tank-clash")
    state = game.new(seed=seed)
    agents = [make_agent("heuristic", game, seat, seed) for seat in range(2)]
    cards: list[list[str]] = [[], []]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        for ev in state.apply(agents[seat].act(SeatView(state, seat))):
            if ev.get("type") in ("tactical", "morale_played"):
                cards[int(ev["seat"])].append(str(ev["card"]))
    return cards


def test_played_cards_are_the_tactical_and_morale_cards_announced() -> None:
    game = load("tank-clash")
    results = [play_game(game, ["heuristic", "heuristic"], seed, collect_cards=True) for seed in range(12)]
    assert results[3].played == _announced(3)
    played = {card for r in results for seat in r.played for card in seat}
    assert played & TACTICAL and played - TACTICAL  # both decks are counted
    impact = card_impact(results, [], min_n=3)
    assert impact and all(d["faction"] == "all" for d in impact)
