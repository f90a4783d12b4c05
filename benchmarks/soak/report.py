"""The soak's verdict and its table: what failed, and the figures behind it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def failures(report: dict[str, Any]) -> list[str]:
    """Why the run failed: any 5xx, anything hostile that was obeyed, an unclean stop; empty when it passed."""
    out = []
    n5xx = report["tally"]["server_errors_5xx"]
    if n5xx:
        out.append(f"{n5xx} answers with a 5xx status")
    out.extend(report["tally"]["findings"])
    shutdown = report["server"]["shutdown"]
    if not shutdown["clean"]:
        why = "killed after the grace period" if shutdown["killed_after_grace"] else "children left behind"
        out.append(f"the server did not stop cleanly on SIGTERM ({why}: {shutdown['leftover_children']})")
    if report.get("interrupted"):
        out.append("interrupted before the end")
    return out


def _mib(n: int) -> str:
    return f"{n / (1 << 20):.0f} MiB"


def _lat(d: dict[str, Any], keys: tuple[str, ...]) -> str:
    return ", ".join(f"{k} {d[k]} ms" for k in keys if d.get(k) is not None) + f" (n={d['count']})"


def _stop(d: dict[str, Any]) -> str:
    how = "still running, killed" if d["killed_after_grace"] else f"exit status {d['exit_code']}"
    left = f"; children left behind: {d['leftover_children']}" if d["leftover_children"] else ""
    return f"{'clean' if d['clean'] else 'NOT clean'}: {how} after {d['seconds']} s{left}"


def lines(report: dict[str, Any]) -> list[tuple[str, str]]:
    """The figures as (label, value) rows, in the order a reader wants them."""
    t, s = report["tally"], report["server"]
    rows = [
        ("run", f"{report['games']} games, {report['elapsed_s']} s of {report['seconds']} s"),
        ("load average", f"{report['load_before']} before, {report['load']} after"),
        ("human actions", _lat(t["human_action_latency_ms"], ("p50", "p95", "p99", "max"))),
        ("human actions, server's time", _lat(t["human_action_server_ms"], ("p50", "p95", "p99", "max"))),
        ("view fetches", _lat(t["view_latency_ms"], ("p50", "p99", "max"))),
        ("games", ", ".join(f"{k} {v}" for k, v in sorted(t["games"].items())) or "none"),
        ("5xx answers", str(t["server_errors_5xx"])),
        ("server RSS", f"start {_mib(s['rss_start'][0])}, end {_mib(s['rss_end'][0])}, peak {_mib(s['rss_peak'][0])}"),
        (
            "with children",
            f"start {_mib(s['rss_start'][1])}, end {_mib(s['rss_end'][1])}, peak {_mib(s['rss_peak'][1])}",
        ),
        ("stop on SIGTERM", _stop(s["shutdown"])),
        ("server log problems", str(sum(s["log_problems"].values()))),
    ]
    rows += [(k, str(v)) for k, v in t.get("figures", {}).items()]
    for kind, counts in t["answers"].items():
        rows.append((kind, ", ".join(f"{k}: {v}" for k, v in counts.items())))
    return rows


def show(report: dict[str, Any]) -> None:
    rows = lines(report)
    bad = report["failures"]
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:
        for k, v in rows:
            print(f"{k:>22}  {v}")
        print("FAILED:\n  " + "\n  ".join(bad) if bad else "passed")
        return
    table = Table(title="web server soak", show_header=False)
    table.add_column(style="bold")
    table.add_column(overflow="fold")
    for k, v in rows:
        table.add_row(k, v)
    console = Console()
    console.print(table)
    if not bad:
        console.print("passed", style="bold green")
        return
    console.print("FAILED:", style="bold red")
    for why in bad:
        console.print("  " + why, markup=False, highlight=False)


def write(report: dict[str, Any], path: Path) -> None:
    path.write_text(json.dumps(report, indent=2, sort_keys=True) + "\n")
