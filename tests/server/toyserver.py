"""Runs the real server (uvicorn) with the test games registered: ``python -m tests.server.toyserver DB PORT``."""

from __future__ import annotations

import sys

import uvicorn

from hulldown.engine import registry
from hulldown.server.app import create_app
from tests.engine.toygame import TOY
from tests.server.secretgame import SECRET

if __name__ == "__main__":
    registry.register(TOY)
    registry.register(SECRET)
    db, port = sys.argv[1], int(sys.argv[2])
    delay = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0
    uvicorn.run(create_app(db_url=db, bot_delay=delay), host="127.0.0.1", port=port, log_level="info")
