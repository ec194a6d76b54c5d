"""The tables. A match row, its deals as their input JSON, and the Idempotency-Key records.

Results are never stored: they are derived by replaying the deals, so fixing one deal can never
leave a stale result behind. Changing these models means a new migration in `migrations/`.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class MatchRow(Base):
    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(16))
    rules: Mapped[str] = mapped_column(String(16))
    team_us: Mapped[str] = mapped_column(String(200))
    team_them: Mapped[str] = mapped_column(String(200))
    token_hash: Mapped[str] = mapped_column(String(64))  # hex SHA-256 of the edit token
    version: Mapped[int] = mapped_column(Integer)  # bumped by every change
    # Counts every deal ever added, so a deal's `seq` is never reused after a delete.
    next_seq: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class DealRow(Base):
    """One deal's input, as the client sent it. Its number in the match is its rank by `seq`."""

    __tablename__ = "deals"
    __table_args__ = (UniqueConstraint("match_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    input: Mapped[str] = mapped_column(Text)  # JSON text: portable, and keeps \u0000 escaped


class IdempotencyRow(Base):
    """A change made under an Idempotency-Key, and the match as it stood right after it."""

    __tablename__ = "idempotency_keys"

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    fingerprint: Mapped[str] = mapped_column(String(64))  # which request the key was used for
    snapshot: Mapped[str] = mapped_column(Text)  # JSON: version, updated_at, deal inputs
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
