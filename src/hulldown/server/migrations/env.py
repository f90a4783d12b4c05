"""Alembic environment: always run against the connection the server hands over."""

from __future__ import annotations

from alembic import context

from hulldown.server.db import METADATA

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the server always passes its connection
    raise RuntimeError("hulldown migrations run through hulldown.server.db.migrate()")
context.configure(connection=connection, target_metadata=METADATA, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
