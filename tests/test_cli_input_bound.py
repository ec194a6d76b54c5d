"""Issue 18: `belot score` refuses input over 64 MiB before reading it all (standard input, a
file, a `--jsonl` line): the error object and exit 2, memory bounded."""

from __future__ import annotations

import io
import json
from typing import Any

from click.testing import CliRunner

from belot.cli import main
from belot.cli.score import CHUNK, MAX_INPUT, capped_lines, read_capped

GOOD = '{"game": "baloot", "mode": "sun", "buyer": "us", "abnat": {"them": 64}}'


class Endless(io.RawIOBase):
    """Spaces for ever (valid JSON whitespace), counting what was read."""

    def __init__(self) -> None:
        self.given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        n = len(buffer)
        buffer[:n] = b" " * n
        self.given += n
        return n


def test_standard_input_past_the_bound_is_refused_before_the_end() -> None:
    endless = Endless()
    stream = io.BufferedReader(endless)
    result = CliRunner().invoke(main, ["score", "-"], input=stream)
    assert result.exit_code == 2, result.output
    error = json.loads(result.output)["error"]
    assert error["code"] == "input-too-large" and "64 MiB" in error["message"]
    assert endless.given <= MAX_INPUT + 2 * CHUNK  # never read on past the bound


def test_a_file_that_never_ends_is_refused() -> None:
    result = CliRunner().invoke(main, ["score", "/dev/zero"])
    assert result.exit_code == 2 and json.loads(result.output)["error"]["code"] == (
        "input-too-large"
    )


def test_the_bound_itself_is_accepted() -> None:
    text = GOOD + " " * (1000 - len(GOOD))
    assert read_capped(io.BytesIO(text.encode()), 1000) == text
    assert read_capped(io.BytesIO(text.encode() + b" "), 1000).__class__.__name__ == "BelotError"


def test_a_jsonl_line_past_the_bound_is_an_error_in_its_place() -> None:
    lines = [GOOD, " " * 50 + "x" * 2000, GOOD, "y" * 1001, "z" * 1000]
    got = list(capped_lines(io.BytesIO("\n".join(lines).encode()), 1000))
    assert got[0] == GOOD + "\n" and got[2] == GOOD + "\n" and got[4] == "z" * 1000
    assert [type(g).__name__ for g in (got[1], got[3])] == ["BelotError", "BelotError"]
    assert len(got) == 5


def test_jsonl_answers_every_line_around_an_endless_one(tmp_path: Any) -> None:
    big = tmp_path / "deals.jsonl"
    with big.open("wb") as f:
        f.write(GOOD.encode() + b"\n")
        f.write(b" " * (MAX_INPUT + 10) + b"\n")
        f.write(GOOD.encode() + b"\n")
    result = CliRunner().invoke(main, ["score", "--jsonl", str(big)])
    assert result.exit_code == 1
    answers = [json.loads(line) for line in result.output.splitlines()]
    assert len(answers) == 3 and "outcome" in answers[0] and "outcome" in answers[2]
    assert answers[1]["error"]["code"] == "input-too-large"
