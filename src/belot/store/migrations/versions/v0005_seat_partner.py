"""Each seat knows its partner (the player on the opposite seat): pairs without a self-join.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Added in place (no table copy): a batch copy of the table would cascade deletes on SQLite.
    op.add_column("match_seats", sa.Column("partner_id", sa.String(32), nullable=True))
    # Seats never change after they are written: the partner is filled in once, here (null
    # outside a club, where no seat has a player).
    op.execute(
        "UPDATE match_seats SET partner_id = ("
        "SELECT opposite.player_id FROM match_seats AS opposite"
        " WHERE opposite.match_id = match_seats.match_id"
        " AND opposite.seat = (match_seats.seat + 1) % 4 + 1)"
    )


def downgrade() -> None:
    op.drop_column("match_seats", "partner_id")
