"""A club file's tournaments (`club_files`): written with the club, read back with it.

Each tournament keeps its pairs and its tables; a table names its match by the file's match
id, mapped to the match the import stored. Checked as a new tournament is (`pairs.2.1`, under
`tournaments.N`); a tournament already here (same id, same club) is left as it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from belot.core.errors import BelotError
from belot.core.presets import rules_json
from belot.store import inputs
from belot.store.models import (
    MatchRow,
    SeatRow,
    TournamentPairRow,
    TournamentRow,
    TournamentTableRow,
)
from belot.store.tokens import new_match_id
from belot.store.tournament_inputs import new_tournament, pair_name
from belot.store.tournament_rows import table_winner
from belot.store.view import as_utc
from belot.tournament.draw import (
    bracket_size,
    knockout_next,
    knockout_rounds,
    round_robin,
    round_robin_rounds,
)

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
        if str(pair.get("id")) in pair_ids:  # tables name pairs by it: one id, one pair
            raise BelotError("invalid-club-file", f"pairs.{position - 1}.id",
                             "this pair id is in the file twice")  # fmt: skip
        pair_ids[str(pair.get("id"))] = pair_id
        session.add(TournamentPairRow(id=pair_id, tournament_id=tournament_id, position=position,
                                      first_player=a, second_player=b,
                                      name=pair_name(names[a], names[b])))  # fmt: skip
    session.flush()
    tables = item.get("tables") or []
    if not isinstance(tables, list):
        raise BelotError("invalid-club-file", "tables", "a tournament's tables are a list")
    entry = [pair_ids[str(pair.get("id"))] for pair in pairs_in]
    read = [_table(pair_ids, matches, table, f"tables.{n}") for n, table in enumerate(tables)]
    _as_drawn(session, new.format, new.rounds, entry, read)
    for t in read:
        session.add(
            TournamentTableRow(
                tournament_id=tournament_id,
                round=t.round,
                number=t.number,
                first_pair=t.first,
                second_pair=t.second,
                match_id=t.match,
            )
        )
    session.flush()


@dataclass(frozen=True, slots=True)
class _Read:
    """A table of the file, its pairs and match mapped to this database's ids."""

    where: str
    round: int
    number: int
    first: str
    second: str | None
    match: str | None


def _whole(value: object, field: str, what: str) -> int:
    """A whole number (never a bool or a float), at least 1."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise BelotError("invalid-club-file", field, f"a table's {what} is a whole number from 1")
    return value


def _table(pair_ids: dict[str, str], matches: dict[str, str], table: object, where: str) -> _Read:
    if not isinstance(table, dict):
        raise BelotError("invalid-club-file", where, f"{where} must be an object")
    round_ = _whole(table.get("round"), f"{where}.round", "round")
    number = _whole(table.get("table"), f"{where}.table", "number")
    sides, match = table.get("pairs"), table.get("match")
    if not isinstance(sides, list) or len(sides) != 2:
        raise BelotError(
            "invalid-club-file",
            f"{where}.pairs",
            "a table's pairs are two of the tournament's pairs, or one and null",
        )
    for k, side in enumerate(sides):
        if not (side is None and k == 1) and (not isinstance(side, str) or side not in pair_ids):
            raise BelotError(
                "invalid-club-file", f"{where}.pairs.{k}", "this is not a pair of the tournament"
            )
    if sides[0] == sides[1]:
        raise BelotError("invalid-club-file", f"{where}.pairs.1", "a pair never plays itself")
    if (sides[1] is None) != (match is None):
        raise BelotError(
            "invalid-club-file",
            f"{where}.match",
            "a table of two pairs has its match; a bye has none",
        )
    if match is not None and (not isinstance(match, str) or match not in matches):
        raise BelotError("invalid-club-file", f"{where}.match", "this is no match of the file")
    second = None if sides[1] is None else pair_ids[sides[1]]
    return _Read(
        where, round_, number, pair_ids[sides[0]], second, None if match is None else matches[match]
    )


def _as_drawn(
    session: Session, form: str, planned: int | None, entry: list[str], tables: list[_Read]
) -> None:
    """The tables as the draw makes them (`TournamentStore.draw_round`), or refused at the
    first field that no draw could give: rounds 1 to the format's last and each after the one
    before, tables 1, 2, … in each, every pair once a round, each match once, seated as the
    draw seats it (the first pair on seats 1 and 3), every round but the last decided; a
    round robin's rounds the circle's, a knockout's winners going on table by table."""
    total = {"knockout": knockout_rounds(len(entry)), "swiss": planned or 0}.get(
        form, round_robin_rounds(len(entry))
    )
    ended = _ends(session, [t.match for t in tables if t.match is not None])
    by_round: dict[int, list[_Read]] = {}
    used: set[str] = set()
    for t in tables:
        if t.round > total:
            raise BelotError(
                "invalid-club-file",
                f"{t.where}.round",
                f"this tournament has {total} rounds",
                max=total,
            )
        if t.round > 1 and t.round - 1 not in by_round:
            raise BelotError(
                "invalid-club-file",
                f"{t.where}.round",
                f"round {t.round} comes after round {t.round - 1}",
            )
        if t.round < max(by_round, default=0):
            raise BelotError(
                "invalid-club-file", f"{t.where}.round", "the tables come round by round"
            )
        tier = by_round.setdefault(t.round, [])
        if t.number != len(tier) + 1:
            raise BelotError(
                "invalid-club-file",
                f"{t.where}.table",
                f"round {t.round}'s tables are 1, 2, … in order",
            )
        if t.round > 1 and any(
            ended.get(p.match or "", "-") is None for p in by_round[t.round - 1]
        ):
            raise BelotError(
                "invalid-club-file",
                f"{t.where}.round",
                f"round {t.round - 1} is not finished: no later round was drawn",
            )
        playing = {p for q in tier for p in (q.first, q.second) if p is not None}
        for k, pair in enumerate((t.first, t.second)):
            if pair is not None and pair in playing:
                raise BelotError(
                    "invalid-club-file",
                    f"{t.where}.pairs.{k}",
                    f"this pair already plays in round {t.round}",
                )
        if t.match is not None:
            if t.match in used:
                raise BelotError(
                    "invalid-club-file", f"{t.where}.match", "this match is another table's"
                )
            used.add(t.match)
            _seated_as_drawn(session, t)
        tier.append(t)
    for n, tier in by_round.items():
        _round_as_drawn(form, entry, n, tier, by_round.get(n - 1, []), ended)


