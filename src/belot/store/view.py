"""`MatchView`: a stored match as every front end sees it, with its replayed score sheet."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from belot.core.match import Row, Sheet
from belot.core.presets import rules_json
from belot.core.seats import dealer_after

JSONObject = dict[str, object]


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    player: str | None = None  # the club's player id, in a club's match


@dataclass(frozen=True, slots=True)
class MatchView:
    id: str
    game: str
    rules: str  # the preset's name, or house rules as the core keeps them (`Rules.key`)
    teams: dict[str, str]
    version: int
    created: datetime
    updated: datetime
    sheet: Sheet
    seats: tuple[Seat, ...] | None = None
    # The evening's tally, when this match follows others at the same table: finished
    # matches won by each side, and how many matches the table has played in all.
    series: dict[str, int] | None = None
    first_dealer: int | None = None
    club: str | None = None
    # A tournament's table (CONTRACT.md §5.4): {"id", "round", "table"}, read by `get`.
    tournament: dict[str, object] | None = None

    @property
    def dealer(self) -> int | None:
        """The seat that deals next (passed deals count), when the match knows its seats."""
        if self.first_dealer is None:
            return None
        return dealer_after(self.first_dealer, len(self.sheet.rows))

    def to_json(self, *, deals: bool = True) -> JSONObject:
        """CONTRACT.md §5's match object, plus timestamps, each deal's running totals and how
        long the match plays: the points that end it (`target`), or its number of deals
        (`deal_count`, `target` then null); without `deals` when the caller writes them."""
        sheet = self.sheet
        table: JSONObject = {}
        if self.seats is not None:
            table["seats"] = [{"name": s.name, "player": s.player} for s in self.seats]
        if self.dealer is not None:
            table["dealer"] = self.dealer
        if self.club is not None:
            table["club"] = self.club
        if self.series is not None:
            table["series"] = dict(self.series)
        if self.tournament is not None:
            table["tournament"] = dict(self.tournament)
        return {
            "id": self.id,
            "game": self.game,
            "rules": rules_json(self.rules),
            "teams": dict(self.teams),
            "version": self.version,
            "created_at": iso(self.created),
            "updated_at": iso(self.updated),
            **({"deals": [deal_json(row) for row in sheet.rows]} if deals else {}),
            "totals": dict(sheet.totals),
            "hanging": sheet.hanging,
            "finished": sheet.finished,
            "winner": sheet.winner,
            "target": sheet.target if sheet.deal_count is None else None,
            "deal_count": sheet.deal_count,
            **table,
        }


def deal_json(row: Row) -> JSONObject:
    return {
        "n": row.n,
        "input": row.input,
        "result": row.result,
        "totals": dict(row.totals),
        "hanging": row.hanging,
    }


def iso(moment: datetime) -> str:
    """UTC, to the second, with a Z: the same text from SQLite and PostgreSQL."""
    return as_utc(moment).strftime("%Y-%m-%dT%H:%M:%SZ")


def as_utc(moment: datetime) -> datetime:
    # SQLite hands timestamps back without their zone; they were written in UTC.
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
