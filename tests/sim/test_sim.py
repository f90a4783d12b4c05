"""Batch play: single games, simulations on every backend, statistics, tables, the commands."""

from __future__ import annotations

import csv
import gc
import json
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from hulldown.engine import AgentSpecError, Game, registry
from hulldown.engine.registry import load
from hulldown.engine.rng import derive_seed
from hulldown.sim import backends as backends_module
from hulldown.sim import play_game, simulate, wilson
from hulldown.sim.balance import balance, card_impact
from hulldown.sim.bench import bench
from hulldown.sim.commands import register, split_agents
from hulldown.sim.runner import (
    BETWEEN_GAMES_MIN,
    PLAY_GC_THRESHOLD,
    fewer_collections,
    game_locator,
    resolve_game,
    winners_of,
)
from hulldown.sim.tournament import tournament
from tests.engine.toygame import TOY
from tests.sim.factiongame import DUEL


@pytest.fixture
def duel() -> Iterator[Game]:
    registry.register(DUEL)
    yield DUEL
    registry.unregister(DUEL.info.id)


@pytest.fixture
def cli(toy: Game, duel: Game) -> Iterator[Any]:
    app = typer.Typer()
    register(app)
    runner = CliRunner()
    yield lambda *args: runner.invoke(app, list(args))


def test_wilson_interval_known_values() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_play_game_is_a_function_of_its_inputs(toy: Game) -> None:
    a = play_game(TOY, ["random", "ismcts:iterations=20"], seed=9, collect_cards=True)
    b = play_game("high-card", ["random", "ismcts:iterations=20"], seed=9, collect_cards=True)
    assert (a.returns, a.steps, a.winners, a.played) == (b.returns, b.steps, b.winners, b.played)
    assert a.steps == 6 and sorted(len(p) for p in a.played) == [3, 3]
    assert winners_of(a.returns) == a.winners
    assert winners_of([0.0, 0.0]) == [] and winners_of([1.0, 1.0, -1.0]) == [0, 1]


def test_workers_and_backends_give_identical_aggregates(toy: Game) -> None:
    one = simulate(TOY, ["random", "ismcts:iterations=10"], 40, seed=5)
    two = simulate(TOY, ["random", "ismcts:iterations=10"], 40, seed=5, workers=2)
    assert one.summary()["wins"] == two.summary()["wins"]
    assert [(r.index, r.seed, r.returns) for r in one.results] == [(r.index, r.seed, r.returns) for r in two.results]
    assert [r.seed for r in one.results] == [derive_seed(5, i) for i in range(40)]
    other = simulate(TOY, ["random", "ismcts:iterations=10"], 40, seed=6)
    assert [r.seed for r in other.results] != [r.seed for r in one.results]


def test_ray_backend_matches_local(toy: Game) -> None:
    ray = pytest.importorskip("ray")
    local = simulate(TOY, ["random", "random"], 60, seed=3)
    remote = simulate(TOY, ["random", "random"], 60, seed=3, workers=2, backend="ray")
    assert not ray.is_initialized()  # a private local cluster is shut down afterwards
    assert remote.backend == "ray"
    assert [r.returns for r in remote.results] == [r.returns for r in local.results]


def test_warm_up_registers_the_game_builds_its_agents_and_names_its_process() -> None:
    """What every worker runs before a backend's clock starts: the game registered, its agents built."""
    import os

    from hulldown.sim.runner import Job, warm_up

    assert DUEL.info.id not in registry.game_ids()
    job = Job(game="tests.sim.factiongame:DUEL", agents=("random", "random"), seed=1, players=2, options=())
    assert warm_up([job, job], 0.0) == os.getpid()
    assert DUEL.info.id in registry.game_ids()
    registry.unregister(DUEL.info.id)
    with pytest.raises(AgentSpecError, match="mystery"):
        warm_up([Job(game="tank-killers", agents=("random", "mystery"), seed=1, players=2, options=())], 0.0)


