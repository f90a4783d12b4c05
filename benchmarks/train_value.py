"""Fit a game's learned value model (``hulldown.agents.value``) from self-play.

Run: ``PYTHONPATH=src:. python benchmarks/train_value.py GAME --games N --seed S --out PATH
[--players P] [--positions K] [--explore E] [--l2 L] [--hidden H [--maxiter M]] [--bot policy|heuristic]
[--drop A:B,...] [--workers W]``.

Plays ``N`` games with the default options (at ``P`` players: a model fits
one player count, since the tensor's layout grows with the seats), each seat played by the game's
playout policy (``Game.rollout``; ``--bot heuristic`` uses its heuristic bot)
taking a uniformly random legal action with chance ``E``, so that positions
off the usual lines are seen too. From each game ``K`` decision points are
drawn at random; at each, every seat's observation tensor is kept with that
seat's final outcome (a win 1, a loss 0, a shared first place its share). Every game here names a
winner and no other places, so this is also all a rating system's pairwise count could be fitted on.
One game in five (by index) is held out: its positions never reach the fit.

The fit is an L2-penalised logistic regression on standardised tensor entries
(SciPy's L-BFGS, from the ``sim`` extra); the standardisation is folded into
the weights written out. With ``--hidden H`` a layer of ``H`` rectified units
comes before the logistic (a format-2 model), fitted the same way from a
start drawn from the seed, for at most ``M`` iterations. The report compares, on the held-out positions, the
model's log-loss and accuracy with those of the game's hand-written
evaluation (``Game.evaluate``, given the full state, so it is favoured), and
gives the run's time.

``--drop A:B`` keeps the tensor entries ``A`` to ``B - 1`` out of the fit
(their weights are 0). Outcomes fitted on self-play reward holding the cards
that a side which is doing well has not needed to play, which is not what
holding one is worth against playing it. In Tank Killers (own hand: entries
14 to 105 with the default decks, ``--drop 14:106``) leaving the hand out did
not make the search stronger (benchmarks/RESULTS.md, "Learned evaluations").

Everything is seeded: the same command writes the same file on the same machine. ``--workers W``
plays the games in ``W`` processes; each game's seed is drawn from its index, so the positions,
their order and the model do not depend on ``W``. On another machine the fit's floating-point sums
can round differently (another BLAS, another thread count), and the weights then differ in their
last digits.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from hulldown.agents.registry import make_agent
from hulldown.agents.value import Hidden, ValueModel, layout_fingerprint
from hulldown.engine.agent import SeatView
from hulldown.engine.game import Game
from hulldown.engine.rng import SplitMix64, derive_seed
from hulldown.engine.state import GameState
from hulldown.sim.stats import first_share

HOLD_OUT = 5


def outcome(state: GameState) -> list[float]:
    """Each seat's share of first place: 1 for a win, 0 for a loss, 0.5 each for a two-way draw."""
    r = state.returns()
    return [first_share(r, seat) for seat in range(len(r))]


def chooser(game: Game, bot: str, seed: int) -> Any:
    """state -> action for whichever seat is to act."""
    if bot == "policy":
        if game.rollout is None:
            raise SystemExit(f"{game.id} has no playout policy: use --bot heuristic")
        return game.rollout(game, seed)
    agents: dict[int, Any] = {}

    def choose(state: GameState) -> Any:
        seat = state.current_player
        assert seat is not None
        if seat not in agents:
            agents[seat] = make_agent("heuristic", game, seat, derive_seed(seed, "seat", seat))
        return agents[seat].act(SeatView(state, seat))

    return choose


def play_game(game: Game, index: int, args: argparse.Namespace) -> tuple[list[Any], list[float], list[list[float]]]:
    """One self-play game: the tensors of every seat at ``K`` random decision points, the outcomes, the hand values."""
    seed = derive_seed(args.seed, "game", index)
    rng = SplitMix64(derive_seed(args.seed, "explore", index))
    choose = chooser(game, args.bot, derive_seed(args.seed, "bot", index))
    state = game.new(seed=seed, players=args.players)
    actions: list[str] = []
    while not state.is_over:
        if rng.below(1_000_000) < args.explore * 1_000_000:
            legal = state.legal_actions()
            action = legal[rng.below(len(legal))].id
        else:
            action = choose(state).id
        state.apply(action)
        actions.append(action)
    result = outcome(state)
    picks = sorted({rng.below(len(actions)) for _ in range(args.positions)})
    # Replay the same game (same seed, same actions) to the chosen points: cheaper than
    # encoding every position on the way.
    enc = game.tensors.state_encoder(state.players, state.options)  # type: ignore[union-attr]
    replay = game.new(seed=seed, players=args.players)
    rows: list[Any] = []
    hand: list[list[float]] = []
    done = 0
    for k in picks:
        while done < k:
            replay.apply(actions[done])
            done += 1
        for seat in range(replay.players):
            rows.append((enc(replay, seat), result[seat]))
        hand.append(game.evaluate(replay) if game.evaluate is not None else [0.5] * replay.players)
    return rows, result, hand


