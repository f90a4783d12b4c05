"""The prior-fitting yardstick (benchmarks/train_prior.py): its features, its model file and its fit."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from benchmarks.train_prior import KINDS, PriorModel, action_deltas, extras, kind_of, rows

import hulldown
from hulldown.agents.registry import make_agent
from hulldown.engine.agent import SeatView


def _decision(seed: int, players: int = 3, steps: int = 12) -> Any:
    """A Tank Hunter state some steps in, at a decision with at least three legal actions."""
    game = hulldown.load("tank-hunter")
    state = game.new(seed=seed, players=players)
    bots = [make_agent("heuristic", game, k, seed) for k in range(players)]
    while state.steps < steps or len(state.legal_actions()) < 3:
        assert not state.is_over
        seat = state.current_player
        state.apply(bots[seat].act(SeatView(state, seat)))
    return game, state


def test_features_describe_what_each_action_does_to_the_seats_tensor() -> None:
    game, state = _decision(3)
    seat = state.current_player
    encoder = game.tensors.state_encoder(state.players, state.options)
    legal = state.legal_actions()
    before = state.snapshot()
    x0, deltas = action_deltas(encoder, state, seat, legal)
    assert state.snapshot() == before  # each action is tried on a clone
    assert np.array_equal(x0, encoder(state, seat))
    for k, action in enumerate(legal):
        after = state.clone()
        after.apply(action.id)
        assert np.array_equal(deltas[k], encoder(after, seat) - x0)
    assert len({d.tobytes() for d in deltas}) > 1  # the actions are told apart
    hint = legal[1].id
    extra = extras(legal, hint)
    assert extra[:, 0].tolist() == [1.0 if a.id == hint else 0.0 for a in legal]
    assert (extra[:, 1:].sum(axis=1) == 1).all()
    assert kind_of("attack:f:1") == kind_of("attack:r:2") and 0 <= kind_of("wait") < KINDS
    z = rows(x0, deltas, extra)
    assert z.shape == (len(legal), 2 * x0.shape[0] + 1 + KINDS)


def _small_model(**changes: Any) -> dict[str, Any]:
    model = PriorModel(
        "tank-hunter",
        3,
        "abc",
        {
            "inputs": np.array([0, 2]),
            "linear": np.array([1.0, -1.0]),
            "hidden": np.array([[0.5, 0.25]]),
            "bias": np.array([0.1]),
            "out": np.array([2.0]),
        },
        {"seed": 1},
    )
    return {**model.to_json(), **changes}


def test_a_prior_round_trips_and_scores_by_its_formula() -> None:
    model = PriorModel.from_json(_small_model())
    z = np.array([[1.0, 9.0, 0.0], [0.0, 9.0, 2.0]], dtype=np.float32)
    expected = [1.0 + 2.0 * max(0.5 + 0.1, 0.0), -2.0 + 2.0 * max(0.5 + 0.1, 0.0)]
    assert model.scores(z).tolist() == pytest.approx(expected)
    again = PriorModel.from_json(json.loads(json.dumps(model.to_json())))
    assert again.scores(z).tolist() == pytest.approx(expected) and again.meta == {"seed": 1}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"format": "hulldown-prior-0"}, "not a hulldown-prior-1"),
        ({"linear": [1.0]}, "do not agree"),
        ({"out": [1.0, 2.0]}, "do not agree"),
        ({"bias": ["x"]}, "not numbers"),
        ({"linear": [1.0, float("nan")]}, "not finite"),
    ],
)
def test_malformed_priors_are_refused(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        PriorModel.from_json(_small_model(**changes))


def test_the_fitting_script_plays_fits_and_reproduces(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from benchmarks.train_prior import main

    shard, model, held = tmp_path / "s.npz", tmp_path / "m.json", tmp_path / "h.npz"
    spec = "ismcts:iterations=8"
    main(
        ["play", "tank-hunter", "--players", "3", "--games", "3", "--seed", "2", "--ismcts", spec, "--out", str(shard)]
    )
    capsys.readouterr()
    fit = ["fit", str(shard), "--out", str(model), "--hidden", "2", "--maxiter", "15", "--held-out", str(held)]
    main(fit)
    report = json.loads(capsys.readouterr().out)
    assert report["train"]["decisions"] > 0 and report["held_out"]["decisions"] > 0
    data = json.loads(model.read_text())
    loaded = PriorModel.from_json(data)
    assert loaded.players == 3 and loaded.meta["ismcts"] == spec and loaded.hidden.shape[0] == 2
    with np.load(held, allow_pickle=False) as h:
        assert len(h["n"]) == report["held_out"]["decisions"] and set(h["game"].tolist()) == {0}
    main([*fit[:3], str(tmp_path / "again.json"), *fit[4:]])
    capsys.readouterr()
    assert (tmp_path / "again.json").read_text() == model.read_text()
    for other in ("heuristic", "ismcts:iterations=8,bias=0"):
        with pytest.raises(SystemExit, match="rule of thumb"):
            main(["play", "tank-hunter", "--players", "3", "--games", "1", "--ismcts", other, "--out", str(shard)])


def test_the_fit_learns_when_the_search_leaves_the_heuristic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Synthetic decisions: the search keeps the heuristic's choice unless an action's first change is large.

    The fitted file, read back with its scaling folded in, must find those departures on held-out
    games far more often than keeping the heuristic's choice would.
    """
    from benchmarks.train_prior import main

    rng = np.random.default_rng(4)
    decisions, k, size = 600, 4, 5
    deltas = rng.normal(0, 1, (decisions * k, size)).astype(np.float32) * 3 + 1
    hint = rng.integers(0, k, decisions)
    extra = np.zeros((decisions * k, 1 + KINDS), dtype=np.float32)
    extra[np.arange(decisions) * k + hint, 0] = 1.0
    extra[:, 1] = 1.0
    first = deltas[:, 0].reshape(decisions, k)
    chosen = np.where(first.max(axis=1) > 5.5, first.argmax(axis=1), hint)
    x0s = rng.normal(0, 1, (decisions, size)).astype(np.float32)
    meta = {
        "game": "tank-hunter",
        "players": 3,
        "layout": "x",
        "seed": 0,
        "ismcts": "s",
        "opponents": "o",
        "seconds": 1,
    }
    np.savez_compressed(
        tmp_path / "s.npz",
        x0=x0s,
        deltas=deltas,
        extra=extra,
        n=np.full(decisions, k),
        chosen=chosen,
        hint=hint,
        game=np.arange(decisions) // 4,
        meta=np.array(json.dumps(meta)),
    )
    main(["fit", str(tmp_path / "s.npz"), "--out", str(tmp_path / "m.json"), "--hidden", "3", "--l2", "1e-4"])
    report = json.loads(capsys.readouterr().out)["held_out"]
    assert report["prior_agrees"] > report["heuristic_agrees"] + 0.1, report
    model = PriorModel.from_json(json.loads((tmp_path / "m.json").read_text()))
    held = np.flatnonzero((np.arange(decisions) // 4) % 5 == 0)
    right = 0
    for d in held:
        z = rows(x0s[d], deltas[d * k : d * k + k], extra[d * k : d * k + k])
        right += int(np.argmax(model.scores(z))) == chosen[d]
    assert right / len(held) > report["heuristic_agrees"] + 0.1


def test_the_search_reports_the_rule_of_thumb_it_started_from() -> None:
    """``last_hint``, which the script records, is the heuristic's choice on the seat's view."""
    from hulldown.agents.ismcts import ISMCTSAgent

    game, state = _decision(5)
    seat = state.current_player
    agent = make_agent("ismcts:iterations=20", game, seat, 1)
    assert isinstance(agent, ISMCTSAgent)
    agent.act(SeatView(state, seat))
    assert agent.last_hint == make_agent("heuristic", game, seat, 0).act(SeatView(state, seat)).id
    unbiased = make_agent("ismcts:iterations=20,bias=0", game, seat, 1)
    assert isinstance(unbiased, ISMCTSAgent)
    unbiased.act(SeatView(state, seat))
    assert unbiased.last_hint is None
