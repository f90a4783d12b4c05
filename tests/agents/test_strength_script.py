"""benchmarks/strength.py and its yardsticks (`--sees-all`, `--sees-hands`, value_greedy.py) really do what they say."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from hulldown.engine.agent import SeatView
from hulldown.engine.registry import load
from hulldown.engine.rng import SplitMix64
from tests.engine.toygame import TOY, HighCard

ROOT = Path(__file__).resolve().parents[2]


def _bench(name: str):  # type: ignore[no-untyped-def]
    """A script of benchmarks/ as a module (they import their neighbours as top-level modules)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))


def _strength_module():  # type: ignore[no-untyped-def]
    return _bench("strength")


def _strength(*args: str) -> dict[str, Any]:
    """Run benchmarks/strength.py as a user would; its last report line, parsed."""
    out = subprocess.run([sys.executable, "benchmarks/strength.py", *args], cwd=ROOT, capture_output=True,
                         text=True, timeout=300, check=True,
                         env={"PYTHONPATH": f"{ROOT / 'src'}:{ROOT}", "PATH": "/usr/bin:/bin"})  # fmt: skip
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def test_sees_all_worlds_are_the_true_state_and_fair_worlds_are_not() -> None:
    strength = _strength_module()
    game = load("tank-killers")
    state = game.new(seed=3)
    truth = state.observation(1)  # what the opponent holds
    seen = strength._SeesAll(state, 0).resample(SplitMix64(1))
    assert seen is not state
    assert seen.observation(1) == truth
    fair = [strength.SeatView(state, 0).resample(SplitMix64(k)).observation(1) for k in range(5)]
    assert any(world != truth for world in fair)  # the opponent's hand is redrawn


def test_sees_hands_worlds_hold_the_true_hand_and_redraw_the_decks() -> None:
    strength = _strength_module()
    game = load("tank-killers")
    state = game.new(seed=3)
    for _ in range(12):  # into the game: cards drawn and played
        state.apply(state.legal_actions()[-1])
    truth = state.card_zones()
    worlds = [strength._SeesHands(state, 0).resample(SplitMix64(k)) for k in range(6)]
    for world in worlds:
        zones = world.card_zones()
        assert zones["hand1"] == truth["hand1"]  # the opponent's true hand, in its order
        assert zones["hand0"] == truth["hand0"]
        assert sorted(zones["tactics_deck"]) == sorted(truth["tactics_deck"])  # the same cards left
        assert world.observation(0) == state.observation(0)  # nothing the seat sees is changed
    assert any(w.card_zones()["tactics_deck"] != truth["tactics_deck"] for w in worlds)  # the order is redrawn


def test_sees_hands_needs_hands_among_the_card_zones() -> None:
    strength = _strength_module()
    assert strength._hand_zone({"hand 1": [4]}, 1) == [4]
    with pytest.raises(SystemExit, match="error: --sees-hands"):
        strength._hand_zone({"deck1": [4]}, 1)


def test_the_script_reports_a_sees_all_run() -> None:
    result = _strength(
        "tank-killers", "--games", "2", "--ismcts", "ismcts:iterations=5", "--opponents", "heuristic", "--sees-all"
    )
    assert result["sees_all"] is True
    assert result["win_rate"]["n"] == 2
    assert result["even_share"] == 0.5
    assert [games for _, games in result["by_seat"].values()] == [1, 1]  # the seats alternate
    assert sum(score for score, _ in result["by_seat"].values()) == 2 * result["win_rate"]["rate"]


def test_at_four_players_the_even_share_is_a_quarter() -> None:
    result = _strength(
        "tank-hunter", "--players", "4", "--games", "4", "--ismcts", "ismcts:iterations=3", "--opponents", "random"
    )
    assert result["even_share"] == 0.25
    assert result["beats_opponent"] == (result["win_rate"]["low"] > 0.25)
    assert [games for _, games in result["by_seat"].values()] == [1, 1, 1, 1]