def test_interrupt_keeps_finished_games(toy: Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = backends_module.play_chunk
    calls = {"n": 0}

    def stop_after_five(job: Any, indices: Any) -> Any:
        calls["n"] += 1
        if calls["n"] > 5:
            raise KeyboardInterrupt
        return real(job, indices)

    monkeypatch.setattr(backends_module, "play_chunk", stop_after_five)
    out = tmp_path / "partial.csv"
    result = simulate(TOY, ["random", "random"], 50, seed=1, out=out)
    assert result.interrupted and result.games == 5
    with out.open() as fh:
        assert len(list(csv.DictReader(fh))) == 5


def test_results_to_csv_and_parquet(toy: Game, tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    result = simulate(TOY, ["random", "random"], 12, seed=2, collect_cards=True, out=tmp_path / "r.parquet")
    table = pq.read_table(tmp_path / "r.parquet").to_pylist()
    assert len(table) == 12
    assert table[0]["agent_0"] == "random" and table[0]["return_0"] == result.results[0].returns[0]
    assert len(json.loads(table[0]["played_0"])) == 3
    simulate(TOY, ["random", "random"], 12, seed=2, out=tmp_path / "r.csv")
    with (tmp_path / "r.csv").open() as fh:
        rows = list(csv.DictReader(fh))
    assert [int(r["steps"]) for r in rows] == [r.steps for r in result.results]
    with pytest.raises(ValueError, match=r"\.csv or \.parquet"):
        simulate(TOY, ["random"], 2, out=tmp_path / "r.txt")


def test_game_locator_reaches_unregistered_games(toy: Game) -> None:
    assert game_locator(TOY) == "tests.engine.toygame:TOY"
    assert resolve_game("tests.sim.factiongame:DUEL") is DUEL
    registry.unregister(DUEL.info.id)


def test_bench_reports_throughput(toy: Game) -> None:
    r = bench(TOY, 0.1)
    # How many games fit in 0.1 s depends on the machine's load; the count and steps must agree.
    assert r["games"] >= 1 and r["steps"] == 6 * r["games"]
    assert r["steps_per_s"] > 0 and r["clone_us"] > 0 and r["resample_us"] > 0
    assert r["heuristic_games_per_s"] == 0.0  # the test game has no heuristic to time
    tk = bench(load("tank-killers"), 0.1)
    assert tk["heuristic_games_per_s"] > 0 and tk["heuristic_steps_per_s"] > 100 * tk["heuristic_games_per_s"]


def test_tournament_plays_both_seat_orders_and_rates(toy: Game) -> None:
    result = tournament(TOY, ["random", "ismcts:iterations=40"], 30, seed=1)
    assert [(a, b, len(rs)) for a, b, rs in result.matches] == [(0, 1, 15), (0, 1, 15)]
    assert [rs[0].agents for _, _, rs in result.matches] == [
        ["random", "ismcts:iterations=40"],
        ["ismcts:iterations=40", "random"],
    ]
    table = result.table()
    assert {r["agent"] for r in table["ratings"]} == {"random", "ismcts:iterations=40"}
    assert all(r["low"] < r["mu"] < r["high"] and r["games"] == 30 for r in table["ratings"])
    pair = table["pairs"]["ismcts:iterations=40 v random"]
    assert pair["n"] == 30


def test_card_impact_compares_played_with_not_played(duel: Game) -> None:
    result = simulate(DUEL, ["random", "random"], 200, seed=4, options={"deck0": "high"}, collect_cards=True)
    impact = {(d["faction"], d["card"]): d for d in card_impact(result.results, ["deck0", "deck1"])}
    # In high card the best card of a deck wins more when it is played.
    assert impact[("high", "7")]["delta"] > 0.1
    assert impact[("low", "1")]["delta"] < 0
    assert all(d["played"]["n"] + d["not_played"]["n"] == 200 for d in impact.values())


def test_balance_report_finds_the_weaker_deck_and_parity(duel: Game, tmp_path: Path) -> None:
    report = balance(DUEL, ["random", "random"], 120, seed=2, max_add=16, out=tmp_path)
    assert report["by_faction"]["low"]["rate"] < 0.4 < report["by_faction"]["high"]["rate"]
    par = report["parity"]
    assert (par["weaker"], par["stronger"]) == ("low", "high")
    assert par["gap_points"] > 10
    assert set(par["best_cards"][:2]) <= {"6", "5", "4"}  # the low deck's top cards, in noisy order
    assert par["cards_to_parity"] is not None and 1 <= par["cards_to_parity"] <= 16
    page = (tmp_path / "index.html").read_text()
    assert "low</b>" not in page and "Parity" in page and f"<b>{par['cards_to_parity']}</b>" in page
    for png in ("factions.png", "seats.png", "length.png", "cards.png", "parity.png"):
        assert (tmp_path / png).read_bytes()[:4] == b"\x89PNG"
    assert json.loads((tmp_path / "report.json").read_text())["games"] == report["games"]


def test_split_agents_keeps_parameters_together() -> None:
    assert split_agents("ismcts:iterations=200,c=1,random") == ["ismcts:iterations=200,c=1", "random"]
    assert split_agents("random, heuristic") == ["random", "heuristic"]


def test_simulate_command_json(cli: Any) -> None:
    r = cli(
        "simulate", "high-card", "--games", "20", "--agents", "random,ismcts:iterations=10", "--seed", "4", "--json"
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["games"] == 20 and data["agents"] == ["random", "ismcts:iterations=10"]
    assert sum(data["wins"]) + data["draws"] == 20 and data["steps_per_s"] > 0
    same = json.loads(
        cli(
            "simulate", "high-card", "-n", "20", "-a", "random,ismcts:iterations=10", "--seed", "4", "-w", "2", "--json"
        ).stdout
    )
    assert same["wins"] == data["wins"]


def test_simulate_command_text_and_table(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "games.csv"
    r = cli(
        "simulate", "high-card", "--games", "10", "--agents", "random", "--players", "3", "--out", str(out), "--cards"
    )
    assert r.exit_code == 0, r.output
    assert "win rate" in r.stdout and "steps/s" in r.stdout
    assert "played_2" in out.read_text().splitlines()[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "no-such-game"], "no game 'no-such-game'"),
        (["simulate", "high-card", "--agents", "random,chess-master"], "no agent 'chess-master'"),
        (["simulate", "high-card", "--agents", "random,random,random,random"], "not 4"),
        (["simulate", "high-card", "--option", "hand=9"], "at most 4"),
        (["simulate", "high-card", "--option", "hand"], "key=value"),
        (["simulate", "high-card", "--games", "0"], "at least 1"),
        (["simulate", "high-card", "--backend", "slurm"], "backend must be one of"),
        (["simulate", "high-card", "--workers", "0"], "workers must be at least 1"),
        (["simulate", "high-card", "--out", "x.xlsx"], ".csv or .parquet"),
        (["simulate", "high-card", "--agents", "ismcts:level=brutal"], "level must be one of"),
        (["bench", "high-card", "--seconds", "0"], "seconds must be positive"),
        (["tournament", "high-card", "--agents", "random"], "at least two agents"),
        (["balance", "high-card", "--vary", "hand"], "no fixed choices"),
        (["balance", "high-card", "--weaker", "x", "--stronger", "y"], "does not declare how to add cards"),
        (["balance", "duel", "--weaker", "x"], "together"),
    ],
)
def test_bad_options_give_one_line_and_nonzero_exit(cli: Any, args: list[str], message: str) -> None:
    r = cli(*args)
    assert r.exit_code == 2
    assert "Traceback" not in r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], r.stderr


