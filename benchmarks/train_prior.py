"""Can a model predict the search's choices? A prior fitted to them, measured on games it never saw.

The search (``hulldown.agents.ismcts``) starts each decision from a rule of thumb, the game's
heuristic, and leaves it only where its paired playouts show a better action. A model fitted to
many of the search's decisions could average away the noise of each one: where the search
leaves the heuristic's choice again and again in positions of one kind, the model would learn
to leave it there before any playout is run (expert iteration, Anthony et al. 2017; AlphaZero's
PUCT prior is fitted the same way, to the search's own choices). This script measures whether
such a model can be fitted: it is a yardstick, and no bot uses what it writes.

An action is described by what it does to the seat's own observation tensor, so one small model
covers every action id of a game (Tank Hunter's layout has over twelve thousand):

* ``x0``: the seat's tensor in a world resampled from the seat's information (as the search
  draws its own), so the features know nothing the seat does not;
* ``delta``: the change the action makes to that tensor, applied in the same world;
* whether it is the heuristic's choice, and the kind of action (the id's first word, hashed).

The score is a linear term plus an optional hidden layer over these, and the prior a softmax of
the scores over the legal actions (McFadden's conditional logit).

Two steps, so that the slow one runs on every core:

``PYTHONPATH=src:. python benchmarks/train_prior.py play GAME --players P --games N --first I --seed S
--out SHARD.npz [--ismcts SPEC] [--opponents OPP]`` plays games ``I`` to ``I + N - 1`` of the
search (``SPEC``, the game's ``normal`` level by default) against ``OPP`` (its heuristic bot),
the search's seat turning round the table game by game as in ``strength.py``. At each of the
search's decisions with a choice it keeps every legal action's features, which action was the
heuristic's choice, and which the search played.

``PYTHONPATH=src:. python benchmarks/train_prior.py fit SHARD.npz... --out MODEL.json [--hidden 8]
[--l2 0.001] [--maxiter 300] [--seed 0] [--validate] [--held-out PATH]`` fits the prior (SciPy's
L-BFGS on the cross-entropy of the search's choices, L2-penalised) on standardised columns whose
scale is folded into the weights written out. Decisions of one game in five (by game index) are
held out; the report gives, on them, how often the prior's best action is the search's choice,
how often the heuristic's choice is, and the mean log-likelihood of the search's choices.
``--validate`` leaves the held-out games out altogether and holds out the next fifth instead,
for choosing ``--hidden`` and ``--l2`` without looking at the held-out games.

Everything is seeded: the same commands write the same files.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import zlib
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from hulldown.agents.ismcts import ISMCTSAgent
from hulldown.agents.registry import make_agent
from hulldown.agents.value import layout_fingerprint
from hulldown.engine.agent import SeatView
from hulldown.engine.game import Game
from hulldown.engine.rng import SplitMix64, derive_seed
from hulldown.engine.state import Action, GameState
from hulldown.sim.runner import resolve_game

HOLD_OUT = 5
Floats = npt.NDArray[np.float32]

FORMAT = "hulldown-prior-1"
#: Action kinds (an id's first word) are hashed to this many indicator features.
KINDS = 16


def kind_of(action_id: str) -> int:
    """The bucket of an action's kind: its id's first word (``attack``, ``wait``, ``play``...)."""
    return zlib.crc32(action_id.split(":", 1)[0].encode()) % KINDS


def action_deltas(encoder: Any, world: GameState, seat: int, legal: list[Action]) -> tuple[Floats, Floats]:
    """The seat's tensor in ``world`` and, per legal action, the change that action makes to it.

    Each action is applied to its own clone of the world, whose dice the world's own stream
    decides; the world is a determinization, so a drawn card or a die in the result is a guess.
    """
    x0 = np.asarray(encoder(world, seat), dtype=np.float32)
    deltas = np.empty((len(legal), x0.shape[0]), dtype=np.float32)
    for k, action in enumerate(legal):
        after = world.clone()
        after.apply(action.id)
        deltas[k] = np.asarray(encoder(after, seat), dtype=np.float32) - x0
    return x0, deltas


def extras(legal: list[Action], hint: str | None) -> Floats:
    """Per action: 1 if it is the heuristic's choice, then the one-hot kind of action."""
    out = np.zeros((len(legal), 1 + KINDS), dtype=np.float32)
    for k, action in enumerate(legal):
        out[k, 0] = 1.0 if action.id == hint else 0.0
        out[k, 1 + kind_of(action.id)] = 1.0
    return out


