"""Alembic migrations of the server's database (run on every start)."""
