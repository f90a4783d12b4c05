"""OpenSpiel's own random simulation test over every game with tensors, and algorithms running on them."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, outcome_sampling_mccfr
from open_spiel.python.algorithms import mcts as py_mcts

from hulldown.rl import openspiel as hos
from tests.rl.conftest import GAME_IDS, game_configs

CONFIGS = game_configs()


def load(game_id: str, **params: int) -> pyspiel.Game:
    return pyspiel.load_game(hos.register_game(game_id), params)


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_random_sim_test(game_id: str, players: int) -> None:
    # serialize=False: pyspiel's game-and-state serialization asks a sampled-stochastic game for
    # its C++ RNG state, which Python games cannot provide; state serialization is tested below.
    pyspiel.random_sim_test(load(game_id, players=players), num_sims=5, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_register_covers_every_game_with_tensors(game_id: str) -> None:
    names = hos.register()
    assert hos.short_name(game_id) in names
    assert hos.short_name(game_id) in pyspiel.registered_names()
    game_type = load(game_id).get_type()
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game_type.reward_model == pyspiel.GameType.RewardModel.TERMINAL


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_state_serialization_round_trips(game_id: str) -> None:
    game = load(game_id)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        back = game.deserialize_state(state.serialize())
        assert str(back) == str(state) and back.history() == state.history()
        state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_clones_evolve_independently(game_id: str) -> None:
    state = load(game_id).new_initial_state()
    before = str(state)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert str(state) == before and len(clone.history()) == 1 and not state.history()


def test_same_rng_seed_deals_the_same_games() -> None:
    a, b, c = load("high-card", rng_seed=5), load("high-card", rng_seed=5), load("high-card", rng_seed=6)
    deals_a = [str(a.new_initial_state()) for _ in range(3)]
    assert deals_a == [str(b.new_initial_state()) for _ in range(3)]
    assert len(set(deals_a)) == 3  # successive games are dealt differently
    assert deals_a[0] != str(c.new_initial_state())


def test_tensors_and_strings_show_only_the_seats_view() -> None:
    game = load("high-card")
    state = game.new_initial_state()
    hand = state.engine_state.observation(0)["hand"]
    assert game.observation_tensor_shape() == game.information_state_tensor_shape() == [54]
    tensor = np.asarray(state.observation_tensor(0))
    assert sorted(np.flatnonzero(tensor[:12]).tolist()) == sorted(int(c) for c in hand)
    assert state.information_state_string(1) != state.information_state_string(0)
    assert str(hand[0]) not in state.observation_string(1).split('"hand":')[1].split("]")[0]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_observation_tensor_is_the_layouts_and_deals_nothing(game_id: str) -> None:
    """From Python, ``observation_tensor`` is the layout's tensor, and asking for it deals no game."""
    game, twin = load(game_id, rng_seed=3), load(game_id, rng_seed=3)
    state = game.new_initial_state()
    layout = hos._layout(state._key)
    rng = np.random.default_rng(1)
    for _ in range(40):
        if state.is_terminal():
            break
        for seat in range(game.num_players()):
            expected = layout.encode_observation(state.engine_state, seat).tolist()
            assert state.observation_tensor(seat) == state.information_state_tensor(seat) == expected
        assert state.observation_tensor() == state.observation_tensor(state.current_player())
        state.apply_action(int(rng.choice(state.legal_actions())))
    twin.new_initial_state()
    assert str(game.new_initial_state()) == str(twin.new_initial_state())
    with pytest.raises(ValueError, match="has no observation tensor"):
        state.observation_tensor(game.num_players())


def test_action_strings_are_engine_ids() -> None:
    state = load("high-card").new_initial_state()
    assert [state.action_to_string(0, a) for a in state.legal_actions()] == [
        a.id for a in sorted(state.engine_state.legal_actions(), key=lambda a: int(a.id.split(":")[1]))
    ]


def test_openspiel_algorithms_run() -> None:
    game = load("high-card")
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(30):
        solver.iteration()
    state = game.new_initial_state()
    probs = solver.average_policy().action_probabilities(state)
    assert sorted(probs) == state.legal_actions() and sum(probs.values()) == pytest.approx(1.0)
    evaluator = py_mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    searcher = ismcts.ISMCTSBot(game, evaluator, 2.0, 30, random_state=np.random.RandomState(1))
    bots = [searcher, pyspiel.make_uniform_random_bot(1, 3)]
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_declared_utility_holds_for_the_returns(game_id: str, players: int) -> None:
    game = load(game_id, players=players)
    utility = game.get_type().utility
    if players == 2:  # every two-seat game here pays +1/-1 or 0/0
        assert utility == pyspiel.GameType.Utility.ZERO_SUM
    rng = np.random.default_rng(players)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
        returns = state.returns()
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
        if utility == pyspiel.GameType.Utility.ZERO_SUM:
            assert sum(returns) == 0.0


def test_free_for_all_is_general_sum() -> None:
    assert load("high-card", players=3).get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert load("tank-hunter", players=3).get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_external_sampling_mccfr_runs_on_a_short_game() -> None:
    from open_spiel.python.algorithms import external_sampling_mccfr

    game = load("high-card", hand=3)
    solver = external_sampling_mccfr.ExternalSamplingSolver(game)
    for _ in range(5):
        solver.iteration()
    state = game.new_initial_state()
    probs = solver.average_policy().action_probabilities(state)
    assert sorted(probs) == state.legal_actions() and sum(probs.values()) == pytest.approx(1.0)


def test_recursion_too_deep_for_a_long_game_says_why() -> None:
    import inspect
    import sys

    from open_spiel.python.algorithms import external_sampling_mccfr

    solver = external_sampling_mccfr.ExternalSamplingSolver(load("tank-killers"))
    depth = len(inspect.stack(0))
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + 400)  # a long game's first path reaches this within a second
    try:
        with pytest.raises(RuntimeError) as raised:
            solver.iteration()
    finally:
        sys.setrecursionlimit(old)
    assert not isinstance(raised.value, RecursionError), "Python's bare RecursionError, not the explanation"
    assert type(raised.value).__name__ == "RecursionDepthError" and "outcome-sampling MCCFR" in str(raised.value)


def test_outcome_sampling_mccfr_finishes_full_length_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """OpenSpiel's C++ outcome-sampling MCCFR: one sampled trajectory per iteration, no Python recursion."""
    ends: list[int] = []
    apply = hos.HulldownState._apply_action

    def recording(self: hos.HulldownState, action: int) -> None:
        apply(self, action)
        if self.engine_state.is_over:
            ends.append(self.engine_state.steps)

    monkeypatch.setattr(hos.HulldownState, "_apply_action", recording)
    game = load("tank-killers", rng_seed=1)
    solver = pyspiel.OutcomeSamplingMCCFRSolver(game, 0.6, 7)
    for _ in range(2):
        solver.run_iteration()  # one episode per player
    assert len(ends) == 4 and min(ends) > 300  # whole games: random Tank Killers games last 300-700 moves
    state = game.new_initial_state()
    probs = dict(solver.average_policy().get_state_policy(state))
    assert sorted(probs) == state.legal_actions() and sum(probs.values()) == pytest.approx(1.0)
