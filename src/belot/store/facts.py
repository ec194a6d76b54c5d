"""The facts of a replayed sheet that statistics count, as rows of `deal_facts`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sqlalchemy import ColumnElement, ScalarSelect, and_, case, delete, func, select, update
from sqlalchemy.orm import Session

from belot.core.errors import BelotError
from belot.core.games import find_game
from belot.core.match import Row, Sheet
from belot.store.models import DealFactRow, MatchRow, SeatRow

Fact = dict[str, object]


def deal_facts(rows: Iterable[Row], bidder_field: str | None = None) -> Iterator[Fact]:
    """Each row's facts; with the game's `bidder_field`, the team that won the bid too."""
    for row in rows:
        caller = row.input.get("caller")
        bidder = row.input.get(bidder_field) if bidder_field else None
        yield {
            "n": row.n,
            "caller": caller if isinstance(caller, int) else None,
            "bidder": bidder if bidder in ("us", "them") else None,
            "outcome": str(row.result["outcome"]),
            "all_tricks": row.swept,  # the core says who took every trick, in any game
        }


def bidder_field(game: str) -> str | None:
    """The deal's field naming the team that won the bid, for a game the registry knows."""
    try:
        return find_game(game).bidder_field
    except (BelotError, StopIteration):  # a game no longer registered, or one without a bid
        return None


def played(sheet: Sheet) -> int:
    """The deals of the sheet that were played: a passed deal is none (CONTRACT.md §5.2)."""
    return sum(row.result["outcome"] != "passed" for row in sheet.rows)


def rewrite(session: Session, row: MatchRow, sheet: Sheet, start: int) -> None:
    """The facts from deal `start` on (the deals a change re-scored), and the counts that
    statistics read: the match's end and played deals, each seat's calls, makes and capots."""
    match_id = row.id
    session.execute(
        delete(DealFactRow).where(DealFactRow.match_id == match_id, DealFactRow.n >= start)
    )
    field = bidder_field(row.game)
    session.add_all(
        DealFactRow(match_id=match_id, **fact)
        for fact in deal_facts(sheet.rows[start - 1 :], field)
    )
    session.flush()
    # On the row itself: written with the change's own UPDATE of the match.
    row.finished, row.winner, row.deals_played = sheet.finished, sheet.winner, played(sheet)
    row.points_us, row.points_them = sheet.totals["us"], sheet.totals["them"]
    team = case((SeatRow.seat % 2 == 1, "us"), else_="them")

    def count(*where: ColumnElement[bool]) -> ScalarSelect[int]:
        # Correlated to the seat row being updated.
        query = select(func.count()).select_from(DealFactRow)
        return query.where(DealFactRow.match_id == SeatRow.match_id, *where).scalar_subquery()

    by_seat = DealFactRow.caller == SeatRow.seat
    by_team = DealFactRow.bidder == team  # named caller or not (issue 32)
    session.execute(
        update(SeatRow)
        .where(SeatRow.match_id == match_id)
        .values(
            called=count(by_seat),
            made=count(and_(by_seat, DealFactRow.outcome == "made")),
            capots=count(DealFactRow.all_tricks == team),
            team_called=count(by_team),
            team_made=count(and_(by_team, DealFactRow.outcome == "made")),
        )
    )
