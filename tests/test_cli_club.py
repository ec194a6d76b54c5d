"""`belot club stats|export|import`: a club's numbers, and the club carried to another database."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from belot.cli import main
from belot.store import MatchStore
from belot.store.clubs import ClubStore

KABOOT = {"mode": "sun", "buyer": "them", "kaboot": "them", "caller": 2}
GAHWA = {"mode": "hokm", "buyer": "us", "abnat": {"them": 40}, "multiplier": "gahwa", "caller": 1}


@pytest.fixture
def club_db(sqlite_url: str) -> tuple[str, str]:
    """A club of five with three Baloot matches, two of them won by a gahwa: (URL, club id)."""
    store = MatchStore(sqlite_url)
    clubs = ClubStore(store)
    club, token = clubs.create("Петък вечер")
    ids = [
        clubs.add_player(str(club["id"]), token, n).id
        for n in ("Иван", "Мария", "Петър", "Елена", "Жоро")
    ]
    for m in range(3):
        view, _ = clubs.create_match(
            str(club["id"]), token, "baloot", None, None, [ids[(m + i) % 5] for i in range(4)], None
        )
        store.add_deal(view.id, token, KABOOT)
        if m < 2:
            store.add_deal(view.id, token, GAHWA)
    store.close()
    return sqlite_url, str(club["id"])


def test_stats_as_json_and_csv(runner: CliRunner, club_db: tuple[str, str]) -> None:
    url, club_id = club_db
    result = runner.invoke(main, ["club", "stats", club_id, "--db", url])
    assert result.exit_code == 0, result.output
    numbers = json.loads(result.output)
    ivan = numbers["players"][0]
    # Иван: seat 1 of match 1 (won, called the gahwa), absent from match 2, seat 4 of match 3.
    assert (ivan["name"], ivan["matches"], ivan["wins"], ivan["deals"]) == ("Иван", 1, 1, 3)
    assert (ivan["called"], ivan["made"], ivan["capots"]) == (1, 1, 1)
    rows = list(csv.DictReader(io.StringIO(runner.invoke(
        main, ["club", "stats", club_id, "--db", url, "--format", "csv"]).output)))  # fmt: skip
    assert rows[0]["name"] == "Иван" and rows[0]["deals"] == "3"


def test_export_then_import_into_an_empty_database_gives_the_same_stats(
    runner: CliRunner, club_db: tuple[str, str], tmp_path: Path
) -> None:
    url, club_id = club_db
    exported = runner.invoke(main, ["club", "export", club_id, "--db", url])
    assert exported.exit_code == 0, exported.output
    file = tmp_path / "club.json"
    file.write_text(exported.output, encoding="utf-8")
    other = f"sqlite:///{tmp_path / 'other.sqlite3'}"
    MatchStore(other).close()  # an empty database of this release
    first = runner.invoke(main, ["club", "import", str(file), "--db", other])
    assert first.exit_code == 0, first.output
    made = json.loads(first.output)
    assert made["id"] == club_id and made["token"]
    # The club is there now: the same file again is refused, unless merged with its token.
    again = runner.invoke(main, ["club", "import", str(file), "--db", other])
    assert again.exit_code == 2 and json.loads(again.output)["error"]["code"] == "club-exists"
    again = runner.invoke(main, ["club", "import", str(file), "--db", other,
                                 "--merge", made["token"]])  # fmt: skip
    assert again.exit_code == 0 and "token" not in json.loads(again.output)

    def stats(db: str) -> object:
        return json.loads(runner.invoke(main, ["club", "stats", club_id, "--db", db]).output)

    assert stats(other) == stats(url)
    store = MatchStore(other)
    assert len(ClubStore(store).get(club_id)["matches"]) == 3
    store.close()


def test_a_bad_file_or_club_is_the_error_object_and_exit_2(
    runner: CliRunner, club_db: tuple[str, str], tmp_path: Path
) -> None:
    url, _ = club_db
    missing = runner.invoke(main, ["club", "stats", "nope", "--db", url])
    assert (
        missing.exit_code == 2 and json.loads(missing.output)["error"]["code"] == "club-not-found"
    )
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}', encoding="utf-8")
    result = runner.invoke(main, ["club", "import", str(bad), "--db", url])
    assert result.exit_code == 2
    assert json.loads(result.output)["error"]["code"] == "invalid-club-file"
