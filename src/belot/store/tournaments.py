"""Tournaments of a club's pairs (CONTRACT.md §5.4): made, read, and their rounds drawn.

Drawing a round runs in one write transaction with the tournament's row locked: it checks
the round before is decided, draws (`belot.tournament.draw`, pure), makes each table's match
in the club (the first pair on seats 1 and 3) and the table rows together; any refusal rolls
all of it back, so a failed draw makes no match. Winners and points are read from the
matches at every turn, so a match edited after the fact moves the standings with it.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from belot.core.games import find_game
from belot.core.presets import find_preset
from belot.store import tournament_rows as rows
from belot.store.clubs import club_not_found
from belot.store.errors import StoreError
from belot.store.matches import MatchStore
from belot.store.models import (
    ClubRow,
    MatchRow,
    PlayerRow,
    SeatRow,
    TournamentPairRow,
    TournamentRow,
    TournamentTableRow,
)
from belot.store.ratings import RatingsCache
from belot.store.tokens import (
    check_club_token,
    hash_token,
    new_match_id,
    table_token,
    token_matches,
)
from belot.store.tournament_inputs import fit_team_name, new_tournament, pair_name
from belot.tournament import draw
from belot.tournament.ratings import Ratings, initial

JSONObject = dict[str, object]


class RoundConflict(StoreError):
    """`round-not-finished` / `tournament-over`: no round can be drawn now (409)."""


class RoundLocked(StoreError):
    """`round-locked`: a table's match that a later round was drawn from cannot change (409)."""


# The formats whose next round is drawn from the results of the round before (knockout:
# its winners; Swiss: the standings). A round robin's draw reads no result: its matches stay
# open to corrections, the standings follow them.
DRAWN_FROM_RESULTS = ("knockout", "swiss")