def test_bench_tournament_and_balance_commands(cli: Any, tmp_path: Path) -> None:
    r = cli("bench", "high-card", "--seconds", "0.1", "--json")
    assert r.exit_code == 0, r.output
    assert {"steps_per_s", "games_per_s", "clone_us"} <= set(json.loads(r.stdout))
    r = cli("tournament", "high-card", "--agents", "random", "ismcts:iterations=10", "--games-per-pair", "6", "--json")
    assert r.exit_code == 0, r.output
    assert len(json.loads(r.stdout)["ratings"]) == 2
    r = cli("balance", "duel", "--games", "40", "--max-add", "2", "--out", str(tmp_path))
    assert r.exit_code == 0, r.output
    assert "index.html" in r.stdout and "against high" in r.stdout


def test_parity_is_zero_cards_when_the_named_weaker_side_already_scores_half(duel: Game, tmp_path: Path) -> None:
    report = balance(DUEL, ["random", "random"], 60, seed=2, max_add=4, out=tmp_path, parity=("high", "low"))
    par = report["parity"]
    assert par["baseline"]["rate"] >= 0.5
    assert par["cards_to_parity"] == 0 and par["cards_to_parity_estimate"] == 0.0
    assert [c["added"] for c in par["curve"]] == [0]


def _stop_after(monkeypatch: pytest.MonkeyPatch, games: int, added: int | None) -> dict[str, int]:
    """Ctrl-C after ``games`` finished games of the parity stage adding ``added`` cards (None: of any stage)."""
    real = backends_module.play_chunk
    seen = {"played": 0, "after_stop": 0}

    def play(job: Any, indices: Any) -> Any:
        if seen["played"] >= games:
            seen["after_stop"] += 1
        if added is None or dict(job.tags).get("added") == added:
            if seen["played"] >= games:
                raise KeyboardInterrupt
            seen["played"] += 1
        return real(job, indices)

    monkeypatch.setattr(backends_module, "play_chunk", play)
    return seen


