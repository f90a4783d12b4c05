"""How long the server's store takes per move on SQLite and on PostgreSQL.

    PYTHONPATH=src:. python -m tests.server.store_timing [--moves 3000] [--games 30]

Times ``Store.add_move`` (the hot path: one transaction, committed before the server answers)
and ``Store.load_game`` of a whole game (what a restart does per game) on a SQLite file in WAL
mode and on a throwaway PostgreSQL cluster (tests/server/pgcluster.py) with fsync on, once with
PostgreSQL's default ``synchronous_commit=on`` and once with it off. Both run on this machine,
over loopback for PostgreSQL.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from hulldown.server.db import GameRow, MoveRow, SeatRow, Store, make_engine, migrate


def measure(url: str, games: int, moves: int) -> dict[str, float]:
    engine = make_engine(url)
    migrate(engine)
    store = Store(engine)
    seats = [SeatRow(i, "human", "human", f"{i}" * 64, True, None) for i in range(2)]
    for g in range(games):
        store.insert_game(
            GameRow(
                f"g{g}",
                "tank-killers",
                2,
                g,
                {},
                {},
                [["shuffle", list(range(40))]],
                1,
                0,
                False,
                None,
                None,
                None,
                0.0,
                0.0,
            ),
            seats,
        )
    took: list[float] = []
    for i in range(moves):
        g, n = i % games, i // games
        move = MoveRow(n, n % 2, f"attack:{n}:{n + 1}", [["roll", 1 + n % 6]] if n % 3 else [])
        t0 = time.perf_counter()
        store.add_move(f"g{g}", move, n + 2, False, None, time.time())
        took.append(time.perf_counter() - t0)
    t0 = time.perf_counter()
    for g in range(games):
        store.load_game(f"g{g}")
    load = (time.perf_counter() - t0) / games
    store.close()
    engine.dispose()
    took.sort()
    return {
        "mean": statistics.fmean(took) * 1000,
        "p50": took[len(took) // 2] * 1000,
        "p99": took[int(len(took) * 0.99)] * 1000,
        "load": load * 1000,
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--moves", type=int, default=3000)
    ap.add_argument("--games", type=int, default=30)
    a = ap.parse_args()
    from tests.server.pgcluster import Cluster

    results: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        results["SQLite (WAL, synchronous=NORMAL)"] = measure(f"sqlite:///{Path(tmp) / 'h.sqlite3'}", a.games, a.moves)
    cluster = Cluster(fsync=True)
    cluster.start()
    try:
        results["PostgreSQL (fsync, synchronous_commit=on)"] = measure(cluster.url, a.games, a.moves)
        off = cluster.url + "?options=-csynchronous_commit%3Doff"
        results["PostgreSQL (synchronous_commit=off)"] = measure_fresh(cluster.url, off, a.games, a.moves)
    finally:
        cluster.stop()
    per_game = a.moves // a.games
    print(f"{a.moves} moves over {a.games} games; load_game of a {per_game}-move game")
    print(f"{'backend':45} {'mean ms':>8} {'p50 ms':>8} {'p99 ms':>8} {'load ms':>8}")
    for name, r in results.items():
        print(f"{name:45} {r['mean']:8.3f} {r['p50']:8.3f} {r['p99']:8.3f} {r['load']:8.3f}")


def measure_fresh(admin_url: str, url: str, games: int, moves: int) -> dict[str, float]:
    """``measure`` on an emptied database (the previous run's tables dropped first)."""
    import sqlalchemy as sa

    engine = make_engine(admin_url)
    with engine.begin() as conn:
        conn.execute(sa.text("DROP TABLE moves, seats, games, alembic_version"))
    engine.dispose()
    return measure(url, games, moves)


if __name__ == "__main__":
    main()
