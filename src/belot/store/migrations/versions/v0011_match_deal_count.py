"""A match's own number of deals (CONTRACT §1: a klaverjas match of a number of deals, a
"boom" of 16 by default, instead of a target); null for every match before, which plays to
its target (or, a klaverjas match made before, its game's default number of deals).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Added in place (no table copy): a batch copy of the table would cascade deletes on SQLite.
    op.add_column("matches", sa.Column("deal_count", sa.Integer(), nullable=True))


def downgrade() -> None:
    op.drop_column("matches", "deal_count")
