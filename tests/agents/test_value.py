"""Learned value models: the shipped ones load, fit their tensors and beat the hand-written evaluations."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from benchmarks.train_value import outcome

import hulldown
from hulldown.agents import value as value_mod
from hulldown.agents.evaluators import evaluator_for
from hulldown.agents.value import ModelError, ValueModel, layout_fingerprint, load_model
from hulldown.engine.rng import SplitMix64, derive_seed

MODELS = sorted(p.stem for p in (Path(value_mod.__file__).parent / "models").glob("*.json"))


def test_models_are_shipped() -> None:
    assert {"tank-killers", "tank-clash", "2gm-pacific"} <= set(MODELS)


@pytest.mark.parametrize("game_id", MODELS)
def test_shipped_model_loads_and_fits_the_default_layout(game_id: str) -> None:
    game = hulldown.load(game_id)
    model = load_model(game)
    assert model is not None and model.game_id == game_id
    state = game.new(seed=0)
    assert game.tensors is not None
    assert model.size == game.tensors.observation_shape(state.players, state.options)[0]
    assert model.layout == layout_fingerprint(game, state.players, state.options)
    assert (Path(value_mod.__file__).parent / "models" / f"{game_id}.json").stat().st_size < 200_000


def _held_out_positions(game_id: str, games: int) -> tuple[list[Any], list[list[float]]]:
    """Positions of policy self-play on a seed no model was fitted on, and each game's outcome."""
    game = hulldown.load(game_id)
    assert game.rollout is not None
    states: list[Any] = []
    results: list[list[float]] = []
    for i in range(games):
        rng = SplitMix64(derive_seed(424242, "pick", i))
        policy = game.rollout(game, derive_seed(424242, "policy", i))
        state = game.new(seed=derive_seed(424242, "game", i))
        actions: list[str] = []
        while not state.is_over:
            actions.append(policy(state).id)
            state.apply(actions[-1])
        # Replaying the game to four random points costs less than copying every position.
        replay = game.new(seed=derive_seed(424242, "game", i))
        done = 0
        for k in sorted(rng.below(len(actions)) for _ in range(4)):
            while done < k:
                replay.apply(actions[done])
                done += 1
            states.append(replay.clone())
        results += [outcome(state)] * 4
    return states, results


def _log_loss(values: list[list[float]], results: list[list[float]]) -> float:
    total, n = 0.0, 0
    for v, r in zip(values, results, strict=True):
        for p, y in zip(v, r, strict=True):
            q = min(max(p, 1e-6), 1 - 1e-6)
            total -= y * math.log(q) + (1 - y) * math.log(1 - q)
            n += 1
    return total / n


@pytest.mark.parametrize("game_id", MODELS)
def test_learned_evaluation_predicts_outcomes_better_than_the_hand_written_one(game_id: str) -> None:
    game = hulldown.load(game_id)
    states, results = _held_out_positions(game_id, 120)
    assert len(states) > 300
    learned, hand = evaluator_for(game, "learned"), evaluator_for(game, "hand")
    assert learned is not None and hand is not None
    learned_values = [learned(s) for s in states]
    for v in learned_values:
        assert all(0.0 <= p <= 1.0 for p in v) and sum(v) == pytest.approx(1.0)
    learned_loss = _log_loss(learned_values, results)
    hand_loss = _log_loss([hand(s) for s in states], results)
    assert learned_loss < hand_loss - 0.02, (learned_loss, hand_loss)


def test_other_layouts_fall_back_to_the_hand_written_evaluation() -> None:
    game = hulldown.load("tank-killers")
    state = game.new(seed=3, options={"deck0": "british", "deck1": "american"})
    learned = evaluator_for(game, "learned")
    assert learned is not None and game.evaluate is not None
    assert learned(state) == game.evaluate(state)


def _model_json(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": 1,
        "game": "tank-killers",
        "players": 2,
        "layout": "abc",
        "size": 3,
        "bias": 0.1,
        "weights": [0.5, -1.0, 2.0],
        "meta": {},
    }
    data.update(changes)
    return data


