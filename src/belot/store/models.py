"""The tables. A match row, its deals as their input JSON, and the Idempotency-Key records.

Results are never stored: they are derived by replaying the deals, so fixing one deal can never
leave a stale result behind. Changing these models means a new migration in `migrations/`.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Index, Integer, String, Text, UniqueConstraint
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
    # The version made by the last replace or delete. Until the next one, the match at any
    # later version V holds the first deals of the match now (adds only append): that is how
    # an Idempotency-Key's answer is read back from a record of fixed size.
    rewritten: Mapped[int] = mapped_column(Integer, server_default="0")
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
    """A change made under an Idempotency-Key: what it asked for and where it left the match.

    Fixed in size, whatever the match's length: the answer is read back from the deal rows
    (the first `deals` of them, at `version`). At most `MAX_KEYS` are kept per match.
    """

    __tablename__ = "idempotency_keys"
    __table_args__ = (Index("ix_idempotency_keys_match_version", "match_id", "version"),)

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    fingerprint: Mapped[str] = mapped_column(String(64))  # which request the key was used for
    version: Mapped[int] = mapped_column(Integer)  # the match's version right after it
    deals: Mapped[int] = mapped_column(Integer)  # how many deals it had then (an add: its n)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))  # the match's, then
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