class TournamentStore:
    def __init__(self, matches: MatchStore) -> None:
        self.matches = matches
        self.ratings_cache = RatingsCache()
        matches.also_announce = self._announced_with
        matches.may_change = self._may_change

    def create(self, club_id: str, token: str | None, body: dict[str, object],
               club_order: bool = False) -> JSONObject:  # fmt: skip
        """`club_order`: each pair's two players as the club lists them (the pages' form:
        one order of partners everywhere, issue 32); else as given (the API)."""
        with self.matches.writing() as session:
            club = _club(session, club_id)
            check_club_token(club, token)
            players = _players(session, club.id)
            new = new_tournament(body, players)
            if club_order:
                order = {pid: n for n, pid in enumerate(players)}
                new = replace(new, pairs=tuple(
                    (a, b) if order[a] < order[b] else (b, a) for a, b in new.pairs))  # fmt: skip
            row = TournamentRow(id=new_match_id(), club_id=club.id, name=new.name, game=new.game,
                                rules=new.rules, format=new.format, rounds=new.rounds,
                                created_at=datetime.now(UTC))  # fmt: skip
            session.add(row)
            session.flush()
            for position, (a, b) in enumerate(new.pairs, start=1):
                session.add(TournamentPairRow(
                    id=new_match_id(), tournament_id=row.id, position=position, first_player=a,
                    second_player=b, name=pair_name(players[a], players[b])))  # fmt: skip
            session.flush()
            return rows.load(session, row).to_json()

    def get(self, tournament_id: str) -> JSONObject:
        with self.matches.reading() as session:
            return rows.load(session, rows.find(session, tournament_id)).to_json()

    def page(self, tournament_id: str) -> tuple[JSONObject, dict[str, tuple[int, int]], int]:
        """What the tournament's page shows: the tournament object, each played match's
        points (first pair's, second pair's) and the version the live page compares."""
        with self.matches.reading() as session:
            row = rows.find(session, tournament_id)
            state = rows.load(session, row)
            points = {t.match: t.points for t in state.tables if t.match and t.decided}
            return state.to_json(), points, rows.version(session, row.id)

    def version(self, tournament_id: str) -> int:
        with self.matches.reading() as session:
            return rows.version(session, rows.find(session, tournament_id).id)

    def check_token(self, tournament_id: str, token: str | None) -> None:
        with self.matches.reading() as session:
            row = rows.find(session, tournament_id)
            check_club_token(_club(session, row.club_id), token)

    def of_club(self, club_id: str) -> list[JSONObject]:
        """The club's tournaments, newest first: id, name, format, created."""
        with self.matches.reading() as session:
            found = session.scalars(
                select(TournamentRow)
                .where(TournamentRow.club_id == club_id)
                .order_by(TournamentRow.created_at.desc(), TournamentRow.id)
            ).all()
            return [{"id": t.id, "name": t.name, "format": t.format, "game": t.game}
                    for t in found]  # fmt: skip

    def draw_round(self, tournament_id: str, token: str | None) -> JSONObject:
        """The next round drawn and its matches made; the tournament after it."""
        with self.matches.writing() as session:
            row = rows.find(session, tournament_id, lock=True)
            check_club_token(_club(session, row.club_id), token)
            state = rows.load(session, row)
            if any(not t.decided for t in state.round(state.drawn)):
                raise RoundConflict(
                    "round-not-finished", None,
                    f"round {state.drawn} is still being played: finish its matches first",
                    round=state.drawn,
                )  # fmt: skip
            if state.drawn >= state.total_rounds:
                raise RoundConflict("tournament-over", None, "the tournament has no round left")
            tables = self._next_tables(session, state)
            self._make_tables(session, state, tables, str(token))
            key = rows.channel_key(row.id)
            version = rows.version(session, row.id)
            self.matches.feed.in_transaction(session, key, version)
            answer = rows.load(session, row).to_json()
        self.matches.feed.committed(key, version)
        return answer

    def ratings(self, club_id: str) -> JSONObject:
        with self.matches.reading() as session:
            club = _club(session, club_id)
            return self.ratings_cache.answer(session, club.id)

    def _next_tables(self, session: Session, state: rows.Loaded) -> list[draw.Table]:
        ids = [p.id for p in state.pairs]
        form, done = state.row.format, state.drawn
        if form == "round-robin":
            return draw.round_robin(ids, done + 1)
        if form == "knockout":
            if done == 0:
                return draw.knockout_first(_seeded(state, self.ratings_cache.ratings(
                    session, state.row.club_id)))  # fmt: skip
            return draw.knockout_next([t.winner or "" for t in state.round(done)])
        ranked = state.standings()
        met = {frozenset((t.first, t.second)) for t in state.tables if t.second is not None}
        byes = {t.first for t in state.tables if t.second is None}
        return draw.swiss([s.pair for s in ranked], {s.pair: s.won for s in ranked}, met, byes)

    def table_tokens(self, tournament_id: str, token: str | None) -> dict[str, str]:
        """Each table's own edit token (match id → token), for the organiser only: `token`
        must be the club's. A table whose stored hash is not its token's (drawn before
        tables had their own, or imported) is given it now; nobody held its old token."""
        with self.matches.reading() as session:
            row = rows.find(session, tournament_id)
            check_club_token(_club(session, row.club_id), token)
            found = session.execute(
                select(MatchRow.id, MatchRow.token_hash)
                .join(TournamentTableRow, TournamentTableRow.match_id == MatchRow.id)
                .where(TournamentTableRow.tournament_id == row.id)
            ).all()
        tokens = {match: table_token(str(token), match) for match, _ in found}
        stale = [match for match, held in found if not token_matches(tokens[match], held)]
        if stale:
            with self.matches.writing() as session:
                for match in stale:
                    stored = session.get(MatchRow, match)
                    if stored is not None:
                        stored.token_hash = hash_token(tokens[match])
        return tokens

    def _make_tables(
        self, session: Session, state: rows.Loaded, tables: list[draw.Table], club_token: str
    ) -> None:
        row = state.row
        pairs = {p.id: p for p in state.pairs}
        names = _players(session, row.club_id)
        now = datetime.now(UTC)
        for number, (first, second) in enumerate(tables, start=1):
            match_id = None
            if second is not None:
                # A microsecond apart: the matches keep the tables' order (ratings read it).
                made = now + timedelta(microseconds=number)
                match_id = _table_match(session, row, pairs[first], pairs[second], names, made,
                                        club_token)  # fmt: skip
            session.add(TournamentTableRow(tournament_id=row.id, round=state.drawn + 1,
                                           number=number, first_pair=first, second_pair=second,
                                           match_id=match_id))  # fmt: skip
        session.flush()

    def _may_change(self, session: Session, match: MatchRow) -> None:
        """For the match store, before a change of a club match: a knockout's or Swiss
        table whose tournament has drawn a later round is locked, because that round was
        drawn from its result (a knockout's winners go on; Swiss pairs by wins). Changing it
        would leave a pair that lost in the later rounds, or a winner no table made."""
        found = session.execute(
            select(TournamentTableRow.round, TournamentTableRow.number, TournamentRow.id,
                   TournamentRow.name, TournamentRow.format)
            .join(TournamentRow, TournamentRow.id == TournamentTableRow.tournament_id)
            .where(TournamentTableRow.match_id == match.id)
        ).one_or_none()  # fmt: skip
        if found is None or found.format not in DRAWN_FROM_RESULTS:
            return
        drawn = session.scalar(
            select(func.max(TournamentTableRow.round)).where(
                TournamentTableRow.tournament_id == found.id
            )
        )
        if drawn is not None and drawn > found.round:
            raise RoundLocked(
                "round-locked", None,
                f"this match is table {found.number} of round {found.round} of the tournament "
                f"{found.name!r}; round {found.round + 1} was drawn from its result, so it "
                "can no longer change",
                round=found.round, next=found.round + 1, table=found.number,
                tournament=found.id,
            )  # fmt: skip

    def _announced_with(self, session: Session, match_id: str) -> str | None:
        """For the match store: the feed key of the tournament a changed match belongs to."""
        found = rows.tournament_of_match(session, match_id)
        return None if found is None else rows.channel_key(found)


