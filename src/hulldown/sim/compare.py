"""Did a change to the cards change the game? Two variants played on common seeds, compared pair by pair.

``hulldown balance GAME --compare A B`` plays variant A and variant B (two card
sets or option sets) from the same seeds: game ``i`` of A and game ``i`` of B
share their seed, their seating and their faction pairing. A card change moves
a win rate by a point or two, while a single game swings far more with its deal
and its dice; whatever the seed decides alike in both variants cancels out of
each pair's difference. How much cancels depends on how long the two games
draw the same randomness (a changed deck diverges at its first draw), so the
interval is computed from the pairs' own spread, never assumed narrower than
that of two independent samples.
"""

from __future__ import annotations

import html
import json
import math
import statistics
from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from hulldown.engine.game import BalanceHooks, Game
from hulldown.engine.rng import derive_seed
from hulldown.sim.backends import run_jobs
from hulldown.sim.balance import _faction_of, _option_sets, _plot, _score, card_impact
from hulldown.sim.runner import GameResult, Job, game_locator, resolve_game
from hulldown.sim.simulate import prepare, progress_bar, write_table
from hulldown.sim.stats import Z95, rate

Pair = tuple[GameResult, GameResult]


def parse_variant(text: str) -> dict[str, str]:
    """``key=value,key=value`` (the options one variant sets on top of the common ones)."""
    out: dict[str, str] = {}
    for item in (p.strip() for p in text.split(",")):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"a variant is key=value[,key=value...], not {text!r:.80}")
        out[key.strip()] = value.strip()
    return out


def paired_difference(diffs: Sequence[float]) -> dict[str, float]:
    """Mean of paired differences with its 95% interval (normal, from the pairs' standard deviation)."""
    n = len(diffs)
    if n == 0:
        return {"mean": 0.0, "low": -1.0, "high": 1.0, "n": 0}
    mean = statistics.fmean(diffs)
    half = Z95 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else math.inf
    return {"mean": mean, "low": max(-1.0, mean - half), "high": min(1.0, mean + half), "n": n}


def _pairs(jobs_results: Sequence[list[GameResult]]) -> list[Pair]:
    """A's and B's games of each seeding, matched by index (after a Ctrl-C only games finished in both)."""
    pairs: list[Pair] = []
    for k in range(0, len(jobs_results), 2):
        b_by_index = {r.index: r for r in jobs_results[k + 1]}
        pairs += [(ra, b_by_index[ra.index]) for ra in jobs_results[k] if ra.index in b_by_index]
    return pairs


def _differences(pairs: Sequence[Pair], factions: Sequence[str], n: int) -> dict[str, Any]:
    seats: list[list[float]] = [[] for _ in range(n)]
    by_faction: dict[str, list[float]] = defaultdict(list)
    for ra, rb in pairs:
        facs = [_faction_of(ra, factions, s) for s in range(n)]
        mirror = len(set(facs)) == 1
        for s in range(n):
            d = _score(ra, [s]) - _score(rb, [s])
            seats[s].append(d)
            if factions and not mirror and _faction_of(rb, factions, s) == facs[s]:
                by_faction[facs[s]].append(d)
    return {
        "by_seat": [paired_difference(d) for d in seats],
        "by_faction": {f: paired_difference(d) for f, d in sorted(by_faction.items())},
        "length": paired_difference([float(ra.steps - rb.steps) for ra, rb in pairs]),
    }


def _variant_rates(results: Sequence[GameResult], factions: Sequence[str], n: int) -> dict[str, Any]:
    fac: dict[str, list[float]] = defaultdict(list)
    for r in results:
        facs = [_faction_of(r, factions, s) for s in range(n)]
        if factions and len(set(facs)) > 1:
            for s in range(n):
                fac[facs[s]].append(_score(r, [s]))
    return {
        "games": len(results),
        "seat_scores": [rate(sum(_score(r, [s]) for r in results), len(results)) for s in range(n)],
        "faction_scores": {f: rate(sum(v), len(v)) for f, v in sorted(fac.items())},
        "mean_length": statistics.fmean(r.steps for r in results) if results else 0.0,
    }


def _cards_side_by_side(a: Sequence[GameResult], b: Sequence[GameResult], factions: Sequence[str]) -> list[Any]:
    """Per card, its impact (win rate played minus not played) under A and under B."""
    ia = {(d["faction"], d["card"]): d["delta"] for d in card_impact(a, factions)}
    ib = {(d["faction"], d["card"]): d["delta"] for d in card_impact(b, factions)}
    rows = [
        {"faction": f, "card": c, "impact_a": ia.get((f, c)), "impact_b": ib.get((f, c))}
        for f, c in sorted(set(ia) | set(ib))
    ]
    rows.sort(key=lambda d: -abs((d["impact_a"] or 0.0) - (d["impact_b"] or 0.0)))
    return rows


