"""The soak benchmark's pure parts: its percentiles, its hostile catalogue, its game plan, its process checks.

The soak itself runs a real server for minutes (its smoke mode still about half a
minute and a busy search worker), too much for the suite; these keep its figures
and its catalogue honest.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import time
from collections import Counter
from typing import Any

import pytest
from benchmarks.soak.payloads import GAMES, file_probes, malformed, plan_games, unbounded_probes
from benchmarks.soak.report import failures
from benchmarks.soak.server import alive, descendants, problems
from benchmarks.soak.stats import Tally, percentile, summary_ms

from hulldown.agents.ismcts_spec import LEVELS
from hulldown.server.app import MAX_BODY


def test_percentile_is_nearest_rank() -> None:
    values = [float(x) for x in range(100, 0, -1)]  # 100 .. 1, unsorted on purpose
    assert percentile(values, 50) == 50
    assert percentile(values, 99) == 99
    assert percentile(values, 100) == 100
    assert percentile(values, 0) == 1
    assert percentile([0.3], 95) == 0.3
    assert percentile([], 50) is None
    with pytest.raises(ValueError):
        percentile(values, 101)


def test_summary_in_milliseconds() -> None:
    s = summary_ms([0.001, 0.002, 0.010])
    assert s == {"count": 3, "p50": 2.0, "p95": 10.0, "p99": 10.0, "max": 10.0}
    assert summary_ms([], (50, 99))["p99"] is None


def test_only_5xx_answers_count_as_server_errors() -> None:
    t = Tally()
    t.count("human action", "200")
    t.count("malformed", "500")
    t.count("malformed", "503")
    t.count("malformed", "error ReadError")
    t.count("create flood", "429")
    assert t.server_errors() == 2


def _strict(body: bytes) -> Any:
    """What a JSON parser that follows RFC 8259 to the letter makes of ``body`` (raises when it is not JSON)."""

    def no_constant(name: str) -> Any:
        raise ValueError(name)

    text = body.decode("utf-8")  # invalid UTF-8 raises here
    value = json.loads(text, parse_constant=no_constant)
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in json.dumps(value, ensure_ascii=False)):
        raise ValueError("lone surrogate")
    return value


@pytest.mark.parametrize("raw", malformed(), ids=lambda r: r.name)
def test_each_malformed_body_is_malformed(raw: Any) -> None:
    """Every body is refused by a strict parser, too big, not an object, or fails the request models."""
    assert raw.target in ("create", "action")
    if len(raw.body) > MAX_BODY:
        return
    try:
        value = _strict(raw.body)
    except (ValueError, RecursionError):
        return
    if not isinstance(value, dict) or raw.content_type != "application/json":
        return
    from pydantic import ValidationError

    from hulldown.server.app import ActionIn, CreateGame

    model = CreateGame if raw.target == "create" else ActionIn
    try:
        model.model_validate(value)
    except ValidationError:
        return
    # the rest pass the models and must be refused by the game itself
    assert raw.name in {"huge-int-option", "huge-float-option", "duplicate-keys", "int64-version"}


def test_catalogue_names_are_unique_and_bodies_past_the_limit_exist() -> None:
    names = [r.name for r in malformed()] + [p.name for p in file_probes()] + [p.name for p in unbounded_probes()]
    assert len(names) == len(set(names))
    assert sum(len(r.body) > MAX_BODY for r in malformed()) >= 3
    assert any(r.chunked for r in malformed())


def test_only_dev_zero_is_held_back_and_every_file_probe_names_a_file() -> None:
    probes = file_probes()
    assert [p.name for p in probes if p.dangerous] == ["tactics-file-dev-zero"]
    for p in probes:
        text = json.dumps(p.body)
        assert "/etc/" in text or "/proc/" in text or "/dev/" in text


def _budget(spec: str) -> tuple[float, float]:
    params = dict(kv.split("=", 1) for kv in spec.split(":", 2)[2].split(","))
    its, secs = LEVELS.get(params.get("level", ""), (0, 0.0))
    return float(params.get("iterations", its)), float(params.get("seconds", secs))


def test_every_unbounded_budget_exceeds_the_hardest_level() -> None:
    hard_its, hard_secs = LEVELS["hard"]
    for p in unbounded_probes():
        spec = str(p.body["takeover"] if p.name.startswith("takeover") else p.body["seats"][0])
        assert spec.startswith("bot:ismcts:")
        if "level=insane" in spec or "worlds=" in spec:
            continue  # no such level; a hard search over far more sampled worlds
        its, secs = _budget(spec)
        assert its > hard_its or secs > hard_secs or math.isnan(secs), spec


def test_game_plan_mixes_games_and_opponents() -> None:
    plans = plan_games(100, list(GAMES), seed=3)
    assert plans == plan_games(100, list(GAMES), seed=3)
    assert Counter(p.game for p in plans) == {g: 25 for g in GAMES}
    others = Counter(s for p in plans for s in p.seats if s != "human" or p.humans == 2)
    assert all(p.humans >= 1 for p in plans)
    assert 5 <= sum(p.humans == 2 for p in plans) <= 12
    assert 3 <= others["bot:ismcts:level=easy"] <= 10
    assert others["bot:random"] + others["bot:heuristic"] >= 70
    assert all(p.game == "2gm-pacific" for p in plans if "bot:solo-ai" in p.seats)
    assert {p.seats.index("human") for p in plans} == {0, 1}


def test_log_problems_name_the_exception_and_the_5xx_lines() -> None:
    log = [
        'INFO:     10.1.0.1:0 - "POST /api/games HTTP/1.1" 201 Created',
        'INFO:     10.66.0.1:0 - "POST /api/games HTTP/1.1" 500 Internal Server Error',
        "ERROR:    Exception in ASGI application",
        "Traceback (most recent call last):",
        '  File "x.py", line 1, in f',
        "    raise ValueError('nan')",
        "ValueError: Out of range float values are not JSON compliant",
        "INFO:     shutting down",
    ]
    assert problems(log) == [log[1], log[6] + ' [File "x.py", line 1, in f]']


def test_descendants_lists_a_child_until_it_is_gone() -> None:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        found = [d for d in descendants(os.getpid()) if d[0] == child.pid]
        assert len(found) == 1 and alive(*found[0])
        assert not alive(child.pid, found[0][1] + 1)  # same pid, another start time: another process
    finally:
        child.kill()
        child.wait(10)
    end = time.monotonic() + 10
    while alive(*found[0]) and time.monotonic() < end:
        time.sleep(0.05)
    assert not alive(*found[0])


def test_failures_name_5xx_findings_and_an_unclean_stop() -> None:
    t = Tally()
    report: dict[str, Any] = {
        "tally": t.as_dict(),
        "server": {"shutdown": {"clean": True, "killed_after_grace": False, "leftover_children": []}},
    }
    assert failures(report) == []
    t.count("malformed", "500")
    t.findings.append("unbounded budget: seconds=100000 accepted (201)")
    report["tally"] = t.as_dict()
    report["server"]["shutdown"] = {"clean": False, "killed_after_grace": True, "leftover_children": [7]}
    bad = failures(report)
    assert bad[0] == "1 answers with a 5xx status"
    assert bad[1].startswith("unbounded budget")
    assert "killed after the grace period" in bad[2]


def test_the_servers_time_is_read_from_its_header() -> None:
    from benchmarks.soak.common import server_seconds

    assert server_seconds("app;dur=12.5") == 0.0125
    assert math.isnan(server_seconds("")) and math.isnan(server_seconds("app;dur=x"))


def test_players_hold_the_log_as_the_browser_does() -> None:
    from benchmarks.soak.humans import LogCopy

    held = LogCopy()
    assert held.query() == ""
    assert held.take({"log_epoch": 7, "log_from": 0, "log": [{}, {}, {}]}) is not None
    assert held.query() == "?log_from=3&log_epoch=7"
    held.take({"log_epoch": 7, "log_from": 3, "log": [{}]})
    held.take({"log_epoch": 7, "log_from": 1, "log": [{}]})  # an older push adds nothing
    assert held.count == 4
    # a piece of an epoch never seen whole is a gap: the view must be fetched whole
    assert held.take({"log_epoch": 8, "log_from": 2, "log": [{}]}) is None and held.query() == ""
