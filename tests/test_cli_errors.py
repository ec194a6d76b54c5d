"""Issue 8 item 8, CONTRACT.md §4: every bad input to `belot` is the error object and exit 2
(exit 1 for `--jsonl` with a bad line), never a traceback; `--jsonl` answers every line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from belot.cli import main
from support import free_port

GOOD = '{"game": "baloot", "mode": "sun", "buyer": "us", "abnat": {"them": 64}}'
GOOD_ANSWER = {"outcome": "made", "score": {"us": 14, "them": 12}}
LONG = '{"game": "belot", "contract": "hearts", "hanging": ' + "9" * 4301 + "}"


def error_of(result: Result, exit_code: int = 2) -> dict[str, Any]:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code == exit_code, result.output
    (line,) = result.output.splitlines()
    error: dict[str, Any] = json.loads(line)["error"]
    assert set(error) == {"code", "field", "message"} and error["message"]
    return error


def test_a_number_past_4300_digits_is_an_error_object(runner: CliRunner) -> None:
    assert error_of(runner.invoke(main, ["score"], input=LONG))["code"] == "number-too-long"


def test_a_hanging_of_4300_nines_is_refused_at_its_field(runner: CliRunner) -> None:
    deal = {"game": "belot", "contract": "hearts", "declarer": "us", "cards": {"us": 82},
            "last_trick": "us", "hanging": int("9" * 4300)}  # fmt: skip
    error = error_of(runner.invoke(main, ["score"], input=json.dumps(deal)))
    assert (error["code"], error["field"]) == ("hanging-out-of-range", "hanging")


@pytest.mark.parametrize("jsonl", [[], ["--jsonl"]])
def test_a_missing_file_or_a_directory_is_an_error_object(
    runner: CliRunner, tmp_path: Path, jsonl: list[str]
) -> None:
    for path in (tmp_path / "absent.json", tmp_path):
        error = error_of(runner.invoke(main, ["score", *jsonl, str(path)]))
        assert error["code"] == "unreadable-input" and str(path) in error["message"]


def test_jsonl_answers_every_line_past_a_bad_one(runner: CliRunner) -> None:
    infinite = GOOD[:-1] + ', "before": {"us": 1e999, "them": NaN}}'
    lines = [GOOD, LONG, "{", "[]", infinite, GOOD]
    result = runner.invoke(main, ["score", "--jsonl"], input="\n".join(lines) + "\n")
    assert result.exit_code == 1, result.output
    answers = [json.loads(line) for line in result.output.splitlines()]
    assert len(answers) == len(lines)
    assert answers[0] == answers[-1] == GOOD_ANSWER
    codes = [a["error"]["code"] for a in answers[1:-1]]
    assert codes == ["number-too-long", "invalid-json", "wrong-type", "wrong-type"]


@pytest.mark.parametrize("command", [["match", "show", "abc"], ["match", "export", "abc"]])
def test_a_file_that_is_no_database_is_an_error_object(
    runner: CliRunner, tmp_path: Path, command: list[str]
) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_text("not a database, only words\n" * 100)
    error = error_of(runner.invoke(main, [*command, "--db", str(junk)]))
    assert (error["code"], error["field"]) == ("database-unavailable", "db")


def test_an_unreachable_database_is_an_error_object(runner: CliRunner) -> None:
    url = f"postgresql://belot:secret@127.0.0.1:{free_port()}/belot?connect_timeout=5"
    for command in (["match", "show", "abc"], ["serve", "--port", str(free_port())]):
        error = error_of(runner.invoke(main, [*command, "--db", url]))
        assert (error["code"], error["field"]) == ("database-unavailable", "db")
        assert "secret" not in error["message"]


def test_serve_on_a_file_that_is_no_database(runner: CliRunner, tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"\x00garbage" * 512)
    error = error_of(runner.invoke(main, ["serve", "--db", str(junk), "--port", str(free_port())]))
    assert error["code"] == "database-unavailable"


def test_the_real_command_prints_no_traceback(tmp_path: Path) -> None:
    belot = Path(sys.executable).parent / "belot"
    stdin = f"{GOOD}\n{LONG}\n{GOOD}\n"
    done = subprocess.run([str(belot), "score", "--jsonl"], input=stdin, capture_output=True,
                          text=True, timeout=60, check=False)  # fmt: skip
    assert done.returncode == 1 and done.stderr == ""
    assert [json.loads(line).get("error", {}).get("code") for line in done.stdout.splitlines()] == [
        None,
        "number-too-long",
        None,
    ]
    missing = subprocess.run([str(belot), "score", str(tmp_path / "none.json")],
                             capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    assert missing.returncode == 2 and missing.stderr == ""
    assert json.loads(missing.stdout)["error"]["code"] == "unreadable-input"
