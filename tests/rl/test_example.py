"""The policy-gradient example runs end to end (a few iterations) and writes its plot."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_policy_gradient.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_policy_gradient", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_example_trains_and_plots(tmp_path: Path) -> None:
    example = load_example()
    out = tmp_path / "curve.png"
    curve = example.main(
        ["--game", "high-card", "--iterations", "4", "--eval-every", "2", "--eval-episodes", "20", "--out", str(out)]
    )
    assert curve.iterations == [0, 2, 4]
    assert all(0.0 <= w <= 1.0 for w in curve.win_rate) and 0.0 <= curve.random_win_rate <= 1.0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_policy_gradient_matches_finite_differences() -> None:
    import numpy as np

    example = load_example()
    rng = np.random.default_rng(0)
    policy = example.LinearSoftmaxPolicy(5, 4, rng)
    policy.w = rng.normal(size=policy.w.shape)
    x = rng.normal(size=5)
    mask = np.array([1, 0, 1, 1], dtype=np.int8)
    dw, _ = policy.grad_log(x, mask, 2)
    eps = 1e-6
    policy.w[3, 1] += eps
    up = np.log(policy.probabilities(x, mask)[2])
    policy.w[3, 1] -= 2 * eps
    down = np.log(policy.probabilities(x, mask)[2])
    assert abs((up - down) / (2 * eps) - dw[3, 1]) < 1e-6
    assert policy.probabilities(x, mask)[1] == 0.0
