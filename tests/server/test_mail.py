"""Correspondence play: one e-mail per turn to the account to move, through a real SMTP server."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient

from hulldown.server.app import create_app
from hulldown.server.limits import Limits
from hulldown.server.mail import SmtpSettings
from tests.server.test_seating import account, new_game


class Inbox:
    def __init__(self) -> None:
        self.mails: list[tuple[list[str], str]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.mails.append((list(envelope.rcpt_tos), envelope.content.decode("utf-8", "replace")))
        return "250 OK"

    def wait(self, count: int, timeout: float = 10.0) -> None:
        end = time.monotonic() + timeout
        while len(self.mails) < count:
            assert time.monotonic() < end, f"{len(self.mails)} mails, wanted {count}"
            time.sleep(0.02)


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    box = Inbox()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield box, port
    finally:
        controller.stop()


def test_each_turn_mails_the_account_to_move(games: None, db_url: str, inbox: tuple[Inbox, int]) -> None:
    box, port = inbox
    smtp = SmtpSettings(host="127.0.0.1", port=port, sender="games@example.org", base_url="https://games.example")
    app = create_app(db_url=db_url, bot_delay=0, limits=Limits.off(), smtp=smtp)
    with TestClient(app) as client:
        ann, ann_csrf = account(client, "mail-ann")
        ben, ben_csrf = account(client, "mail-ben")
        assert ann.put("/api/me/email", json={"email": "ann@example.org"}).status_code == 403
        assert ann.put("/api/me/email", json={"email": "<b>@x"}, headers=ann_csrf).status_code == 422
        assert ann.put("/api/me/email", json={"email": "ann@example.org"}, headers=ann_csrf).status_code == 204
        assert ben.put("/api/me/email", json={"email": "ben@example.org"}, headers=ben_csrf).status_code == 204
        r = ann.post(
            "/api/games", json={"game": "secret-cards", "seats": ["me", "open"], "clock": 2 * 86400}, headers=ann_csrf
        )
        assert r.status_code == 201
        gid = r.json()["id"]
        assert ben.post(f"/api/games/{gid}/join", json={"seat": 1}, headers=ben_csrf).status_code == 200
        room = app.state.manager.rooms[gid]
        players = {0: (ann, ann_csrf, "ann@example.org"), 1: (ben, ben_csrf, "ben@example.org")}
        expected = [players[room.state.current_player][2]]
        box.wait(1)
        for _ in range(3):
            browser, csrf, _address = players[room.state.current_player]
            v = browser.get(f"/api/games/{gid}/view").json()
            body = {"action": v["legal_actions"][0]["id"], "version": v["version"]}
            assert browser.post(f"/api/games/{gid}/actions", json=body, headers=csrf).status_code == 200
            if room.state.is_over:
                break
            expected.append(players[room.state.current_player][2])
        box.wait(len(expected))
        time.sleep(0.2)
        assert [to for to, _ in box.mails] == [[a] for a in expected]
        for _, content in box.mails:
            assert f"https://games.example/g/{gid}" in content and "48 hours" in content
            assert "tank-commander" not in content  # no password, no token in a mail
        assert all(s["token"] is None or s["token"] not in c for s in r.json()["seats"] for _, c in box.mails)


def test_short_clocks_and_guests_get_no_mail(games: None, db_url: str, inbox: tuple[Inbox, int]) -> None:
    box, port = inbox
    app = create_app(db_url=db_url, bot_delay=0, limits=Limits.off(), smtp=SmtpSettings(host="127.0.0.1", port=port))
    with TestClient(app) as client:
        cat, csrf = account(client, "mail-cat")
        cat.put("/api/me/email", json={"email": "cat@example.org"}, headers=csrf)
        quick = cat.post(
            "/api/games", json={"game": "secret-cards", "seats": ["me", "human"], "clock": 60}, headers=csrf
        )
        assert quick.status_code == 201
        g = new_game(cat, csrf, ["me", "human"])  # no clock at all
        assert g["id"]
        slow = cat.post(
            "/api/games", json={"game": "secret-cards", "seats": ["human", "human"], "clock": 7200}, headers=csrf
        )
        assert slow.status_code == 201  # a correspondence game between guests: nobody to mail
        time.sleep(0.5)
        assert box.mails == []
