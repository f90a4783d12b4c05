"""The ``hulldown serve`` command (the CLI module adds it with ``register``)."""

from __future__ import annotations

from typing import Annotated

import typer

from hulldown.server.db import DEFAULT_URL
from hulldown.server.workers import DEFAULT_WORKERS


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
        db: Annotated[str, typer.Option(help="database URL (SQLite file or postgresql://...)")] = DEFAULT_URL,
        bot_delay: Annotated[float, typer.Option(help="seconds a bot waits before each move")] = 0.6,
        bot_workers: Annotated[
            int,
            typer.Option(min=1, max=256, help="most worker processes for searching bots at once"),
        ] = DEFAULT_WORKERS,
    ) -> None:
        """Run the web app: lobby, games against people and bots, replays."""
        import uvicorn

        from hulldown.server.app import create_app

        application = create_app(db_url=db, bot_delay=bot_delay, bot_processes=bot_workers)
        typer.echo(f"hulldown on http://{host}:{port}  (database: {db.split('@')[-1]})")
        uvicorn.run(application, host=host, port=port, log_level="info", ws="websockets")
