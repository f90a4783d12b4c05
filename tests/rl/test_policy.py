"""Trained policies seated like any bot: ``policy:file=PATH``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hulldown.agents.limits import web_spec
from hulldown.agents.policy import FORMAT, save_policy
from hulldown.agents.registry import make_agent
from hulldown.engine import AgentSpecError, registry
from hulldown.engine.agent import SeatView
from hulldown.rl.layout import Layout
from hulldown.sim import play_game, simulate
from tests.rl.test_example import load_example
from tests.rl.toyspec import TOY_RL as TOY


@pytest.fixture
def layout() -> Iterator[Layout]:
    yield Layout(TOY, 2)


def _favouring(layout: Layout, path: Path, action_index: int) -> Path:
    """A policy whose only preference is one action index (a large bias, no weights)."""
    w = np.zeros((layout.num_actions, int(np.prod(layout.shape))), dtype=np.float32)
    b = np.zeros(layout.num_actions, dtype=np.float32)
    b[action_index] = 10.0
    return save_policy(path, TOY.info.id, 2, [(w, b)])


def test_a_policy_plays_what_its_logits_prefer_among_the_legal_actions(layout: Layout, tmp_path: Path) -> None:
    favourite = layout.num_actions - 1
    path = _favouring(layout, tmp_path / "p.npz", favourite)
    agent = make_agent(f"policy:file={path}", TOY, 0, 1)
    state = TOY.new(seed=5, players=2)
    picked = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        legal = [layout.index[a.id] for a in state.legal_actions()]
        action = agent.act(SeatView(state, seat))
        assert layout.index[action.id] in legal
        if favourite in legal:
            assert layout.index[action.id] == favourite
            picked += 1
        state.apply(action)
    assert picked > 0  # the position where the favourite was legal came up, and it was chosen


def test_a_trained_example_policy_is_seated_by_simulate(tmp_path: Path) -> None:
    example = load_example()
    saved = tmp_path / "trained.npz"
    args = ["--game", "high-card", "--iterations", "2", "--eval-every", "2", "--eval-episodes", "10"]
    curve = example.main([*args, "--out", str(tmp_path / "c.png"), "--save", str(saved)])
    layout = Layout(TOY, curve.players)
    agent = make_agent(f"policy:file={saved}", TOY, 0, 3)
    state = TOY.new(seed=2, players=curve.players)
    seat = state.current_player
    assert seat is not None
    x = layout.encode(state, seat).reshape(-1).astype(np.float64)
    w, b = curve.layers[0]
    mask = layout.mask(state)
    assert layout.index[agent.act(SeatView(state, seat)).id] == int(np.argmax(np.where(mask, w @ x + b, -np.inf)))
    for seed in range(4):  # sampling from the policy's distribution, seeded
        game = play_game(TOY, [f"policy:file={saved},sample=true", "random"], seed=seed)
        assert game.steps > 0 and game.agents[0].endswith("sample=true")


def test_worker_processes_load_a_policy_too(tmp_path: Path) -> None:
    tk = Layout("tank-killers", 2)
    rng = np.random.default_rng(0)
    hidden = rng.normal(size=(16, int(np.prod(tk.shape)))), np.zeros(16)
    out = rng.normal(size=(tk.num_actions, 16)), np.zeros(tk.num_actions)
    path = save_policy(tmp_path / "tk.npz", "tank-killers", 2, [hidden, out])
    spec = f"policy:file={path}"
    result = simulate("tank-killers", [spec, "random"], 4, seed=1, workers=2)
    assert result.games == 4 and result.agents[0] == spec
    assert result.summary()["wins"] == simulate("tank-killers", [spec, "random"], 4, seed=1).summary()["wins"]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p, lay: p.write_bytes(b"not a policy"), "cannot be read"),
        (lambda p, lay: np.savez(p, w0=np.zeros((2, 2))), f"^policy file .*: not a {FORMAT} file"),
        (
            lambda p, lay: save_policy(p, "tank-killers", 2, [(np.zeros((1, 1)), np.zeros(1))]),
            "trained for tank-killers",
        ),
        (lambda p, lay: save_policy(p, TOY.info.id, 2, [(np.zeros((3, 7)), np.zeros(3))]), "does not take"),
        (
            lambda p, lay: save_policy(p, TOY.info.id, 2, [(np.zeros((5, int(np.prod(lay.shape)))), np.zeros(5))]),
            "outputs",
        ),
        (lambda p, lay: np.savez(p, format=np.array([object()], dtype=object)), "cannot be read"),
    ],
)
def test_a_bad_policy_file_is_a_clear_spec_error(layout: Layout, tmp_path: Path, make: Any, message: str) -> None:
    path = tmp_path / "bad.npz"
    make(path, layout)
    with pytest.raises(AgentSpecError, match=message):
        make_agent(f"policy:file={path}", TOY, 0, 0)


def test_spec_errors_and_the_web_never_loads_a_policy(layout: Layout, tmp_path: Path) -> None:
    with pytest.raises(AgentSpecError, match="file=PATH"):
        make_agent("policy", TOY, 0, 0)
    with pytest.raises(AgentSpecError, match="cannot be read"):
        make_agent(f"policy:file={tmp_path / 'missing.npz'}", TOY, 0, 0)
    path = _favouring(layout, tmp_path / "p.npz", 0)
    with pytest.raises(AgentSpecError, match="sample"):
        make_agent(f"policy:file={path},sample=maybe", TOY, 0, 0)
    for spec in (f"policy:file={path}", "policy:file=/etc/passwd", "policy"):
        with pytest.raises(AgentSpecError):
            web_spec(spec, registry.load("tank-killers"))
