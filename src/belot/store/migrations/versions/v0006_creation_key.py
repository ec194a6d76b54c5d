"""A match started on a device offline keeps the hash of the key it was made with.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Added in place (no table copy): a batch copy of the table would cascade deletes on SQLite.
    op.add_column("matches", sa.Column("creation_key", sa.String(64), nullable=True))
    op.create_index(op.f("ix_matches_creation_key"), "matches", ["creation_key"], unique=True)


def downgrade() -> None:
    op.drop_index(op.f("ix_matches_creation_key"), table_name="matches")
    op.drop_column("matches", "creation_key")