def test_a_well_formed_model_round_trips() -> None:
    model = ValueModel.from_json(_model_json())
    again = ValueModel.from_json(json.loads(json.dumps(model.to_json())))
    assert np.array_equal(model.weights, again.weights) and model.bias == again.bias
    x = np.array([1.0, 0.0, 0.0], dtype=np.float32)
    assert model.win_chance(x) == pytest.approx(1 / (1 + math.exp(-0.6)))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"weights": [0.5, -1.0]}, "exactly size=3"),
        ({"weights": [0.5, float("nan"), 2.0]}, "finite"),
        ({"bias": float("inf")}, "finite"),
        ({"weights": [0.5, "x", 2.0]}, "numbers"),
        ({"format": 2}, "format"),
        ({"size": 0}, "size"),
        ({"players": "two"}, "players"),
        ({"game": None}, "game and layout"),
        ({"meta": []}, "meta"),
    ],
)
def test_malformed_models_are_refused(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ModelError, match=message):
        ValueModel.from_json(_model_json(**changes))


def test_a_bad_shipped_file_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = hulldown.load("tank-killers")
    bad = tmp_path / "tank-killers.json"
    monkeypatch.setattr(value_mod, "model_resource", lambda game_id: bad)
    for text, message in [
        ("{not json", "not JSON"),
        (json.dumps(_model_json(game="tank-clash")), "made for tank-clash"),
        (json.dumps(_model_json(weights=[1.0, 2.0])), "exactly size"),
    ]:
        bad.write_text(text)
        with pytest.raises(ModelError, match=message):
            load_model(game)
    bad.unlink()
    assert load_model(game) is None


def _tank_clash_twins(seed: int) -> tuple[Any, Any, int]:
    """Two Tank Clash states the seat to act cannot tell apart: the morale deck (and the other hand) differ."""
    game = hulldown.load("tank-clash")
    assert game.rollout is not None
    policy = game.rollout(game, seed)
    a: Any = game.new(seed=seed)
    while True:
        assert not a.is_over
        if a.steps >= 8 and len(a.legal_actions()) >= 3 and len(a.morale_deck) > 1:
            break
        a.apply(policy(a))
    seat = a.current_player
    assert seat is not None
    b: Any = a.clone()
    hand, deck = b.hands[1 - seat], b.morale_deck
    if len(hand):
        hand.cards[0], deck.cards[0] = deck.cards[0], hand.cards[0]
    deck.cards.reverse()
    return a, b, seat


@pytest.mark.parametrize("seed", [1, 2])
def test_tank_clash_learned_search_ignores_what_the_seat_cannot_see(seed: int) -> None:
    """The learned evaluation reads each seat's tensor of a determinization, never the true state."""
    from hulldown.agents.ismcts import ISMCTSAgent
    from hulldown.agents.registry import make_agent
    from hulldown.engine.agent import SeatView

    game = hulldown.load("tank-clash")
    a, b, seat = _tank_clash_twins(seed)
    assert a.snapshot() != b.snapshot()
    assert a.observation(seat) == b.observation(seat)
    choices = []
    for state in (a, b):
        agent = make_agent("ismcts:iterations=40,value=learned", game, seat, 99)
        assert isinstance(agent, ISMCTSAgent) and agent.value == "learned"
        choices.append((agent.act(SeatView(state, seat)).id, agent.last_visits, agent.last_values))
    assert choices[0] == choices[1]


def test_the_fitting_script_fits_the_player_count_asked_for(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--players`` fits the tensor layout of that many seats; the file's command reproduces the run."""
    from benchmarks.train_value import main

    out = tmp_path / "model.json"
    main(["tank-hunter", "--players", "2", "--bot", "heuristic", "--games", "10", "--seed", "3", "--out", str(out)])
    report = json.loads(capsys.readouterr().out)
    assert report["players"] == 2 and report["train_rows"] > 0 and report["held_out_rows"] > 0
    model = ValueModel.from_json(json.loads(out.read_text()))
    game = hulldown.load("tank-hunter")
    state = game.new(seed=0, players=2)
    assert model.players == 2 and model.layout == layout_fingerprint(game, 2, state.options)
    assert "--players 2 " in model.meta["command"] and "--bot heuristic" in model.meta["command"]
