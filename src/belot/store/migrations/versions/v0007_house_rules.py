"""A match made with house rules keeps them, resolved (RULES.md §4, CONTRACT.md §5.3).

`matches.rules` stays the preset's name; `house_rules` holds the resolved object (the preset
and every switch of its game, as JSON) or null for a match made with a preset name alone.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Added in place (no table copy): a batch copy of the table would cascade deletes on SQLite.
    op.add_column("matches", sa.Column("house_rules", sa.Text(), nullable=True))


def downgrade() -> None:
    op.drop_column("matches", "house_rules")