def rows(x0: Floats, deltas: Floats, extra: Floats) -> Floats:
    """One input row per action: the world's tensor, the action's change to it, its extras."""
    n = deltas.shape[0]
    return np.concatenate([np.broadcast_to(x0, (n, x0.shape[0])), deltas, extra], axis=1)


class PriorModel:
    """``score(z) = linear . z + out . relu(hidden @ z[inputs] + bias)``; standardisation folded in."""

    __slots__ = ("bias", "game_id", "hidden", "inputs", "layout", "linear", "meta", "out", "players")

    def __init__(self, game_id: str, players: int, layout: str, arrays: dict[str, Any], meta: dict[str, Any]) -> None:
        self.game_id = game_id
        self.players = players
        self.layout = layout
        self.meta = dict(meta)
        self.inputs = np.asarray(arrays["inputs"], dtype=np.intp)
        self.linear = np.asarray(arrays["linear"], dtype=np.float32)
        self.hidden = np.asarray(arrays["hidden"], dtype=np.float32).reshape(-1, self.inputs.shape[0])
        self.bias = np.asarray(arrays["bias"], dtype=np.float32)
        self.out = np.asarray(arrays["out"], dtype=np.float32)
        if self.linear.shape != self.inputs.shape or self.bias.shape != self.out.shape:
            raise ValueError("a prior model's arrays do not agree in size")
        if self.hidden.shape[0] != self.out.shape[0]:
            raise ValueError("a prior model's hidden layer and output do not agree in size")

    def scores(self, z: Floats) -> Floats:
        """The score of each row of ``z`` (one row per legal action)."""
        x = z[:, self.inputs]
        h = np.maximum(x @ self.hidden.T + self.bias, 0.0)
        return np.asarray(x @ self.linear + h @ self.out, dtype=np.float32)

    def to_json(self) -> dict[str, Any]:
        def nums(a: npt.NDArray[Any]) -> list[float]:
            return [float(f"{v:.5g}") for v in np.asarray(a).reshape(-1)]

        return {
            "format": FORMAT,
            "game": self.game_id,
            "players": self.players,
            "layout": self.layout,
            "meta": self.meta,
            "inputs": [int(i) for i in self.inputs],
            "linear": nums(self.linear),
            "hidden": nums(self.hidden),
            "bias": nums(self.bias),
            "out": nums(self.out),
        }

    @classmethod
    def from_json(cls, data: Any) -> PriorModel:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} file")
        try:
            arrays = {k: np.asarray(data[k], dtype=np.float64) for k in ("linear", "hidden", "bias", "out")}
            arrays["inputs"] = np.asarray(data["inputs"], dtype=np.int64)
            players = int(data["players"])
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"a prior model's field is missing or not numbers: {exc}") from None
        if not all(np.isfinite(a).all() for a in arrays.values()):
            raise ValueError("a prior model holds a number that is not finite")
        meta = data.get("meta", {})
        return cls(
            str(data.get("game")), players, str(data.get("layout")), arrays, meta if isinstance(meta, dict) else {}
        )


