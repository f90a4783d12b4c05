"""Balance studies: who wins, by faction, by seat, by card, and what parity would cost.

A game describes its balance levers in ``Game.balance`` (:class:`~hulldown.engine.game.BalanceHooks`):

``factions``
    a tuple naming, per seat, the option that picks that seat's faction or
    deck (Tank Killers: ``("deck0", "deck1")``). Every combination of their
    ``choices`` is played. Without it, ``vary`` names options to cross.
``reinforce(options, seat, cards) -> options``
    the options with extra copies of ``cards`` added to ``seat``'s deck
    (``ValueError`` if a card cannot be added).
``reinforce_pool(options, seat) -> list[str]``
    the cards ``seat``'s faction may add copies of.

**Parity method.** The weaker faction W and the stronger S are measured head
to head with the chosen pairing of agents, in all four combinations of
faction seat and agent seat, so neither the first-player advantage nor the
agents' strength leaks into the gap. W's *best cards* are its pool ranked by
per-card impact (win rate when played minus win rate when not, measured in
the main run). W then gets ``k`` extra cards, cycling through its three best,
and the head-to-head is replayed for each ``k`` on a search that doubles
``k`` (1, 2, 4, ...) until W scores at least 50%, then bisects. The report
gives the smallest ``k`` reaching 50%, an interpolated fractional ``k``, and
the values of ``k`` whose 95% interval contains 50% (statistically at parity).
"""

from __future__ import annotations

import html
import itertools
import json
import statistics
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hulldown.engine.game import BalanceHooks, Game
from hulldown.engine.rng import derive_seed
from hulldown.sim.backends import run_jobs
from hulldown.sim.runner import GameResult, Job, game_locator
from hulldown.sim.simulate import prepare, progress_bar, write_table
from hulldown.sim.stats import rate


def _option_sets(game: Game, base: Mapping[str, Any], vary: Sequence[str]) -> tuple[list[str], list[dict[str, Any]]]:
    specs = {o.name: o for o in game.info.options}
    names = list(vary)
    for name in names:
        if name not in specs:
            raise ValueError(f"{game.id} has no option {name!r} to vary")
        spec = specs[name]
        if spec.choices is None and spec.kind is not bool:
            raise ValueError(f"option {name!r} has no fixed choices to vary")
    values = [list(specs[n].choices or (False, True)) for n in names]
    sets = []
    for combo in itertools.product(*values):
        opts = dict(base)
        opts.update(zip(names, combo, strict=True))
        sets.append(game.validate_options(opts))
    return names, sets


def _score(r: GameResult, seats: Sequence[int]) -> float:
    """1 if one of ``seats`` has the best return alone among the others, 0.5 on a tie, else 0."""
    mine = max(r.returns[s] for s in seats)
    theirs = max((r.returns[s] for s in range(r.players) if s not in seats), default=mine)
    return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5


def _faction_of(r: GameResult, factions: Sequence[str], seat: int) -> str:
    return str(r.options[factions[seat]]) if factions else "all"


def card_impact(results: Sequence[GameResult], factions: Sequence[str], min_n: int = 10) -> list[dict[str, Any]]:
    """Per (faction, card): the seat's win rate when it played the card versus when it did not.

    Only seat-games of factions that played the card somewhere count, so a
    card is not credited with the losses of factions that never hold it.
    """
    seat_games: dict[str, list[tuple[set[str], bool]]] = defaultdict(list)
    for r in results:
        if not r.played:
            continue
        for s in range(r.players):
            fac = _faction_of(r, factions, s)
            seat_games[fac].append((set(r.played[s]), s in r.winners))
    out: list[dict[str, Any]] = []
    for fac, rows in seat_games.items():
        cards = set().union(*(p for p, _ in rows)) if rows else set()
        for card in sorted(cards):
            with_ = [w for p, w in rows if card in p]
            without = [w for p, w in rows if card not in p]
            if len(with_) < min_n or len(without) < min_n:
                continue
            a = rate(sum(with_), len(with_))
            b = rate(sum(without), len(without))
            out.append({"faction": fac, "card": card, "played": a, "not_played": b, "delta": a["rate"] - b["rate"]})
    out.sort(key=lambda d: -float(d["delta"]))
    return out


