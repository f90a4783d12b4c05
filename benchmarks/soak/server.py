"""The real server as a subprocess: start it, watch its memory, stop it and check what it leaves behind.

Process facts come from /proc (Linux), so no extra package is needed and the
children counted are the server's real descendants: its search workers, and
anything else it spawned.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _stat(pid: int) -> tuple[int, str, int] | None:
    """(parent pid, state letter, start time in ticks) of ``pid``; None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # the command name is in parentheses and may hold spaces or parentheses itself
    rest = text[text.rindex(")") + 2 :].split()
    return int(rest[1]), rest[0], int(rest[19])


def descendants(pid: int) -> list[tuple[int, int]]:
    """Every live descendant of ``pid`` as (pid, start time): the start time tells a reused pid apart."""
    parents: dict[int, list[tuple[int, int]]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            st = _stat(int(entry.name))
            if st is not None and st[1] != "Z":
                parents.setdefault(st[0], []).append((int(entry.name), st[2]))
    out: list[tuple[int, int]] = []
    todo = [pid]
    while todo and len(out) < 10_000:
        for child in parents.get(todo.pop(), []):
            out.append(child)
            todo.append(child[0])
    return out


def alive(pid: int, start: int) -> bool:
    st = _stat(pid)
    return st is not None and st[1] != "Z" and st[2] == start


def rss_bytes(pid: int) -> int:
    """Resident memory of one process (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/statm").read_text().split()
    except OSError:
        return 0
    return int(fields[1]) * PAGE


def serve_flags(src: Path = SRC) -> set[str]:
    """The options ``hulldown serve`` takes in this checkout (later ones add limits and workers)."""
    out = subprocess.run(
        [sys.executable, "-m", "hulldown", "serve", "--help"],
        cwd=ROOT,
        env=_env(src),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return set(re.findall(r"(--[a-z][a-z0-9-]+)", out.stdout)) - {"--help"}


def _env(src: Path) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(src), "COLUMNS": "200"}
    if src != SRC:
        env["PYTHONDONTWRITEBYTECODE"] = "1"  # leave another checkout as it was
    return env


@dataclass
class Shutdown:
    """How the server ended: within the grace period, by its exit status, with no stray children."""

    seconds: float
    exit_code: int | None
    killed: bool
    children_before: int
    leftover: list[int] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not self.killed and not self.leftover

    def as_dict(self) -> dict[str, Any]:
        return {
            "clean": self.clean,
            "seconds": round(self.seconds, 2),
            "exit_code": self.exit_code,
            "killed_after_grace": self.killed,
            "children_before_stop": self.children_before,
            "leftover_children": self.leftover,
        }


class Server:
    """One ``hulldown serve`` on loopback with a fresh SQLite file; its output goes to ``log``."""

    def __init__(self, db: str, port: int, log: Path, extra: list[str] | None = None, src: Path = SRC) -> None:
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.log = log
        args = ["--host", "127.0.0.1", "--port", str(port), "--db", db, "--bot-delay", "0", *(extra or [])]
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "hulldown", "serve", *args],
            cwd=ROOT,
            env=_env(src),
            stdout=log.open("ab"),
            stderr=subprocess.STDOUT,
            # a process group of its own: Ctrl-C reaches the benchmark, which then stops the server
            # itself. Not a session of its own: Linux gives each session a fair share of the CPU
            # whatever the niceness of its processes, so the server's search workers, below every
            # client in niceness, would still take a whole core from the clients' session
            process_group=0,
        )
        self.shutdown: Shutdown | None = None

    def wait_ready(self, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                break
            try:
                if httpx.get(f"{self.base}/api/catalog", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        self.kill_all()
        raise RuntimeError("the server did not start:\n" + self.log.read_text(errors="replace")[-3000:])

    def rss(self) -> tuple[int, int]:
        """(server's own RSS, RSS of the server and all its descendants) in bytes."""
        own = rss_bytes(self.proc.pid)
        return own, own + sum(rss_bytes(p) for p, _ in descendants(self.proc.pid))

    def stop(self, grace: float = 5.0) -> Shutdown:
        """SIGTERM, then wait ``grace`` seconds; whatever is still alive after that is SIGKILLed and reported."""
        if self.shutdown is not None:
            return self.shutdown
        children = descendants(self.proc.pid)
        t0 = time.monotonic()
        killed = False
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(grace)
            except subprocess.TimeoutExpired:
                killed = True
                seen = {p for p, _ in children}
                children += [c for c in descendants(self.proc.pid) if c[0] not in seen]
        # children get the rest of the grace period to follow their parent
        end = t0 + grace
        while time.monotonic() < end and any(alive(p, s) for p, s in children):
            time.sleep(0.1)
        seconds = time.monotonic() - t0
        leftover = [p for p, s in children if alive(p, s)]
        self.kill_all(children)
        self.shutdown = Shutdown(seconds, None if killed else self.proc.returncode, killed, len(children), leftover)
        return self.shutdown

    def kill_all(self, children: list[tuple[int, int]] | None = None) -> None:
        """SIGKILL the server and the descendants it had (by pid, checked against their start time)."""
        known = children if children is not None else descendants(self.proc.pid)
        if self.proc.poll() is None:
            self.proc.kill()
        for pid, start in known:
            if alive(pid, start):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(10)

    def log_problems(self) -> list[str]:
        """The server's 5xx answers and the exception ending each traceback in its output."""
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return problems(text.splitlines())


def problems(lines: list[str]) -> list[str]:
    """5xx access lines, and each traceback's exception with the innermost frame that raised it."""
    out, in_traceback, where = [], False, ""
    for ln in lines:
        if ln.startswith("Traceback"):
            in_traceback = True
        elif in_traceback and ln.startswith("  File "):
            where = ln.strip()
        elif in_traceback and ln and not ln[0].isspace() and not ln.startswith(("During handling", "The above")):
            out.append(f"{ln[:240]} [{where[:200]}]" if where else ln[:300])
            in_traceback, where = False, ""
        elif re.search(r'" 5\d\d ', ln):
            out.append(ln[:300])
    return out
