"""The ``hulldown serve`` command (the CLI module adds it with ``register``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from hulldown.server.db import DEFAULT_URL


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
        db: Annotated[str, typer.Option(help="database URL (SQLite file or postgresql://...)")] = DEFAULT_URL,
        bot_delay: Annotated[float, typer.Option(help="seconds a bot waits before each move")] = 0.6,
        card_sets: Annotated[
            Path | None,
            typer.Option(
                help="folder of card sets players may pick: DIR/<game-id>/<set-name>/<card files>",
                exists=True,
                file_okay=False,
            ),
        ] = None,
    ) -> None:
        """Run the web app: lobby, games against people and bots, replays."""
        import uvicorn

        from hulldown.server.app import create_app

        application = create_app(db_url=db, bot_delay=bot_delay, card_sets=card_sets)
        typer.echo(f"hulldown on http://{host}:{port}  (database: {db.split('@')[-1]})")
        uvicorn.run(application, host=host, port=port, log_level="info", ws="websockets")