def play_game(game: Game, i: int, args: argparse.Namespace, out: dict[str, list[Any]]) -> int:
    """One game; appends each of the search's decisions with a choice to ``out``. Returns their number."""
    players = args.players
    seat = i % players
    state = game.new(seed=derive_seed(args.seed, "game", i), players=players)
    specs = [args.opponents] * players
    specs[seat] = args.ismcts
    agents = [make_agent(spec, game, k, derive_seed(args.seed, "agents", i)) for k, spec in enumerate(specs)]
    search = agents[seat]
    if not isinstance(search, ISMCTSAgent) or search.bias <= 0:
        raise SystemExit("--ismcts must name an ismcts search that starts from a rule of thumb (bias > 0)")
    encoder: Any = game.tensors.state_encoder(players, state.options)  # type: ignore[union-attr]
    kept = 0
    while not state.is_over:
        p = state.current_player
        assert p is not None
        view = SeatView(state, p)
        action = agents[p].act(view)
        legal = view.legal_actions() if p == seat else []
        if len(legal) > 1:
            world = view.resample(SplitMix64(derive_seed(args.seed, "world", i, state.steps)))
            x0, deltas = action_deltas(encoder, world, seat, legal)
            ids = [a.id for a in legal]
            out["x0"].append(x0)
            out["deltas"].append(deltas)
            out["extra"].append(extras(legal, search.last_hint))
            out["n"].append(len(legal))
            out["chosen"].append(ids.index(action.id))
            out["hint"].append(ids.index(search.last_hint) if search.last_hint in ids else -1)
            out["game"].append(i)
            kept += 1
        state.apply(action)
    return kept


