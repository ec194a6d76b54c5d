"""The tables. A match row, its deals as their input JSON, and the Idempotency-Key records.

Results are never stored: they are derived by replaying the deals, so fixing one deal can never
leave a stale result behind. Changing these models means a new migration in `migrations/`.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class MatchRow(Base):
    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(16))
    rules: Mapped[str] = mapped_column(String(16))  # the preset's name
    # House rules (RULES.md §4): the resolved object as JSON, null for a preset alone.
    house_rules: Mapped[str | None] = mapped_column(Text, nullable=True)
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
    # The table around the score (CONTRACT.md §5.2): the seat that dealt first, the club.
    first_dealer: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # A club's matches stay while it has any (SQLite cannot add a cascading key in place).
    club_id: Mapped[str | None] = mapped_column(ForeignKey("clubs.id"), nullable=True, index=True)
    # Derived from the replay and rewritten by every change, so statistics are plain SQL.
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    winner: Mapped[str | None] = mapped_column(String(8), nullable=True)
    deals_played: Mapped[int] = mapped_column(Integer, default=0)  # passed deals left out
    # The evening at one table: the first match's id, shared by the matches that follow it.
    series_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    # A match started on a device offline: the hash of the key it was made with, so that
    # sending it again (its first answer lost) answers the same match rather than a second.
    creation_key: Mapped[str | None] = mapped_column(
        String(64), nullable=True, index=True, unique=True
    )
    # The game points of each side now (the sheet's totals), rewritten by every change like
    # `finished`: a tournament's standings read them instead of replaying its matches.
    points_us: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    points_them: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # The match's own target (the French games, CONTRACT §1); null: its preset's.
    target: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # The match's own number of deals (a klaverjas boom, CONTRACT §1), kept as it was made;
    # null: it plays to its target (or its game's default number of deals).
    deal_count: Mapped[int | None] = mapped_column(Integer, nullable=True)


class SeatRow(Base):
    """Who sat where, in dealing order (1–4); `player_id` only in a club's match."""

    __tablename__ = "match_seats"

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    player_id: Mapped[str | None] = mapped_column(
        ForeignKey("players.id", ondelete="RESTRICT"), nullable=True, index=True
    )
    # The player on the opposite seat (1↔3, 2↔4), written with the seats (they never change):
    # pairs are read from seats 1 and 2 alone. Null outside a club.
    partner_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # This seat's share of the match's facts, recounted by every change (statistics read
    # these: one row per seat, however long the match).
    called: Mapped[int] = mapped_column(Integer, default=0)
    made: Mapped[int] = mapped_column(Integer, default=0)
    capots: Mapped[int] = mapped_column(Integer, default=0)
    # The seat's team's share (issue 32): deals its team won the bid (whoever was named as
    # `caller`, or none), and of those made. A pair's called / made beside its players'.
    team_called: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    team_made: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class DealFactRow(Base):
    """What statistics count of one deal, as its place in the match scores it now.

    Rewritten from the changed deal onward by every change, in the same transaction."""

    __tablename__ = "deal_facts"

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    caller: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # The team that won the bid (`declarer`, `buyer`, …); null for a passed deal.
    bidder: Mapped[str | None] = mapped_column(String(8), nullable=True)
    outcome: Mapped[str] = mapped_column(String(16))
    all_tricks: Mapped[str | None] = mapped_column(String(8), nullable=True)  # capot / kaboot


class ClubRow(Base):
    __tablename__ = "clubs"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    token_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PlayerRow(Base):
    __tablename__ = "players"
    __table_args__ = (Index("ix_players_club", "club_id"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    club_id: Mapped[str] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


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


class TournamentRow(Base):
    """A club's tournament of pairs (CONTRACT.md §5.4); its tables make club matches."""

    __tablename__ = "tournaments"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    club_id: Mapped[str] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    game: Mapped[str] = mapped_column(String(16))
    # The preset's name, or house rules as the core keeps them (`Rules.key`, JSON).
    rules: Mapped[str] = mapped_column(Text)
    format: Mapped[str] = mapped_column(String(16))  # round-robin | knockout | swiss
    rounds: Mapped[int | None] = mapped_column(Integer, nullable=True)  # Swiss only
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TournamentPairRow(Base):
    """A pair of the tournament: two of the club's players, in entry order."""

    __tablename__ = "tournament_pairs"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), index=True
    )
    position: Mapped[int] = mapped_column(Integer)  # entry order, from 1
    first_player: Mapped[str] = mapped_column(ForeignKey("players.id"))
    second_player: Mapped[str] = mapped_column(ForeignKey("players.id"))
    name: Mapped[str] = mapped_column(String(200))


class TournamentTableRow(Base):
    """A table of a round: two pairs (the second null for a bye) and the match they play.

    Who won is not kept: it is the match's winner (`matches.winner`), read at every turn, so
    a match edited after the fact moves the standings with it."""

    __tablename__ = "tournament_tables"

    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)  # the table, from 1
    first_pair: Mapped[str] = mapped_column(ForeignKey("tournament_pairs.id"))
    second_pair: Mapped[str | None] = mapped_column(
        ForeignKey("tournament_pairs.id"), nullable=True
    )
    match_id: Mapped[str | None] = mapped_column(
        ForeignKey("matches.id"), nullable=True, index=True, unique=True
    )


class RateWindowRow(Base):
    """Writes counted per client in fixed windows, shared by every app instance on one
    PostgreSQL database (`belot.http.ratelimit`); windows past are pruned. Unused on SQLite,
    where each process counts in memory."""

    __tablename__ = "rate_windows"

    # Hex SHA-256 of the client's address: fixed size, and no address kept in the database.
    client: Mapped[str] = mapped_column(String(64), primary_key=True)
    # The window's start: Unix seconds divided by the window's length.
    window_start: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    hits: Mapped[int] = mapped_column(Integer)
