"""A match's own target (CONTRACT §1: French belote and coinche play to a target set when the
match starts); null for every match before, which plays to its preset's.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Added in place (no table copy): a batch copy of the table would cascade deletes on SQLite.
    op.add_column("matches", sa.Column("target", sa.Integer(), nullable=True))


def downgrade() -> None:
    op.drop_column("matches", "target")
