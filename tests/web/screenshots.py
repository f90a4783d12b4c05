"""Take docs/screenshots/<game>.png (desktop) and <game>-phone.png of every game page, and the lobby.

Run: ``PYTHONPATH=src python -m tests.web.screenshots [--out docs/screenshots] [game ...]``.
Each game is played by its seats (seat 0 through the HTTP API, the others by heuristic bots)
until a moment worth showing: seat 0 has a decision with something on the table.
"""

from __future__ import annotations

import argparse
import random
import socket
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

import hulldown
from tests.web.conftest import ARGS, CHROMIUM, LiveServer


def _tank_killers(obs: dict[str, Any], actions: list[str]) -> bool:
    a = obs.get("attack")
    return bool(a and a.get("target") and a.get("played")) and obs["turn"] >= 6


def _tank_hunter(obs: dict[str, Any], actions: list[str]) -> bool:
    if obs["phase"] != "main" or obs["turn"] != 0:
        return False
    shown = sum(1 for p in obs["players"] for u in p["front"] + p["rear"] if not u["hidden"])
    marked = sum(1 for p in obs["players"] for u in p["front"] + p["rear"] if u["pinned"] or u["ooa"])
    return shown >= 3 and marked >= 1 and any(a for a in obs.get("hand", []))


def _tank_clash(obs: dict[str, Any], actions: list[str]) -> bool:
    """Mid-battle, with the page's first selected tank able to fire (targets and lines of fire)."""
    on_board = [t for t in obs["tanks"] if t["hex"] and not t["destroyed"]]
    if obs["phase"] != "actions" or len(on_board) < 8 or not any(t["damage"] for t in on_board):
        return False
    first = next((a.split(":")[1] for a in actions if a.split(":")[0] in ("move", "attack")), None)
    return first is not None and any(a.startswith(f"attack:{first}:") for a in actions)


def _pacific(obs: dict[str, Any], actions: list[str]) -> bool:
    """Mid-battle in the Movement or Shooting phase, with units of both sides on the grid."""
    on_grid = [u for u in obs["units"] if u["space"] != "hq"]
    sides = {u["side"] for u in on_grid}
    return obs["phase"] in ("move", "shoot") and len(on_grid) >= 5 and sides == {0, 1} and obs["round"] >= 3


#: Pages cut to this height, where a long list of decisions would dwarf the table.
HEIGHT = {"tank-clash": 1300, "2gm-pacific": 1400}
#: Games also shown on a phone (<game>-phone.png, 390 x 844 CSS pixels, cut at this height).
PHONE = {"tank-killers": 1900, "tank-hunter": 2200, "tank-clash": 1500, "2gm-pacific": 1500}


def _first_moment(url: str, game: str, seed: int, tries: int = 5) -> tuple[str, str]:
    """A game at a moment worth showing: the server deals each new game afresh, and a deal can end
    before one comes, so a few games are tried in turn (the last one's failure is raised)."""
    for k in range(tries - 1):
        try:
            return _play_to_moment(url, game, seed + k)
        except RuntimeError:
            continue
    return _play_to_moment(url, game, seed + tries - 1)


#: When a game page is worth a picture; a game not listed here is shown after 40 decisions.
MOMENT: dict[str, Callable[[dict[str, Any], list[str]], bool]] = {
    "tank-killers": _tank_killers,
    "tank-hunter": _tank_hunter,
    "tank-clash": _tank_clash,
    "2gm-pacific": _pacific,
}


def _play_to_moment(url: str, game: str, seed: int) -> tuple[str, str]:
    info = next(g for g in hulldown.games() if g.id == game)
    seats = ["human"] + ["bot:heuristic"] * (info.default_players - 1)
    created = httpx.post(url + "/api/games", json={"game": game, "seats": seats}).json()
    gid, token = created["id"], created["seats"][0]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    rng = random.Random(seed)
    moment = MOMENT.get(game)
    steps = 0
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        view = httpx.get(f"{url}/api/games/{gid}/view", headers=auth).json()
        if view["over"]:
            raise RuntimeError(f"{game}: the game ended before a moment worth showing")
        if not view["legal_actions"]:
            time.sleep(0.01)
            continue
        ids = [a["id"] for a in view["legal_actions"]]
        if (moment(view["observation"], ids) if moment else steps >= 40) and len(view["legal_actions"]) > 1:
            return gid, token
        acts = view["legal_actions"]
        # prefer doing something over passing, so the table fills up
        busy = [a for a in acts if a["id"] not in ("pass", "wait", "end")] or acts
        choice = rng.choice(busy if rng.random() < 0.7 else acts)
        body = {"action": choice["id"], "version": view["version"]}
        httpx.post(f"{url}/api/games/{gid}/actions", headers=auth, json=body)
        steps += 1
    raise RuntimeError(f"{game}: no moment worth showing within five minutes")


def _phone(browser: Any, url: str, path: Path, height: int) -> None:
    """The same seat's page on a phone, at twice the pixels so its small print stays legible."""
    page = browser.new_page(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_timeout(300)
    tall = min(height, int(page.evaluate("document.documentElement.scrollHeight")))
    page.screenshot(path=str(path), full_page=True, clip={"x": 0, "y": 0, "width": 390, "height": tall})
    page.close()
    print("wrote", path)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="docs/screenshots")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("games", nargs="*")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    from hulldown.server.app import create_app
    from hulldown.server.limits import Limits

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    games = args.games or [g.id for g in hulldown.games()]
    with tempfile.TemporaryDirectory() as tmp, socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        s.close()
        # a script plays the first seat as fast as the server answers: no human pace to limit
        app = create_app(db_url=f"sqlite:///{tmp}/shots.sqlite3", bot_delay=0.0, limits=Limits.off())
        with LiveServer(app, port) as live, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1440, "height": 1000}, device_scale_factor=1)
            for game in games:
                gid, token = _first_moment(live.url, game, args.seed)
                page.goto(f"{live.url}/g/{gid}#t={token}")
                page.wait_for_selector("body[data-ready='1']")
                page.wait_for_timeout(300)
                clip = {"x": 0, "y": 0, "width": 1440, "height": HEIGHT[game]} if game in HEIGHT else None
                page.screenshot(path=str(out / f"{game}.png"), full_page=True, clip=clip)
                print("wrote", out / f"{game}.png")
                if game in PHONE:
                    _phone(browser, f"{live.url}/g/{gid}#t={token}", out / f"{game}-phone.png", PHONE[game])
            page.goto(live.url + "/")
            page.wait_for_selector("body[data-ready='1']")
            page.select_option("#game-select", games[0])
            page.wait_for_timeout(300)
            page.screenshot(path=str(out / "lobby.png"), full_page=True)
            print("wrote", out / "lobby.png")
            browser.close()


if __name__ == "__main__":
    main()
