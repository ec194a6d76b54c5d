"""Issue 18: `belot club import` never changes a club it was not given the token of, checks
every match and deal as the API does, and refuses with the error object, exit 2, nothing
written."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from belot.cli import main
from belot.store import MatchStore
from belot.store.clubs import ClubStore
from belot.store.view import as_utc

KABOOT: dict[str, object] = {"mode": "sun", "buyer": "them", "kaboot": "them", "caller": 2}
PLAIN: dict[str, object] = {"mode": "sun", "buyer": "us", "abnat": {"them": 64}}


def _file(ids: list[str] | None = None) -> dict[str, Any]:
    ids = ids or ["pAAAAAAAAAAAAAAA", "pBBBBBBBBBBBBBBB", "pCCCCCCCCCCCCCCC", "pDDDDDDDDDDDDDDD"]
    return {
        "format": "belot-club",
        "version": 1,
        "club": {"id": "cLUBAAAAAAAAAAAA", "name": "Петък вечер"},
        "players": [{"id": p, "name": f"Играч {n}"} for n, p in enumerate(ids)],
        "matches": [{"id": "mATCHAAAAAAAAAAA", "game": "baloot", "seats": ids, "deals": [KABOOT]}],
    }


@pytest.fixture
def target(sqlite_url: str) -> str:
    MatchStore(sqlite_url).close()
    return sqlite_url


def _import(runner: CliRunner, tmp_path: Path, data: object, url: str, *more: str) -> Result:
    file = tmp_path / "club.json"
    file.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return runner.invoke(main, ["club", "import", str(file), "--db", url, *more])


def _error(result: Result) -> dict[str, Any]:
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    error: dict[str, Any] = json.loads(result.output)["error"]
    return error


def _clubs(url: str) -> int:
    from sqlalchemy import func, select

    from belot.store.models import ClubRow, MatchRow, PlayerRow

    store = MatchStore(url)
    with store.reading() as session:
        counts = [session.scalar(select(func.count()).select_from(t)) or 0
                  for t in (ClubRow, PlayerRow, MatchRow)]  # fmt: skip
    store.close()
    return sum(counts)


def test_the_format_is_what_export_writes(sqlite_url: str) -> None:
    """The hand-made file below is an exported one (the same keys)."""
    from belot.store.club_files import FORMAT, FORMAT_VERSION

    assert (_file()["format"], _file()["version"]) == (FORMAT, FORMAT_VERSION)


def test_an_existing_club_is_never_changed_without_its_token(
    runner: CliRunner, tmp_path: Path, sqlite_url: str
) -> None:
    store = MatchStore(sqlite_url)
    clubs = ClubStore(store)
    club, token = clubs.create("Нашият клуб")
    store.close()
    data = _file()
    data["club"] = {"id": club["id"], "name": "Чужд клуб"}
    before = _clubs(sqlite_url)
    assert _error(_import(runner, tmp_path, data, sqlite_url))["code"] == "club-exists"
    assert _error(_import(runner, tmp_path, data, sqlite_url, "--merge", "x" * 43))["code"] == (
        "token-wrong"
    )
    assert _clubs(sqlite_url) == before
    merged = _import(runner, tmp_path, data, sqlite_url, "--merge", token)
    assert merged.exit_code == 0, merged.output
    # The stored club's name, not the file's; no new token.
    assert json.loads(merged.output) == {"id": club["id"], "name": "Нашият клуб"}


def test_a_new_club_prints_its_stored_name_and_token(
    runner: CliRunner, tmp_path: Path, target: str
) -> None:
    data = _file()
    data["club"]["name"] = "  Петък вечер  "
    made = _import(runner, tmp_path, data, target)
    assert made.exit_code == 0, made.output
    body = json.loads(made.output)
    assert body["name"] == "Петък вечер" and body["token"]


def _broken() -> list[tuple[str, Any, str, str | None]]:
    cases: list[tuple[str, Any, str, str | None]] = []
    long = _file()
    long["matches"][0]["deals"] = [PLAIN] * 2001
    cases.append(("2,001 deals", long, "match-too-long", "matches.0.deals"))
    one = _file()
    one["matches"][0]["seats"] = ["pAAAAAAAAAAAAAAA"] * 4
    cases.append(("one player on every seat", one, "seat-taken", "matches.0.seats.1"))
    twice = _file()
    twice["players"].append({"id": "pAAAAAAAAAAAAAAA", "name": "Друг"})
    cases.append(("a player id twice", twice, "duplicate-player", "players.4.id"))
    matches = _file()
    matches["matches"].append(copy.deepcopy(matches["matches"][0]))
    cases.append(("a match id twice", matches, "duplicate-match", "matches.1.id"))
    caller = _file()
    caller["matches"][0]["seats"] = []
    cases.append(("a caller without seats", caller, "caller-without-seats",
                  "matches.0.deals.1.caller"))  # fmt: skip
    null = _file()  # issue 32: as the API, a null where the deal's field takes none
    null["matches"][0]["deals"] = [KABOOT, {**PLAIN, "multiplier": None}]
    cases.append(("a null multiplier", null, "wrong-type", "matches.0.deals.2.multiplier"))
    bad_deal = _file()
    bad_deal["matches"].append({"id": "mATCHBBBBBBBBBBB", "game": "baloot",
                                "deals": [PLAIN, {"mode": "sun", "buyer": "us",
                                                  "abnat": {"them": 999}}]})  # fmt: skip
    cases.append(("a deal the API refuses, after a good match", bad_deal, "", None))
    huge = json.dumps(_file()).replace('"version": 1', '"version": ' + "9" * 5000)
    cases.append(("a number of 5,000 digits", huge, "number-too-long", None))
    return cases


@pytest.mark.parametrize(("data", "code", "field"), [c[1:] for c in _broken()],
                         ids=[c[0] for c in _broken()])  # fmt: skip
def test_what_the_api_refuses_import_refuses_and_writes_nothing(
    runner: CliRunner, tmp_path: Path, target: str, data: Any, code: str, field: str | None
) -> None:
    error = _error(_import(runner, tmp_path, data, target))
    if code:
        assert (error["code"], error["field"]) == (code, field)
    else:
        assert error["field"].startswith("matches.1.deals.2")
    assert _clubs(target) == 0  # nothing half-imported


def test_a_caller_on_a_match_without_seats_is_refused_by_the_api_too(sqlite_url: str) -> None:
    from belot.core.errors import BelotError

    store = MatchStore(sqlite_url)
    view, token = store.create("baloot", None, {"us": "А", "them": "Б"})
    with pytest.raises(BelotError) as refused:
        store.add_deal(view.id, token, KABOOT)
    assert (refused.value.code, refused.value.field) == ("caller-without-seats", "caller")
    store.add_deal(view.id, token, PLAIN)
    with pytest.raises(BelotError):
        store.replace_deal(view.id, token, 1, KABOOT)
    store.close()


def test_a_club_of_more_players_than_the_api_allows_is_refused(
    runner: CliRunner, tmp_path: Path, target: str
) -> None:
    from belot.store.clubs import MAX_PLAYERS

    data = _file()
    data["players"] = [{"id": f"p{n:015d}", "name": f"Играч {n}"} for n in range(MAX_PLAYERS + 1)]
    data["matches"] = []
    error = _error(_import(runner, tmp_path, data, target))
    assert (error["code"], error["field"]) == ("too-many-players", "players")
    assert _clubs(target) == 0


def test_a_file_past_the_bound_is_refused_before_it_is_read_whole(
    runner: CliRunner, target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from belot.cli import club

    monkeypatch.setattr(club, "MAX_CLUB_FILE", 1024 * 1024)
    result = runner.invoke(main, ["club", "import", "/dev/zero", "--db", target])
    error = _error(result)
    assert (error["code"], error["field"]) == ("file-too-large", "file")
    bad = runner.invoke(main, ["club", "import", "-", "--db", target], input=b"\xff{}")
    assert _error(bad)["code"] == "invalid-json"


def test_a_french_matchs_own_target_is_imported(
    runner: CliRunner, tmp_path: Path, target: str
) -> None:
    data = _file()
    seats = data["matches"][0]["seats"]
    data["matches"] = [{"id": "mATCHFRFRFRFRFRF", "game": "coinche", "seats": seats,
                        "target": 700, "deals": [{"contract": "hearts", "declarer": "us",
                                                  "bid": 110, "cards": {"us": 103},
                                                  "last_trick": "us"}]}]  # fmt: skip
    result = _import(runner, tmp_path, data, target)
    assert result.exit_code == 0, result.output
    store = MatchStore(target)
    view = store.get("mATCHFRFRFRFRFRF")
    assert view.sheet.target == 700 and view.sheet.totals == {"us": 220, "them": 50}
    store.close()
    data["matches"][0]["target"] = 50  # out of bounds: refused at its field, nothing written
    data["club"]["id"] = "cLUBBBBBBBBBBBBB"
    refused = _error(_import(runner, tmp_path, data, target))
    assert refused["field"] == "matches.0.target" and refused["code"] == "target-out-of-range"


def _with_created(where: str, value: object) -> dict[str, Any]:
    """The file with one `created` set: the club's, a player's, a match's or a tournament's."""
    data = _file()
    ids = [p["id"] for p in data["players"]]
    data["tournaments"] = [{
        "id": "tOURNAMENTAAAAAA", "name": "Купа", "game": "baloot", "rules": "sa",
        "format": "round-robin", "created": "2026-12-01T20:00:00+00:00",
        "pairs": [{"id": "pAIRAAAAAAAAAAAA", "players": ids[:2]},
                  {"id": "pAIRBBBBBBBBBBBB", "players": ids[2:]}],
        "tables": [],
    }]  # fmt: skip
    kind, _, n = where.partition(".")
    item = data[kind] if not n else data[kind][int(n)]
    item["created"] = value
    return data


@pytest.mark.parametrize("where", ["club", "players.1", "matches.0", "tournaments.0"])
@pytest.mark.parametrize("bogus", [
    "9999-99-99", {}, [], 20261201, True, "yesterday", "2026-13-01", "２０２６-12-01",
    "0001-01-01T00:00:00+01:00", "2026-12-01T20:00:00+00:00" + " " * 100,
])  # fmt: skip
def test_a_bogus_created_is_refused_at_its_field(
    runner: CliRunner, tmp_path: Path, target: str, where: str, bogus: object
) -> None:
    """Issue 32: a `created` that is no moment became the import's own time, silently. It is
    refused at its field (`matches.0.created`), exit 2, nothing written."""
    error = _error(_import(runner, tmp_path, _with_created(where, bogus), target))
    assert (error["code"], error["field"]) == ("invalid-date", f"{where}.created")
    assert _clubs(target) == 0


def test_a_created_as_export_writes_it_is_kept(
    runner: CliRunner, tmp_path: Path, target: str
) -> None:
    """What export writes is kept to the microsecond, a date alone or no zone is UTC, and a
    file that says nothing (left out, or null) takes the import's time, as before."""
    data = _with_created("matches.0", "2026-12-01T20:00:00.123456+02:00")
    data["club"]["created"] = "2026-11-30"
    data["players"][0]["created"] = None
    data["tournaments"][0]["created"] = "2026-12-01T21:00:00Z"
    done = _import(runner, tmp_path, data, target)
    assert done.exit_code == 0, done.output
    store = MatchStore(target)
    with store.reading() as session:
        from belot.store.models import ClubRow, MatchRow, TournamentRow

        match = session.get(MatchRow, "mATCHAAAAAAAAAAA")
        club = session.get(ClubRow, "cLUBAAAAAAAAAAAA")
        tournament = session.get(TournamentRow, "tOURNAMENTAAAAAA")
        assert match is not None and club is not None and tournament is not None
        assert as_utc(match.created_at).isoformat() == "2026-12-01T18:00:00.123456+00:00"
        assert as_utc(club.created_at).isoformat() == "2026-11-30T00:00:00+00:00"
        assert as_utc(tournament.created_at).isoformat() == "2026-12-01T21:00:00+00:00"
    store.close()
