"""`belot score` in words, for people at the table."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from belot.cli import main


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ["hearts", "--declarer", "us", "--cards", "us=82", "--last", "us", "--decl", "us=20"],
            {"raw": {"us": 112, "them": 70}, "outcome": "made", "score": {"us": 11, "them": 7},
             "hanging": 0},
        ),
        (
            ["all-trumps", "--declarer", "us", "--cards", "us=120", "--last", "them",
             "--decl", "them=20", "--belot", "us"],
            {"raw": {"us": 140, "them": 158}, "outcome": "inside", "score": {"us": 0, "them": 30},
             "hanging": 0},
        ),
        (
            ["spades", "--declarer", "them", "--cards", "them=100", "--last", "them",
             "--hanging", "9"],
            {"raw": {"us": 52, "them": 110}, "outcome": "made", "score": {"us": 5, "them": 20},
             "hanging": 0},
        ),
        (
            ["diamonds", "--rules", "bg-6up", "--declarer", "us", "--cards", "us=86",
             "--last", "us"],
            {"raw": {"us": 96, "them": 66}, "outcome": "made", "score": {"us": 10, "them": 6},
             "hanging": 0},
        ),
        (
            ["hokm", "--buyer", "us", "--abnat", "them=62", "--project", "us=sira",
             "--multiplier", "3"],
            {"outcome": "made", "score": {"us": 54, "them": 0}},
        ),
        (
            ["hokm", "--buyer", "us", "--abnat", "them=70", "--multiplier", "gahwa"],
            {"outcome": "made", "score": {"us": 152, "them": 0}, "match_winner": "us"},
        ),
    ],
)  # fmt: skip
def test_words_give_the_contract_result(
    runner: CliRunner, args: list[str], expected: dict[str, object]
) -> None:
    result = runner.invoke(main, ["score", *args, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == expected


def test_words_print_a_readable_summary(runner: CliRunner) -> None:
    args = ["hearts", "--declarer", "us", "--cards", "us=82", "--last", "us", "--decl", "us=20"]
    result = runner.invoke(main, ["score", *args])
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "us: 82 cards + 10 last trick + 20 declarations = 112",
        "them: 70 cards = 70",
        "112 : 70 — made",
        "score: us 11, them 7",
    ]


def test_words_refused_exit_2_naming_the_field(runner: CliRunner) -> None:
    result = runner.invoke(main, ["score", "spades", "--declarer", "us", "--cards", "us=151",
                                  "--last", "us", "--json"])  # fmt: skip
    assert result.exit_code == 2
    assert json.loads(result.output)["error"]["field"] == "cards.us"
    assert json.loads(result.output)["error"]["code"] == "cards-impossible"


def test_help_shows_examples(runner: CliRunner) -> None:
    result = runner.invoke(main, ["score", "--help"])
    assert result.exit_code == 0
    assert "belot score hearts --declarer us --cards us=82" in result.output


def test_undecodable_bytes_are_an_invalid_json_line(runner: CliRunner) -> None:
    good = b'{"game": "baloot", "mode": "sun", "buyer": "us", "abnat": {"them": 64}}\n'
    result = runner.invoke(main, ["score", "--jsonl"], input=b"\xff\xfe{\n" + good)
    assert result.exit_code == 1
    first, second = (json.loads(line) for line in result.output.splitlines())
    assert first["error"]["code"] == "invalid-json"
    assert second == {"outcome": "made", "score": {"us": 14, "them": 12}}
