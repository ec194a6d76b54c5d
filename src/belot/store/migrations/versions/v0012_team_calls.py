"""A pair's calls (issue 32): each deal's fact keeps the team that won the bid, and each seat
the deals its team called and made, named caller or not (a deal entered with the team's chip
has no `caller` and counted for no one). Filled in here for the club matches already there.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-07
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

TEAM = "CASE WHEN match_seats.seat % 2 = 1 THEN 'us' ELSE 'them' END"


def upgrade() -> None:
    # Added in place (no table copy): a batch copy of the table would cascade deletes on SQLite.
    op.add_column("deal_facts", sa.Column("bidder", sa.String(8), nullable=True))
    for column in ("team_called", "team_made"):
        op.add_column(
            "match_seats", sa.Column(column, sa.Integer(), nullable=False, server_default="0")
        )
    _bidders_of_club_matches()


def _bidders_of_club_matches() -> None:
    # Imported here: the registry as it is when this runs names each game's bidding field.
    from belot.store.facts import bidder_field

    conn = op.get_bind()
    matches = conn.execute(sa.text("SELECT id, game FROM matches WHERE club_id IS NOT NULL")).all()
    for match_id, game in matches:
        field = bidder_field(game)
        if field is None:
            continue
        inputs = conn.execute(
            sa.text("SELECT input FROM deals WHERE match_id = :m ORDER BY seq"), {"m": match_id}
        ).scalars()
        rows = []
        for n, text in enumerate(inputs, start=1):
            try:
                given = json.loads(text)
            except ValueError:
                continue
            bidder = given.get(field) if isinstance(given, dict) else None
            if bidder in ("us", "them"):
                rows.append({"m": match_id, "n": n, "b": bidder})
        if rows:
            conn.execute(
                sa.text("UPDATE deal_facts SET bidder = :b WHERE match_id = :m AND n = :n"), rows
            )
    for column, made in (("team_called", ""), ("team_made", " AND f.outcome = 'made'")):
        op.execute(
            f"UPDATE match_seats SET {column} = (SELECT count(*) FROM deal_facts AS f"
            f" WHERE f.match_id = match_seats.match_id AND f.bidder = {TEAM}{made})"
        )


def downgrade() -> None:
    for column in ("team_made", "team_called"):
        op.drop_column("match_seats", column)
    op.drop_column("deal_facts", "bidder")