def fit(
    x: npt.NDArray[np.float32], y: npt.NDArray[np.float64], l2: float, drop: list[tuple[int, int]] | None = None
) -> tuple[npt.NDArray[np.float64], float, int]:
    """L2-penalised logistic regression on standardised columns; weights returned in the raw tensor's scale."""
    from scipy.optimize import minimize

    mean, std = moments(x)
    keep = std > 1e-9
    for a, b in drop or []:
        keep[a:b] = False
    # Single precision keeps a game with thousands of tensor entries within memory.
    z = ((x[:, keep] - mean[keep].astype(np.float32)) / std[keep].astype(np.float32)).astype(np.float32)
    n, d = z.shape

    def loss(theta: npt.NDArray[np.float64]) -> tuple[float, npt.NDArray[np.float64]]:
        w, b = theta[:d], theta[d]
        t = (z @ w.astype(np.float32)).astype(np.float64) + b
        # log(1 + e^t) - y t, stably
        ll = np.logaddexp(0.0, t) - y * t
        p = 0.5 * (1.0 + np.tanh(0.5 * t))
        g = p - y
        value = float(ll.mean() + 0.5 * l2 * (w @ w))
        grad = np.empty(d + 1)
        grad[:d] = (z.T @ g.astype(np.float32)).astype(np.float64) / n + l2 * w
        grad[d] = g.mean()
        return value, grad

    res = minimize(loss, np.zeros(d + 1), jac=True, method="L-BFGS-B", options={"maxiter": 500})
    w_std, b_std = res.x[:d], float(res.x[d])
    weights = np.zeros(x.shape[1])
    weights[keep] = w_std / std[keep]
    bias = b_std - float((w_std * mean[keep] / std[keep]).sum())
    return weights, bias, int(res.nit)


def moments(x: npt.NDArray[np.float32], rows: int = 20_000) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """``x.mean(axis=0)`` and ``x.std(axis=0)`` in double precision, without a double-precision copy of ``x``.

    NumPy adds the rows of an axis-0 reduction one after another; each block
    here is added after the running sum in that same order, so the result is
    NumPy's to the last bit.
    """
    mean = x.mean(axis=0, dtype=np.float64)
    square = np.zeros(x.shape[1])
    for i in range(0, x.shape[0], rows):
        d = x[i : i + rows] - mean
        d *= d
        square = np.add.reduce(np.vstack([square[None, :], d]), axis=0)
    return mean, np.sqrt(square / x.shape[0])


def fit_hidden(
    x: npt.NDArray[np.float32],
    y: npt.NDArray[np.float64],
    l2: float,
    units: int,
    seed: int,
    drop: list[tuple[int, int]] | None = None,
    maxiter: int = 400,
) -> tuple[Hidden, npt.NDArray[np.float64], float, int]:
    """One hidden layer of ``units`` rectified units, then the logistic: fitted by L-BFGS on standardised columns.

    The start is drawn from ``seed``, so the same data fit the same model.
    The standardisation is folded into the hidden layer, which reads only the
    columns that vary (``Hidden.inputs``).
    """
    from scipy.optimize import minimize

    mean, std = moments(x)
    keep = std > 1e-9
    for a, b in drop or []:
        keep[a:b] = False
    cols = np.flatnonzero(keep)
    # In place on one copy: four players' positions take gigabytes.
    z = x[:, cols]
    z -= mean[cols].astype(np.float32)
    z /= std[cols].astype(np.float32)
    n, d = z.shape
    h = units
    rng = np.random.default_rng(seed)
    start = np.concatenate(
        [rng.normal(0.0, 1.0 / np.sqrt(d), h * d), np.zeros(h), rng.normal(0.0, 1.0 / np.sqrt(h), h), [0.0]]
    )

    def unpack(theta: npt.NDArray[np.float64]) -> tuple[Any, Any, Any, float]:
        w1 = theta[: h * d].reshape(h, d)
        return w1, theta[h * d : h * d + h], theta[h * d + h : h * d + 2 * h], float(theta[-1])

    def loss(theta: npt.NDArray[np.float64]) -> tuple[float, npt.NDArray[np.float64]]:
        w1, b1, w2, b2 = unpack(theta)
        pre = z @ w1.T.astype(np.float32) + b1.astype(np.float32)
        act = np.maximum(pre, 0.0)
        t = (act @ w2.astype(np.float32)).astype(np.float64) + b2
        ll = np.logaddexp(0.0, t) - y * t
        g = (0.5 * (1.0 + np.tanh(0.5 * t)) - y) / n
        value = float(ll.mean() + 0.5 * l2 * ((w1 * w1).sum() + w2 @ w2))
        back = np.outer(g, w2).astype(np.float32) * (pre > 0)
        grad = np.concatenate(
            [
                ((back.T @ z).astype(np.float64) + l2 * w1).ravel(),
                back.sum(axis=0, dtype=np.float64),
                (act.T @ g.astype(np.float32)).astype(np.float64) + l2 * w2,
                [g.sum()],
            ]
        )
        return value, grad

    res = minimize(loss, start, jac=True, method="L-BFGS-B", options={"maxiter": maxiter})
    w1, b1, w2, b2 = unpack(res.x)
    scale = std[cols]
    hidden = Hidden(cols, w1 / scale, b1 - (w1 * (mean[cols] / scale)).sum(axis=1))
    return hidden, w2.copy(), b2, int(res.nit)