def _jobs(g: Game, specs: list[str], n: int, seed: int, va: dict[str, Any], vb: dict[str, Any], games: int) -> Any:
    factions = list((g.balance or BalanceHooks()).factions)
    _, sets_a = _option_sets(g, va, factions)
    _, sets_b = _option_sets(g, vb, factions)
    rotations = [specs[i:] + specs[:i] for i in range(n)] if len(set(specs)) > 1 else [specs]
    per = max(1, games // (len(sets_a) * len(rotations)))
    jobs: list[tuple[Job, int]] = []
    for i, (oa, ob) in enumerate(zip(sets_a, sets_b, strict=True)):
        for k, rot in enumerate(rotations):
            common = derive_seed(seed, "compare", i, k)  # the same seeds for A and B: the pairing
            for variant, opts in (("A", oa), ("B", ob)):
                tags = (("rotation", k), ("set", i), ("variant", variant))
                job = Job(game_locator(g), tuple(rot), common, n, tuple(sorted(opts.items())), True, tags)
                jobs.append((job, per))
    return factions, jobs


def compare(
    game: Game | str,
    agents: Sequence[str],
    games: int,
    a: Mapping[str, Any],
    b: Mapping[str, Any],
    seed: int = 0,
    *,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: bool = False,
    out: str | Path = "compare-report",
) -> dict[str, Any]:
    """Play ``games`` pairs (per variant, spread over faction pairings and seat orders) and write the report."""
    if games < 2:
        raise ValueError("games must be at least 2 (one per seat order)")
    g, specs, n, base = prepare(game, agents, None, options)
    va, vb = g.validate_options({**base, **a}), g.validate_options({**base, **b})
    if va == vb:
        raise ValueError("A and B give the same options: there is nothing to compare")
    factions, jobs = _jobs(g, specs, n, seed, va, vb, games)
    with progress_bar(sum(c for _, c in jobs), f"{g.id}: A v B", progress) as tick:
        outcome = run_jobs(jobs, backend=backend, workers=workers, address=address, progress=tick)
    pairs = _pairs(outcome.results)
    res_a, res_b = [p[0] for p in pairs], [p[1] for p in pairs]
    report: dict[str, Any] = {
        "game": g.id,
        "agents": specs,
        "seed": seed,
        "pairs": len(pairs),
        "a": {k: v for k, v in va.items() if vb.get(k) != v},
        "b": {k: v for k, v in vb.items() if va.get(k) != v},
        "difference": _differences(pairs, factions, n),
        "variant_a": _variant_rates(res_a, factions, n),
        "variant_b": _variant_rates(res_b, factions, n),
        "cards": _cards_side_by_side(res_a, res_b, factions),
        "interrupted": outcome.interrupted,
    }
    outdir = Path(out)
    outdir.mkdir(parents=True, exist_ok=True)
    write_table([r for rs in outcome.results for r in rs], g.id, outdir / "games.csv")
    plots = [_plot_differences(report, outdir), *_plot_cards(report, outdir)]
    (outdir / "report.json").write_text(json.dumps(report, indent=2, default=str), encoding="utf-8")
    (outdir / "index.html").write_text(_html(report, plots), encoding="utf-8")
    report["out"] = str(outdir)
    return report


def bar_card(
    game: Game | str, agents: Sequence[str], games: int, card: str, seed: int = 0, **run: Any
) -> dict[str, Any]:
    """The controlled test of one card: the game as it is (A) against the game without ``card`` (B).

    Unlike per-card impact, which compares games where a seat happened to play a
    card with games where it did not, this changes only the card's presence and
    plays both versions from the same seeds: A minus B is what the card is worth
    to each seat and faction.
    """
    g = resolve_game(game)
    if g.balance is None or g.balance.bar is None:
        raise ValueError(f"{g.id} does not declare how to leave a card out (Game.balance.bar)")
    base = g.validate_options(run.pop("options", None))
    barred = g.validate_options(g.balance.bar(base, card))
    g.new(seed=seed, options=barred)  # an unknown card fails here, in one line, before any game is played
    report = compare(
        g, agents, games, {}, {k: v for k, v in barred.items() if base.get(k) != v}, seed, options=base, **run
    )
    report["card"] = card
    return report


def _plot_differences(report: Mapping[str, Any], outdir: Path) -> tuple[str, str]:
    diff = report["difference"]
    items = [(f"seat {s}", d) for s, d in enumerate(diff["by_seat"])] + list(diff["by_faction"].items())

    def draw(ax: Any) -> None:
        ys = list(range(len(items)))
        xs = [100 * d["mean"] for _, d in items]
        err = [[100 * (d["mean"] - d["low"]) for _, d in items], [100 * (d["high"] - d["mean"]) for _, d in items]]
        ax.errorbar(xs, ys, xerr=err, fmt="o", color="#5b7a3a", capsize=3)
        ax.axvline(0, color="grey", lw=1, ls="--")
        ax.set_yticks(ys, [label for label, _ in items])
        ax.invert_yaxis()
        ax.set_xlabel("score of A minus score of B (percentage points)")
        ax.set_title("What the change did, with 95% intervals")

    caption = "Score difference A - B by seat and by faction (paired games, 95% intervals)"
    return caption, _plot(outdir / "difference.png", draw, (7, max(3, 0.5 * len(items) + 1.5)))


def _plot_cards(report: Mapping[str, Any], outdir: Path) -> list[tuple[str, str]]:
    shown = [d for d in report["cards"] if d["impact_a"] is not None and d["impact_b"] is not None][:20]
    if not shown:
        return []

    def draw(ax: Any) -> None:
        ys = list(range(len(shown)))
        for key, colour, off, label in (("impact_a", "#5b7a3a", -0.2, "A"), ("impact_b", "#b0a070", 0.2, "B")):
            ax.barh([y + off for y in ys], [100 * d[key] for d in shown], height=0.4, color=colour, label=label)
        ax.set_yticks(ys, [f"{d['card']} ({d['faction']})" for d in shown])
        ax.invert_yaxis()
        ax.axvline(0, color="grey", lw=1)
        ax.set_xlabel("win rate when played minus when not (points)")
        ax.legend(loc="lower right")
        ax.set_title("Per-card impact under A and B (largest changes)")

    caption = "Per-card impact side by side: the cards whose impact changed most"
    return [(caption, _plot(outdir / "cards.png", draw, (8, max(4, 0.32 * len(shown) + 1))))]


def _diff_text(d: Mapping[str, float]) -> str:
    return f"{100 * d['mean']:+.1f} points [{100 * d['low']:+.1f}, {100 * d['high']:+.1f}] (n={d['n']})"


def _html(report: Mapping[str, Any], plots: Sequence[tuple[str, str]]) -> str:
    e = html.escape
    va, vb, diff = report["variant_a"], report["variant_b"], report["difference"]
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>A/B: {e(report['game'])}</title>",
        "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left}img{max-width:100%}</style></head><body>",
        f"<h1>A/B comparison: {e(report['game'])}</h1>",
        f"<p>A sets {e(json.dumps(report['a'], default=str))}; B sets {e(json.dumps(report['b'], default=str))}. "
        f"{report['pairs']} pairs of games on common seeds, agents {e(' v '.join(report['agents']))} rotated "
        f"through the seats, seed {report['seed']}. A difference is A's score minus B's (a win 1, a draw one "
        "half), with a 95% interval from the pairs; an interval that contains 0 means no change was shown.</p>",
        "<h2>Differences</h2><table><tr><th></th><th>A - B</th><th>A</th><th>B</th></tr>",
    ]
    for s, d in enumerate(diff["by_seat"]):
        parts.append(
            f"<tr><td>seat {s}</td><td>{_diff_text(d)}</td>"
            f"<td>{_rate_text(va['seat_scores'][s])}</td><td>{_rate_text(vb['seat_scores'][s])}</td></tr>"
        )
    for f, d in diff["by_faction"].items():
        fa, fb = va["faction_scores"].get(f), vb["faction_scores"].get(f)
        parts.append(
            f"<tr><td>{e(f)}</td><td>{_diff_text(d)}</td>"
            f"<td>{_rate_text(fa) if fa else ''}</td><td>{_rate_text(fb) if fb else ''}</td></tr>"
        )
    parts.append("</table>")
    ln = diff["length"]
    parts.append(
        f"<p>Game length: A {va['mean_length']:.1f}, B {vb['mean_length']:.1f} decisions; "
        f"A - B {ln['mean']:+.1f} [{ln['low']:+.1f}, {ln['high']:+.1f}].</p>"
    )
    parts += [f"<figure><img src='{e(n)}' alt='{e(c)}'><figcaption>{e(c)}</figcaption></figure>" for c, n in plots]
    if report["cards"]:
        parts.append("<h2>Per-card impact</h2><table><tr><th>faction</th><th>card</th><th>A</th><th>B</th></tr>")
        for d in report["cards"]:
            a = "" if d["impact_a"] is None else f"{100 * d['impact_a']:+.1f}"
            b = "" if d["impact_b"] is None else f"{100 * d['impact_b']:+.1f}"
            parts.append(f"<tr><td>{e(d['faction'])}</td><td>{e(d['card'])}</td><td>{a}</td><td>{b}</td></tr>")
        parts.append(
            "</table><p>Impact is correlational: the seat's win rate when it played the card minus when not.</p>"
        )
    if report["interrupted"]:
        parts.append("<p><b>Interrupted:</b> the figures cover the pairs finished before the stop.</p>")
    parts.append("</body></html>")
    return "\n".join(parts)


def _rate_text(r: Mapping[str, float]) -> str:
    return f"{100 * r['rate']:.1f}% [{100 * r['low']:.1f}, {100 * r['high']:.1f}]"


__all__ = ["bar_card", "compare", "paired_difference", "parse_variant"]
