"""A live server in a thread (so test-registered games are visible) and the system Chromium."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hulldown.engine import registry
from tests.engine.toygame import TOY
from tests.server.secretgame import SECRET

CHROMIUM = os.environ.get("HULLDOWN_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class LiveServer:
    def __init__(self, app: Any, port: int) -> None:
        import uvicorn

        self.app = app
        self.url = f"http://127.0.0.1:{port}"
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        end = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < end, "server did not start"
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    def room(self, gid: str) -> Any:
        return self.app.state.manager.rooms[gid]


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    registry.register(TOY)
    registry.register(SECRET)
    delay = float(os.environ.get("HULLDOWN_TEST_BOT_DELAY", "0.05"))
    try:
        yield from serve_app(tmp_path, bot_delay=delay)
    finally:
        registry.unregister(TOY.info.id)
        registry.unregister(SECRET.info.id)


def serve_app(folder: Path, bot_delay: float = 0.0) -> Iterator[LiveServer]:
    """The app on a free port of loopback with its database in ``folder``, bots waiting
    ``bot_delay`` seconds before a move and no per-client limits (the browser plays faster than
    any person): for a test's or a module's fixture."""
    from hulldown.server.app import create_app
    from hulldown.server.limits import Limits

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = create_app(db_url=f"sqlite:///{folder / 'web.sqlite3'}", bot_delay=bot_delay, limits=Limits.off())
    with LiveServer(app, port) as server:
        yield server


def launch_chromium() -> Iterator[Any]:
    """The system Chromium under Playwright, or a skip that says how to install it; for fixtures of any scope."""
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        pytest.skip(f"system Chromium not found at {CHROMIUM} (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium"), args=ARGS
        )
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch_chromium()