def play(args: argparse.Namespace) -> None:
    game = resolve_game(args.game)
    out: dict[str, list[Any]] = {k: [] for k in ("x0", "deltas", "extra", "n", "chosen", "hint", "game")}
    start = time.perf_counter()
    for i in range(args.first, args.first + args.games):
        kept = play_game(game, i, args, out)
        print(f"game {i}: {kept} decisions, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    options = game.new(seed=0, players=args.players).options
    np.savez_compressed(
        args.out,
        x0=np.stack(out["x0"]),
        deltas=np.concatenate(out["deltas"]),
        extra=np.concatenate(out["extra"]),
        n=np.array(out["n"]),
        chosen=np.array(out["chosen"]),
        hint=np.array(out["hint"]),
        game=np.array(out["game"]),
        meta=np.array(
            json.dumps(
                {
                    "game": game.id,
                    "players": args.players,
                    "seed": args.seed,
                    "ismcts": args.ismcts,
                    "opponents": args.opponents,
                    "layout": layout_fingerprint(game, args.players, options),
                    "seconds": round(time.perf_counter() - start, 1),
                }
            )
        ),
    )


def load_shards(paths: list[Path]) -> dict[str, Any]:
    """The shards' decisions, joined in the order given; their metadata must agree."""
    parts = [np.load(p, allow_pickle=False) for p in paths]
    metas = [json.loads(str(d["meta"])) for d in parts]
    for m in metas[1:]:
        if (m["game"], m["players"], m["layout"]) != (metas[0]["game"], metas[0]["players"], metas[0]["layout"]):
            raise SystemExit("the shards were played at different games, counts or layouts")
    data = {k: np.concatenate([d[k] for d in parts]) for k in ("deltas", "extra", "n", "chosen", "hint", "game")}
    data["x0"] = np.concatenate([d["x0"] for d in parts])
    data["meta"] = metas[0]
    data["play_seconds"] = sum(m["seconds"] for m in metas)
    return data


def design(
    data: dict[str, Any], pick: npt.NDArray[np.bool_]
) -> tuple[Floats, npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """The rows of the picked decisions (one per legal action), each decision's first row, and its choice's row."""
    n = data["n"]
    starts = np.concatenate([[0], np.cumsum(n)[:-1]])
    chosen_rows: list[int] = []
    blocks: list[Floats] = []
    firsts: list[int] = []
    at = 0
    for d in np.flatnonzero(pick):
        s, k = int(starts[d]), int(n[d])
        blocks.append(rows(data["x0"][d], data["deltas"][s : s + k], data["extra"][s : s + k]))
        firsts.append(at)
        chosen_rows.append(at + int(data["chosen"][d]))
        at += k
    return np.concatenate(blocks), np.array(firsts, dtype=np.intp), np.array(chosen_rows, dtype=np.intp)


def group_softmax(s: npt.NDArray[np.float64], firsts: npt.NDArray[np.intp]) -> npt.NDArray[np.float64]:
    """Softmax of the scores within each decision (rows ``firsts[j]`` to ``firsts[j + 1] - 1``)."""
    top = np.maximum.reduceat(s, firsts)
    sizes = np.diff(np.append(firsts, len(s)))
    e = np.exp(s - np.repeat(top, sizes))
    return e / np.repeat(np.add.reduceat(e, firsts), sizes)


class Fit:
    """Cross-entropy of the search's choices under the prior, with its gradient, on standardised rows."""

    def __init__(self, z: Floats, firsts: npt.NDArray[np.intp], chosen: npt.NDArray[np.intp], hidden: int, l2: float):
        self.z, self.firsts, self.chosen, self.h, self.l2 = z, firsts, chosen, hidden, l2
        self.f = z.shape[1]

    def unpack(self, theta: npt.NDArray[np.float64]) -> tuple[Any, Any, Any, Any]:
        f, h = self.f, self.h
        lin = theta[:f]
        w = theta[f : f + h * f].reshape(h, f)
        b = theta[f + h * f : f + h * f + h]
        u = theta[f + h * f + h :]
        return lin, w, b, u

    def scores(self, theta: npt.NDArray[np.float64], z: Floats) -> tuple[Any, Any]:
        lin, w, b, u = self.unpack(theta)
        pre = z @ w.T.astype(np.float32) + b.astype(np.float32)
        hid = np.maximum(pre, 0.0)
        return (z @ lin.astype(np.float32) + hid @ u.astype(np.float32)).astype(np.float64), (pre, hid)

    def __call__(self, theta: npt.NDArray[np.float64]) -> tuple[float, npt.NDArray[np.float64]]:
        lin, w, _, u = self.unpack(theta)
        s, (pre, hid) = self.scores(theta, self.z)
        p = group_softmax(s, self.firsts)
        m = len(self.firsts)
        loss = -float(np.log(p[self.chosen] + 1e-12).sum()) / m
        ds = p.copy()
        ds[self.chosen] -= 1.0
        ds /= m
        ds32 = ds.astype(np.float32)
        g_lin = self.z.T @ ds32
        g_u = hid.T @ ds32
        dh = (ds32[:, None] * u.astype(np.float32)[None, :]) * (pre > 0)
        g_w = dh.T @ self.z
        g_b = dh.sum(axis=0)
        reg = 0.5 * self.l2 * float(lin @ lin + (w * w).sum() + u @ u)
        grad = np.concatenate([g_lin + self.l2 * lin, (g_w + self.l2 * w).ravel(), g_b, g_u + self.l2 * u])
        return loss + reg, grad.astype(np.float64)


def report(prior: Fit, theta: Any, z: Floats, firsts: Any, chosen: Any, hint_rows: Any) -> dict[str, float]:
    """How often the prior's best action, and the heuristic's choice, is the search's; the mean log-likelihood."""
    s, _ = prior.scores(theta, z)
    p = group_softmax(s, firsts)
    best = np.array(
        [
            firsts[j] + int(np.argmax(s[firsts[j] : (firsts[j + 1] if j + 1 < len(firsts) else len(s))]))
            for j in range(len(firsts))
        ]
    )
    return {
        "decisions": len(firsts),
        "prior_agrees": round(float((best == chosen).mean()), 4),
        "heuristic_agrees": round(float((hint_rows == chosen).mean()), 4),
        "prior_departs": round(float((best != hint_rows).mean()), 4),
        "log_likelihood": round(float(np.log(p[chosen] + 1e-12).mean()), 4),
    }


def fit(args: argparse.Namespace) -> None:
    from scipy.optimize import minimize

    start = time.perf_counter()
    data = load_shards(args.shards)
    held = data["game"] % HOLD_OUT == 0
    train = ~held
    if args.validate:
        # Model selection without the held-out games: they are left out, and the next fifth is held instead.
        held, train = data["game"] % HOLD_OUT == 1, data["game"] % HOLD_OUT > 1
    z, firsts, chosen = design(data, train)
    zt, ft, ct = design(data, held)
    mean = z.mean(axis=0, dtype=np.float64)
    std = z.std(axis=0, dtype=np.float64)
    keep = np.flatnonzero(std > 1e-6)
    mu, sd = mean[keep].astype(np.float32), std[keep].astype(np.float32)
    zs = (z[:, keep] - mu) / sd
    zts = (zt[:, keep] - mu) / sd
    prior = Fit(zs, firsts, chosen, args.hidden, args.l2)
    rng = np.random.default_rng(args.seed)
    theta = np.zeros(prior.f + args.hidden * prior.f + 2 * args.hidden)
    theta[prior.f : prior.f + args.hidden * prior.f] = rng.normal(0, 0.3 / np.sqrt(prior.f), args.hidden * prior.f)
    theta[prior.f + args.hidden * prior.f + args.hidden :] = rng.normal(0, 0.1, args.hidden)
    res = minimize(prior, theta, jac=True, method="L-BFGS-B", options={"maxiter": args.maxiter})
    out = {
        "train": report(prior, res.x, zs, firsts, chosen, _hint_rows(data, train, firsts)),
        "held_out": report(prior, res.x, zts, ft, ct, _hint_rows(data, held, ft)),
    }
    lin, w, b, u = prior.unpack(res.x)
    game = resolve_game(data["meta"]["game"])
    meta = {
        **{k: data["meta"][k] for k in ("seed", "ismcts", "opponents")},
        "hidden": args.hidden,
        "l2": args.l2,
        "decisions": len(data["n"]),
        "held_out": out["held_out"],
    }
    arrays = {"inputs": keep, "linear": lin / sd, "hidden": w / sd, "bias": b - (w / sd) @ mu, "out": u}
    model = PriorModel(game.id, int(data["meta"]["players"]), data["meta"]["layout"], arrays, meta)
    args.out.write_text(json.dumps(model.to_json(), separators=(",", ":")) + "\n")
    if args.held_out is not None:
        save_decisions(args.held_out, data, held)
    out["seconds"] = {"play": data["play_seconds"], "fit": round(time.perf_counter() - start, 1)}
    out["iterations"] = int(res.nit)
    print(json.dumps(out, indent=1))


def save_decisions(path: Path, data: dict[str, Any], pick: npt.NDArray[np.bool_]) -> None:
    """Write the picked decisions as a shard (the held-out ones, for the shipped prior's test)."""
    n = data["n"]
    action_rows = np.repeat(pick, n)
    np.savez_compressed(
        path,
        x0=data["x0"][pick],
        deltas=data["deltas"][action_rows],
        extra=data["extra"][action_rows],
        **{k: data[k][pick] for k in ("n", "chosen", "hint", "game")},
        meta=np.array(json.dumps({**data["meta"], "seconds": 0.0})),
    )


def _hint_rows(data: dict[str, Any], pick: Any, firsts: Any) -> npt.NDArray[np.intp]:
    """The row of each picked decision's heuristic choice (its first row where the heuristic named none)."""
    hints = data["hint"][pick]
    return np.asarray(firsts + np.maximum(hints, 0), dtype=np.intp)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play the search against a bot and keep its decisions")
    p.add_argument("game")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--ismcts", default="ismcts:level=normal")
    p.add_argument("--opponents", default="heuristic")
    p.add_argument("--out", type=Path, required=True)
    f = sub.add_parser("fit", help="fit the prior to played shards")
    f.add_argument("shards", type=Path, nargs="+")
    f.add_argument("--out", type=Path, required=True)
    f.add_argument("--hidden", type=int, default=8)
    f.add_argument("--l2", type=float, default=1e-3)
    f.add_argument("--maxiter", type=int, default=300)
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--held-out", type=Path, help="also write the held-out decisions here")
    f.add_argument("--validate", action="store_true", help="leave the held-out games out; hold out the next fifth")
    args = parser.parse_args(argv)
    if args.command == "play":
        play(args)
    else:
        fit(args)


if __name__ == "__main__":
    main()
