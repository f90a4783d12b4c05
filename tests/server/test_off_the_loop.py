"""Disk writes that used to stall the event loop: log lines and SQLite checkpoints happen on threads."""

from __future__ import annotations

import logging
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import sqlalchemy as sa
from uvicorn.logging import AccessFormatter

from hulldown.server.db import FALLBACK_CHECKPOINT_PAGES, Checkpointer, MoveRow, Store, make_engine, migrate
from hulldown.server.logqueue import logs_off_the_loop
from tests.server.test_postgres import SEATS, _game


class Stuck:
    """A stream whose writes wait until released: a full pipe, a disk that does not answer."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.lines: list[str] = []

    def write(self, text: str) -> None:
        self.release.wait(10)
        self.lines.append(text)

    def flush(self) -> None:
        pass


def test_a_stuck_log_stream_does_not_hold_up_the_logger() -> None:
    stream = Stuck()
    handler = logging.StreamHandler(stream)  # type: ignore[arg-type]
    handler.setFormatter(AccessFormatter('%(client_addr)s "%(request_line)s" %(status_code)s', use_colors=False))
    logger = logging.getLogger("hulldown-test-access")
    logger.handlers, logger.propagate = [handler], False
    logger.setLevel(logging.INFO)
    with logs_off_the_loop([logger.name]):
        started = time.monotonic()
        for n in range(50):
            logger.info('%s - "%s %s HTTP/%s" %d', "10.0.0.1:1", "GET", f"/api/x/{n}", "1.1", 200)
        assert time.monotonic() - started < 5, "the logger waited for the stuck stream"
        assert not stream.lines
        stream.release.set()
    # on leaving, every line is written, in order, formatted by the real handler's formatter
    assert [ln.strip() for ln in stream.lines if ln.strip()] == [
        f'10.0.0.1:1 "GET /api/x/{n} HTTP/1.1" 200 OK' for n in range(50)
    ]
    assert logger.handlers == [handler]


def test_queued_lines_are_written_before_a_stopping_signal_ends_the_process(tmp_path: Path) -> None:
    out = tmp_path / "log.txt"
    code = f"""
import logging, os, signal
from hulldown.server.logqueue import logs_off_the_loop
h = logging.FileHandler({str(out)!r})
log = logging.getLogger("x"); log.handlers = [h]; log.setLevel(logging.INFO); log.propagate = False
with logs_off_the_loop(["x"]):
    for n in range(2000):
        log.info("line %d", n)
    os.kill(os.getpid(), signal.SIGTERM)
    signal.pthread_sigmask(signal.SIG_BLOCK, [])
    import time; time.sleep(10)
"""
    done = subprocess.run([sys.executable, "-c", code], timeout=60, capture_output=True, text=True)
    assert done.returncode == -15, done.stderr  # still ended by the signal, as uvicorn's SIGTERM ends it
    assert out.read_text().splitlines() == [f"line {n}" for n in range(2000)]


def _moves(store: Store, gid: str, count: int) -> None:
    store.insert_game(_game(gid), SEATS)
    for n in range(count):
        store.add_move(gid, MoveRow(n, n % 2, f"play:{n}:" + "x" * 300, [["roll", 6]]), n + 2, False, None, 1.0 + n)


def test_commits_leave_checkpoints_to_the_checkpointer(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    engine = make_engine(f"sqlite:///{db}")
    migrate(engine)
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == FALLBACK_CHECKPOINT_PAGES
    store = Store(engine)
    size = db.stat().st_size
    _moves(store, "g1", 400)
    wal = Path(f"{db}-wal")
    assert wal.stat().st_size > 1000 * 4096 / 4  # the log holds the moves ...
    assert db.stat().st_size == size  # ... and no commit copied them back
    checkpointer = Checkpointer(engine, every=0.02)
    checkpointer.start()
    try:
        deadline = time.monotonic() + 10
        while db.stat().st_size == size and time.monotonic() < deadline:
            time.sleep(0.02)
        assert db.stat().st_size > size, "the checkpointer copied nothing back"
    finally:
        checkpointer.stop()
        store.close()
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM moves")).scalar() == 400
    engine.dispose()


def test_the_checkpointer_leaves_memory_and_postgresql_alone() -> None:
    c = Checkpointer(make_engine("sqlite://"))
    c.start()
    assert c._thread is None
    c.stop()


def test_the_served_app_sets_its_start_up_objects_aside_from_the_collector(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fastapi.testclient import TestClient

    from hulldown.server import app as app_module
    from hulldown.server.limits import Limits

    calls: list[int] = []
    monkeypatch.setattr(app_module, "freeze_startup_objects", lambda: calls.append(1) or 0)
    with TestClient(app_module.create_app(db_url=f"sqlite:///{tmp_path}/f.sqlite3", limits=Limits.off())) as c:
        assert c.get("/api/catalog").status_code == 200
    assert calls == []  # not asked to: tests build many apps in one process
    app = app_module.create_app(db_url=f"sqlite:///{tmp_path}/g.sqlite3", limits=Limits.off(), freeze_startup=True)
    with TestClient(app) as c:
        assert c.get("/api/catalog").status_code == 200
    assert calls == [1]


def test_the_warm_up_loads_every_game_then_freezes_in_a_fresh_interpreter() -> None:
    """In a process of its own: freezing is for good, and a test process holds other tests' games."""
    code = (
        "import gc; from hulldown.server.memory import freeze_startup_objects; "
        "n = freeze_startup_objects(); assert n == gc.get_freeze_count(); print(n)"
    )
    done = subprocess.run([sys.executable, "-c", code], timeout=120, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout.split()[-1]) > 50_000  # modules, classes, schemas: what a full collection walked
