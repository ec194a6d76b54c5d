"""A club's ratings (CONTRACT.md §5.4): openskill over its finished matches in the order they
were made (`belot.tournament.ratings`), per player and per pair.

Recomputed from the matches, never kept: a match edited after the fact (a winner changed)
is rated anew. The answer is cached per club under what any change of its matches moves (how
many are finished, the latest change), read from the database at each call, so every app
instance answers the same and none answers from a stale cache.
"""

from __future__ import annotations

import threading
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session, aliased

from belot.store.models import MatchRow, PlayerRow, SeatRow
from belot.tournament.ratings import Played, Rater, Ratings, duo

JSONObject = dict[str, object]
_Key = tuple[int, datetime | None]


class RatingsCache:
    """Each club's last ratings (and their JSON), with the key they were computed under.

    Matches finish in the order they were made, mostly: when the club's finished matches
    now are the ones rated before plus some more after them, only those are rated (from the
    kept state). Any other change (an edit, a match that no longer counts) rates them all
    again from the start."""

    KEPT = 64

    def __init__(self) -> None:
        self._lock = threading.Lock()  # a rater is changed under it only
        self._kept: dict[str, tuple[_Key, Rater, Ratings, JSONObject | None]] = {}

    def ratings(self, session: Session, club_id: str) -> Ratings:
        return self._current(session, club_id)[1]

    def answer(self, session: Session, club_id: str) -> JSONObject:
        """The endpoint's answer, kept with the ratings until they change."""
        key, found, answer = self._current(session, club_id)
        if answer is None:
            answer = ratings_json(session, club_id, found)
            with self._lock:
                kept = self._kept.get(club_id)
                if kept is not None and kept[0] == key:
                    self._kept[club_id] = (*kept[:3], answer)
        return answer

    def _current(self, session: Session, club_id: str) -> tuple[_Key, Ratings, JSONObject | None]:
        key = _key(session, club_id)
        with self._lock:
            kept = self._kept.get(club_id)
            if kept is not None and kept[0] == key:
                return key, kept[2], kept[3]
            now = played(session, club_id)
            rater = kept[1] if kept is not None else Rater()
            if rater.rated != now[: len(rater.rated)]:
                rater = Rater()
            rater.add(now[len(rater.rated) :])
            found = rater.ratings()
            if club_id not in self._kept and len(self._kept) >= self.KEPT:
                self._kept.pop(next(iter(self._kept)))
            self._kept[club_id] = (key, rater, found, None)
            return key, found, None


def _key(session: Session, club_id: str) -> _Key:
    count, latest = session.execute(
        select(func.count(), func.max(MatchRow.updated_at)).where(
            MatchRow.club_id == club_id, MatchRow.finished.is_(True)
        )
    ).one()
    return int(count), latest


def played(session: Session, club_id: str) -> list[Played]:
    """The club's finished matches with four seated players, in creation order (a draw, a
    finished match with no winner, too)."""
    first, second = aliased(SeatRow), aliased(SeatRow)
    rows = session.execute(
        select(MatchRow.winner, first.player_id, first.partner_id, second.player_id,
               second.partner_id)
        .join(first, (first.match_id == MatchRow.id) & (first.seat == 1))
        .join(second, (second.match_id == MatchRow.id) & (second.seat == 2))
        .where(MatchRow.club_id == club_id, MatchRow.finished.is_(True))
        .order_by(MatchRow.created_at, MatchRow.id)
    ).all()  # fmt: skip
    return [
        Played(duo(a, b), duo(c, d), None if winner not in ("us", "them") else winner == "us")
        for winner, a, b, c, d in rows
        if a and b and c and d
    ]


def ratings_json(session: Session, club_id: str, found: Ratings) -> JSONObject:
    query = select(PlayerRow.id, PlayerRow.name).where(PlayerRow.club_id == club_id)
    names = {pid: name for pid, name in session.execute(query)}
    ranked = sorted(found.players.items(), key=lambda i: (-i[1].rating, names.get(i[0], ""), i[0]))
    players = [
        {"id": pid, "name": names.get(pid, "?"), "rating": r.rating, "matches": r.matches,
         "mu": r.mu, "sigma": r.sigma}
        for pid, r in ranked
    ]  # fmt: skip
    pairs = [
        {"players": list(d), "rating": r.rating, "matches": r.matches, "mu": r.mu,
         "sigma": r.sigma}
        for d, r in sorted(found.pairs.items(), key=lambda i: (-i[1].rating, i[0]))
    ]  # fmt: skip
    return {"players": players, "pairs": pairs}
