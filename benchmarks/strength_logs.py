"""Strength runs read back from their ``--log`` files, and compared game by game.

Run: ``PYTHONPATH=src:. python benchmarks/strength_logs.py RUN [RUN ...] [--base RUN]``,
where a RUN is a log file of ``benchmarks/strength.py``, or several joined by ``+`` (one run
split over processes with ``--first``, or planned runs of one spec on several seeds, pooled).

For each run it prints the games, the search's score with its 95% Wilson interval and its
score in each seat; where the logs hold them, the share of opponents it finished ahead of (at
more than two players) and its decision CPU seconds (mean, 95th percentile, maximum). With
``--base`` it also compares each run with the base run on the games both played: game ``i`` of a
seed is the same deal in every run (a game is known by its seed and index), so the mean of the
per-game differences, with its 95% interval, separates two searches more sharply than their two
intervals do; past two players the share of opponents finished ahead of, the target's measure,
is compared the same way where both logs hold it. Only games of the same seed and index are
paired; runs of different games, opponents or player counts are not comparable, and asking for
it is an error.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

from strength import move_times

from hulldown.sim.compare import paired_difference
from hulldown.sim.stats import rate

#: Fields that must agree between two runs for game ``i`` to be the same deal in both. Logs
#: written before ``seed`` was logged lack it: their games pair only with each other's.
_SAME = ("game", "opponent", "seed", "players")


@dataclass
class Run:
    name: str
    #: (seed, game index) -> the log line of that game; the seed is None in logs from before it was logged.
    games: dict[tuple[object, int], dict[str, object]]


def read_run(spec: str) -> Run:
    """The games of a run, from one log file or several joined by ``+``; a game logged twice is an error."""
    games: dict[tuple[object, int], dict[str, object]] = {}
    for path in spec.split("+"):
        for n, line in enumerate(Path(path).read_text().splitlines(), 1):
            if not line.strip():
                continue
            row = json.loads(line)
            if (
                not isinstance(row, dict)
                or not isinstance(row.get("i"), int)
                or not isinstance(row.get("score"), int | float)
            ):
                raise ValueError(f"{path}:{n}: not a strength log line")
            key = (row.get("seed"), row["i"])
            if key in games:
                raise ValueError(f"{path}:{n}: game {key[1]} of seed {key[0]} is in the run twice")
            games[key] = row
    if not games:
        raise ValueError(f"{spec}: no games")
    return Run(spec, games)


def _score(row: dict[str, object]) -> float:
    score = row["score"]
    assert isinstance(score, int | float)  # read_run refuses a line without one
    return float(score)


def _ahead(row: dict[str, object]) -> float | None:
    """The share of opponents the search finished ahead of; None in logs of before it was logged."""
    value = row.get("ahead")
    return float(value) if isinstance(value, int | float) else None


def summary(run: Run) -> dict[str, object]:
    """Games, score with its interval, and the score in each seat played."""
    rows = list(run.games.values())
    score = sum(_score(r) for r in rows)
    seats: dict[str, list[float]] = {}
    for r in rows:
        seat = seats.setdefault(str(r["seat"]), [0.0, 0])
        seat[0] += _score(r)
        seat[1] += 1
    out: dict[str, object] = {
        "run": run.name,
        "games": len(rows),
        "score": score,
        "win_rate": rate(score, len(rows)),
        "by_seat": seats,
    }
    # Logs of before these fields lack them: reported only where every game has them.
    ahead = [a for r in rows if (a := _ahead(r)) is not None]
    if len(ahead) == len(rows):
        out["ahead"] = rate(sum(ahead), len(rows))
    cpu = [c for r in rows if isinstance(c := r.get("cpu"), list)]
    if len(cpu) == len(rows):
        out["move_cpu_seconds"] = move_times([float(t) for times in cpu for t in times])
    return out


def paired(base: Run, other: Run) -> dict[str, object]:
    """``other`` less ``base``, game by game, on the games both played."""
    common = sorted(set(base.games) & set(other.games), key=lambda game: (str(game[0]), game[1]))
    if not common:
        raise ValueError(f"{other.name} and {base.name} have no game in common (the same seed and index)")
    for game in common:
        a, b = base.games[game], other.games[game]
        for key in (*_SAME, "seat"):
            if key in a and key in b and a[key] != b[key]:
                raise ValueError(f"game {game[1]}: {key} is {a[key]!r} in {base.name} but {b[key]!r} in {other.name}")
    diffs = [_score(other.games[i]) - _score(base.games[i]) for i in common]
    out: dict[str, object] = {
        "run": other.name,
        "base": base.name,
        "difference": paired_difference(diffs),
        "same_result": sum(1 for d in diffs if d == 0),
    }
    ahead = [
        a - b for i in common if (a := _ahead(other.games[i])) is not None and (b := _ahead(base.games[i])) is not None
    ]
    if len(ahead) == len(common):
        out["ahead_difference"] = paired_difference(ahead)
    return out


def _line(s: dict[str, object]) -> str:
    r: dict[str, float] = s["win_rate"]  # type: ignore[assignment]
    seats: dict[str, list[float]] = s["by_seat"]  # type: ignore[assignment]
    by_seat = ", ".join(f"seat {k} {v[0]:g} of {v[1]:g}" for k, v in sorted(seats.items()))
    text = (
        f"{s['run']}: {s['score']:g} of {s['games']} = {100 * r['rate']:.1f}% "
        f"[{100 * r['low']:.1f}, {100 * r['high']:.1f}] ({by_seat})"
    )
    if "ahead" in s:
        a: dict[str, float] = s["ahead"]  # type: ignore[assignment]
        text += f"; ahead of an opponent {100 * a['rate']:.1f}% [{100 * a['low']:.1f}, {100 * a['high']:.1f}]"
    if s.get("move_cpu_seconds"):
        t: dict[str, float] = s["move_cpu_seconds"]  # type: ignore[assignment]
        text += f"; decision CPU s {t['mean']:.3f} / {t['p95']:.3f} / {t['max']:.3f} (mean / 95th pct / max)"
    return text


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("runs", nargs="+", metavar="RUN")
    ap.add_argument("--base", metavar="RUN", help="compare every run with this one, game by game")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    try:
        runs = [read_run(r) for r in args.runs]
        base = read_run(args.base) if args.base else None
        out: list[dict[str, object]] = [summary(r) for r in runs]
        if base is not None:
            out = [summary(base)] + out + [paired(base, r) for r in runs]
    except (OSError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    for s in out:
        if args.json:
            print(json.dumps(s))
        elif "difference" in s:
            d: dict[str, float] = s["difference"]  # type: ignore[assignment]
            text = (
                f"{s['run']} - {s['base']}: {100 * d['mean']:+.1f} points [{100 * d['low']:+.1f}, "
                f"{100 * d['high']:+.1f}] over {d['n']:g} games, the same result in {s['same_result']}"
            )
            if "ahead_difference" in s:
                a: dict[str, float] = s["ahead_difference"]  # type: ignore[assignment]
                bounds = f"[{100 * a['low']:+.1f}, {100 * a['high']:+.1f}]"
                text += f"; ahead of an opponent {100 * a['mean']:+.1f} points {bounds}"
            print(text)
        else:
            print(_line(s))
    return 0


if __name__ == "__main__":
    sys.exit(main())
