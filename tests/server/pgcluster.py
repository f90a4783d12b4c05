"""A throwaway PostgreSQL cluster for the tests: initdb into a temporary folder, start, stop, remove.

The server binaries are looked up on PATH and in Debian's ``/usr/lib/postgresql/<version>/bin``.
PostgreSQL refuses to run as root, so under root every server process runs as the ``postgres``
user (through ``runuser``) and the folder is handed to that user. The cluster listens on
127.0.0.1 at a free port, with its unix socket inside the folder, trusts local connections and
runs with ``fsync=off`` (unless asked for it): it only has to survive the tests, never a power cut.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import re
import shlex
import shutil
import signal
import socket
import subprocess
import tempfile
from pathlib import Path


class ClusterUnavailable(RuntimeError):
    """No PostgreSQL binaries, or a cluster that would not start (the message says which)."""


def find_bindir() -> Path:
    """The folder holding initdb and pg_ctl: PATH first, then the newest Debian version."""
    on_path = shutil.which("pg_ctl")
    if on_path and shutil.which("initdb"):
        return Path(on_path).resolve().parent
    versions = sorted(
        (p for p in Path("/usr/lib/postgresql").glob("*/bin") if (p / "initdb").exists() and (p / "pg_ctl").exists()),
        key=lambda p: [int(x) for x in re.findall(r"\d+", p.parent.name)] or [0],
    )
    if not versions:
        raise ClusterUnavailable("no PostgreSQL server found (initdb/pg_ctl not on PATH nor in /usr/lib/postgresql)")
    return versions[-1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Cluster:
    """One cluster in its own temporary folder; ``url`` is a SQLAlchemy URL for its ``postgres`` database."""

    def __init__(self, fsync: bool = False) -> None:
        self.fsync = fsync
        self.bindir = find_bindir()
        self.root = Path(tempfile.mkdtemp(prefix="hulldown-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = free_port()
        self.prefix: list[str] = []
        self.started = False
        self.watchdog: subprocess.Popen[bytes] | None = None
        if os.geteuid() == 0:
            runuser = shutil.which("runuser")
            try:
                user = pwd.getpwnam("postgres")
            except KeyError:
                user = None
            if runuser is None or user is None:
                self.remove()
                raise ClusterUnavailable("running as root without a 'postgres' user and runuser to run PostgreSQL as")
            os.chown(self.root, user.pw_uid, user.pw_gid)
            self.prefix = [runuser, "-u", "postgres", "--"]
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str, timeout: float = 120) -> None:
        out = subprocess.run(
            [*self.prefix, *args], capture_output=True, text=True, timeout=timeout, check=False, cwd=self.root
        )
        if out.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise ClusterUnavailable(f"{Path(args[0]).name} failed ({out.returncode}): {out.stderr.strip()}\n{log}")

    def start(self) -> None:
        try:
            self._run(
                str(self.bindir / "initdb"),
                "-D",
                str(self.data),
                "-U",
                "postgres",
                "--auth=trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            )
            options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c max_connections=50"
            if not self.fsync:
                options += " -F"
            self._run(
                str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "start"
            )
            self.started = True
            self._watch()
        except (ClusterUnavailable, OSError, subprocess.TimeoutExpired) as e:
            self.stop()
            raise ClusterUnavailable(str(e)) from e

    def _watch(self) -> None:
        """A watchdog that stops the cluster and removes its folder if this process dies unannounced.

        A test run killed by SIGKILL or a timeout never reaches ``stop``; without the watchdog its
        cluster would go on running.
        """
        pg_ctl = " ".join(
            shlex.quote(a) for a in [*self.prefix, str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate"]
        )
        script = (
            f"while kill -0 {os.getpid()} 2>/dev/null; do sleep 1; done; {pg_ctl} -w stop >/dev/null 2>&1;"
            f" rm -rf {shlex.quote(str(self.root))}"
        )
        self.watchdog = subprocess.Popen(
            ["sh", "-c", script],
            start_new_session=True,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def stop(self) -> None:
        """Stops the server (if it runs) and removes the folder; safe to call twice."""
        if self.started or (self.data / "postmaster.pid").exists():
            try:
                self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop", timeout=60)
            except (ClusterUnavailable, OSError, subprocess.TimeoutExpired):
                # never leave a server behind: its postmaster is the first line of postmaster.pid
                with contextlib.suppress(OSError, ValueError):
                    pid = int((self.data / "postmaster.pid").read_text().split()[0])
                    os.kill(pid, signal.SIGKILL)
            self.started = False
        if self.watchdog is not None:
            self.watchdog.kill()
            self.watchdog.wait()
            self.watchdog = None
        self.remove()

    def remove(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)
