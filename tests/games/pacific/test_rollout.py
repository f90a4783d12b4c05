"""The playout policy that searches use in place of the heuristic bot (which reads observations)."""

from __future__ import annotations

import pytest

import hulldown
from hulldown.agents.ismcts import ISMCTSAgent
from hulldown.agents.registry import make_agent
from hulldown.engine.agent import SeatView
from hulldown.engine.rng import SplitMix64
from hulldown.games.pacific import GAME
from hulldown.games.pacific.rollout import choose, make_rollout
from hulldown.games.pacific.state import PacificState


def _play(seed: int, policy_seat: int) -> tuple[float, int, int, int]:
    """A game of the policy against random play: its return, HQ shots, shots, and decisions with a shot on offer."""
    s = GAME.new(seed=seed, players=2)
    assert isinstance(s, PacificState)
    rng = SplitMix64(seed)
    hq = shots = chances = 0
    while not s.is_over:
        seat = s.current_player
        assert seat is not None
        legal = s.legal_actions()
        if seat != policy_seat:
            s.apply(legal[rng.below(len(legal))])
            continue
        action = choose(s)
        assert action in legal
        if any(a.id.startswith("fire:") and not a.id.endswith(":hq") for a in legal):
            chances += 1
            shots += action.id.startswith("fire:")
        if any(a.id.startswith("fire:") and a.id.endswith(":hq") for a in legal):
            hq += action.id.startswith("fire:")
        s.apply(action)
    return s.returns()[policy_seat], hq, shots, chances


def test_policy_beats_random_and_shoots_when_it_can() -> None:
    results = [_play(seed, seed % 2) for seed in range(8)]
    assert sum(r > 0 for r, _, _, _ in results) >= 7
    shots = sum(r[2] for r in results)
    chances = sum(r[3] for r in results)
    # a shot whenever one is on offer, but for the odd assault or card worth more
    assert chances > 0 and shots >= 0.9 * chances
    assert sum(r[1] for r in results) > 0


def test_policy_fires_its_best_shot_at_the_enemy() -> None:
    """With a shot at an enemy unit or the HQ on offer, the policy fires, and the shot it values most.

    Values come from the attack's own numbers (combat.numbers): a shot that may destroy its
    target or wound the HQ is worth more than one that only scratches.
    """
    from hulldown.games.pacific.actions import Fire
    from hulldown.games.pacific.rollout import _shooter, _shot

    checked = 0
    for seed in range(4):
        s = GAME.new(seed=seed, players=2)
        assert isinstance(s, PacificState)
        rng = SplitMix64(seed)
        while not s.is_over and checked < 40:
            legal = s.legal_actions()
            side = s.slot_side[s.actor]
            values = {}
            for a in legal:
                if isinstance(a, Fire):
                    u = _shooter(s, a.unit, side, s.actor)
                    assert u is not None
                    values[a.id] = _shot(s, u, a.weapon, a.target, side)
            if values and max(values.values()) >= 4.0:
                action = choose(s)
                assert values.get(action.id) == max(values.values())
                checked += 1
            s.apply(legal[rng.below(len(legal))])
    assert checked > 10


def test_factory_plays_for_whichever_seat_is_to_act() -> None:
    policy = make_rollout(GAME, 0)
    s = GAME.new(seed=3, players=2)
    seats = set()
    for _ in range(200):
        if s.is_over:
            break
        seats.add(s.current_player)
        action = policy(s)
        assert action in s.legal_actions()
        s.apply(action)
    assert seats == {0, 1}


def test_ismcts_defaults_to_the_policy_in_pacific() -> None:
    agent = make_agent("ismcts", GAME, 0, 0)
    assert isinstance(agent, ISMCTSAgent) and agent.rollout == "policy" and agent.evaluate is not None
    # The game's measured spec: the policy's hint, the paired test and the learned value.
    assert agent.confidence == 2.0 and agent.hint_from == "policy" and agent.value == "learned" and agent.paired


@pytest.mark.parametrize(
    ("spec", "confidence", "value"),
    [
        ("ismcts:value=hand", 2.0, "hand"),
        ("ismcts:confidence=0", 0.0, "learned"),
        ("ismcts:paired=0", 0.0, "learned"),
        ("ismcts:bias=0", 0.0, "learned"),
        ("ismcts:worlds=0", 0.0, "learned"),
        ("ismcts:depth=end", 2.0, "hand"),
    ],
)
def test_a_spec_overrides_the_games_defaults_and_what_it_rules_out_steps_aside(
    spec: str, confidence: float, value: str
) -> None:
    """A spec never fails on a default it did not name: the paired test needs paired visits and a
    rule of thumb, the learned value needs cut playouts."""
    agent = make_agent(spec, GAME, 0, 0)
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.confidence, agent.value) == (confidence, value)


def test_other_games_keep_the_plain_defaults() -> None:
    clash = make_agent("ismcts", hulldown.load("tank-clash"), 0, 0)
    assert isinstance(clash, ISMCTSAgent)
    assert (clash.rollout, clash.confidence, clash.hint_from, clash.value) == ("policy", 0.0, "heuristic", "hand")


def _twin_states(seed: int) -> tuple[PacificState, PacificState]:
    """Two states seat 1 cannot tell apart (seat 0's hand and deck differ), seat 1 to choose among several actions."""
    a = GAME.new(seed=seed, players=2)
    assert isinstance(a, PacificState)
    policy = make_rollout(GAME, 0)
    while not (a.current_player == 1 and a.round >= 2 and len(a.legal_actions()) >= 3):
        assert not a.is_over
        a.apply(policy(a))
    b = a.clone()
    assert isinstance(b, PacificState)
    hand, deck = b.hands[0], b.decks[0]
    assert len(hand) and len(deck)
    hand.cards[0], deck.cards[0] = deck.cards[0], hand.cards[0]
    deck.cards.reverse()
    return a, b


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("spec", ["ismcts:iterations=60", "ismcts:iterations=60,value=hand"])
def test_search_with_policy_playouts_ignores_what_the_seat_cannot_see(seed: int, spec: str) -> None:
    """The default search (policy playouts, reused worlds, the learned value model, which reads each
    seat's tensor of a determinization) chooses alike where only hidden cards differ; so does it
    with the hand-written evaluation."""
    a, b = _twin_states(seed)
    assert a.snapshot() != b.snapshot()
    assert a.observation(1) == b.observation(1)
    choices = []
    for state in (a, b):
        agent = make_agent(spec, GAME, 1, 7)
        assert isinstance(agent, ISMCTSAgent) and agent.rollout == "policy"
        choices.append((agent.act(SeatView(state, 1)).id, agent.last_visits))
    assert choices[0] == choices[1]
    assert sum(choices[0][1].values()) == 60