def test_balance_ctrl_c_in_the_main_stage_stops_the_study(
    duel: Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _stop_after(monkeypatch, 10, None)
    report = balance(DUEL, ["random", "random"], 120, seed=2, max_add=16, out=tmp_path)
    assert report["interrupted"] and report["games"] == 10
    assert seen["after_stop"] == 1  # the interrupted game only: no parity stage started
    assert report["parity"] == {"note": "not run: the study was interrupted"}
    assert "Interrupted" in (tmp_path / "index.html").read_text()
    assert json.loads((tmp_path / "report.json").read_text())["games"] == 10


def test_balance_ctrl_c_in_a_parity_stage_keeps_its_games_and_runs_no_other(
    duel: Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _stop_after(monkeypatch, 3, 1)
    report = balance(DUEL, ["random", "random"], 120, seed=2, max_add=16, out=tmp_path)
    par = report["parity"]
    assert report["interrupted"] and par["interrupted"]
    # Stage 0 (no cards added) finished; stage 1 was stopped after three games; nothing later ran.
    curve = {c["added"]: c for c in par["curve"]}
    assert sorted(curve) == [0, 1]
    assert curve[1]["partial"] and curve[1]["score"]["n"] == 3 and "partial" not in curve[0]
    assert curve[0]["score"]["n"] >= 100
    assert seen["after_stop"] == 1
    assert par["cards_to_parity"] is None  # a partial stage never decides the answer
    assert "interrupted" in (tmp_path / "index.html").read_text()


@pytest.mark.parametrize("game_id", ["tank-killers", "tank-hunter", "tank-clash", "2gm-pacific"])
def test_bench_runs_for_every_game(game_id: str) -> None:
    """The mid-game probes replay with other dice than the playout that measured their length,
    so a probe may end first: the bench must take the state where it ended."""
    r = bench(load(game_id), 0.05)
    assert r["steps"] > 0 and r["clone_us"] > 0 and r["resample_us"] > 0


def test_played_cards_are_a_json_list_whose_names_keep_their_spaces(tmp_path: Path) -> None:
    simulate("tank-killers", ["heuristic"], 3, seed=2, collect_cards=True, out=tmp_path / "tk.csv")
    with (tmp_path / "tk.csv").open() as fh:
        rows = list(csv.DictReader(fh))
    played = [name for r in rows for s in (0, 1) for name in json.loads(r[f"played_{s}"])]
    assert any(" " in name for name in played)  # e.g. "500 yards", once split into two cards


def test_a_report_without_card_plays_says_why(toy: Game, tmp_path: Path) -> None:
    from hulldown.sim.balance import _cards, _html

    bare = [play_game(TOY, ["random", "random"], seed=s) for s in range(20)]  # no cards collected
    report: dict[str, Any] = {}
    assert _cards(report, [], bare, [], tmp_path) == []
    assert "declares no card events" in report["card_impact_note"]
    counted = [play_game(TOY, ["random", "random"], seed=s, collect_cards=True) for s in range(4)]
    _cards(report, [], counted, [], tmp_path)
    assert "often enough" in report["card_impact_note"]  # too few games to compare any card
    page = _html(
        {**report, "game": "high-card", "games": 4, "agents": ["random"], "seed": 0, "by_option_set": {},
         "first_player_advantage": {"seat0": {"rate": 0.5, "low": 0.0, "high": 1.0, "n": 4}, "fair_share": 0.5},
         "length": {"mean": 6, "median": 6, "min": 6, "max": 6}},
        [],
    )  # fmt: skip
    assert "often enough" in page


def test_the_same_games_benchmark_plays_identical_games_each_run() -> None:
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    cmd = [sys.executable, "benchmarks/bench_same_games.py", "tank-killers", "--games", "2", "--repeat", "2"]
    env = {"PYTHONPATH": f"{root / 'src'}:{root}", "PATH": "/usr/bin:/bin"}
    runs = [json.loads(subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True, check=True).stdout)]
    runs.append(json.loads(subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True, check=True).stdout))
    assert runs[0]["decisions"] == runs[1]["decisions"] > 0 and runs[0]["steps_per_s"] > 0


