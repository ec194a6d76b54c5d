"""A club's statistics (CONTRACT.md §5.2) as SQL over the kept counts, on both databases.

- `matches` / `wins`: finished matches where the player (the pair) sat / won;
- `deals`: deals played in the club's matches, passed ones excluded;
- `called`: deals with the player as `caller`; `made`: of those, outcome `made`;
- `capots`: deals where the player's team took every trick (capot / kaboot);
- a pair's `called` / `made`: deals its team won the bid, whoever was named as `caller` (a
  deal entered with the team's chip names no one), and of those made (issue 32).
Matches count by their creation time, within [lower, upper).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, case, func, select
from sqlalchemy.orm import Session

from belot.store.models import MatchRow, PlayerRow, SeatRow

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
) -> dict[str, Any]:
    where = _in_range(club_id, lower, upper)
    won = and_(MatchRow.finished, MatchRow.winner == _team(SeatRow.seat))
    # One row a seat of each match: the per-deal counts are kept on it by every change.
    per_player = {
        row.player_id: row
        for row in session.connection().execute(
            select(
                SeatRow.player_id,
                func.count().filter(MatchRow.finished).label("matches"),
                func.count().filter(won).label("wins"),
                func.coalesce(func.sum(MatchRow.deals_played), 0).label("deals"),
                func.coalesce(func.sum(SeatRow.called), 0).label("called"),
                func.coalesce(func.sum(SeatRow.made), 0).label("made"),
                func.coalesce(func.sum(SeatRow.capots), 0).label("capots"),
            )
            .join(MatchRow, MatchRow.id == SeatRow.match_id)
            .where(*where)
            .group_by(SeatRow.player_id)
        )
    }
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
                "matches": _count(per_player, p.id, "matches"),
                "wins": _count(per_player, p.id, "wins"),
                "deals": _count(per_player, p.id, "deals"),
                "called": _count(per_player, p.id, "called"),
                "made": _count(per_player, p.id, "made"),
                "capots": _count(per_player, p.id, "capots"),
            }
            for p in players
        ],
        "pairs": _pairs(session, where),
    }


def _count(rows: Mapping[Any, Any], player_id: str, name: str) -> int:
    row = rows.get(player_id)
    return 0 if row is None else int(getattr(row, name))


def _pairs(session: Session, where: list[ColumnElement[bool]]) -> list[JSONObject]:
    """Partners: the players on seats 1 and 3, or 2 and 4, of the same match; each pair once,
    its two ids in order, however they sat. Read from seats 1 and 2 with their `partner_id`
    (kept on the seat when it is written), so no self-join of the seats."""
    player, partner = SeatRow.player_id, SeatRow.partner_id
    first = case((player < partner, player), else_=partner)
    second = case((player < partner, partner), else_=player)
    won = and_(MatchRow.finished, MatchRow.winner == _team(SeatRow.seat))
    matches = func.count().filter(MatchRow.finished)
    wins = func.count().filter(won)
    called = func.coalesce(func.sum(SeatRow.team_called), 0)
    made = func.coalesce(func.sum(SeatRow.team_made), 0)
    # Sorted by the database and read on the Core connection as plain tuples (not through the
    # ORM session, which costs more than the query here): a big club has thousands of pairs.
    rows = session.connection().execute(
        select(first, second, matches, wins, called, made)
        .join(MatchRow, MatchRow.id == SeatRow.match_id)
        .where(*where, SeatRow.seat <= 2, player.is_not(None), partner.is_not(None))
        .group_by(first, second)
        .order_by(wins.desc(), matches.desc(), first, second)
    )
    return [
        {"players": [a, b], "matches": m, "wins": w, "called": int(c), "made": int(d)}
        for a, b, m, w, c, d in rows
    ]


def head_to_head(
    session: Session, club_id: str, first: tuple[str, str], second: tuple[str, str]
) -> dict[str, Any]:
    """Finished matches where the pair `first` sat as partners against the pair `second`."""
    four = {*first, *second}
    rows = session.execute(
        select(SeatRow.match_id, SeatRow.seat, SeatRow.player_id, MatchRow.winner)
        .join(MatchRow, MatchRow.id == SeatRow.match_id)
        .where(MatchRow.club_id == club_id, MatchRow.finished, SeatRow.player_id.in_(four))
        .order_by(SeatRow.match_id)
    ).all()
    seats: dict[str, dict[str, int]] = {}
    winners: dict[str, str | None] = {}
    for match_id, seat, player, winner in rows:
        if player is None:
            continue
        seats.setdefault(match_id, {})[player] = seat
        winners[match_id] = winner
    matches = wins_first = wins_second = 0
    for match_id, seated in seats.items():
        if len(seated) != 4:
            continue
        side = {p: "us" if s % 2 else "them" for p, s in seated.items()}
        ours, theirs = {side[p] for p in first}, {side[p] for p in second}
        if len(ours) != 1 or len(theirs) != 1 or ours == theirs:
            continue  # not these two pairs against each other
        matches += 1
        wins_first += winners[match_id] in ours
        wins_second += winners[match_id] in theirs
    return {
        "pairs": [{"players": list(first), "wins": wins_first},
                  {"players": list(second), "wins": wins_second}],
        "matches": matches,
    }  # fmt: skip


def wins_over_time(
    session: Session,
    club_id: str,
    players: Sequence[str],
    lower: datetime | None,
    upper: datetime | None,
) -> dict[str, list[int]]:
    """Each of `players`' wins so far after each finished match of the club, oldest first."""
    rows = session.execute(
        select(MatchRow.id, SeatRow.seat, SeatRow.player_id, MatchRow.winner)
        .join(SeatRow, SeatRow.match_id == MatchRow.id)
        .where(*_in_range(club_id, lower, upper), MatchRow.finished)
        .order_by(MatchRow.created_at, MatchRow.id)
    ).all()
    wins = dict.fromkeys(players, 0)
    lines: dict[str, list[int]] = {p: [] for p in players}
    current = None
    for match_id, seat, player, winner in rows:
        if match_id != current:
            if current is not None:
                for p in players:
                    lines[p].append(wins[p])
            current = match_id
        if player in wins and winner == ("us" if seat % 2 else "them"):
            wins[player] += 1
    if current is not None:
        for p in players:
            lines[p].append(wins[p])
    return lines
