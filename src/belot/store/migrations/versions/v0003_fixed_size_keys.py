"""Idempotency-Key records of a fixed size: version and deal count, not the whole match.

Existing records keep answering: each snapshot becomes its version, its deal count and its
time. Matches learn the version of their last replace or delete (`rewritten`); for existing
ones that is unknown, so it is taken as their current version: an old key whose change is
still the latest answers exactly as before, an older one answers the match as it is now.
Only the newest 1,000 records of each match are kept.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-03
"""

from __future__ import annotations

import json
from datetime import datetime

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

MAX_KEYS = 1000
_BATCH = 500

_keys = sa.table(
    "idempotency_keys",
    sa.column("match_id", sa.String),
    sa.column("key", sa.String),
    sa.column("snapshot", sa.Text),
    sa.column("version", sa.Integer),
    sa.column("deals", sa.Integer),
    sa.column("updated_at", sa.DateTime(timezone=True)),
)
_matches = sa.table("matches", sa.column("version", sa.Integer), sa.column("rewritten", sa.Integer))


def upgrade() -> None:
    # In place: SQLite's copy-and-rename would drop `matches`, and its deals with it.
    op.add_column("matches", sa.Column("rewritten", sa.Integer, nullable=False, server_default="0"))
    op.execute(_matches.update().values(rewritten=_matches.c.version))

    # No table refers to this one: SQLite may copy it to drop `snapshot`.
    with op.batch_alter_table("idempotency_keys") as batch:
        batch.add_column(sa.Column("version", sa.Integer, nullable=True))
        batch.add_column(sa.Column("deals", sa.Integer, nullable=True))
        batch.add_column(sa.Column("updated_at", sa.DateTime(timezone=True), nullable=True))
    conn = op.get_bind()
    select_old = sa.select(_keys.c.match_id, _keys.c.key, _keys.c.snapshot).where(
        _keys.c.version.is_(None)
    )
    while rows := conn.execute(select_old.limit(_BATCH)).all():
        for match_id, key, snapshot in rows:
            old = json.loads(snapshot)
            conn.execute(
                _keys.update()
                .where(_keys.c.match_id == match_id, _keys.c.key == key)
                .values(
                    version=int(old["version"]),
                    deals=len(old["deals"]),
                    updated_at=datetime.fromisoformat(old["updated_at"]),
                )
            )
    with op.batch_alter_table("idempotency_keys") as batch:
        batch.drop_column("snapshot")
        batch.alter_column("version", existing_type=sa.Integer, nullable=False)
        batch.alter_column("deals", existing_type=sa.Integer, nullable=False)
        batch.alter_column("updated_at", existing_type=sa.DateTime(timezone=True), nullable=False)
    op.create_index(
        "ix_idempotency_keys_match_version", "idempotency_keys", ["match_id", "version"]
    )
    # Keep each match's newest records only.
    newer = sa.alias(_keys, "newer")
    count_newer = (
        sa.select(sa.func.count())
        .where(newer.c.match_id == _keys.c.match_id, newer.c.version > _keys.c.version)
        .scalar_subquery()
    )
    conn.execute(_keys.delete().where(count_newer >= MAX_KEYS))


def downgrade() -> None:
    """Snapshots again, each the first `deals` deals of the match as it is now."""
    with op.batch_alter_table("idempotency_keys") as batch:
        batch.add_column(sa.Column("snapshot", sa.Text, nullable=True))
    conn = op.get_bind()
    rows = conn.execute(
        sa.text("SELECT match_id, key, version, deals, updated_at FROM idempotency_keys")
    ).all()
    for match_id, key, version, count, updated in rows:
        inputs = conn.execute(
            sa.text("SELECT input FROM deals WHERE match_id = :m ORDER BY seq LIMIT :n"),
            {"m": match_id, "n": count},
        ).scalars()
        moment = updated if isinstance(updated, datetime) else datetime.fromisoformat(updated)
        snapshot = {
            "version": version,
            "updated_at": moment.isoformat(),
            "deals": [json.loads(text) for text in inputs],
        }
        conn.execute(
            _keys.update()
            .where(_keys.c.match_id == match_id, _keys.c.key == key)
            .values(snapshot=json.dumps(snapshot, ensure_ascii=True, separators=(",", ":")))
        )
    op.drop_index("ix_idempotency_keys_match_version", "idempotency_keys")
    with op.batch_alter_table("idempotency_keys") as batch:
        batch.alter_column("snapshot", existing_type=sa.Text, nullable=False)
        batch.drop_column("updated_at")
        batch.drop_column("deals")
        batch.drop_column("version")
    op.drop_column("matches", "rewritten")
