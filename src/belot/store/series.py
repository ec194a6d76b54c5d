"""The evening at one table: matches that follow each other ("next game, same table") share a
series, and each shows the tally of the series' finished matches."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from belot.store.models import MatchRow


def join(session: Session, previous: MatchRow) -> str:
    """The series a match following `previous` belongs to (`previous` starts one if it has
    none: the first match of the evening is its id)."""
    if previous.series_id is None:
        previous.series_id = previous.id
    return previous.series_id


def tally(session: Session, row: MatchRow) -> dict[str, int] | None:
    """Finished matches of the series won by `us` and by `them`, and the series' matches."""
    if row.series_id is None:
        return None
    found = session.execute(
        select(MatchRow.winner, MatchRow.finished, func.count())
        .where(MatchRow.series_id == row.series_id)
        .group_by(MatchRow.winner, MatchRow.finished)
    ).all()
    counts = {"us": 0, "them": 0, "matches": 0}
    for winner, finished, count in found:
        counts["matches"] += count
        if finished and winner in ("us", "them"):
            counts[winner] += count
    return counts