def _club(session: Session, club_id: str) -> ClubRow:
    from belot.store.inputs import is_match_id

    club = session.get(ClubRow, club_id) if is_match_id(club_id) else None
    if club is None:
        raise club_not_found(club_id)
    return club


def _players(session: Session, club_id: str) -> dict[str, str]:
    """The club's players, id → name, in the club's order (as its page lists them)."""
    query = (
        select(PlayerRow.id, PlayerRow.name)
        .where(PlayerRow.club_id == club_id)
        .order_by(PlayerRow.created_at, PlayerRow.id)
    )
    return {pid: name for pid, name in session.execute(query)}


def _seeded(state: rows.Loaded, ratings: Ratings) -> list[str]:
    """The pairs, best first: by their players' mean rating (entry order breaks ties)."""
    start = initial().rating

    def strength(pair: TournamentPairRow) -> float:
        found = [ratings.players.get(p) for p in (pair.first_player, pair.second_player)]
        return sum(r.rating if r is not None else start for r in found) / 2

    ordered = sorted(enumerate(state.pairs), key=lambda e: (-strength(e[1]), e[0]))
    return [p.id for _, p in ordered]


def _table_match(
    session: Session,
    tournament: TournamentRow,
    first: TournamentPairRow,
    second: TournamentPairRow,
    names: dict[str, str],
    made: datetime,
    club_token: str,
) -> str:
    """A club match for one table: `first` on seats 1 and 3 (us), `second` on 2 and 4. Its
    edit token is its own (`table_token`), never the club's: a table's link changes that
    table's match only (issue 23)."""
    match_id = new_match_id()
    row = MatchRow(
        id=match_id, game=tournament.game, rules=find_preset(tournament.rules).name,
        house_rules=tournament.rules if tournament.rules.startswith("{") else None,
        team_us=fit_team_name(first.name), team_them=fit_team_name(second.name),
        token_hash=hash_token(table_token(club_token, match_id)), version=0, next_seq=1,
        rewritten=0, created_at=made, updated_at=made, first_dealer=1,
        club_id=tournament.club_id, finished=False, deals_played=0, points_us=0, points_them=0,
        deal_count=find_game(tournament.game).deals_to_play(None, None),  # its game's own
    )  # fmt: skip
    session.add(row)
    session.flush()
    seats = [first.first_player, second.first_player, first.second_player, second.second_player]
    for number, player in enumerate(seats, start=1):
        session.add(SeatRow(match_id=row.id, seat=number, name=names[player], player_id=player,
                            partner_id=seats[(number + 1) % 4]))  # fmt: skip
    return row.id