def _ends(session: Session, matches: list[str]) -> dict[str, str | None]:
    """Each match's winner ("us" / "them"; "draw" when it ended level), None while it is
    being played."""
    found = (
        session.execute(
            select(MatchRow.id, MatchRow.finished, MatchRow.winner).where(MatchRow.id.in_(matches))
        ).all()
        if matches
        else []
    )
    return {m: ((w or "draw") if done else None) for m, done, w in found}


def _seated_as_drawn(session: Session, t: _Read) -> None:
    seats = session.execute(
        select(SeatRow.seat, SeatRow.player_id).where(SeatRow.match_id == t.match)
    ).all()
    pairs = {
        p.id: {p.first_player, p.second_player}
        for p in session.scalars(
            select(TournamentPairRow).where(TournamentPairRow.id.in_([t.first, t.second]))
        )
    }
    us = {player for seat, player in seats if seat in (1, 3)}
    them = {player for seat, player in seats if seat in (2, 4)}
    if us != pairs.get(t.first) or them != pairs.get(t.second or ""):
        raise BelotError(
            "invalid-club-file",
            f"{t.where}.match",
            "this match is not the table's: its first pair sits on seats 1 and 3, "
            "the other on 2 and 4",
        )


def _round_as_drawn(
    form: str,
    entry: list[str],
    n: int,
    tier: list[_Read],
    before: list[_Read],
    ended: dict[str, str | None],
) -> None:
    where = f"{tier[0].where}.round"
    given = [(t.first, t.second) for t in tier]
    if form == "round-robin":
        if given != round_robin(entry, n):
            raise BelotError(
                "invalid-club-file", where, f"round {n} is not the round robin's round {n}"
            )
        return
    if form == "knockout" and n > 1:
        won = [table_winner(t.first, t.second, ended.get(t.match or ""), True)[0]
               for t in before]  # fmt: skip
        if given != knockout_next([w or "" for w in won]):
            raise BelotError(
                "invalid-club-file",
                where,
                f"round {n}'s tables are not the winners of round {n - 1}",
            )
        return
    playing = sorted(p for t in tier for p in (t.first, t.second) if p is not None)
    byes = sum(t.second is None for t in tier)
    if form == "knockout":
        size = bracket_size(len(entry))
        fits = len(tier) == size // 2 and byes == size - len(entry)
    else:
        fits = byes == len(entry) % 2
    if playing != sorted(entry) or not fits:
        raise BelotError("invalid-club-file", where, f"round {n} does not seat every pair once")