def _plot(path: Path, draw: Callable[[Any], None], size: tuple[float, float] = (7, 4)) -> str:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=size)
    draw(ax)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path.name


def _bars(ax: Any, labels: list[str], rates: list[dict[str, float]], title: str, ylabel: str = "win rate") -> None:
    ys = [r["rate"] for r in rates]
    err = [
        [y - r["low"] for y, r in zip(ys, rates, strict=True)],
        [r["high"] - y for y, r in zip(ys, rates, strict=True)],
    ]
    ax.bar(range(len(ys)), ys, yerr=err, capsize=4, color="#5b7a3a")
    ax.axhline(0.5, color="grey", lw=1, ls="--")
    ax.set_xticks(range(len(ys)), labels, rotation=30, ha="right")
    ax.set_ylim(0, 1)
    ax.set_ylabel(ylabel)
    ax.set_title(title)


def _pct(r: Mapping[str, float]) -> str:
    return f"{100 * r['rate']:.1f}% [{100 * r['low']:.1f}, {100 * r['high']:.1f}] (n={r['n']})"


@dataclass
class _Stages:
    """How a study plays its stages: the jobs of one option set, run with a progress bar.

    After a Ctrl-C (``interrupted``) no later stage runs; the report keeps what finished.
    """

    locator: str
    rotations: list[list[str]]
    players: int
    seed: int
    backend: str
    workers: int
    address: str | None
    progress: bool
    interrupted: bool = False

    def run(self, jobs: list[tuple[Job, int]], label: str) -> list[list[GameResult]]:
        if self.interrupted:
            return [[] for _ in jobs]
        with progress_bar(sum(c for _, c in jobs), label, self.progress) as tick:
            outcome = run_jobs(jobs, backend=self.backend, workers=self.workers, address=self.address, progress=tick)
        self.interrupted = self.interrupted or outcome.interrupted
        return outcome.results

    def jobs_for(self, opts: Mapping[str, Any], count: int, salt: Any, tags: dict[str, Any]) -> list[tuple[Job, int]]:
        """``count`` games of these options, split evenly over the agents' seat rotations."""
        per = max(1, count // len(self.rotations))
        out_jobs = []
        for k, rot in enumerate(self.rotations):
            t = {**tags, "rotation": k}
            job = Job(
                self.locator,
                tuple(rot),
                derive_seed(self.seed, "balance", json.dumps(salt, sort_keys=True), k),
                self.players,
                tuple(sorted(opts.items())),
                collect_cards=True,
                tags=tuple(sorted(t.items())),
            )
            out_jobs.append((job, per))
        return out_jobs


Plots = list[tuple[str, str]]


def balance(
    game: Game | str,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    options: Mapping[str, Any] | None = None,
    vary: Sequence[str] = (),
    parity: tuple[str, str] | None = None,
    parity_games: int | None = None,
    max_add: int = 16,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: bool = False,
    out: str | Path = "balance-report",
) -> dict[str, Any]:
    """Run the study and write ``out/index.html`` with its PNG plots, ``report.json`` and ``games.csv``.

    ``games`` is per option set (split evenly over the seat rotations of the
    agents). ``parity`` is ``(weaker, stronger)`` faction values; by default
    the lowest- and highest-rated factions when the game can reinforce decks.
    """
    if games < 2:
        raise ValueError("games must be at least 2 (one per seat order)")
    g, specs, n, base = prepare(game, agents, None, options)
    levers = g.balance or BalanceHooks()
    factions: list[str] = list(levers.factions)
    if factions and vary:
        raise ValueError(f"{g.id} declares its factions ({', '.join(factions)}); --vary is for other games")
    if factions and len(factions) != n:
        raise ValueError(f"{g.id} declares factions for {len(factions)} seats, but {n} play")
    names, sets = _option_sets(g, base, factions or list(vary))
    rotations = [specs[i:] + specs[:i] for i in range(n)] if len(set(specs)) > 1 else [specs]
    stages = _Stages(game_locator(g), rotations, n, seed, backend, workers, address, progress)
    outdir = Path(out)
    outdir.mkdir(parents=True, exist_ok=True)

    main_jobs: list[tuple[Job, int]] = []
    for i, opts in enumerate(sets):
        label = ", ".join(f"{k}={opts[k]}" for k in names) or "defaults"
        main_jobs += stages.jobs_for(opts, games, ["set", i], {"set": label})
    results = [r for rs in stages.run(main_jobs, f"{g.id}: balance") for r in rs]
    write_table(results, g.id, outdir / "games.csv")

    report: dict[str, Any] = {"game": g.id, "agents": specs, "seed": seed, "games": len(results), "varied": names}
    plots: Plots = []
    _by_option_set(report, results, n)
    if factions:
        _by_faction(report, plots, results, factions, n, outdir)
    elif names:
        _plot_option_sets(report, plots, outdir)
    _agents_and_seats(report, plots, results, n, outdir)
    _lengths(report, plots, results, outdir)
    impact = _cards(report, plots, results, factions, outdir)
    if stages.interrupted and parity is None:
        report["parity"] = {"note": "not run: the study was interrupted"}
    elif factions and n == 2 and levers.reinforce and levers.reinforce_pool and report.get("by_faction"):
        ranked = sorted(report["by_faction"], key=lambda f: report["by_faction"][f]["rate"])
        weak, strong = parity if parity is not None else (ranked[0], ranked[-1])
        if weak == strong:
            report["parity"] = {"note": "every faction scores the same; nothing to even out"}
        else:
            found = _parity(
                g, levers, factions, base, weak, strong, impact, parity_games or games, max_add,
                stages.jobs_for, stages.run, lambda: stages.interrupted,
            )  # fmt: skip
            report["parity"] = found
            _plot_parity(plots, found.get("curve", []), weak, strong, outdir)
    elif parity is not None:
        raise ValueError(f"{g.id} does not declare how to add cards to a deck (Game.balance.reinforce)")

    report["interrupted"] = stages.interrupted
    (outdir / "report.json").write_text(json.dumps(report, indent=2, default=str), encoding="utf-8")
    (outdir / "index.html").write_text(_html(report, plots), encoding="utf-8")
    report["out"] = str(outdir)
    return report


def _by_option_set(report: dict[str, Any], results: list[GameResult], n: int) -> None:
    by_set: dict[str, list[GameResult]] = defaultdict(list)
    for r in results:
        by_set[r.tags["set"]].append(r)
    report["by_option_set"] = {
        label: {"games": len(rs), "seat_win_rates": [rate(sum(s in r.winners for r in rs), len(rs)) for s in range(n)]}
        for label, rs in by_set.items()
    }


def _by_faction(
    report: dict[str, Any], plots: Plots, results: list[GameResult], factions: list[str], n: int, outdir: Path
) -> None:
    """Scores by faction and by matchup; mirror games (one faction on every seat) tell nothing and are left out."""
    fac_scores: dict[str, list[float]] = defaultdict(list)
    matchups: dict[tuple[str, str], list[float]] = defaultdict(list)
    for r in results:
        facs = [_faction_of(r, factions, s) for s in range(n)]
        if len(set(facs)) == 1:
            continue
        for s in range(n):
            sc = _score(r, [s])
            fac_scores[facs[s]].append(sc)
            for t in range(n):
                if facs[t] != facs[s]:
                    matchups[(facs[s], facs[t])].append(sc)
    report["by_faction"] = {f: rate(sum(v), len(v)) for f, v in sorted(fac_scores.items())}
    report["matchups"] = {f"{a} v {b}": rate(sum(v), len(v)) for (a, b), v in sorted(matchups.items())}
    if report["by_faction"]:
        labels = list(report["by_faction"])
        scores = [report["by_faction"][x] for x in labels]
        plots.append(
            (
                "Score by faction (mirror games excluded; a draw counts one half)",
                _plot(outdir / "factions.png", lambda ax: _bars(ax, labels, scores, "Score by faction", "score")),
            )
        )


def _plot_option_sets(report: dict[str, Any], plots: Plots, outdir: Path) -> None:
    labels = list(report["by_option_set"])
    first = [report["by_option_set"][x]["seat_win_rates"][0] for x in labels]
    plots.append(
        (
            "Seat 0 win rate by option set",
            _plot(outdir / "option_sets.png", lambda ax: _bars(ax, labels, first, "Seat 0 win rate by option set")),
        )
    )


def _agents_and_seats(report: dict[str, Any], plots: Plots, results: list[GameResult], n: int, outdir: Path) -> None:
    agent_scores: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for s in range(n):
            agent_scores[r.agents[s]].append(_score(r, [s]))
    if len(agent_scores) > 1:
        report["by_agent"] = {a: rate(sum(v), len(v)) for a, v in agent_scores.items()}
    seat_rates = [rate(sum(s in r.winners for r in results), len(results)) for s in range(n)]
    report["seat_win_rates"] = seat_rates
    report["draws"] = sum(r.draw for r in results)
    report["first_player_advantage"] = {
        "seat0": seat_rates[0],
        "fair_share": 1.0 / n,
        "advantage": seat_rates[0]["rate"] - (1.0 - report["draws"] / max(1, len(results))) / n,
    }
    plots.append(
        (
            "Win rate by seat (agents rotated through the seats)",
            _plot(
                outdir / "seats.png",
                lambda ax: _bars(ax, [f"seat {s}" for s in range(n)], seat_rates, "Win rate by seat"),
            ),
        )
    )


def _lengths(report: dict[str, Any], plots: Plots, results: list[GameResult], outdir: Path) -> None:
    lengths = [r.steps for r in results] or [0]  # no game finished before a Ctrl-C: zeros, not a crash
    report["length"] = {
        "mean": statistics.fmean(lengths),
        "median": statistics.median(lengths),
        "min": min(lengths),
        "max": max(lengths),
    }

    def draw_lengths(ax: Any) -> None:
        ax.hist(lengths, bins=min(40, max(5, len(set(lengths)))), color="#5b7a3a")
        ax.set_xlabel("decisions per game")
        ax.set_ylabel("games")
        ax.set_title("Game length")

    plots.append(("Game length distribution", _plot(outdir / "length.png", draw_lengths)))


def _cards(
    report: dict[str, Any], plots: Plots, results: list[GameResult], factions: list[str], outdir: Path
) -> list[dict[str, Any]]:
    """Per-card impact into the report, the highest and lowest dozen plotted; the impact list."""
    impact = card_impact(results, factions)
    report["card_impact"] = impact
    if not impact:
        report["card_impact_note"] = (
            "No card was seen often enough, played and not played, to compare."
            if any(any(p) for r in results for p in r.played)
            else "No cards played were recorded: this game declares no card events (Game.card_events)."
        )
        return impact
    shown = impact[:12] + [d for d in impact[12:][-12:] if d not in impact[:12]]

    def draw_cards(ax: Any) -> None:
        ys = list(range(len(shown)))
        for key, colour, off in (("played", "#5b7a3a", -0.2), ("not_played", "#b0a070", 0.2)):
            xs = [d[key]["rate"] for d in shown]
            err = [
                [x - d[key]["low"] for x, d in zip(xs, shown, strict=True)],
                [d[key]["high"] - x for x, d in zip(xs, shown, strict=True)],
            ]
            ax.errorbar(
                xs, [y + off for y in ys], xerr=err, fmt="o", color=colour, label=key.replace("_", " "), capsize=2
            )
        ax.set_yticks(ys, [f"{d['card']} ({d['faction']})" if factions else d["card"] for d in shown])
        ax.invert_yaxis()
        ax.axvline(0.5, color="grey", lw=1, ls="--")
        ax.set_xlim(0, 1)
        ax.set_xlabel("win rate of the seat")
        ax.legend(loc="lower right")
        ax.set_title("Per-card impact (highest and lowest)")

    plots.append(
        (
            "Per-card impact: win rate when played versus not, 95% intervals",
            _plot(outdir / "cards.png", draw_cards, (8, max(4, 0.32 * len(shown) + 1))),
        )
    )
    return impact


def _plot_parity(plots: Plots, curve: list[dict[str, Any]], weak: str, strong: str, outdir: Path) -> None:
    if not curve:
        return

    def draw_parity(ax: Any) -> None:
        ks = [c["added"] for c in curve]
        ys = [c["score"]["rate"] for c in curve]
        # Clamped: a Wilson bound can sit a rounding error past the rate it brackets.
        err = [
            [max(0.0, y - c["score"]["low"]) for y, c in zip(ys, curve, strict=True)],
            [max(0.0, c["score"]["high"] - y) for y, c in zip(ys, curve, strict=True)],
        ]
        ax.errorbar(ks, ys, yerr=err, fmt="o-", capsize=3, color="#5b7a3a")
        ax.axhline(0.5, color="grey", lw=1, ls="--")
        ax.set_xlabel(f"cards added to {weak}")
        ax.set_ylabel(f"{weak} score v {strong}")
        ax.set_ylim(0, 1)
        ax.set_title("Reinforcing the weaker side")

    plots.append((f"{weak} score against {strong} as cards are added", _plot(outdir / "parity.png", draw_parity)))


def _parity(
    g: Game,
    levers: BalanceHooks,
    factions: Sequence[str],
    base: Mapping[str, Any],
    weak: str,
    strong: str,
    impact: Sequence[Mapping[str, Any]],
    count: int,
    max_add: int,
    jobs_for: Callable[[Mapping[str, Any], int, Any, dict[str, Any]], list[tuple[Job, int]]],
    run: Callable[[list[tuple[Job, int]], str], list[list[GameResult]]],
    stopped: Callable[[], bool] = lambda: False,
) -> dict[str, Any]:
    """The parity search; ``stopped()`` turns true on a Ctrl-C and ends it after the stage that was running.

    A stage cut short keeps its finished games in the curve (marked
    ``partial``) but does not steer the search: ``cards_to_parity`` comes only
    from complete stages.
    """
    reinforce = levers.reinforce
    pool_of = levers.reinforce_pool
    assert reinforce is not None and pool_of is not None  # checked before the search starts
    layouts = []  # (options, weak seat) for weak in seat 0 and in seat 1
    for weak_seat in (0, 1):
        opts = dict(base)
        opts[factions[weak_seat]] = _typed(g, factions[weak_seat], weak)
        opts[factions[1 - weak_seat]] = _typed(g, factions[1 - weak_seat], strong)
        layouts.append((g.validate_options(opts), weak_seat))
    pool = [str(c) for c in pool_of(layouts[0][0], layouts[0][1])]
    if not pool:
        return {"weaker": weak, "stronger": strong, "note": f"{weak} has no cards that can be added"}
    delta = {d["card"]: d["delta"] for d in impact if d["faction"] == weak}
    best = sorted(pool, key=lambda c: (-delta.get(c, -1.0), pool.index(c)))[:3]
    cache: dict[int, dict[str, Any]] = {}

    def score_with(k: int) -> dict[str, Any]:
        if k in cache:
            return cache[k]
        cards = [best[i % len(best)] for i in range(k)]
        jobs: list[tuple[Job, int]] = []
        for opts, seat in layouts:
            o = reinforce(dict(opts), seat, cards) if cards else opts
            jobs += jobs_for(
                g.validate_options(o), max(2, count // 2), ["parity", seat], {"added": k, "weak_seat": seat}
            )
        results = run(jobs, f"{g.id}: {weak} +{k} cards")
        scores = [_score(r, [r.tags["weak_seat"]]) for rs in results for r in rs]
        cache[k] = {"added": k, "cards": cards, "score": rate(sum(scores), len(scores))}
        if stopped():
            cache[k]["partial"] = True
        return cache[k]

    def reaches(k: int) -> bool | None:
        """Whether ``k`` added cards bring the weaker side to 50%; None once the run is stopped."""
        if stopped():
            return None
        got = score_with(k)
        if got.get("partial"):
            return None
        return bool(got["score"]["rate"] >= 0.5)

    lo, hi = _least_reaching(reaches, max_add)
    return _parity_report(cache, lo, hi, weak, strong, best, max_add, stopped())


def _parity_report(
    cache: dict[int, dict[str, Any]],
    lo: int,
    hi: int | None,
    weak: str,
    strong: str,
    best: list[str],
    max_add: int,
    interrupted: bool,
) -> dict[str, Any]:
    """The parity search's findings: its curve, and the cards to parity by count and by interpolation."""
    if 0 not in cache:
        return {"weaker": weak, "stronger": strong, "interrupted": True, "note": "not run: the study was interrupted"}
    curve = [cache[k] for k in sorted(cache)]
    baseline = cache[0]
    estimate = None
    if hi == 0:
        estimate = 0.0
    elif hi is not None:
        a, b = cache[lo]["score"]["rate"], cache[hi]["score"]["rate"]
        estimate = lo + (0.5 - a) / (b - a) * (hi - lo) if b > a else float(hi)
    gap = baseline["score"]
    return {
        "interrupted": interrupted,
        "weaker": weak,
        "stronger": strong,
        "baseline": gap,
        "gap_points": 100 * (0.5 - gap["rate"]),
        "best_cards": best,
        "cards_to_parity": hi,
        "cards_to_parity_estimate": estimate,
        "at_parity_within_interval": [c["added"] for c in curve if c["score"]["low"] <= 0.5 <= c["score"]["high"]],
        "max_add": max_add,
        "curve": curve,
    }


def _least_reaching(reaches: Callable[[int], bool | None], max_add: int) -> tuple[int, int | None]:
    """``(lo, hi)``: the fewest added cards known to reach 50% (``hi``, None if none up to ``max_add``)
    and the most known not to (``lo``), by doubling and then bisecting; ``reaches`` answers None
    once the study is stopped, which ends the search where it stands."""
    lo, hi = 0, None
    k = 1
    at_zero = reaches(0)
    if at_zero:
        # The side named weaker already scores at least half: it needs no cards at all.
        hi, k = 0, max_add + 1
    elif at_zero is None:
        k = max_add + 1
    while k <= max_add:
        got = reaches(k)
        if got is None:
            break
        if got:
            hi = k
            break
        lo = k
        k *= 2
    if hi is not None:
        while hi - lo > 1:
            mid = (lo + hi) // 2
            got = reaches(mid)
            if got is None:
                break  # hi still reaches 50%, but a smaller k might too: the report says interrupted
            if got:
                hi = mid
            else:
                lo = mid
    return lo, hi


def _typed(g: Game, option: str, value: str) -> Any:
    spec = next(o for o in g.info.options if o.name == option)
    for choice in spec.choices or ():
        if str(choice) == value:
            return choice
    return value


def _html(report: Mapping[str, Any], plots: Sequence[tuple[str, str]]) -> str:
    e = html.escape
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>Balance: {e(report['game'])}</title>",
        "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left}img{max-width:100%}</style></head><body>",
        f"<h1>Balance report: {e(report['game'])}</h1>",
        f"<p>{report['games']} games, agents {e(' v '.join(report['agents']))} rotated through the seats, "
        f"seed {report['seed']}."
        " Rates carry 95% Wilson intervals.</p>",
    ]
    par = report.get("parity")
    if par and "baseline" in par:
        need = par["cards_to_parity"]
        parts.append("<h2>Parity</h2><p>")
        parts.append(
            f"{e(par['weaker'])} scores {_pct(par['baseline'])} against {e(par['stronger'])}: "
            f"{par['gap_points']:.1f} percentage points short of an even contest. "
        )
        if par.get("interrupted"):
            parts.append("The search was interrupted: ")
            parts.append("it stopped before reaching 50%. " if need is None else "a smaller addition may also do. ")
        if need == 0:
            parts.append(f"{e(par['weaker'])} already scores at least 50%: it needs no extra cards.")
        elif need is None and par.get("interrupted"):
            pass
        elif need is None:
            parts.append(f"Even {par['max_add']} extra cards ({e(', '.join(par['best_cards']))}) did not reach 50%.")
        else:
            parts.append(
                f"Adding <b>{need}</b> cards (copies of its best: {e(', '.join(par['best_cards']))}) reaches 50% "
                f"(interpolated estimate {par['cards_to_parity_estimate']:.1f}); "
                f"additions whose interval contains 50%: {par['at_parity_within_interval']}."
            )
        parts.append("</p>")
    elif par:
        parts.append(f"<h2>Parity</h2><p>{e(par.get('note', ''))}</p>")
    fpa = report["first_player_advantage"]
    parts.append(
        f"<h2>Seats</h2><p>Seat 0 wins {_pct(fpa['seat0'])}; "
        f"a fair share is {100 * fpa['fair_share']:.1f}% of decided games.</p>"
    )
    for key, title in (
        ("by_faction", "Score by faction"),
        ("matchups", "Match-ups (row side's score)"),
        ("by_agent", "Score by agent"),
    ):
        if report.get(key):
            parts.append(f"<h2>{title}</h2><table><tr><th></th><th>rate [95%]</th></tr>")
            parts += [f"<tr><td>{e(k)}</td><td>{_pct(v)}</td></tr>" for k, v in report[key].items()]
            parts.append("</table>")
    parts.append("<h2>Option sets</h2><table><tr><th>options</th><th>games</th><th>seat win rates</th></tr>")
    for label, d in report["by_option_set"].items():
        parts.append(
            f"<tr><td>{e(label)}</td><td>{d['games']}</td>"
            f"<td>{'; '.join(_pct(x) for x in d['seat_win_rates'])}</td></tr>"
        )
    parts.append("</table>")
    ln = report["length"]
    parts.append(
        f"<p>Game length: mean {ln['mean']:.1f}, median {ln['median']}, range {ln['min']}-{ln['max']} decisions.</p>"
    )
    for caption, name in plots:
        parts.append(f"<figure><img src='{e(name)}' alt='{e(caption)}'><figcaption>{e(caption)}</figcaption></figure>")
    parts += _card_table(report)
    if report.get("interrupted"):
        parts.append("<p><b>Interrupted:</b> the figures cover the games finished before the stop.</p>")
    parts.append("</body></html>")
    return "\n".join(parts)


def _card_table(report: Mapping[str, Any]) -> list[str]:
    e = html.escape
    if not report["card_impact"]:
        return [f"<h2>Per-card impact</h2><p>{e(report.get('card_impact_note', ''))}</p>"]
    parts = [
        "<h2>Per-card impact</h2><table><tr><th>faction</th><th>card</th>"
        "<th>played</th><th>not played</th><th>difference</th></tr>"
    ]
    for d in report["card_impact"]:
        parts.append(
            f"<tr><td>{e(d['faction'])}</td><td>{e(d['card'])}</td><td>{_pct(d['played'])}</td>"
            f"<td>{_pct(d['not_played'])}</td><td>{100 * d['delta']:+.1f}</td></tr>"
        )
    return [*parts, "</table>"]


__all__ = ["balance", "card_impact"]
