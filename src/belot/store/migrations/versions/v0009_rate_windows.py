"""Writes counted per client in fixed windows, in the database (issue 23, scale-out).

With PostgreSQL every app instance on the database counts a client's writes in one row per
window, so the rate limit holds across instances; SQLite keeps counting in each process and
leaves the table empty.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_windows",
        sa.Column("client", sa.String(64), primary_key=True),
        sa.Column("window_start", sa.BigInteger(), primary_key=True),
        sa.Column("hits", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rate_windows")