def test_the_same_games_benchmark_compares_two_checkouts_on_the_same_games() -> None:
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    cmd = [sys.executable, "benchmarks/bench_same_games.py", "tank-killers", "--games", "2", "--repeat", "2"]
    cmd += ["--against", str(root / "src")]  # this checkout against itself: the very same games
    env = {"PYTHONPATH": f"{root / 'src'}:{root}", "PATH": "/usr/bin:/bin"}
    row = json.loads(subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True, check=True).stdout)
    assert row["runs"] == 2
    assert row["this_decisions"] == row["other_decisions"] > 0
    assert row["this_best_steps_per_s"] > 0 and row["other_best_steps_per_s"] > 0 and row["speedup"] > 0


def test_play_collects_cycles_less_often_and_restores_the_setting() -> None:
    before = gc.get_threshold()
    with fewer_collections():
        assert gc.get_threshold() == (max(PLAY_GC_THRESHOLD, before[0]), *before[1:])
    assert gc.get_threshold() == before
    with pytest.raises(KeyboardInterrupt), fewer_collections():
        raise KeyboardInterrupt  # a stopped run leaves the process as it found it
    assert gc.get_threshold() == before


class _Cycle:
    """An object that refers to itself: only the cycle collector frees it."""

    def __init__(self) -> None:
        self.me = self


def test_between_games_collects_cycles_and_freezes_what_survives() -> None:
    assert gc.get_freeze_count() == 0
    kept = [[i] for i in range(BETWEEN_GAMES_MIN + 100)]  # survivors of a game: a cache's entries
    garbage = weakref.ref(_Cycle())  # a cycle the game left behind
    with fewer_collections() as collector:
        collector.between_games()
        assert garbage() is None  # collected before anything is frozen
        assert gc.get_freeze_count() >= len(kept)
        assert not any(o is kept[0] for o in gc.get_objects())  # out of the collector's walks
    assert gc.get_freeze_count() == 0  # leaving play unfreezes
    assert any(o is kept[0] for o in gc.get_objects())


def test_between_games_leaves_a_process_with_frozen_objects_of_its_own_frozen() -> None:
    gc.freeze()  # as a server does before forking
    try:
        before = gc.get_freeze_count()
        garbage = weakref.ref(_Cycle())
        with fewer_collections() as collector:
            kept = [[i] for i in range(BETWEEN_GAMES_MIN + 100)]
            collector.between_games()
            assert garbage() is None  # still collected
            assert gc.get_freeze_count() == before  # but nothing more frozen
            assert any(o is kept[0] for o in gc.get_objects())
        assert gc.get_freeze_count() == before  # and nothing of the process's unfrozen
    finally:
        gc.unfreeze()


def test_between_games_skips_the_collection_after_a_small_game() -> None:
    with fewer_collections() as collector:
        gc.collect()
        garbage = weakref.ref(_Cycle())
        collector.between_games()  # one object left since the last collection: nothing to do
        assert garbage() is not None
        gc.collect()
        assert garbage() is None
