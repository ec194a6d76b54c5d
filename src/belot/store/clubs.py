"""Clubs (CONTRACT.md §5.2): the same players over many evenings, their matches and numbers.

A club has a secret edit token like a match's; that token also edits every match of the club.
Statistics are SQL over what every change keeps current (`matches.finished/winner`, the
seats, `deal_facts`): no match is replayed to show them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from belot.core.errors import BelotError
from belot.store import inputs
from belot.store.clubs_stats import club_stats, head_to_head, wins_over_time
from belot.store.errors import NotFound
from belot.store.matches import MatchStore
from belot.store.models import ClubRow, MatchRow, PlayerRow, SeatRow
from belot.store.tokens import check_club_token, hash_token, new_match_id, new_token, token_matches
from belot.store.tournament_inputs import pair_name
from belot.store.view import MatchView, Seat, iso

JSONObject = dict[str, object]
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
MAX_PLAYERS = 500  # a club, not a league: bounds what one page and one stats query hold


@dataclass(frozen=True, slots=True)
class Player:
    id: str
    name: str

    def to_json(self) -> JSONObject:
        return {"id": self.id, "name": self.name}


def club_not_found(club_id: str) -> NotFound:
    return NotFound("club-not-found", "id", "there is no club with this id", id=club_id)


class ClubStore:
    """Clubs over the same database as the matches (and the same transactions' rules)."""

    def __init__(self, matches: MatchStore) -> None:
        self.matches = matches
        matches.club_tokens = self._club_token_ok

    def create(self, name: object) -> tuple[JSONObject, str]:
        club_name = inputs.display_name(name, "name", "invalid-club-name")
        token = new_token()
        row = ClubRow(
            id=new_match_id(),
            name=club_name,
            token_hash=hash_token(token),
            created_at=datetime.now(UTC),
        )
        with self.matches.writing() as session:
            session.add(row)
        return {"id": row.id, "name": row.name}, token

    def add_player(self, club_id: str, token: str | None, name: object) -> Player:
        player_name = inputs.display_name(name, "name", "invalid-player-name")
        with self.matches.writing() as session:
            club = self._find(session, club_id, lock=True)
            check_club_token(club, token)
            count = len(
                session.scalars(select(PlayerRow.id).where(PlayerRow.club_id == club.id)).all()
            )
            if count >= MAX_PLAYERS:
                raise BelotError(
                    "too-many-players", "name", f"a club has at most {MAX_PLAYERS} players"
                )
            row = PlayerRow(
                id=new_match_id(), club_id=club.id, name=player_name, created_at=datetime.now(UTC)
            )
            session.add(row)
        return Player(row.id, row.name)

    def create_match(
        self,
        club_id: str,
        token: str | None,
        game: str,
        rules: object,
        teams: dict[str, str] | None,
        seats: object,
        first_dealer: object,
        target: object = None,
        deal_count: object = None,
    ) -> tuple[MatchView, str]:
        """A match of the club, its four seats taken by four of the club's players."""
        with self.matches.reading() as session:
            club = self._find(session, club_id)
            check_club_token(club, token)
            players = {
                p.id: p.name
                for p in session.scalars(select(PlayerRow).where(PlayerRow.club_id == club.id))
            }
        seating = _club_seats(seats, players)
        # Partners sit opposite: the teams are named after them unless named otherwise.
        named = {"us": pair_name(seating[0].name, seating[2].name),
                 "them": pair_name(seating[1].name, seating[3].name),
                 **(teams or {})}  # fmt: skip
        return self.matches.create(
            game,
            rules,
            named,
            None,
            first_dealer,
            club_id=club.id,
            club_seats=seating,
            target=target,
            deal_count=deal_count,
        )

    def get(self, club_id: str) -> dict[str, Any]:
        with self.matches.reading() as session:
            club = self._find(session, club_id)
            players = session.scalars(
                select(PlayerRow)
                .where(PlayerRow.club_id == club.id)
                .order_by(PlayerRow.created_at, PlayerRow.id)
            ).all()
            matches = session.scalars(
                select(MatchRow)
                .where(MatchRow.club_id == club.id)
                .order_by(MatchRow.created_at.desc(), MatchRow.id)
            ).all()
            return {
                "id": club.id,
                "name": club.name,
                "players": [Player(p.id, p.name).to_json() for p in players],
                "matches": [
                    {
                        "id": m.id,
                        "game": m.game,
                        "teams": {"us": m.team_us, "them": m.team_them},
                        "finished": m.finished,
                        "winner": m.winner,
                        "created": iso(m.created_at),
                    }
                    for m in matches
                ],
            }

    def name_of(self, club_id: str) -> str | None:
        """The club's name alone (a club match's page names its club), None if none."""
        with self.matches.reading() as session:
            club = session.get(ClubRow, club_id) if inputs.is_match_id(club_id) else None
            return None if club is None else club.name

    def check_token(self, club_id: str, token: str | None) -> None:
        """Refused (401 / 403 / 404) unless `token` is the club's edit token."""
        with self.matches.reading() as session:
            check_club_token(self._find(session, club_id), token)

    def seats(self, club_id: str) -> dict[str, list[JSONObject]]:
        """Every club match's seats, in one query: match id → [{"name", "player"}] in order."""
        with self.matches.reading() as session:
            rows = session.execute(
                select(SeatRow.match_id, SeatRow.name, SeatRow.player_id)
                .join(MatchRow, MatchRow.id == SeatRow.match_id)
                .where(MatchRow.club_id == club_id)
                .order_by(SeatRow.match_id, SeatRow.seat)
            ).all()
        found: dict[str, list[JSONObject]] = {}
        for match_id, name, player in rows:
            found.setdefault(match_id, []).append({"name": name, "player": player})
        return found

    def stats(self, club_id: str, since: object = None, until: object = None) -> dict[str, Any]:
        lower, upper = _bounds(since, until)
        with self.matches.reading() as session:
            return club_stats(session, self._find(session, club_id).id, lower, upper)

    def wins_over_time(
        self, club_id: str, players: list[str], since: object = None, until: object = None
    ) -> dict[str, list[int]]:
        lower, upper = _bounds(since, until)
        with self.matches.reading() as session:
            return wins_over_time(session, self._find(session, club_id).id, players, lower, upper)

    def head_to_head(self, club_id: str, first: object, second: object) -> dict[str, Any]:
        """Two pairs of the club's players against each other: matches and each pair's wins."""
        with self.matches.reading() as session:
            club = self._find(session, club_id)
            players = set(session.scalars(select(PlayerRow.id).where(PlayerRow.club_id == club.id)))
            a, b = _pair_of(first, "a", players), _pair_of(second, "b", players)
            if set(a) & set(b):
                raise BelotError("invalid-pair", "b", "the two pairs share a player")
            return head_to_head(session, club.id, a, b)

    def _find(self, session: Session, club_id: str, *, lock: bool = False) -> ClubRow:
        if not inputs.is_match_id(club_id):
            raise club_not_found(club_id)
        query = select(ClubRow).where(ClubRow.id == club_id)
        if lock:
            query = query.with_for_update()
        row = session.scalars(query).one_or_none()
        if row is None:
            raise club_not_found(club_id)
        return row

    @staticmethod
    def _club_token_ok(session: Session, club_id: str, token: str) -> bool:
        """For the match store: is `token` the edit token of the club that holds a match?"""
        club = session.get(ClubRow, club_id)
        return club is not None and token_matches(token, club.token_hash)


def _pair_of(value: object, field: str, players: set[str]) -> tuple[str, str]:
    """Two of the club's players, given as "id1,id2"."""
    ids = value.split(",") if isinstance(value, str) else []
    if len(ids) != 2 or ids[0] == ids[1] or not set(ids) <= players:
        raise BelotError("invalid-pair", field, f"{field} must be two of the club's players")
    return ids[0], ids[1]


def _club_seats(value: object, players: dict[str, str]) -> tuple[Seat, ...]:
    if not isinstance(value, list) or len(value) != 4:
        raise BelotError(
            "invalid-seats", "seats", "seats are 4 of the club's player ids, in dealing order"
        )
    seating: list[Seat] = []
    for i, player in enumerate(value):
        field = f"seats.{i}"
        if not isinstance(player, str) or player not in players:
            raise BelotError("unknown-player", field, "this is not a player of the club")
        if any(s.player == player for s in seating):
            raise BelotError("seat-taken", field, "a player sits at one seat only")
        seating.append(Seat(players[player], player))
    return tuple(seating)


def _bounds(since: object, until: object) -> tuple[datetime | None, datetime | None]:
    """`from` and `to` days, inclusive, as the half-open range of moments they cover."""
    start, end = _day(since, "from"), _day(until, "to")
    lower = None if start is None else datetime.combine(start, time(), UTC)
    # The last day a date field can send (9999-12-31) has no next day: no upper bound then.
    upper = (
        None
        if end is None or end == date.max
        else datetime.combine(end + timedelta(days=1), time(), UTC)
    )
    return lower, upper


def _day(value: object, field: str) -> date | None:
    if value is None or value == "":
        return None
    # YYYY-MM-DD only: `fromisoformat` also takes week dates (2024-W01-1) and other digits.
    if isinstance(value, str) and _DAY.fullmatch(value) is not None:
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    raise BelotError("invalid-date", field, f"{field} must be a date, YYYY-MM-DD")
