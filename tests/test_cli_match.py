"""`belot match show` and `belot match export` on a stored match."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from belot.cli import main
from belot.store import MatchStore
from sample_deals import HANGING, MADE


@pytest.fixture
def stored(sqlite_url: str) -> tuple[str, str]:
    """A match of two deals in an SQLite file: (database URL, match id)."""
    store = MatchStore(sqlite_url)
    view, token = store.create("belot", "bg", {"us": "Иван и Мария", "them": "Вие"})
    store.add_deal(view.id, token, HANGING)
    store.add_deal(view.id, token, MADE)
    store.close()
    return sqlite_url, view.id


def test_show_prints_the_score_sheet(runner: CliRunner, stored: tuple[str, str]) -> None:
    url, match_id = stored
    result = runner.invoke(main, ["match", "show", match_id, "--db", url])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert match_id in lines[0] and "Иван и Мария" in lines[0] and "version 2" in lines[0]
    deal_1, deal_2 = lines[2].split(), lines[3].split()
    assert deal_1[0] == "1" and "spades" in deal_1 and "hanging" in deal_1
    assert deal_1[-3:] == ["0", "9", "9"]  # their 9, and 9 hanging
    assert deal_2[0] == "2" and deal_2[-2:] == ["20", "7"]  # ours 11 + the 9 that hung
    assert lines[-2].split() == ["total", "20", "16"]
    assert lines[-1] == "Playing on to 151."


def test_show_reads_the_database_from_the_environment(
    runner: CliRunner, stored: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, match_id = stored
    monkeypatch.setenv("BELOT_DATABASE_URL", url)
    result = runner.invoke(main, ["match", "show", match_id])
    assert result.exit_code == 0, (result.output, result.exception)
    assert match_id in result.output


def test_export_json_is_the_apis_match_object(runner: CliRunner, stored: tuple[str, str]) -> None:
    url, match_id = stored
    result = runner.invoke(main, ["match", "export", match_id, "--format", "json", "--db", url])
    assert result.exit_code == 0, (result.output, result.exception)
    body = json.loads(result.stdout)
    store = MatchStore(url)
    assert body == store.get(match_id).to_json()
    store.close()
    assert [d["input"] for d in body["deals"]] == [HANGING, MADE]


def test_export_csv_has_a_row_per_deal(runner: CliRunner, stored: tuple[str, str]) -> None:
    url, match_id = stored
    result = runner.invoke(main, ["match", "export", match_id, "--format", "csv", "--db", url])
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.output)))
    assert [(r["n"], r["bid"], r["bidder"], r["outcome"]) for r in rows] == [
        ("1", "spades", "us", "hanging"),
        ("2", "hearts", "us", "made"),
    ]
    assert [(r["total_us"], r["total_them"], r["hanging"]) for r in rows] == [
        ("0", "9", "9"),
        ("20", "16", "0"),
    ]


def test_an_unknown_match_is_the_error_object_and_exit_2(
    runner: CliRunner, stored: tuple[str, str]
) -> None:
    url, _ = stored
    for command in (["show", "nope"], ["export", "nope"]):
        result = runner.invoke(main, ["match", *command, "--db", url])
        assert result.exit_code == 2
        assert json.loads(result.output)["error"]["code"] == "match-not-found"


def test_a_missing_database_file_is_not_created(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "none.sqlite3"
    result = runner.invoke(main, ["match", "show", "abc", "--db", str(path)])
    assert result.exit_code == 2
    assert json.loads(result.output)["error"]["code"] == "database-not-found"
    assert not path.exists()


def test_serve_has_its_options(runner: CliRunner) -> None:
    result = runner.invoke(main, ["serve", "--help"])
    assert result.exit_code == 0
    assert "--host" in result.output and "--port" in result.output and "--db" in result.output
    assert "127.0.0.1" in result.output and "8000" in result.output


def test_show_says_a_boom_and_its_draw(runner: CliRunner, sqlite_url: str) -> None:
    ours: dict[str, object] = {"contract": "hearts", "declarer": "us", "cards": {"us": 80},
                               "last_trick": "us"}  # fmt: skip
    theirs: dict[str, object] = {"contract": "hearts", "declarer": "them", "cards": {"them": 80},
              "last_trick": "them"}  # fmt: skip
    store = MatchStore(sqlite_url)
    view, token = store.create("klaverjas", None, {}, deal_count=2)
    store.add_deal(view.id, token, ours)
    store.close()
    shown = runner.invoke(main, ["match", "show", view.id, "--db", sqlite_url])
    assert shown.output.splitlines()[-1] == "Playing on: 1 of 2 deals played."
    store = MatchStore(sqlite_url)
    store.add_deal(view.id, token, theirs)  # 162 : 162
    store.close()
    shown = runner.invoke(main, ["match", "show", view.id, "--db", sqlite_url])
    assert shown.output.splitlines()[-1] == "Match over: a draw."