def _logs_module():  # type: ignore[no-untyped-def]
    return _bench("strength_logs")


def _log(path: Path, scores: list[float], seed: int = 7) -> str:
    lines = [
        {"game": "tank-killers", "opponent": "heuristic", "seed": seed, "players": 2, "i": i, "seat": i % 2, "score": s}
        for i, s in enumerate(scores)
    ]
    path.write_text("".join(json.dumps(row) + "\n" for row in lines))
    return str(path)


def test_logs_are_summed_per_seat_and_compared_game_by_game(tmp_path: Path) -> None:
    logs = _logs_module()
    base = logs.read_run(_log(tmp_path / "base.jsonl", [1, 0, 0, 1, 0.5, 1]))
    first = _log(tmp_path / "a.jsonl", [1, 1, 0])
    second = tmp_path / "b.jsonl"
    second.write_text("".join(json.dumps({"game": "tank-killers", "opponent": "heuristic", "seed": 7, "players": 2,
                                          "i": i, "seat": i % 2, "score": 1.0}) + "\n" for i in (3, 4)))  # fmt: skip
    other = logs.read_run(f"{first}+{second}")  # one run split over two processes: games 0-2 and 3-4
    s = logs.summary(other)
    assert (s["games"], s["score"]) == (5, 4.0)
    assert s["by_seat"] == {"0": [2.0, 3], "1": [2.0, 2]}
    d = logs.paired(base, other)
    # games 0-4 in both: differences 0, +1, 0, 0, +0.5 (game 5 only in the base)
    assert d["difference"]["n"] == 5 and abs(d["difference"]["mean"] - 0.3) < 1e-9
    assert d["same_result"] == 3
    assert d["difference"]["low"] < 0.3 < d["difference"]["high"]


def test_runs_of_other_deals_are_refused(tmp_path: Path) -> None:
    logs = _logs_module()
    base = logs.read_run(_log(tmp_path / "base.jsonl", [1, 0]))
    other = logs.read_run(_log(tmp_path / "other.jsonl", [1, 1], seed=8))
    try:
        logs.paired(base, other)
    except ValueError as e:
        assert "seed" in str(e)
    else:
        raise AssertionError("a run of another seed was compared")
    twice = _log(tmp_path / "twice.jsonl", [1, 0])
    assert logs.main([f"{twice}+{twice}"]) == 2  # the same games twice: not one run
    for junk in ('{"i": "x"}\n', "[1, 2]\n", "not json\n"):
        (tmp_path / "junk.jsonl").write_text(junk)
        assert logs.main([str(tmp_path / "junk.jsonl")]) == 2
    late = tmp_path / "late.jsonl"
    late.write_text(json.dumps({"game": "tank-killers", "opponent": "heuristic", "seed": 7, "players": 2,
                                "i": 9, "seat": 1, "score": 1.0}) + "\n")  # fmt: skip
    assert logs.main([str(late), "--base", twice]) == 2  # no game in common: nothing to compare


def test_the_script_logs_what_makes_a_game_the_same_deal(tmp_path: Path) -> None:
    log = tmp_path / "run.jsonl"
    _strength(
        "tank-killers", "--games", "2", "--seed", "5", "--first", "3",
        "--ismcts", "ismcts:iterations=3", "--opponents", "random", "--log", str(log),
    )  # fmt: skip
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(r["i"], r["seat"], r["seed"], r["players"]) for r in rows] == [(3, 1, 5, 2), (4, 0, 5, 2)]
    logs = _logs_module()
    assert logs.summary(logs.read_run(str(log)))["games"] == 2


def test_ahead_counts_the_opponents_beaten_a_tie_as_half() -> None:
    strength = _strength_module()
    assert strength.ahead([3.0, 1.0], 0) == 1.0 and strength.ahead([3.0, 1.0], 1) == 0.0
    assert strength.ahead([2.0, 5.0, 2.0, 0.0], 0) == (0 + 0.5 + 1) / 3  # behind one, tied with one
    assert strength.ahead([1.0, 1.0, 1.0], 2) == 0.5


