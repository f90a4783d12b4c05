"""Ratings: an OpenSkill (Plackett-Luce) update per finished game between accounts.

A game is rated when every human seat is held by an account; each bot seat plays
as a player of its own named ``bot:<spec>``, so beating a search bot counts for
more than beating a random one. Games where one player holds two seats, or no
account sits at all, are not rated, nor are games created with hints (a search's
advice was on offer). The update runs once, when the deciding move is stored
(``Manager.on_finish``); the history keeps one row per seat and game, which also
makes a second update of the same game impossible.
"""

from __future__ import annotations

import json
import time
from typing import Annotated

import sqlalchemy as sa
from fastapi import FastAPI, Path
from openskill.models import PlackettLuce
from pydantic import BaseModel
from sqlalchemy.engine import Engine

from hulldown.engine.registry import game_ids
from hulldown.server.accountdb import ACCOUNTS, SEAT_ACCOUNTS, AccountStore
from hulldown.server.answers import answers
from hulldown.server.db import GAMES, METADATA
from hulldown.server.room import HUMAN, ApiError, Room

RATINGS = sa.Table(
    "ratings",
    METADATA,
    sa.Column("game", sa.String(64), primary_key=True),
    sa.Column("player", sa.String(210), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
)

HISTORY = sa.Table(
    "rating_history",
    METADATA,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("player", sa.String(210), nullable=False),
    sa.Column("result", sa.Float, nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Index("ix_rating_history_player", "player", "at"),
)

MODEL = PlackettLuce()


def shown(mu: float, sigma: float) -> float:
    """The rating a leaderboard shows: the ordinal (mu - 3 sigma), a cautious estimate."""
    return round(mu - 3 * sigma, 3)


class Rated(BaseModel):
    player: str
    rating: float
    mu: float
    sigma: float
    games: int


class GameRating(BaseModel):
    game: str
    rating: float
    mu: float
    sigma: float
    games: int


class HistoryPoint(BaseModel):
    game: str
    game_id: str
    seat: int
    result: float
    rating: float
    at: float


class Finished(BaseModel):
    id: str
    game: str
    seat: int
    returns: list[float] | None


class Profile(BaseModel):
    username: str
    ratings: list[GameRating]
    history: list[HistoryPoint]
    finished: list[Finished]


class Ratings:
    """The ratings of one server."""

    def __init__(self, engine: Engine, accounts: AccountStore) -> None:
        self.engine = engine
        self.accounts = accounts

    def players(self, room: Room) -> list[str] | None:
        """The player of each seat, or None when the game is not rated."""
        if room.row.config.get("hints"):
            return None  # a search's advice was on offer
        holders = self.accounts.holders(room.id)
        ids = {a for a in holders.values() if a is not None}
        if not ids:
            return None
        with self.engine.connect() as conn:
            names = dict(
                conn.execute(sa.select(ACCOUNTS.c.id, ACCOUNTS.c.username).where(ACCOUNTS.c.id.in_(ids))).all()
            )
        out = []
        for s in room.seats:
            if s.kind == HUMAN:
                account = holders.get(s.seat)
                if account is None:
                    return None
                out.append(names[account])
            else:
                out.append(s.kind)
        return out if len(set(out)) == len(out) else None

    def update(self, room: Room) -> None:
        """Rates the finished game of ``room`` once (a rated game's history rows exist then)."""
        players = self.players(room)
        returns = room.row.returns
        if players is None or returns is None:
            return
        now = time.time()
        with self.engine.begin() as conn:
            if conn.execute(sa.select(HISTORY.c.seat).where(HISTORY.c.game_id == room.id).limit(1)).first():
                return
            old = {
                r.player: r
                for r in conn.execute(
                    RATINGS.select().where(RATINGS.c.game == room.game.id, RATINGS.c.player.in_(players))
                )
            }
            teams = [
                [MODEL.rating(mu=old[p].mu, sigma=old[p].sigma, name=p) if p in old else MODEL.rating(name=p)]
                for p in players
            ]
            new = MODEL.rate(teams, scores=[float(r) for r in returns])
            for seat, (player, [rating]) in enumerate(zip(players, new, strict=True)):
                values = {"mu": rating.mu, "sigma": rating.sigma, "updated_at": now}
                if player in old:
                    conn.execute(
                        RATINGS.update()
                        .where(RATINGS.c.game == room.game.id, RATINGS.c.player == player)
                        .values(games=old[player].games + 1, **values)
                    )
                else:
                    conn.execute(RATINGS.insert().values(game=room.game.id, player=player, games=1, **values))
                conn.execute(
                    HISTORY.insert().values(
                        game_id=room.id,
                        seat=seat,
                        game=room.game.id,
                        player=player,
                        result=returns[seat],
                        at=now,
                        mu=rating.mu,
                        sigma=rating.sigma,
                    )
                )

    def board(self, game: str, limit: int) -> list[Rated]:
        query = RATINGS.select().where(RATINGS.c.game == game)
        with self.engine.connect() as conn:
            rows = [
                Rated(player=r.player, rating=shown(r.mu, r.sigma), mu=r.mu, sigma=r.sigma, games=r.games)
                for r in conn.execute(query)
            ]
        rows.sort(key=lambda r: -r.rating)
        return rows[:limit]

    def profile(self, player: str) -> Profile | None:
        account = None if player.startswith("bot:") else self.accounts.account(player)
        name = player if account is None else account.username
        with self.engine.connect() as conn:
            ratings = [
                GameRating(game=r.game, rating=shown(r.mu, r.sigma), mu=r.mu, sigma=r.sigma, games=r.games)
                for r in conn.execute(RATINGS.select().where(RATINGS.c.player == name).order_by(RATINGS.c.game))
            ]
            history = [
                HistoryPoint(
                    game=r.game, game_id=r.game_id, seat=r.seat, result=r.result, rating=shown(r.mu, r.sigma), at=r.at
                )
                for r in conn.execute(HISTORY.select().where(HISTORY.c.player == name).order_by(HISTORY.c.at))
            ]
            finished = [] if account is None else self._finished(conn, account.id)
        if account is None and not ratings:
            return None
        return Profile(username=name, ratings=ratings, history=history, finished=finished)

    def _finished(self, conn: sa.Connection, account_id: int) -> list[Finished]:
        query = (
            sa.select(GAMES.c.id, GAMES.c.game, GAMES.c.returns, SEAT_ACCOUNTS.c.seat)
            .join(GAMES, GAMES.c.id == SEAT_ACCOUNTS.c.game_id)
            .where(SEAT_ACCOUNTS.c.account_id == account_id, GAMES.c.over.is_(True))
            .order_by(GAMES.c.updated_at.desc())
            .limit(200)
        )
        return [
            Finished(id=r.id, game=r.game, seat=r.seat, returns=json.loads(r.returns) if r.returns else None)
            for r in conn.execute(query)
        ]


PlayerName = Annotated[str, Path(min_length=3, max_length=210, pattern=r"^(bot:\S+|[A-Za-z0-9_.-]{3,32})$")]


def rating_routes(app: FastAPI, ratings: Ratings) -> None:
    @app.get("/api/ratings/{game}", response_model=list[Rated], responses=answers(404, e404="no such game installed"))
    async def leaderboard(game: str) -> list[Rated]:
        """The game's leaderboard: rating (mu - 3 sigma, OpenSkill Plackett-Luce), best first."""
        if game not in game_ids():
            raise ApiError(404, f"no game {game!r:.40} is installed")
        return ratings.board(game, 500)

    @app.get("/api/players/{username}", response_model=Profile, responses=answers(404, 422, e404="no such player"))
    async def player(username: PlayerName) -> Profile:
        """A player's ratings per game, their history, and (for an account) its finished games."""
        found = ratings.profile(username)
        if found is None:
            raise ApiError(404, "no such player")
        return found
