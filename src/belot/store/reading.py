"""Reading stored rows into the values the store answers with: a match's deals, its replayed
sheet, its seats, and the `MatchView` every front end sees."""

from __future__ import annotations

import json
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from belot.core.match import Match, Sheet
from belot.store.errors import deal_not_found
from belot.store.models import DealRow, MatchRow, SeatRow
from belot.store.view import MatchView, Seat, as_utc


def replayed_now(session: Session, row: MatchRow) -> tuple[Match, Sheet]:
    match = match_of(row, [d.input for d in deal_rows(session, row.id)])
    return match, match.replay()


def nth_row(session: Session, match_id: str, n: int, count: int) -> DealRow:
    """Deal n's row, of a match of `count` deals (404 when there is no deal n)."""
    if not 1 <= n <= count:
        raise deal_not_found(n, count)
    query = (
        select(DealRow)
        .where(DealRow.match_id == match_id)
        .order_by(DealRow.seq)
        .offset(n - 1)
        .limit(1)
    )
    return session.scalars(query).one()


def deal_rows(session: Session, match_id: str) -> list[DealRow]:
    query = select(DealRow).where(DealRow.match_id == match_id).order_by(DealRow.seq)
    return list(session.scalars(query))


def match_of(row: MatchRow, inputs_json: list[str]) -> Match:
    deals = tuple(json.loads(text) for text in inputs_json)
    return Match(
        game=row.game, rules=rules_key(row), deals=deals, target=row.target,
        deal_count=row.deal_count,
    )  # fmt: skip


def rules_key(row: MatchRow) -> str:
    """The rules a match was made with, as the core keeps them (`Rules.key`)."""
    return row.house_rules or row.rules


def view_of(
    row: MatchRow,
    version: int,
    updated: datetime,
    match: Match,
    *,
    sheet_of: Sheet | None = None,
    seats: tuple[Seat, ...] | None = None,
    series: dict[str, int] | None = None,
) -> MatchView:
    sheet = match.replay() if sheet_of is None else sheet_of
    return MatchView(
        id=row.id,
        game=row.game,
        rules=rules_key(row),
        teams={"us": row.team_us, "them": row.team_them},
        version=version,
        created=as_utc(row.created_at),
        updated=as_utc(updated),
        sheet=sheet,
        seats=seats,
        series=series,
        first_dealer=row.first_dealer,
        club=row.club_id,
    )


def seats_of(session: Session, match_id: str) -> tuple[Seat, ...] | None:
    query = select(SeatRow).where(SeatRow.match_id == match_id).order_by(SeatRow.seat)
    found = tuple(Seat(r.name, r.player_id) for r in session.scalars(query))
    return found or None