def test_a_shared_first_place_is_split_between_the_seats_that_share_it() -> None:
    strength = _strength_module()
    assert [strength.first_share([2.0, 5.0, 5.0, 0.0], k) for k in range(4)] == [0.0, 0.5, 0.5, 0.0]
    assert strength.first_share([3.0, 1.0], 0) == 1.0 and strength.first_share([1.0, 1.0, 1.0], 1) == 1 / 3


def test_log_lines_keep_decision_times_and_the_pairwise_measure(tmp_path: Path) -> None:
    log = tmp_path / "four.jsonl"
    result = _strength(
        "tank-hunter", "--players", "4", "--games", "2", "--seed", "3",
        "--ismcts", "ismcts:iterations=3", "--opponents", "random", "--log", str(log),
    )  # fmt: skip
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    for row in rows:
        assert 0.0 <= row["ahead"] <= 1.0 and row["seconds"] > 0
        assert row["cpu"] and all(t >= 0 for t in row["cpu"])
        if row["score"] == 1.0:
            assert row["ahead"] == 1.0  # an outright first place is ahead of every opponent
    assert abs(result["ahead"]["rate"] - sum(r["ahead"] for r in rows) / 2) < 1e-9
    logs = _logs_module()
    s = logs.summary(logs.read_run(str(log)))
    assert s["ahead"]["rate"] == result["ahead"]["rate"]
    times = sorted(t for r in rows for t in r["cpu"])
    assert s["move_cpu_seconds"]["max"] == times[-1]
    assert "ahead of an opponent" in logs._line(s) and "decision CPU s" in logs._line(s)
    # A log of before these fields still reads, without them.
    old = logs.read_run(_log(tmp_path / "old.jsonl", [1, 0]))
    assert "ahead" not in logs.summary(old) and "move_cpu_seconds" not in logs.summary(old)


def test_search_regret_positions_are_choices_and_the_reference_values_every_action() -> None:
    regret = _bench("search_regret")
    game = load("tank-killers")
    states = regret.positions(game, 3, 2, 5, 2)
    assert len(states) == 3
    for i, state in enumerate(states):
        legal = {a.id for a in state.legal_actions()}
        assert len(legal) > 1
        values = regret.reference_values(game, "ismcts:iterations=60,worlds=5", state, i)
        assert set(values) == legal  # every action valued, so every choice has a regret
        assert all(0.0 <= v <= 1.0 for v in values.values())
    with pytest.raises(ValueError, match="unvisited"):  # too short a reference to value every action
        regret.reference_values(game, "ismcts:iterations=1,worlds=1", states[0], 0)


def test_the_value_greedy_yardstick_plays_what_its_evaluation_rates_best() -> None:
    greedy = _bench("value_greedy")
    state = TOY.new(seed=3, players=2)
    hand = sorted(int(a.id.split(":")[1]) for a in state.legal_actions())

    def high(s: HighCard) -> list[float]:  # seat 0 likes a high card on the table
        return [s.table[0] / 11, 1 - s.table[0] / 11]

    def low(s: HighCard) -> list[float]:
        return [1 - s.table[0] / 11, s.table[0] / 11]

    assert greedy.ValueGreedy(high, 0, 1, 4).act(SeatView(state, 0)).id == f"play:{hand[-1]}"
    assert greedy.ValueGreedy(low, 0, 1, 4).act(SeatView(state, 0)).id == f"play:{hand[0]}"
    with pytest.raises(ValueError, match="worlds"):
        greedy.ValueGreedy(high, 0, 1, 0)
    with pytest.raises(ValueError, match="no position evaluation"):
        greedy.make_value_greedy(TOY, 0, 1, value="hand")
    with pytest.raises(ValueError, match="no learned value model"):
        greedy.make_value_greedy(TOY, 0, 1)


