"""The ``hulldown serve`` command (the CLI module adds it with ``register``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from hulldown.server.db import DEFAULT_URL
from hulldown.server.limits import Limits
from hulldown.server.workers import DEFAULT_WORKERS

if TYPE_CHECKING:
    from fastapi import FastAPI

_DEFAULT = Limits()
#: Bytes of one websocket message a client may send: the server reads and ignores them,
#: so a small cap refuses a 16 MiB frame (uvicorn's default) before it is buffered.
WS_MAX_FRAME = 4096


def _run(application: FastAPI, host: str, port: int, forwarded_allow_ips: str) -> None:
    """Serves until stopped, log lines written off the event loop (server/logqueue.py)."""
    import uvicorn

    from hulldown.server.logqueue import logs_off_the_loop

    config = uvicorn.Config(
        application,
        host=host,
        port=port,
        log_level="info",
        ws="websockets",
        ws_max_size=WS_MAX_FRAME,
        # views are small JSON pieces sent once each: compressing every frame cost the
        # event loop more than it saved on loopback and LAN links
        ws_per_message_deflate=False,
        forwarded_allow_ips=forwarded_allow_ips,
    )
    server = uvicorn.Server(config)
    with logs_off_the_loop(("", "uvicorn", "uvicorn.error", "uvicorn.access", "hulldown")):
        server.run()
    if not server.started:
        raise typer.Exit(3)  # could not start (the port is taken, say): uvicorn has said why


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
        db: Annotated[str, typer.Option(help="database URL (SQLite file or postgresql://...)")] = DEFAULT_URL,
        bot_delay: Annotated[float, typer.Option(help="seconds a bot waits before each move")] = 0.6,
        create_per_minute: Annotated[
            float, typer.Option(help="games one client may create per minute (0: no limit)")
        ] = _DEFAULT.create_per_minute,
        create_burst: Annotated[int, typer.Option(help="games one client may create at once")] = _DEFAULT.create_burst,
        actions_per_second: Annotated[
            float, typer.Option(help="actions, undos, seat changes, rematches per second per client (0: no limit)")
        ] = _DEFAULT.actions_per_second,
        actions_burst: Annotated[
            int, typer.Option(help="of those, how many one client may send at once")
        ] = _DEFAULT.actions_burst,
        hints_per_minute: Annotated[
            float, typer.Option(help="hints and reviews one client may ask for per minute (0: no limit)")
        ] = _DEFAULT.hints_per_minute,
        hints_burst: Annotated[
            int, typer.Option(help="hints and reviews one client may ask for at once")
        ] = _DEFAULT.hints_burst,
        ws_per_client: Annotated[
            int, typer.Option(help="websockets open at once per client (0: no limit)")
        ] = _DEFAULT.ws_per_client,
        ws_per_room: Annotated[int, typer.Option(help="websockets open at once per game (0: no limit)")] = (
            _DEFAULT.ws_per_room
        ),
        idle_room_seconds: Annotated[
            float, typer.Option(help="seconds a finished game nobody watches stays in memory (0: for ever)")
        ] = _DEFAULT.idle_room_seconds,
        max_rooms: Annotated[
            int, typer.Option(help="games held in memory at most, quiet ones evicted first (0: no cap)")
        ] = _DEFAULT.max_rooms,
        forwarded_allow_ips: Annotated[
            str, typer.Option(help="proxies whose X-Forwarded-For names the client (comma-separated, or *)")
        ] = "127.0.0.1",
        bot_workers: Annotated[
            int,
            typer.Option(min=1, max=256, help="most worker processes for searching bots at once"),
        ] = DEFAULT_WORKERS,
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
        from hulldown.server.app import create_app

        limits = Limits(
            create_per_minute=create_per_minute,
            create_burst=create_burst,
            actions_per_second=actions_per_second,
            actions_burst=actions_burst,
            hints_per_minute=hints_per_minute,
            hints_burst=hints_burst,
            ws_per_client=ws_per_client,
            ws_per_room=ws_per_room,
            idle_room_seconds=idle_room_seconds,
            max_rooms=max_rooms,
        )
        application = create_app(
            db_url=db,
            bot_delay=bot_delay,
            bot_processes=bot_workers,
            limits=limits,
            card_sets=card_sets,
            freeze_startup=True,
        )
        typer.echo(f"hulldown on http://{host}:{port}  (database: {db.split('@')[-1]})")
        _run(application, host, port, forwarded_allow_ips)
