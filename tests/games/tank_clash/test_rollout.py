"""The playout policy that searches use in place of the (slow) heuristic bot."""

from __future__ import annotations

from hulldown.engine.rng import SplitMix64
from hulldown.games.tank_clash import GAME
from hulldown.games.tank_clash.actions import HEX_INDEX
from hulldown.games.tank_clash.fields import MAIN
from hulldown.games.tank_clash.rollout import choose, make_rollout
from hulldown.games.tank_clash.state import TankClashState


def _play(seed: int, policy_seat: int) -> tuple[float, int, int]:
    """A game of the policy against random play: its return, its shots, and the decisions it had a shot in."""
    s = GAME.new(seed=seed)
    assert isinstance(s, TankClashState)
    rng = SplitMix64(seed)
    shots = chances = 0
    while not s.is_over:
        seat = s.current_player
        assert seat is not None
        legal = s.legal_actions()
        if seat != policy_seat:
            s.apply(legal[rng.below(len(legal))])
            continue
        action = choose(s)
        assert action in legal
        if s.phase == MAIN and any(a.id.startswith("attack:") for a in legal):
            chances += 1
            # a shot unless something worth more: the base camp, a checkpoint, a card that costs no action
            head = action.id.split(":")[0]
            if head == "attack":
                shots += 1
            else:
                assert head in ("tactical", "morale") or (
                    head == "move" and HEX_INDEX[action.id.split(":")[2]] in s.cp_at
                )
        s.apply(action)
    return s.returns()[policy_seat], shots, chances


def test_policy_beats_random_and_shoots_when_it_can() -> None:
    results = [_play(seed, seed % 2) for seed in range(12)]
    assert sum(r > 0 for r, _, _ in results) >= 9  # it wins clearly more than it loses
    shots = sum(s for _, s, _ in results)
    chances = sum(c for _, _, c in results)
    assert chances > 0 and shots >= 0.8 * chances


def test_factory_plays_for_whichever_seat_is_to_act() -> None:
    policy = make_rollout(GAME, 0)
    s = GAME.new(seed=3)
    seats = set()
    for _ in range(60):
        if s.is_over:
            break
        seats.add(s.current_player)
        action = policy(s)
        assert action in s.legal_actions()
        s.apply(action)
    assert seats == {0, 1}


def test_ismcts_defaults_to_the_policy_in_tank_clash() -> None:
    from hulldown.agents.ismcts import ISMCTSAgent
    from hulldown.agents.registry import make_agent

    agent = make_agent("ismcts", GAME, 0, 0)
    assert isinstance(agent, ISMCTSAgent) and agent.rollout == "policy"
