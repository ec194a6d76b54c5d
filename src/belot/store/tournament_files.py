"""A club file's tournaments (`club_files`): written with the club, read back with it.

Each tournament keeps its pairs and its tables; a table names its match by the file's match
id, mapped to the match the import stored. Checked as a new tournament is (`pairs.2.1`, under
`tournaments.N`); a tournament already here (same id, same club) is left as it is.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from belot.core.errors import BelotError
from belot.core.presets import rules_json
from belot.store import inputs
from belot.store.models import TournamentPairRow, TournamentRow, TournamentTableRow
from belot.store.tokens import new_match_id
from belot.store.tournament_inputs import new_tournament, pair_name
from belot.store.view import as_utc

JSONObject = dict[str, Any]


def export_tournaments(session: Session, club_id: str) -> list[JSONObject]:
    found = session.scalars(
        select(TournamentRow)
        .where(TournamentRow.club_id == club_id)
        .order_by(TournamentRow.created_at, TournamentRow.id)
    ).all()
    return [_tournament_json(session, t) for t in found]


def _tournament_json(session: Session, row: TournamentRow) -> JSONObject:
    pairs = session.scalars(
        select(TournamentPairRow)
        .where(TournamentPairRow.tournament_id == row.id)
        .order_by(TournamentPairRow.position)
    ).all()
    tables = session.scalars(
        select(TournamentTableRow)
        .where(TournamentTableRow.tournament_id == row.id)
        .order_by(TournamentTableRow.round, TournamentTableRow.number)
    ).all()
    return {
        "id": row.id,
        "name": row.name,
        "game": row.game,
        "rules": rules_json(row.rules),
        "format": row.format,
        "rounds": row.rounds,
        "created": as_utc(row.created_at).isoformat(),
        "pairs": [
            {"id": p.id, "players": [p.first_player, p.second_player], "name": p.name}
            for p in pairs
        ],
        "tables": [
            {
                "round": t.round,
                "table": t.number,
                "pairs": [t.first_pair, t.second_pair],
                "match": t.match_id,
            }
            for t in tables
        ],
    }


def import_tournaments(
    session: Session,
    club_id: str,
    players: dict[str, str],
    matches: dict[str, str],
    value: object,
    created: Any,
) -> None:
    """`players` / `matches`: the file's ids → this database's; `created`: reads a moment."""
    if value is None:
        return
    if not isinstance(value, list):
        raise BelotError("invalid-club-file", "tournaments", "tournaments must be a list")
    names = {p.id: p.name for p in _club_players(session, club_id)}
    for i, item in enumerate(value):
        where = f"tournaments.{i}"
        if not isinstance(item, dict):
            raise BelotError("invalid-club-file", where, f"{where} must be an object")
        try:
            _tournament(session, club_id, players, matches, names, item, created)
        except BelotError as err:
            raise err.within(where) from None


def _club_players(session: Session, club_id: str) -> list[Any]:
    from belot.store.models import PlayerRow

    return list(session.scalars(select(PlayerRow).where(PlayerRow.club_id == club_id)))


def _tournament(
    session: Session,
    club_id: str,
    players: dict[str, str],
    matches: dict[str, str],
    names: dict[str, str],
    item: JSONObject,
    created: Any,
) -> None:
    given = item.get("id")
    tournament_id = new_match_id()
    if isinstance(given, str) and inputs.is_match_id(given):
        found = session.get(TournamentRow, given)
        if found is not None and found.club_id == club_id:
            return  # imported before
        if found is None:
            tournament_id = given
    pairs_in = item.get("pairs")
    if not isinstance(pairs_in, list):
        raise BelotError("invalid-club-file", "pairs", "a tournament's pairs are a list")
    body = dict(item)
    body["pairs"] = [
        [players.get(p, "?") for p in pair["players"]]
        if isinstance(pair, dict) and isinstance(pair.get("players"), list)
        and all(isinstance(p, str) for p in pair["players"])
        else None  # refused as `invalid-pair` at its place
        for pair in pairs_in
    ]  # fmt: skip
    new = new_tournament(body, names)
    session.add(TournamentRow(id=tournament_id, club_id=club_id, name=new.name, game=new.game,
                              rules=new.rules, format=new.format, rounds=new.rounds,
                              created_at=created(item.get("created"))))  # fmt: skip
    session.flush()
    pair_ids: dict[str, str] = {}
    for position, (pair, (a, b)) in enumerate(zip(pairs_in, new.pairs, strict=True), start=1):
        wanted = pair.get("id")
        free = isinstance(wanted, str) and inputs.is_match_id(wanted) and wanted not in pair_ids
        pair_id = wanted if free and session.get(TournamentPairRow, wanted) is None else None
        pair_id = pair_id or new_match_id()  # the file's id where it is free
        pair_ids[str(pair.get("id"))] = pair_id
        session.add(TournamentPairRow(id=pair_id, tournament_id=tournament_id, position=position,
                                      first_player=a, second_player=b,
                                      name=pair_name(names[a], names[b])))  # fmt: skip
    session.flush()
    tables = item.get("tables") or []
    if not isinstance(tables, list):
        raise BelotError("invalid-club-file", "tables", "a tournament's tables are a list")
    seen: set[object] = set()
    for n, table in enumerate(tables):
        row = _table(tournament_id, pair_ids, matches, table, f"tables.{n}")
        for key in ((row.round, row.number), row.match_id):
            if key is not None and key in seen:  # one table a place, one match a table
                raise BelotError("invalid-club-file", f"tables.{n}", "this table is there twice")
            seen.add(key)
        session.add(row)
    session.flush()


def _table(
    tournament_id: str,
    pair_ids: dict[str, str],
    matches: dict[str, str],
    table: object,
    where: str,
) -> TournamentTableRow:
    if not isinstance(table, dict):
        raise BelotError("invalid-club-file", where, f"{where} must be an object")
    sides, match = table.get("pairs"), table.get("match")
    number, round_ = table.get("table"), table.get("round")
    if (
        not isinstance(sides, list) or len(sides) != 2 or sides[0] not in pair_ids
        or (sides[1] is not None and sides[1] not in pair_ids)
        or not isinstance(number, int) or not isinstance(round_, int)
        or (sides[1] is None) != (match is None)
        or (match is not None and match not in matches)
    ):  # fmt: skip
        raise BelotError("invalid-club-file", where, "a table is a round, a number, two of "
                         "the tournament's pairs and the file's match they played")  # fmt: skip
    second = None if sides[1] is None else pair_ids[sides[1]]
    return TournamentTableRow(tournament_id=tournament_id, round=round_, number=number,
                              first_pair=pair_ids[sides[0]], second_pair=second,
                              match_id=None if match is None else matches[match])  # fmt: skip
