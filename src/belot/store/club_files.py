"""A club as one JSON file: export it, import it into another instance (CONTRACT.md §5.2).

The file holds the club, its players and its matches with their seats and deals, never a
token. Import keeps every id that is free in the target database and remaps the others. A club
already there (same id; ids are public) is refused (`club-exists`) unless the import is given
its edit token (`belot club import --merge TOKEN`): then it gets only what it lacks, so
importing the same file twice doubles nothing. Every match is checked as the API checks it
and replayed by the core on the way in: a file cannot bring a deal or a match the API
refuses, and a refusal writes nothing.
"""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from belot.core.errors import BelotError
from belot.core.games import GAMES
from belot.core.match import Match
from belot.core.presets import rules_json
from belot.store import facts, inputs
from belot.store.clubs import MAX_PLAYERS
from belot.store.errors import MatchTooLong
from belot.store.export import cell
from belot.store.matches import MatchStore, stored_deal
from belot.store.models import (
    ClubRow,
    DealRow,
    MatchRow,
    PlayerRow,
    SeatRow,
)
from belot.store.reading import rules_key
from belot.store.tokens import check_club_token, hash_token, new_match_id, new_token
from belot.store.tournament_files import export_tournaments, import_tournaments
from belot.store.tournament_inputs import fit_team_name
from belot.store.view import as_utc

FORMAT = "belot-club"
FORMAT_VERSION = 1
JSONObject = dict[str, Any]


def export_club(store: MatchStore, club_id: str) -> JSONObject:
    with store.reading() as session:
        club = session.get(ClubRow, club_id) if inputs.is_match_id(club_id) else None
        if club is None:
            from belot.store.clubs import club_not_found

            raise club_not_found(club_id)
        players = session.scalars(
            select(PlayerRow).where(PlayerRow.club_id == club.id).order_by(PlayerRow.created_at)
        ).all()
        matches = session.scalars(
            select(MatchRow).where(MatchRow.club_id == club.id).order_by(MatchRow.created_at)
        ).all()
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "club": {"id": club.id, "name": club.name, "created": _exact(club.created_at)},
            "players": [
                {"id": p.id, "name": p.name, "created": _exact(p.created_at)} for p in players
            ],
            "matches": [_match_json(session, m) for m in matches],
            "tournaments": export_tournaments(session, club.id),
        }


def _match_json(session: Session, row: MatchRow) -> JSONObject:
    seats = session.scalars(
        select(SeatRow).where(SeatRow.match_id == row.id).order_by(SeatRow.seat)
    ).all()
    deals = session.scalars(
        select(DealRow.input).where(DealRow.match_id == row.id).order_by(DealRow.seq)
    ).all()
    return {
        "id": row.id,
        "game": row.game,
        "rules": rules_json(rules_key(row)),
        # A name derived before derived names were kept to 60 characters is written cut to
        # fit, so the file imports as the API would take it.
        "teams": {"us": fit_team_name(row.team_us), "them": fit_team_name(row.team_them)},
        "seats": [s.player_id for s in seats],
        "first_dealer": row.first_dealer,
        "target": row.target,  # the match's own (French games), null: its preset's
        "deal_count": row.deal_count,  # its number of deals (klaverjas), null: a target
        "created": _exact(row.created_at),
        "deals": [json.loads(text) for text in deals],
    }


