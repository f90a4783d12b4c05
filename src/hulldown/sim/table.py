"""One flat row per game: the table ``--out`` writes as CSV or Parquet."""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hulldown.sim.runner import GameResult


def rows(results: Sequence[GameResult], game: str) -> list[dict[str, Any]]:
    """One flat row per game: the table written to CSV or Parquet."""
    out = []
    for r in results:
        row: dict[str, Any] = {
            "game": game,
            "index": r.index,
            "seed": str(r.seed),  # 64-bit seeds overflow signed integer columns
            "players": r.players,
            "options": json.dumps(r.options, sort_keys=True),
            "steps": r.steps,
            "seconds": r.seconds,
            "winners": " ".join(str(s) for s in r.winners),
            "draw": r.draw,
        }
        for k, v in sorted(r.tags.items()):
            row[f"tag_{k}"] = v if isinstance(v, (int, float, str, bool)) else json.dumps(v)
        for s in range(r.players):
            row[f"agent_{s}"] = r.agents[s]
            row[f"return_{s}"] = r.returns[s]
            if r.played:
                row[f"played_{s}"] = json.dumps(r.played[s])  # names hold spaces ("500 yards")
        out.append(row)
    return out


def write_table(results: Sequence[GameResult], game: str, path: str | Path) -> Path:
    """Write per-game rows to ``.csv`` or ``.parquet`` (chosen by the suffix)."""
    p = Path(path)
    data = rows(results, game)
    suffix = check_suffix(p)
    p.parent.mkdir(parents=True, exist_ok=True)
    columns: list[str] = []
    for row in data:
        for k in row:
            if k not in columns:
                columns.append(k)
    if suffix == ".csv":
        with p.open("w", newline="", encoding="utf-8") as fh:
            writer = csv.DictWriter(fh, fieldnames=columns)
            writer.writeheader()
            writer.writerows(data)
    else:
        import pyarrow as pa
        import pyarrow.parquet as pq

        table = pa.Table.from_pylist(data) if data else pa.table({c: [] for c in columns or ["game"]})
        pq.write_table(table, p)
    return p


def check_suffix(path: Path) -> str:
    """The table's format from its name, refused before any game is played."""
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".parquet"):
        raise ValueError(f"results go to a .csv or .parquet file, not {path.name!r}")
    return suffix
