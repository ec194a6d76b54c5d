"""The facts of a replayed sheet that statistics count, as rows of `deal_facts`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sqlalchemy import ColumnElement, ScalarSelect, and_, case, delete, func, select, update
from sqlalchemy.orm import Session

from belot.core.match import Row, Sheet
from belot.store.models import DealFactRow, MatchRow, SeatRow

Fact = dict[str, object]


def deal_facts(rows: Iterable[Row]) -> Iterator[Fact]:
    for row in rows:
        caller = row.input.get("caller")
        yield {
            "n": row.n,
            "caller": caller if isinstance(caller, int) else None,
            "outcome": str(row.result["outcome"]),
            "all_tricks": row.swept,  # the core says who took every trick, in any game
        }


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
    session.add_all(
        DealFactRow(match_id=match_id, **fact) for fact in deal_facts(sheet.rows[start - 1 :])
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
    session.execute(
        update(SeatRow)
        .where(SeatRow.match_id == match_id)
        .values(
            called=count(by_seat),
            made=count(and_(by_seat, DealFactRow.outcome == "made")),
            capots=count(DealFactRow.all_tricks == team),
        )
    )
