"""Idempotency-Key records: fixed in size, at most `MAX_KEYS` per match.

A record holds what the change asked for (its fingerprint) and where it left the match: the
version, the number of deals and the time. Its answer is read back from the deal rows: until
the next replace or delete (`MatchRow.rewritten`), adds only append, so the match at that
version is the first `deals` deals of the match now, exactly. After one, the answer is the
match as it stands: the change is still recorded once, and what it did is in that match.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from belot.store.errors import KeyReused
from belot.store.models import DealRow, IdempotencyRow, MatchRow

# Retries come within seconds or minutes; 1,000 keys is far more than a table's phones send
# before an answer gets through, and bounds the table however long a match grows.
MAX_KEYS = 1000


@dataclass(frozen=True, slots=True)
class Earlier:
    """The match as a keyed change left it: its version, time and deal inputs (JSON text);
    `inputs` is None when the match is to be answered as it is now."""

    version: int
    updated: datetime
    inputs: list[str] | None


def find(session: Session, row: MatchRow, key: str, fingerprint: str) -> IdempotencyRow | None:
    done = session.get(IdempotencyRow, (row.id, key))
    if done is not None and done.fingerprint != fingerprint:
        raise KeyReused(
            "idempotency-key-reused",
            "Idempotency-Key",
            "this Idempotency-Key was already used for a different change of this match",
        )
    return done


def earlier(session: Session, row: MatchRow, done: IdempotencyRow) -> Earlier:
    if row.rewritten > done.version:
        return Earlier(row.version, row.updated_at, None)
    if done.version == row.version:
        return Earlier(row.version, row.updated_at, None)  # nothing happened since
    query = (
        select(DealRow.input)
        .where(DealRow.match_id == row.id)
        .order_by(DealRow.seq)
        .limit(done.deals)
    )
    return Earlier(done.version, done.updated_at, list(session.scalars(query)))


def record(session: Session, row: MatchRow, key: str, fingerprint: str, deals: int) -> None:
    """The key's record of the change just made (row already at its new version), and the
    match's oldest records beyond `MAX_KEYS` dropped."""
    session.add(
        IdempotencyRow(
            match_id=row.id,
            key=key,
            fingerprint=fingerprint,
            version=row.version,
            deals=deals,
            updated_at=row.updated_at,
            created_at=row.updated_at,
        )
    )
    session.flush()
    oldest_kept = session.scalars(
        select(IdempotencyRow.version)
        .where(IdempotencyRow.match_id == row.id)
        .order_by(IdempotencyRow.version.desc())
        .offset(MAX_KEYS - 1)
        .limit(1)
    ).first()
    if oldest_kept is not None:
        session.execute(
            delete(IdempotencyRow).where(
                IdempotencyRow.match_id == row.id, IdempotencyRow.version < oldest_kept
            )
        )
