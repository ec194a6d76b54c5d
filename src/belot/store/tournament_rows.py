"""Reading a stored tournament: its pairs, its tables with their matches' ends and points,
and the tournament object of CONTRACT.md §5.4 built from them (standings recomputed)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from belot.core.presets import rules_json
from belot.store.errors import NotFound
from belot.store.models import MatchRow, TournamentPairRow, TournamentRow, TournamentTableRow
from belot.tournament.draw import knockout_rounds, round_robin_rounds
from belot.tournament.standings import Outcome, Standing, standings

JSONObject = dict[str, object]


def tournament_not_found(tournament_id: str) -> NotFound:
    return NotFound(
        "tournament-not-found", "id", "there is no tournament with this id", id=tournament_id
    )


def channel_key(tournament_id: str) -> str:
    """The live feed's key for a tournament (beside its matches' ids: those have no "~")."""
    return f"t~{tournament_id}"


@dataclass(frozen=True, slots=True)
class Table:
    round: int
    number: int
    first: str
    second: str | None
    match: str | None
    winner: str | None  # a pair id, once decided (a bye is decided)
    points: tuple[int, int] = (0, 0)
    draw: bool = False  # its match ended level (a number of deals played): no one won it

    @property
    def decided(self) -> bool:
        return self.winner is not None or self.draw

    def to_json(self) -> JSONObject:
        return {"table": self.number, "pairs": [self.first, self.second], "match": self.match,
                "winner": self.winner, "draw": self.draw}  # fmt: skip


def table_winner(
    first: str, second: str | None, side: str | None, knockout: bool
) -> tuple[str | None, bool]:
    """A table's winner (a pair id; None while its match is played) and whether its match
    was a draw, from `side`: None while playing, "us" / "them" when won, anything else
    when it ended level. A bye is its pair's. A draw is no one's, but a knockout needs a
    pair to go on: its first pair (the better seeded in round 1, the upper table's winner
    after) goes on."""
    if second is None:
        return first, False
    if side is None:
        return None, False
    if side in ("us", "them"):
        return (first if side == "us" else second), False
    return (first if knockout else None), True


@dataclass(frozen=True, slots=True)
class Loaded:
    row: TournamentRow
    pairs: tuple[TournamentPairRow, ...]
    tables: tuple[Table, ...]

    @property
    def drawn(self) -> int:
        return max((t.round for t in self.tables), default=0)

    @property
    def total_rounds(self) -> int:
        n = len(self.pairs)
        if self.row.format == "knockout":
            return knockout_rounds(n)
        if self.row.format == "swiss":
            return self.row.rounds or 0
        return round_robin_rounds(n)

    def round(self, number: int) -> list[Table]:
        return [t for t in self.tables if t.round == number]

    def standings(self) -> list[Standing]:
        outcomes = [  # a draw is neither won nor lost, even where a knockout goes on
            Outcome(t.first, t.second, None if t.draw else t.winner, *t.points)
            for t in self.tables
            if t.decided
        ]
        return standings([p.id for p in self.pairs], outcomes)

    @property
    def finished(self) -> bool:
        return self.drawn >= self.total_rounds and all(t.decided for t in self.tables)

    def winner(self, ranked: list[Standing]) -> str | None:
        if not self.finished:
            return None
        if self.row.format == "knockout":
            return self.round(self.drawn)[0].winner
        return ranked[0].pair if ranked else None

    def to_json(self) -> JSONObject:
        row, ranked = self.row, self.standings()
        return {
            "id": row.id,
            "club": row.club_id,
            "name": row.name,
            "game": row.game,
            "rules": rules_json(row.rules),
            "format": row.format,
            "rounds_total": self.total_rounds,
            **({"rounds_planned": row.rounds} if row.rounds is not None else {}),
            "pairs": [
                {"id": p.id, "players": [p.first_player, p.second_player], "name": p.name}
                for p in self.pairs
            ],
            "rounds": [
                {"n": n, "tables": [t.to_json() for t in self.round(n)]}
                for n in range(1, self.drawn + 1)
            ],
            "standings": [s.to_json() for s in ranked],
            "finished": self.finished,
            "winner": self.winner(ranked),
        }


def find(session: Session, tournament_id: str, *, lock: bool = False) -> TournamentRow:
    from belot.store import inputs

    if not inputs.is_match_id(tournament_id):
        raise tournament_not_found(tournament_id)
    query = select(TournamentRow).where(TournamentRow.id == tournament_id)
    if lock:
        query = query.with_for_update()
    row = session.scalars(query).one_or_none()
    if row is None:
        raise tournament_not_found(tournament_id)
    return row


def load(session: Session, row: TournamentRow) -> Loaded:
    pairs = session.scalars(
        select(TournamentPairRow)
        .where(TournamentPairRow.tournament_id == row.id)
        .order_by(TournamentPairRow.position)
    ).all()
    found = session.execute(
        select(TournamentTableRow, MatchRow.finished, MatchRow.winner, MatchRow.points_us,
               MatchRow.points_them)
        .outerjoin(MatchRow, MatchRow.id == TournamentTableRow.match_id)
        .where(TournamentTableRow.tournament_id == row.id)
        .order_by(TournamentTableRow.round, TournamentTableRow.number)
    ).all()  # fmt: skip
    tables = []
    for t, finished, winner, us, them in found:
        side = (winner or "draw") if finished else None
        won, draw = table_winner(t.first_pair, t.second_pair, side, row.format == "knockout")
        points = (us or 0, them or 0) if t.second_pair is not None else (0, 0)
        tables.append(Table(t.round, t.number, t.first_pair, t.second_pair, t.match_id, won,
                            points, draw))  # fmt: skip
    return Loaded(row, tuple(pairs), tuple(tables))


def version(session: Session, tournament_id: str) -> int:
    """A number every change of the tournament raises: its tables drawn plus its matches'
    versions (each only ever grows). What its live page compares."""
    count, versions = session.execute(
        select(func.count(), func.coalesce(func.sum(MatchRow.version), 0))
        .select_from(TournamentTableRow)
        .outerjoin(MatchRow, MatchRow.id == TournamentTableRow.match_id)
        .where(TournamentTableRow.tournament_id == tournament_id)
    ).one()
    return int(count) + int(versions)


def table_of(session: Session, match_id: str) -> JSONObject | None:
    """Which tournament, round and table a match is (None for any other match)."""
    found = session.execute(
        select(TournamentTableRow, TournamentRow.name)
        .join(TournamentRow, TournamentRow.id == TournamentTableRow.tournament_id)
        .where(TournamentTableRow.match_id == match_id)
    ).one_or_none()
    if found is None:
        return None
    table, name = found
    return {"id": table.tournament_id, "round": table.round, "table": table.number, "name": name}


def tournament_of_match(session: Session, match_id: str) -> str | None:
    return session.scalars(
        select(TournamentTableRow.tournament_id).where(TournamentTableRow.match_id == match_id)
    ).one_or_none()
