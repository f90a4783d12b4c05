"""A run's games on disk as they finish, and the run resumed from what is there.

``--out NAME.parquet`` is a Parquet dataset: a directory of part files that
pyarrow, pandas, Polars and DuckDB read as one table. A part is written every
few seconds (to a hidden name, then renamed, so a part is whole or absent), so
a run that is interrupted, killed or loses its machine keeps all but its last
seconds of games; ``--resume`` then plays only the game indices still missing.
Because game ``i`` always gets seed ``derive_seed(seed, i)``, a resumed run's
table is the table an uninterrupted run would have written.

The run's parameters are written beside the parts (``_run.json``; readers skip
names that start with an underscore), and a resume with other parameters is
refused rather than mixed into the same table.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from hulldown.sim.runner import GameResult
from hulldown.sim.table import rows
from hulldown.sim.tally import Tally

MANIFEST = "_run.json"
#: A part is written when this many games wait, or when the oldest has waited this long.
ROWS_PER_PART = 50_000
SECONDS_PER_PART = 5.0


class GameStream:
    """Appends finished games to the dataset at ``path``; knows which games it already holds."""

    def __init__(
        self,
        path: Path,
        game: str,
        run: Mapping[str, Any],
        *,
        resume: bool,
        rows_per_part: int | None = None,
        seconds_per_part: float | None = None,
    ) -> None:
        self.path, self.game = path, game
        self.rows_per_part = ROWS_PER_PART if rows_per_part is None else rows_per_part
        self.seconds_per_part = SECONDS_PER_PART if seconds_per_part is None else seconds_per_part
        self.pending: list[GameResult] = []
        self.since = time.monotonic()
        as_json: dict[str, Any] = json.loads(json.dumps(dict(run), sort_keys=True, default=str))
        parts = self._open(as_json, resume)
        self.part = 1 + max((int(p.stem.rpartition("-")[2]) for p in parts), default=-1)
        self.done = _indices(parts)

    def _open(self, run: dict[str, Any], resume: bool) -> list[Path]:
        p = self.path
        if p.exists() and not p.is_dir():
            raise ValueError(f"{p} is a file: a .parquet run is written as a directory of parts")
        parts = sorted(p.glob("part-*.parquet")) if p.is_dir() else []
        manifest = p / MANIFEST
        if parts or manifest.exists():
            if not resume:
                raise ValueError(f"{p} holds an earlier run: pass --resume to finish it, or choose another --out")
            earlier = json.loads(manifest.read_text(encoding="utf-8")) if manifest.exists() else {}
            differ = sorted(k for k in set(run) | set(earlier) if run.get(k) != earlier.get(k))
            if differ:
                raise ValueError(f"{p} was written by a run with other {', '.join(differ)}: resume it with the same")
            return parts
        p.mkdir(parents=True, exist_ok=True)
        manifest.write_text(json.dumps(run, indent=1, sort_keys=True), encoding="utf-8")
        return []

    def add(self, results: Sequence[GameResult]) -> None:
        self.pending.extend(results)
        waited = time.monotonic() - self.since
        if len(self.pending) >= self.rows_per_part or waited >= self.seconds_per_part:
            self.flush()

    def flush(self) -> None:
        if not self.pending:
            return
        import pyarrow as pa
        import pyarrow.parquet as pq

        table = pa.Table.from_pylist(rows(self.pending, self.game))
        name = f"part-{self.part:06d}.parquet"
        hidden = self.path / f".{name}.tmp"
        pq.write_table(table, hidden)
        os.replace(hidden, self.path / name)
        self.part += 1
        self.pending = []
        self.since = time.monotonic()

    def tally(self, players: int) -> Tally:
        """The aggregate of every game in the dataset, read back column by column."""
        return read_tally(self.path, players)


def _indices(parts: Sequence[Path]) -> set[int]:
    if not parts:
        return set()
    import pyarrow.parquet as pq

    done: set[int] = set()
    for part in parts:
        done.update(pq.read_table(part, columns=["index"]).column("index").to_pylist())
    return done


def read_tally(path: Path, players: int) -> Tally:
    import pyarrow.parquet as pq

    tally = Tally(players)
    columns = ["steps", "winners"] + [f"return_{s}" for s in range(players)]
    for part in sorted(path.glob("part-*.parquet")):
        data = pq.read_table(part, columns=columns).to_pydict()
        returns = [data[f"return_{s}"] for s in range(players)]
        for k, (steps, winners) in enumerate(zip(data["steps"], data["winners"], strict=True)):
            tally.add(steps, (int(w) for w in winners.split()), [r[k] for r in returns])
    return tally