def scores(p: npt.NDArray[np.float64], y: npt.NDArray[np.float64]) -> dict[str, float]:
    """Log-loss (soft labels allowed) and accuracy (a draw counts as neither right nor wrong)."""
    q = np.clip(p, 1e-6, 1 - 1e-6)
    ll = float(-(y * np.log(q) + (1 - y) * np.log(1 - q)).mean())
    decided = y != 0.5
    acc = float(((q[decided] > 0.5) == (y[decided] > 0.5)).mean()) if decided.any() else 0.5
    return {"log_loss": round(ll, 4), "accuracy": round(acc, 4)}


def parse(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", required=True)
    ap.add_argument("--players", type=int, default=None, help="seats (default: the game's default count)")
    ap.add_argument("--positions", type=int, default=4, help="decision points drawn per game")
    ap.add_argument("--explore", type=float, default=0.05, help="chance of a random legal action")
    ap.add_argument("--l2", type=float, default=1e-3)
    ap.add_argument("--bot", choices=("policy", "heuristic"), default="policy")
    ap.add_argument("--hidden", type=int, default=0, help="hidden rectified units (0: a logistic model)")
    ap.add_argument("--maxiter", type=int, default=400, help="L-BFGS iterations of a hidden-layer fit")
    ap.add_argument("--drop", default="", help="tensor entries A:B (end excluded) kept out of the fit, comma-separated")
    ap.add_argument("--workers", type=int, default=1, help="self-play processes (the data do not depend on it)")
    return ap.parse_args(argv)


@dataclass
class Data:
    """Self-play positions, split by game index into the fit's rows and the held-out ones."""

    train_x: npt.NDArray[np.float32]
    train_y: npt.NDArray[np.float64]
    test_x: npt.NDArray[np.float32]
    test_y: npt.NDArray[np.float64]
    test_hand: npt.NDArray[np.float64]
    seconds: float


#: Games a self-play task plays: small enough to share out evenly, large enough to keep pickling cheap.
CHUNK = 500


def play_chunk(task: tuple[str, int, int, argparse.Namespace]) -> tuple[Any, ...]:
    """Games ``lo`` to ``hi - 1``: their rows, split into the fit's and the held-out ones, in game order."""
    import hulldown

    game_id, lo, hi, args = task
    game = hulldown.load(game_id)
    parts: tuple[list[Any], list[float], list[Any], list[float], list[float]] = ([], [], [], [], [])
    train_x, train_y, test_x, test_y, test_hand = parts
    for i in range(lo, hi):
        rows, _, hand = play_game(game, i, args)
        held = i % HOLD_OUT == 0
        players = len(hand[0])
        for j, (t, y) in enumerate(rows):
            (test_x if held else train_x).append(t)
            (test_y if held else train_y).append(y)
            if held:
                test_hand.append(hand[j // players][j % players])
    return tuple(np.stack(x) if x and k in (0, 2) else x for k, x in enumerate(parts))


def collect(game: Game, args: argparse.Namespace) -> Data:
    """Play the games, in ``--workers`` processes; the rows come back in game order whatever the count.

    Each chunk's tensors are copied into one array as they arrive and then dropped, so a run holds
    its positions about once: a hundred thousand three-player Tank Hunter games take about 12 GB.
    """
    start = time.perf_counter()
    tasks = [(game.id, lo, min(lo + CHUNK, args.games), args) for lo in range(0, args.games, CHUNK)]
    state = game.new(seed=0, players=args.players)
    assert game.tensors is not None
    width = int(np.prod(game.tensors.observation_shape(state.players, state.options)))
    held_games = len(range(0, args.games, HOLD_OUT))
    bound = args.positions * state.players
    train_x = np.empty(((args.games - held_games) * bound, width), np.float32)
    test_x = np.empty((held_games * bound, train_x.shape[1]), np.float32)
    rest: tuple[list[float], list[float], list[float]] = ([], [], [])
    filled = [0, 0]

    def take(chunk: tuple[Any, ...]) -> None:
        for k, into in ((0, train_x), (2, test_x)):
            rows = len(chunk[k])
            if rows:
                into[filled[k // 2] : filled[k // 2] + rows] = chunk[k]
                filled[k // 2] += rows
        for part, values in zip(rest, (chunk[1], chunk[3], chunk[4]), strict=True):
            part.extend(values)

    if args.workers > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(args.workers) as pool:
            for chunk in pool.imap(play_chunk, tasks):
                take(chunk)
    else:
        for task in tasks:
            take(play_chunk(task))
    y, held_y, hand = (np.asarray(part) for part in rest)
    return Data(train_x[: filled[0]], y, test_x[: filled[1]], held_y, hand, time.perf_counter() - start)


def fit_model(game: Game, args: argparse.Namespace, data: Data) -> tuple[ValueModel, dict[str, Any]]:
    """The model of ``args`` fitted on ``data``, and the report comparing it with the hand-written evaluation."""
    start = time.perf_counter()
    x, y = data.train_x, data.train_y
    drop = [(int(a), int(b)) for a, b in (r.split(":") for r in args.drop.split(",") if r)]
    hidden: Hidden | None = None
    if args.hidden:
        hidden, weights, bias, iterations = fit_hidden(x, y, args.l2, args.hidden, args.seed, drop, args.maxiter)
    else:
        weights, bias, iterations = fit(x, y, args.l2, drop)
    fitted = time.perf_counter() - start
    state = game.new(seed=0, players=args.players)
    players, options = state.players, state.options
    fingerprint = layout_fingerprint(game, players, options)
    model = ValueModel(game.id, players, fingerprint, weights, bias, {}, hidden, x.shape[1])
    learned = np.asarray([model.win_chance(row) for row in data.test_x])
    report = {k: getattr(args, k) for k in ("games", "seed", "positions", "explore", "l2", "hidden", "bot")}
    report |= {
        "game": game.id,
        "players": players,
        "train_rows": len(y),
        "held_out_rows": len(data.test_y),
        "learned": scores(learned, data.test_y),
        "hand": scores(data.test_hand, data.test_y),
        "fit_iterations": iterations,
        "wall_seconds": {"self_play": round(data.seconds, 1), "fit": round(fitted, 1)},
        "workers": args.workers,
        "drop": args.drop,
    }
    kept = ("games", "seed", "players", "positions", "explore", "l2", "hidden", "bot", "drop")
    meta = {k: report[k] for k in (*kept, "learned", "hand")}
    meta["command"] = command(game, args)
    model.meta = meta
    return model, report


def command(game: Game, args: argparse.Namespace) -> str:
    """The command that writes the same file (``--workers`` left out: it changes only the time taken)."""
    return (
        f"PYTHONPATH=src:. python benchmarks/train_value.py {game.id} --games {args.games} --seed {args.seed} "
        + (f"--players {args.players} " if args.players is not None else "")
        + f"--positions {args.positions} --explore {args.explore} --l2 {args.l2} --bot {args.bot}"
        + (f" --hidden {args.hidden} --maxiter {args.maxiter}" if args.hidden else "")
        + (f" --drop {args.drop}" if args.drop else "")
        + " --out PATH"
    )


def write(model: ValueModel, path: str) -> None:
    with open(path, "w") as fh:
        json.dump(model.to_json(), fh, separators=(",", ":"))
        fh.write("\n")


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    import hulldown

    game = hulldown.load(args.game)
    if game.tensors is None:
        raise SystemExit(f"{game.id} declares no observation tensors")
    model, report = fit_model(game, args, collect(game, args))
    write(model, args.out)
    print(json.dumps(report), flush=True)


if __name__ == "__main__":
    main()
