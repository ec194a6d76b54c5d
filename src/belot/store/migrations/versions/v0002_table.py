"""The table around the score: seats and the first dealer, clubs and their players, and the
facts statistics count (each match's end, each deal's caller, outcome and capot / kaboot).

Matches made before this have no seats and no club; their facts are worked out here by
replaying their deals with the core, once.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-03
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "clubs",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column(
            "club_id", sa.String(32), sa.ForeignKey("clubs.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_players_club", "players", ["club_id"])
    # Columns are added in place, never by SQLite's copy-and-rename "batch" mode: dropping the
    # old matches table would cascade to every deal (foreign keys are on, and cannot be
    # switched off inside the migration's transaction).
    op.add_column("matches", sa.Column("first_dealer", sa.Integer, nullable=True))
    if op.get_bind().dialect.name == "sqlite":
        op.execute("ALTER TABLE matches ADD COLUMN club_id VARCHAR(32) REFERENCES clubs (id)")
    else:
        op.add_column("matches", sa.Column("club_id", sa.String(32), nullable=True))
        op.create_foreign_key("fk_matches_club_id_clubs", "matches", "clubs", ["club_id"], ["id"])
    op.add_column(
        "matches", sa.Column("finished", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column("matches", sa.Column("winner", sa.String(8), nullable=True))
    op.add_column(
        "matches", sa.Column("deals_played", sa.Integer, nullable=False, server_default="0")
    )
    op.create_index("ix_matches_club_id", "matches", ["club_id"])
    op.create_table(
        "match_seats",
        sa.Column(
            "match_id",
            sa.String(32),
            sa.ForeignKey("matches.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="RESTRICT"),
            nullable=True,
        ),
        sa.Column("called", sa.Integer, nullable=False, server_default="0"),
        sa.Column("made", sa.Integer, nullable=False, server_default="0"),
        sa.Column("capots", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_index("ix_match_seats_player_id", "match_seats", ["player_id"])
    op.create_table(
        "deal_facts",
        sa.Column(
            "match_id",
            sa.String(32),
            sa.ForeignKey("matches.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("caller", sa.Integer, nullable=True),
        sa.Column("outcome", sa.String(16), nullable=False),
        sa.Column("all_tricks", sa.String(8), nullable=True),
    )
    _facts_of_existing_matches()


def _facts_of_existing_matches() -> None:
    # Imported here: the core as it is when this runs scores the matches stored before.
    from belot.core.match import Match
    from belot.store import facts
    from belot.store.facts import deal_facts

    conn = op.get_bind()
    matches = conn.execute(sa.text("SELECT id, game, rules FROM matches")).all()
    for match_id, game, rules in matches:
        inputs = conn.execute(
            sa.text("SELECT input FROM deals WHERE match_id = :m ORDER BY seq"), {"m": match_id}
        ).scalars()
        try:
            sheet = Match(game, rules, tuple(json.loads(text) for text in inputs)).replay()
        except (ValueError, RecursionError):  # a match the core no longer replays: no facts
            continue
        played = facts.played(sheet)
        conn.execute(
            sa.text(
                "UPDATE matches SET finished = :f, winner = :w, deals_played = :d WHERE id = :m"
            ),
            {"f": sheet.finished, "w": sheet.winner, "d": played, "m": match_id},
        )
        rows = [{"match_id": match_id, **fact} for fact in deal_facts(sheet.rows)]
        if rows:
            conn.execute(
                sa.text(
                    "INSERT INTO deal_facts (match_id, n, caller, outcome, all_tricks) "
                    "VALUES (:match_id, :n, :caller, :outcome, :all_tricks)"
                ),
                rows,
            )


def downgrade() -> None:
    op.drop_table("deal_facts")
    op.drop_index("ix_match_seats_player_id", "match_seats")
    op.drop_table("match_seats")
    op.drop_index("ix_matches_club_id", "matches")
    # SQLite (3.35+) drops a plain column in place; club_id's foreign key keeps it there.
    for column in ("deals_played", "winner", "finished", "first_dealer"):
        op.drop_column("matches", column)
    if op.get_bind().dialect.name != "sqlite":
        op.drop_constraint("fk_matches_club_id_clubs", "matches", type_="foreignkey")
        op.drop_column("matches", "club_id")
    op.drop_index("ix_players_club", "players")
    op.drop_table("players")
    op.drop_table("clubs")
