"""A club's statistics (CONTRACT.md §5.2) as SQL over the kept facts, on both databases.

- `matches` / `wins`: finished matches where the player (the pair) sat / won;
- `deals`: deals played in the club's matches, passed ones excluded;
- `called`: deals with the player as `caller`; `made`: of those, outcome `made`;
- `capots`: deals where the player's team took every trick (capot / kaboot).
Matches count by their creation time, within [lower, upper).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, case, func, select
from sqlalchemy.orm import Session, aliased

from belot.store.models import DealFactRow, MatchRow, PlayerRow, SeatRow

JSONObject = dict[str, object]


def _team(seat: Any) -> ColumnElement[str]:
    """Seats 1 and 3 play as `us`, 2 and 4 as `them` (belot.core.seats.team_of, in SQL)."""
    return case((seat % 2 == 1, "us"), else_="them")


def _in_range(
    club_id: str, lower: datetime | None, upper: datetime | None
) -> list[ColumnElement[bool]]:
    where = [MatchRow.club_id == club_id]
    if lower is not None:
        where.append(MatchRow.created_at >= lower)
    if upper is not None:
        where.append(MatchRow.created_at < upper)
    return where


def club_stats(
    session: Session, club_id: str, lower: datetime | None, upper: datetime | None
) -> JSONObject:
    where = _in_range(club_id, lower, upper)
    won = and_(MatchRow.finished, MatchRow.winner == _team(SeatRow.seat))
    per_match = dict(
        (row.player_id, row)
        for row in session.execute(
            select(
                SeatRow.player_id,
                func.count().filter(MatchRow.finished).label("matches"),
                func.count().filter(won).label("wins"),
            )
            .join(MatchRow, MatchRow.id == SeatRow.match_id)
            .where(*where)
            .group_by(SeatRow.player_id)
        )
    )
    played = DealFactRow.outcome != "passed"
    called = DealFactRow.caller == SeatRow.seat
    per_deal = dict(
        (row.player_id, row)
        for row in session.execute(
            select(
                SeatRow.player_id,
                func.count().filter(played).label("deals"),
                func.count().filter(called).label("called"),
                func.count().filter(and_(called, DealFactRow.outcome == "made")).label("made"),
                func.count().filter(DealFactRow.all_tricks == _team(SeatRow.seat)).label("capots"),
            )
            .join(MatchRow, MatchRow.id == SeatRow.match_id)
            .join(DealFactRow, DealFactRow.match_id == SeatRow.match_id)
            .where(*where)
            .group_by(SeatRow.player_id)
        )
    )
    players = session.scalars(
        select(PlayerRow)
        .where(PlayerRow.club_id == club_id)
        .order_by(PlayerRow.created_at, PlayerRow.id)
    ).all()
    return {
        "players": [
            {
                "id": p.id,
                "name": p.name,
                "matches": _count(per_match, p.id, "matches"),
                "wins": _count(per_match, p.id, "wins"),
                "deals": _count(per_deal, p.id, "deals"),
                "called": _count(per_deal, p.id, "called"),
                "made": _count(per_deal, p.id, "made"),
                "capots": _count(per_deal, p.id, "capots"),
            }
            for p in players
        ],
        "pairs": _pairs(session, where),
    }


def _count(rows: Mapping[Any, Any], player_id: str, name: str) -> int:
    row = rows.get(player_id)
    return 0 if row is None else int(getattr(row, name))


def _pairs(session: Session, where: list[ColumnElement[bool]]) -> list[JSONObject]:
    """Partners: the players on seats 1 and 3, or 2 and 4, of the same match."""
    partner = aliased(SeatRow)
    won = and_(MatchRow.finished, MatchRow.winner == _team(SeatRow.seat))
    rows = session.execute(
        select(
            SeatRow.player_id,
            partner.player_id.label("partner_id"),
            func.count().filter(MatchRow.finished).label("matches"),
            func.count().filter(won).label("wins"),
        )
        .join(MatchRow, MatchRow.id == SeatRow.match_id)
        .join(
            partner,
            and_(
                partner.match_id == SeatRow.match_id,
                partner.seat == SeatRow.seat + 2,
            ),
        )
        .where(*where)
        .group_by(SeatRow.player_id, partner.player_id)
    ).all()
    pairs: dict[tuple[str, str], list[int]] = {}
    for row in rows:
        if row.player_id is None or row.partner_id is None:
            continue
        key = (min(row.player_id, row.partner_id), max(row.player_id, row.partner_id))
        total = pairs.setdefault(key, [0, 0])
        total[0] += int(row.matches)
        total[1] += int(row.wins)
    return [
        {"players": list(key), "matches": m, "wins": w}
        for key, (m, w) in sorted(pairs.items(), key=lambda kv: (-kv[1][1], -kv[1][0], kv[0]))
    ]
