"""What the soak counts: latencies, answers by status per client kind, failures.

Every answer is tallied under a label: the HTTP status (``"201"``), a websocket
close code (``"close 1009"``) or a transport failure (``"error ReadTimeout"``),
so one table shows what each kind of client got back.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any


def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile (``q`` in 0..100) of unsorted ``values``; None when there are none.

    Nearest rank, not interpolation: a p99 or a max is then a latency some request
    really had, which is what a reader of a tail figure wants to look up.
    """
    if not values:
        return None
    if not 0 <= q <= 100:
        raise ValueError(f"percentile {q} is outside 0..100")
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def summary_ms(values: list[float], qs: tuple[float, ...] = (50, 95, 99, 100)) -> dict[str, Any]:
    """``count`` and the percentiles in milliseconds (``p100`` is named ``max``)."""
    out: dict[str, Any] = {"count": len(values)}
    for q in qs:
        p = percentile(values, q)
        out["max" if q == 100 else f"p{q:g}"] = None if p is None else round(p * 1000, 2)
    return out


def status_label(status: int) -> str:
    return str(status)


def error_label(exc: BaseException) -> str:
    return f"error {type(exc).__name__}"


def _nested() -> dict[str, dict[str, Counter[str]]]:
    return defaultdict(lambda: defaultdict(Counter))


@dataclass
class Tally:
    """Everything the clients saw, shared by all of them (one event loop: no locks needed)."""

    action_latency: list[float] = field(default_factory=list)
    view_latency: list[float] = field(default_factory=list)
    #: the server's own time for each human action (its Server-Timing header)
    action_server: list[float] = field(default_factory=list)
    answers: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    games: Counter[str] = field(default_factory=Counter)
    #: kind -> request name -> answers, for the requests of a catalogue (which body got the 500)
    by_request: dict[str, dict[str, Counter[str]]] = field(default_factory=_nested)
    #: single figures (KiB, counts) that are no answer to tally
    figures: dict[str, float] = field(default_factory=dict)
    #: answers a hostile client must never get, by kind: a file's text echoed back, say
    findings: list[str] = field(default_factory=list)

    def count(self, kind: str, label: str) -> None:
        self.answers[kind][label] += 1

    def note(self, kind: str, name: str, label: str) -> None:
        self.by_request[kind][name][label] += 1

    def raw(self) -> dict[str, Any]:
        """Everything counted, as plain lists and dicts (to send from another process)."""
        return {
            "action_latency": self.action_latency,
            "view_latency": self.view_latency,
            "action_server": self.action_server,
            "answers": {k: dict(c) for k, c in self.answers.items()},
            "games": dict(self.games),
            "by_request": {k: {n: dict(c) for n, c in d.items()} for k, d in self.by_request.items()},
            "figures": dict(self.figures),
            "findings": list(self.findings),
        }

    def absorb(self, raw: dict[str, Any]) -> None:
        """Adds what another process counted (its :meth:`raw`)."""
        self.action_latency += raw["action_latency"]
        self.view_latency += raw["view_latency"]
        self.action_server += raw["action_server"]
        for kind, counts in raw["answers"].items():
            self.answers[kind].update(counts)
        self.games.update(raw["games"])
        for kind, names in raw["by_request"].items():
            for name, counts in names.items():
                self.by_request[kind][name].update(counts)
        for key, value in raw["figures"].items():  # the worst of the processes
            self.figures[key] = max(value, self.figures.get(key, value))
        self.findings += raw["findings"]

    def server_errors(self) -> int:
        """Answers with a 5xx status, over every kind of client."""
        return sum(n for c in self.answers.values() for lab, n in c.items() if lab[:1] == "5" and lab.isdigit())

    def as_dict(self) -> dict[str, Any]:
        return {
            "human_action_latency_ms": summary_ms(self.action_latency),
            "view_latency_ms": summary_ms(self.view_latency, (50, 99, 100)),
            "human_action_server_ms": summary_ms([x for x in self.action_server if x == x]),
            "games": dict(self.games),
            "answers": {k: dict(sorted(c.items())) for k, c in sorted(self.answers.items())},
            "server_errors_5xx": self.server_errors(),
            "findings": list(self.findings),
            "figures": {k: round(v, 1) for k, v in sorted(self.figures.items())},
            "by_request": {k: {n: dict(c) for n, c in sorted(d.items())} for k, d in sorted(self.by_request.items())},
        }
