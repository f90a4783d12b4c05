"""Seats held by accounts, and open seats waiting for one.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seat_accounts",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=True),
        sa.UniqueConstraint("game_id", "account_id", name="uq_seat_accounts_game_account"),
    )
    op.create_index("ix_seat_accounts_account_id", "seat_accounts", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_seat_accounts_account_id", table_name="seat_accounts")
    op.drop_table("seat_accounts")
