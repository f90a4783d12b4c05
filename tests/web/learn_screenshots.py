"""Take docs/screenshots/learn-<game>.png: one tutorial step per game, with a wrong move explained.

Run: ``PYTHONPATH=src:. python -m tests.web.learn_screenshots [--out docs/screenshots] [game ...]``.
Each tutorial is played by clicking up to its first step that foresees a wrong move; the wrong
move is clicked too, so the picture shows the step, its clause and the explanation together.
"""

from __future__ import annotations

import argparse
import socket
import tempfile
from pathlib import Path

from hulldown.tutorials import TUTORIALS, tutorial
from tests.web.conftest import ARGS, CHROMIUM, LiveServer
from tests.web.test_learn_browser import click_move

#: Pages cut to this height: below it only the game log goes on.
HEIGHT = 1300


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="docs/screenshots")
    ap.add_argument("games", nargs="*")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    from hulldown.server.app import create_app
    from hulldown.server.limits import Limits

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        s.close()
        app = create_app(db_url=f"sqlite:///{tmp}/shots.sqlite3", bot_delay=0.0, limits=Limits.off())
        with LiveServer(app, port) as live, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1440, "height": 1000}, device_scale_factor=1)
            for game in args.games or list(TUTORIALS):
                page.goto(f"{live.url}/learn/{game}")
                page.wait_for_selector("body[data-ready='1']")
                for step in tutorial(game).steps:
                    if step.wrong:
                        click_move(page, next(iter(step.wrong)))
                        break
                    click_move(page, step.action)
                page.mouse.move(0, 0)
                page.wait_for_timeout(300)
                clip = {"x": 0, "y": 0, "width": 1440, "height": HEIGHT}
                page.screenshot(path=str(out / f"learn-{game}.png"), full_page=True, clip=clip)
                print("wrote", out / f"learn-{game}.png")
            browser.close()


if __name__ == "__main__":
    main()
