"""The evening at one table: a match may follow others ("next game, same table").

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Added in place (no table copy): SQLite would cascade a copy of matches to the deals.
    op.add_column("matches", sa.Column("series_id", sa.String(32), nullable=True))
    op.create_index("ix_matches_series_id", "matches", ["series_id"])


def downgrade() -> None:
    op.drop_index("ix_matches_series_id", "matches")
    op.drop_column("matches", "series_id")
