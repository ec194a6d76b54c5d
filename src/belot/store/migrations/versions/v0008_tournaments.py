"""Tournaments of a club's pairs and their tables (CONTRACT.md §5.4); each match's points.

`matches.points_us` / `points_them` hold the sheet's totals, rewritten by every change like
`finished` and `winner`. Existing matches are given theirs by replaying their deals once.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Added in place (no table copy): a batch copy of matches would cascade deletes on SQLite.
    op.add_column(
        "matches", sa.Column("points_us", sa.Integer(), nullable=False, server_default="0")
    )
    op.add_column(
        "matches", sa.Column("points_them", sa.Integer(), nullable=False, server_default="0")
    )
    _points_of_existing_matches()
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column(
            "club_id", sa.String(32), sa.ForeignKey("clubs.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("rules", sa.Text(), nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_tournaments_club_id", "tournaments", ["club_id"])
    op.create_table(
        "tournament_pairs",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column(
            "tournament_id",
            sa.String(32),
            sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("first_player", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("second_player", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
    )
    op.create_index("ix_tournament_pairs_tournament_id", "tournament_pairs", ["tournament_id"])
    op.create_table(
        "tournament_tables",
        sa.Column(
            "tournament_id",
            sa.String(32),
            sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("round", sa.Integer(), primary_key=True),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column(
            "first_pair", sa.String(32), sa.ForeignKey("tournament_pairs.id"), nullable=False
        ),
        sa.Column(
            "second_pair", sa.String(32), sa.ForeignKey("tournament_pairs.id"), nullable=True
        ),
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), nullable=True),
    )
    op.create_index("ix_tournament_tables_match_id", "tournament_tables", ["match_id"], unique=True)


def _points_of_existing_matches() -> None:
    """Each match's totals, by replaying its deals (the core scores them as it always has)."""
    from belot.core.match import Match

    bind = op.get_bind()
    # A match made with house rules replays with them (0007's `house_rules`, the core's key).
    matches = bind.execute(
        sa.text("SELECT id, game, COALESCE(house_rules, rules) FROM matches")
    ).all()
    for match_id, game, rules in matches:
        deals = bind.execute(
            sa.text("SELECT input FROM deals WHERE match_id = :m ORDER BY seq"), {"m": match_id}
        ).scalars()
        try:
            totals = Match(game, rules, tuple(json.loads(d) for d in deals)).replay().totals
        except ValueError:  # a match the core refuses now: its points stay 0
            continue
        bind.execute(
            sa.text("UPDATE matches SET points_us = :us, points_them = :them WHERE id = :m"),
            {"us": totals["us"], "them": totals["them"], "m": match_id},
        )


def downgrade() -> None:
    op.drop_index("ix_tournament_tables_match_id", "tournament_tables")
    op.drop_table("tournament_tables")
    op.drop_index("ix_tournament_pairs_tournament_id", "tournament_pairs")
    op.drop_table("tournament_pairs")
    op.drop_index("ix_tournaments_club_id", "tournaments")
    op.drop_table("tournaments")
    op.drop_column("matches", "points_them")
    op.drop_column("matches", "points_us")
