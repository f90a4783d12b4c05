"""Runs streamed to a Parquet dataset as they go, and resumed from it."""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from hulldown.engine import Game
from hulldown.sim import backends as backends_module
from hulldown.sim import simulate
from hulldown.sim import stream as stream_module
from hulldown.sim.backends import run_jobs
from hulldown.sim.commands import register
from hulldown.sim.runner import GameResult, Job, game_locator
from hulldown.sim.tally import Tally
from tests.engine.toygame import TOY

pq = pytest.importorskip("pyarrow.parquet")

#: Columns that depend on the clock, not on the game.
TIMED = {"seconds"}


def _table(path: Path) -> list[dict[str, Any]]:
    out = pq.read_table(path).to_pylist()
    return sorted(({k: v for k, v in r.items() if k not in TIMED} for r in out), key=lambda r: r["index"])


def _interrupt_after(monkeypatch: pytest.MonkeyPatch, calls: int) -> None:
    real = backends_module.play_chunk
    seen = {"n": 0}

    def stop(job: Any, indices: Any) -> Any:
        seen["n"] += 1
        if seen["n"] > calls:
            raise KeyboardInterrupt
        return real(job, indices)

    monkeypatch.setattr(backends_module, "play_chunk", stop)


def test_an_interrupted_run_resumes_to_the_table_of_an_uninterrupted_one(
    toy: Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = simulate(TOY, ["random", "random"], 40, seed=3, collect_cards=True, out=tmp_path / "whole.parquet")
    monkeypatch.setattr(stream_module, "SECONDS_PER_PART", 0.0)  # a part per finished game
    _interrupt_after(monkeypatch, 7)
    cut = simulate(TOY, ["random", "random"], 40, seed=3, collect_cards=True, out=tmp_path / "cut.parquet")
    assert cut.interrupted and cut.games == 7
    assert len(_table(tmp_path / "cut.parquet")) == 7  # on disk, not only in memory
    monkeypatch.undo()
    again = simulate(
        TOY, ["random", "random"], 40, seed=3, collect_cards=True, out=tmp_path / "cut.parquet", resume=True
    )
    assert again.resumed == 7 and len(again.results) == 33 and not again.interrupted
    assert _table(tmp_path / "cut.parquet") == _table(tmp_path / "whole.parquet")
    for key in ("games", "wins", "draws", "mean_return", "length", "steps", "win_rates"):
        assert again.summary()[key] == whole.summary()[key], key


def test_a_run_extends_to_more_games_and_a_finished_one_plays_nothing(toy: Game, tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    simulate(TOY, ["random"], 10, seed=1, out=out)
    more = simulate(TOY, ["random"], 25, seed=1, out=out, resume=True)
    assert (more.resumed, len(more.results), more.games) == (10, 15, 25)
    assert [r["index"] for r in _table(out)] == list(range(25))
    done = simulate(TOY, ["random"], 25, seed=1, out=out, resume=True)
    assert (done.resumed, done.results, done.games) == (25, [], 25)
    assert done.summary()["games_per_s"] == 0.0  # nothing played now: no speed to claim


def test_an_earlier_run_is_never_overwritten_or_mixed(toy: Game, tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    simulate(TOY, ["random"], 5, seed=1, out=out)
    with pytest.raises(ValueError, match="--resume"):
        simulate(TOY, ["random"], 5, seed=1, out=out)
    with pytest.raises(ValueError, match="other seed"):
        simulate(TOY, ["random"], 5, seed=2, out=out, resume=True)
    with pytest.raises(ValueError, match="other agents"):
        simulate(TOY, ["random", "ismcts:iterations=5"], 5, seed=1, out=out, resume=True)
    assert len(_table(out)) == 5
    (tmp_path / "file.parquet").write_bytes(b"x")
    with pytest.raises(ValueError, match="is a file"):
        simulate(TOY, ["random"], 5, out=tmp_path / "file.parquet")
    with pytest.raises(ValueError, match=r"\.parquet"):
        simulate(TOY, ["random"], 5, out=tmp_path / "r.csv", resume=True)


def test_a_half_written_part_is_not_read(toy: Game, tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    simulate(TOY, ["random"], 6, seed=1, out=out)
    (out / ".part-000007.parquet.tmp").write_bytes(b"PAR1 cut short")  # a kill mid-write leaves this
    assert len(_table(out)) == 6
    assert simulate(TOY, ["random"], 8, seed=1, out=out, resume=True).resumed == 6


def test_streamed_games_need_not_stay_in_memory(toy: Game, tmp_path: Path) -> None:
    job = Job(game=game_locator(TOY), agents=("random", "random"), seed=5, players=2, options=())
    got: list[GameResult] = []
    outcome = run_jobs([(job, 30)], workers=2, sink=lambda j, rs: got.extend(rs), keep=False)
    assert outcome.results == [[]]
    assert sorted(r.index for r in got) == list(range(30))
    kept = run_jobs([(job, [4, 9])])
    assert [r.index for r in kept.results[0]] == [4, 9]


@given(st.lists(st.integers(min_value=1, max_value=60), min_size=1, max_size=200))
def test_the_tally_median_is_the_median_of_the_lengths(lengths: list[int]) -> None:
    tally = Tally(2)
    for n in lengths:
        tally.add(n, [], [0.0, 0.0])
    assert tally.length_summary()["median"] == statistics.median(lengths)
    assert tally.length_summary()["mean"] == pytest.approx(statistics.fmean(lengths))


@pytest.fixture
def cli(toy: Game) -> Iterator[Any]:
    app = typer.Typer()
    register(app)

    @app.command()
    def other() -> None:  # a second command keeps Typer from flattening the app
        pass

    runner = CliRunner()
    yield lambda *args: runner.invoke(app, list(args))


def test_the_command_streams_refuses_to_overwrite_and_resumes(cli: Any, tmp_path: Path) -> None:
    out = str(tmp_path / "r.parquet")
    r = cli("simulate", "high-card", "--games", "12", "--agents", "random", "--out", out)
    assert r.exit_code == 0, r.output
    r = cli("simulate", "high-card", "--games", "12", "--agents", "random", "--out", out)
    assert r.exit_code == 2 and "--resume" in r.stderr and "Traceback" not in r.output
    r = cli("simulate", "high-card", "--games", "20", "--agents", "random", "--out", out, "--resume")
    assert r.exit_code == 0, r.output
    assert "12 games were already in" in r.stdout
    assert len(_table(Path(out))) == 20


def _children(pid: int) -> set[int]:
    """The processes ``pid`` started that are still alive (Linux: /proc)."""
    out: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        kids = (task / "children").read_text().split() if (task / "children").exists() else []
        out.update(int(k) for k in kids)
    return out


def _alive(pid: int) -> bool:
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().split(") ")[-1][:1] not in ("Z", "X")


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc for the worker processes")
def test_sigterm_stops_a_run_and_its_workers_and_keeps_the_finished_games(tmp_path: Path) -> None:
    """A batch scheduler or ``kill`` stops a long study with SIGTERM: the run must end as after
    Ctrl-C (exit 130, its workers stopped, every finished game on disk for ``--resume``), not
    die and leave its worker processes playing on."""
    import os
    import signal
    import subprocess
    import sys
    import time

    root = Path(__file__).resolve().parents[2]
    out = tmp_path / "tk.parquet"
    cmd = [sys.executable, "-m", "hulldown", "simulate", "tank-killers", "-n", "1000000", "-a", "random"]
    cmd += ["-w", "2", "--seed", "3", "--out", str(out), "--json"]
    env = {**os.environ, "PYTHONPATH": f"{root / 'src'}:{root}"}
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while not list(out.glob("part-*.parquet")) and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.2)
        workers = _children(proc.pid)
        assert list(out.glob("part-*.parquet")) and len(workers) >= 2, (workers, proc.poll())
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert "interrupted" in err and "--resume" in err, err
    deadline = time.monotonic() + 20
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(_alive(w) for w in workers), "a worker outlived its run"
    kept = pq.read_table(out).num_rows
    assert 0 < kept < 1000000