def import_club(
    store: MatchStore, data: object, merge_token: str | None = None
) -> tuple[JSONObject, str | None]:
    """The club as stored after the import, and its new edit token when it was created now.

    A club already here (the file's club id) is never changed (`club-exists`) unless
    `merge_token` is its edit token: then it gets what it lacks. Every match and deal is
    checked as the API checks it; any refusal leaves the database as it was."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BelotError("invalid-club-file", None, "this is not a belot club file")
    if data.get("version") != FORMAT_VERSION:
        raise BelotError("invalid-club-file", "version", "this club file's version is unknown")
    club_in = _object(data.get("club"), "club")
    with store.writing() as session:
        club_id, token, stored_name = _club(session, club_in, merge_token)
        ids = _players(session, club_id, data.get("players"))
        names = {p.id: p.name for p in session.scalars(select(PlayerRow).where(
            PlayerRow.club_id == club_id))}  # fmt: skip
        if len(names) > MAX_PLAYERS:  # as the API: a club, not a league
            raise BelotError(
                "too-many-players", "players", f"at most {MAX_PLAYERS} players", max=MAX_PLAYERS
            )
        seen: set[object] = set()
        stored: dict[str, str] = {}  # the file's match ids → this database's
        for i, match in enumerate(_list(data.get("matches"), "matches")):
            where = f"matches.{i}"
            _unique(_object(match, where).get("id"), seen, f"{where}.id", "duplicate-match")
            stored[str(_object(match, where).get("id"))] = _match(
                session, club_id, ids, names, _object(match, where), where
            )
        import_tournaments(session, club_id, ids, stored, data.get("tournaments"), _moment)
    return {"id": club_id, "name": stored_name}, token


def _unique(given: object, seen: set[object], field: str, code: str) -> None:
    """A file names each player and match once: a second one would be silently dropped."""
    if given is not None and given in seen:
        raise BelotError(code, field, "this id is in the file twice")
    seen.add(given if isinstance(given, str) else None)


def _club(
    session: Session, club: JSONObject, merge_token: str | None
) -> tuple[str, str | None, str]:
    name = inputs.display_name(club.get("name"), "club.name", "invalid-club-name")
    created = _moment(club.get("created"), "club.created")
    wanted = club.get("id")
    if isinstance(wanted, str) and inputs.is_match_id(wanted):
        found = session.get(ClubRow, wanted, with_for_update=True)
        if found is not None:
            # Ids are public: only the club's own token lets a file add to it.
            if merge_token is None:
                raise BelotError(
                    "club-exists", "club.id", "a club with this id is already here: left as it is"
                )
            check_club_token(found, merge_token)
            return wanted, None, found.name  # imported before: add only what it lacks
    else:
        wanted = None
    token = new_token()
    club_id = wanted or new_match_id()
    session.add(ClubRow(id=club_id, name=name, token_hash=hash_token(token),
                        created_at=created))  # fmt: skip
    session.flush()
    return club_id, token, name


def _players(session: Session, club_id: str, value: object) -> dict[str, str]:
    """The file's player ids → this database's ids."""
    ids: dict[str, str] = {}
    for i, item in enumerate(_list(value, "players")):
        player = _object(item, f"players.{i}")
        given = player.get("id")
        if not isinstance(given, str) or not inputs.is_match_id(given):
            raise BelotError("invalid-club-file", f"players.{i}.id", "a player needs an id")
        if given in ids:
            raise BelotError("duplicate-player", f"players.{i}.id", "this id is in the file twice")
        name = inputs.display_name(player.get("name"), f"players.{i}.name", "invalid-player-name")
        created = _moment(player.get("created"), f"players.{i}.created")
        found = session.get(PlayerRow, given)
        if found is not None and found.club_id == club_id:
            ids[given] = given  # already here
            continue
        new_id = given if found is None else new_match_id()
        session.add(PlayerRow(id=new_id, club_id=club_id, name=name,
                              created_at=created))  # fmt: skip
        ids[given] = new_id
    session.flush()
    return ids


def _match(
    session: Session,
    club_id: str,
    ids: dict[str, str],
    names: dict[str, str],
    match: JSONObject,
    where: str,
) -> str:
    given = match.get("id")
    if isinstance(given, str) and inputs.is_match_id(given):
        found = session.get(MatchRow, given)
        if found is not None and found.club_id == club_id:
            return given  # imported before
        match_id = given if found is None else new_match_id()
    else:
        match_id = new_match_id()
    try:
        game, rules = inputs.game_and_rules(match.get("game"), match.get("rules"))
        teams = inputs.team_names(game, match.get("teams"))
        seats = _list(match.get("seats"), f"{where}.seats")
        if len(seats) not in (0, 4) or any(not isinstance(s, str) or s not in ids for s in seats):
            raise BelotError("invalid-seats", "seats", "seats are 4 of the file's player ids")
        for n, player in enumerate(seats):
            if player in seats[:n]:  # as the API: one player, one seat (not his own partner)
                raise BelotError("seat-taken", f"seats.{n}", "a player sits at one seat only")
        first_dealer = inputs.first_dealer(match.get("first_dealer"), seated=bool(seats))
        target, count = GAMES[game].match_length(match.get("target"), match.get("deal_count"))
        count = GAMES[game].deals_to_play(target, count)
        deals = tuple(_list(match.get("deals"), "deals"))
        if len(deals) > inputs.MAX_DEALS:  # as the API: `match-too-long` past 2,000 deals
            raise MatchTooLong("match-too-long", "deals",
                               f"a match holds at most {inputs.MAX_DEALS} deals",
                               max=inputs.MAX_DEALS)  # fmt: skip
        for n, deal in enumerate(deals):
            inputs.caller_needs_seats(deal, bool(seats), f"deals.{n + 1}.caller")
        # As the API: a deal names no rules of its own (its match's, if any, left out).
        deals = tuple(inputs.deal_of_match(deal, rules, f"deals.{n}.rules")
                      for n, deal in enumerate(deals, start=1))  # fmt: skip
        sheet = Match(game.value, rules.key, deals, target, count).replay()
    except BelotError as err:
        raise err.within(where) from None
    created = _moment(match.get("created"), f"{where}.created")
    row = MatchRow(
        id=match_id,
        game=game.value,
        rules=rules.name,
        house_rules=rules.key if rules.as_object else None,
        team_us=teams["us"],
        team_them=teams["them"],
        token_hash=hash_token(new_token()),
        version=len(deals),
        next_seq=len(deals) + 1,
        created_at=created,
        updated_at=created,
        first_dealer=first_dealer,
        club_id=club_id,
        deals_played=0,
        target=target,
        deal_count=count,
    )
    session.add(row)
    session.flush()
    for seat, player in enumerate(seats, start=1):
        own, partner = ids[player], ids[seats[(seat + 1) % 4]]  # seats 1↔3, 2↔4
        session.add(SeatRow(match_id=match_id, seat=seat, name=names[own], player_id=own,
                            partner_id=partner))  # fmt: skip
    for seq, deal in enumerate(deals, start=1):
        session.add(
            DealRow(
                match_id=match_id,
                seq=seq,
                input=stored_deal(deal)[0],
            )
        )
    session.flush()
    facts.rewrite(session, row, sheet, 1)
    return match_id


def _object(value: object, field: str) -> JSONObject:
    if not isinstance(value, dict):
        raise BelotError("invalid-club-file", field, f"{field} must be an object")
    return value


def _list(value: object, field: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise BelotError("invalid-club-file", field, f"{field} must be a list")
    return value


# A moment as export writes it is some 32 characters; nothing longer is handed to the parser.
MAX_MOMENT = 64


def _moment(value: object, field: str = "created") -> datetime:
    """When a club, a player, a match or a tournament was made, as the file says it (ISO 8601,
    as export writes it; without a zone, UTC), in UTC; the import's own time when the file
    says nothing (left out, or null). Anything else is refused at its field (issue 32:
    `"9999-99-99"` or `{}` became the import's time, silently)."""
    if value is None:
        return datetime.now(UTC)
    if isinstance(value, str) and value.isascii() and len(value) <= MAX_MOMENT:
        try:
            moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
            # kept in UTC (SQLite keeps no zone: 20:00+02:00 was stored as 20:00 UTC); a zone
            # past the calendar's ends cannot be
            return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC)
        except (ValueError, OverflowError):
            pass
    raise BelotError(
        "invalid-date", field,
        f"{field} is a moment as export writes it (ISO 8601: 2026-12-01T20:00:00+00:00)",
    )  # fmt: skip


STATS_COLUMNS = ("id", "name", "matches", "wins", "deals", "called", "made", "capots")


def stats_csv(stats: JSONObject) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(STATS_COLUMNS)
    for player in stats["players"]:
        writer.writerow([cell(player[c]) for c in STATS_COLUMNS])  # no formula (OWASP)
    return out.getvalue()


def _exact(moment: datetime) -> str:
    # To the microsecond: the order players and matches were made in survives the trip.
    return as_utc(moment).isoformat()
