"""Correspondence play: an e-mail to the account whose turn it is.

A game with a clock of an hour or more is played by correspondence: each decision
may take up to that long (the turn clock and the takeover bot work as for short
clocks), and when the server knows how to send mail (:class:`SmtpSettings`, set by
the operator) an account with an address gets one e-mail each time the game comes
to its seat. Sending runs in a thread, never on the event loop; a failed send is
logged (without the address) and the game goes on.
"""

from __future__ import annotations

import asyncio
import logging
import os
import smtplib
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Annotated

import sqlalchemy as sa
from fastapi import FastAPI, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.engine import Engine

from hulldown.server.accountdb import AccountStore
from hulldown.server.answers import BODY, answers
from hulldown.server.auth import Authenticator
from hulldown.server.db import METADATA
from hulldown.server.guard import rate_limited
from hulldown.server.limits import ACTIONS
from hulldown.server.room import Room

log = logging.getLogger("hulldown.server")

#: a clock of at least this many seconds makes a game a correspondence game
CORRESPONDENCE = 3600.0

EMAILS = sa.Table(
    "account_emails",
    METADATA,
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
    sa.Column("email", sa.String(254), nullable=False),
)

Email = Annotated[
    str, Field(min_length=3, max_length=254, pattern=r"^[^@\s<>\"',;:()\[\]\\]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$")
]


class EmailIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    email: Email | None = Field(description="the address for turn notices; null: none")


@dataclass(frozen=True, slots=True)
class SmtpSettings:
    """Where turn e-mails go out; ``base_url`` makes the links in them (``https://games.example``)."""

    host: str
    port: int = 25
    sender: str = "hulldown@localhost"
    base_url: str = "http://localhost:8000"
    starttls: bool = False
    username: str | None = None
    password: str | None = None

    @classmethod
    def from_env(cls) -> SmtpSettings | None:
        """From ``HULLDOWN_SMTP_HOST`` and friends (docs/web.md); None without a host."""
        env = os.environ
        host = env.get("HULLDOWN_SMTP_HOST")
        if not host:
            return None
        return cls(
            host=host,
            port=int(env.get("HULLDOWN_SMTP_PORT", "25")),
            sender=env.get("HULLDOWN_SMTP_FROM", "hulldown@localhost"),
            base_url=env.get("HULLDOWN_PUBLIC_URL", "http://localhost:8000").rstrip("/"),
            starttls=env.get("HULLDOWN_SMTP_STARTTLS", "") == "1",
            username=env.get("HULLDOWN_SMTP_USER") or None,
            password=env.get("HULLDOWN_SMTP_PASSWORD") or None,
        )


class TurnMailer:
    """Sends one e-mail each time a correspondence game comes to an account's seat."""

    def __init__(self, engine: Engine, accounts: AccountStore, smtp: SmtpSettings | None) -> None:
        self.engine = engine
        self.accounts = accounts
        self.smtp = smtp
        #: per game, the (seat, decisions) of the latest notice: one e-mail per turn
        self.sent: dict[str, tuple[int, int]] = {}

    def set_email(self, account_id: int, email: str | None) -> None:
        with self.engine.begin() as conn:
            conn.execute(EMAILS.delete().where(EMAILS.c.account_id == account_id))
            if email is not None:
                conn.execute(EMAILS.insert().values(account_id=account_id, email=email))

    def email_of(self, account_id: int) -> str | None:
        with self.engine.connect() as conn:
            return conn.execute(sa.select(EMAILS.c.email).where(EMAILS.c.account_id == account_id)).scalar()

    def changed(self, room: Room) -> None:
        """The ``Manager.on_change`` hook."""
        clock = room.row.config.get("clock")
        seat = room.state.current_player
        if room.row.over:
            self.sent.pop(room.id, None)
            return
        if self.smtp is None or not clock or float(clock) < CORRESPONDENCE or seat is None:
            return
        turn = (seat, room.state.steps)
        if self.sent.get(room.id) == turn or room.seats[seat].controller != "human":
            return
        account = self.accounts.holders(room.id).get(seat)
        address = None if account is None else self.email_of(account)
        if address is None:
            return  # perhaps an account takes the seat later: that change asks again
        self.sent[room.id] = turn
        msg = EmailMessage()
        msg["From"] = self.smtp.sender
        msg["To"] = address
        msg["Subject"] = f"hulldown: your turn in {room.game.info.name}"
        hours = float(clock) / 3600
        msg.set_content(
            f"It is your turn in {room.game.info.name}.\n\n{self.smtp.base_url}/g/{room.id}\n\n"
            f"You have {hours:g} hours for this decision; then a bot takes over your seat.\n"
        )
        asyncio.get_running_loop().run_in_executor(None, self._send, msg, room.id)

    def _send(self, msg: EmailMessage, game_id: str) -> None:
        smtp = self.smtp
        assert smtp is not None
        try:
            with smtplib.SMTP(smtp.host, smtp.port, timeout=30) as client:
                if smtp.starttls:
                    client.starttls()
                if smtp.username:
                    client.login(smtp.username, smtp.password or "")
                client.send_message(msg)
        except (OSError, smtplib.SMTPException) as exc:
            log.warning("turn e-mail for game %s not sent: %s", game_id, type(exc).__name__)


def mail_routes(app: FastAPI, auth: Authenticator, mailer: TurnMailer) -> None:
    @app.put("/api/me/email", status_code=204, responses=answers(401, 403, *BODY, 429))
    @rate_limited(ACTIONS)
    async def set_email(body: EmailIn, request: Request) -> Response:
        """The address for turn e-mails of correspondence games (null: none)."""
        session = auth.require(request, write=True)
        mailer.set_email(session.account.id, body.email)
        return Response(status_code=204)