def test_the_value_greedy_script_reports_as_the_strength_script_does() -> None:
    spec = "value-greedy:worlds=2,value=hand"
    args = ["tank-killers", "--games", "2", "--ismcts", spec, "--opponents", "heuristic"]
    out = subprocess.run([sys.executable, "benchmarks/value_greedy.py", *args], cwd=ROOT, capture_output=True,
                         text=True, timeout=300, check=True,
                         env={"PYTHONPATH": f"{ROOT / 'src'}:{ROOT}", "PATH": "/usr/bin:/bin"})  # fmt: skip
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["ismcts"] == spec and result["games"] == 2
    assert sum(n for _, n in result["by_seat"].values()) == 2


def test_planned_runs_on_several_seeds_pool_and_pair_seed_by_seed(tmp_path: Path) -> None:
    logs = _logs_module()
    seven = _log(tmp_path / "s7.jsonl", [1, 0, 1])
    eight = _log(tmp_path / "s8.jsonl", [0, 0], seed=8)
    pooled = logs.read_run(f"{seven}+{eight}")  # game 0 of seed 7 and game 0 of seed 8 are two deals
    s = logs.summary(pooled)
    assert (s["games"], s["score"]) == (5, 2.0)
    base = logs.read_run(f"{_log(tmp_path / 'b7.jsonl', [0, 0, 0, 0])}+{_log(tmp_path / 'b8.jsonl', [1], seed=8)}")
    d = logs.paired(base, pooled)
    # common: seed 7 games 0-2 (+1, 0, +1) and seed 8 game 0 (-1); seed 8 game 1 and seed 7 game 3 are unpaired
    assert d["difference"]["n"] == 4 and abs(d["difference"]["mean"] - 0.25) < 1e-9
    assert d["same_result"] == 1
    assert logs.main([f"{seven}+{seven}"]) == 2  # one seed's games twice is still refused


def _four_player_log(path: Path, rows: list[tuple[float, float]]) -> str:
    """A four-player log: each game's (first-place share, share of the opponents finished ahead of)."""
    lines = [
        {"game": "tank-hunter", "opponent": "heuristic", "seed": 4, "players": 4, "i": i, "seat": i % 4,
         "score": score, "ahead": ahead}
        for i, (score, ahead) in enumerate(rows)
    ]  # fmt: skip
    path.write_text("".join(json.dumps(row) + "\n" for row in lines))
    return str(path)


def test_past_two_players_the_opponents_finished_ahead_of_are_compared_game_by_game(tmp_path: Path) -> None:
    logs = _logs_module()
    base = logs.read_run(_four_player_log(tmp_path / "b.jsonl", [(0, 1 / 3), (1, 1), (0, 2 / 3)]))
    other = logs.read_run(_four_player_log(tmp_path / "o.jsonl", [(0, 2 / 3), (0, 2 / 3), (0, 2 / 3)]))
    d = logs.paired(base, other)
    # first places: 0, -1, 0; opponents finished ahead of: +1/3, -1/3, 0
    assert abs(d["difference"]["mean"] + 1 / 3) < 1e-9
    assert d["ahead_difference"]["n"] == 3 and abs(d["ahead_difference"]["mean"]) < 1e-9
    assert d["ahead_difference"]["low"] < 0 < d["ahead_difference"]["high"]
    # A log without the measure pairs on first places alone.
    plain = logs.read_run(_log(tmp_path / "p.jsonl", [1, 0]))
    assert "ahead_difference" not in logs.paired(plain, plain)


def test_the_paired_line_names_both_measures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    logs = _logs_module()
    base = _four_player_log(tmp_path / "b.jsonl", [(0, 0), (1, 1)])
    other = _four_player_log(tmp_path / "o.jsonl", [(1, 1), (1, 1)])
    assert logs.main([other, "--base", base]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert "+50.0 points" in last and "ahead of an opponent +50.0 points" in last
