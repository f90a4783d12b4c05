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
