"""`belot score` in words, for people at the table."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from click.testing import CliRunner

from belot.cli import main
from belot.core import belot as belot_module
from belot.core import plain


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
        (  # RULES 5.8: a litige, 81 : 81
            ["hearts", "--game", "french-belote", "--declarer", "us", "--cards", "us=71",
             "--last", "us"],
            {"raw": {"us": 81, "them": 81}, "outcome": "hanging", "score": {"us": 0, "them": 80},
             "hanging": 80},
        ),
        (  # RULES 6.7: bid 100 surcoinched
            ["hearts", "--game", "coinche", "--declarer", "us", "--bid", "100", "--cards",
             "us=110", "--last", "us", "--multiplier", "4"],
            {"raw": {"us": 120, "them": 42}, "outcome": "made", "score": {"us": 1040, "them": 0},
             "hanging": 0},
        ),
        (  # RULES 6.7: a capot bid, coinched, and belote-not-multiplied on
            ["hearts", "--game", "coinche", "--declarer", "us", "--bid", "capot", "--capot",
             "us", "--multiplier", "2", "--belot", "us", "--rule", "belote-not-multiplied"],
            {"raw": {"us": 272, "them": 0}, "outcome": "made", "score": {"us": 1020, "them": 0},
             "hanging": 0},
        ),
        (  # contrée: the preset by --rules
            ["spades", "--game", "coinche", "--rules", "contree", "--declarer", "them", "--bid",
             "80", "--cards", "them=70", "--last", "us"],
            {"raw": {"us": 92, "them": 70}, "outcome": "inside", "score": {"us": 240, "them": 0},
             "hanging": 0},
        ),
    ],
)  # fmt: skip
def test_words_give_the_contract_result(
    runner: CliRunner, args: list[str], expected: dict[str, object]
) -> None:
    result = runner.invoke(main, ["score", *args, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == expected


def test_words_print_the_pages_own_words(runner: CliRunner) -> None:
    args = ["hearts", "--declarer", "us", "--cards", "us=82", "--last", "us", "--decl", "us=20"]
    result = runner.invoke(main, ["score", *args])
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "112 : 70 — made; 112 → 11, 70 → 7",
        "  Us: cards 82 + last trick 10 + declarations 20 = 112",
        "  Them: cards 70 = 70",
        "  Us declared: 112 against 70 — made",
        "  whole deal 182 → 18; Us write 11, Them write 7",
    ]
    bulgarian = runner.invoke(main, ["score", *args, "--lang", "bg"])
    assert bulgarian.output.splitlines()[0] == "112 : 70 — изкарана; 112 → 11, 70 → 7"


def test_words_say_a_refusal_in_the_pages_words(runner: CliRunner) -> None:
    args = ["spades", "--declarer", "us", "--cards", "us=151", "--last", "us", "--lang", "bg"]
    result = runner.invoke(main, ["score", *args])
    assert result.exit_code == 2
    assert result.output.startswith("error: cards.us: ") and "151" in result.output


@pytest.mark.skipif(
    not str(belot_module.__file__).endswith(".py"),
    reason="compiled by mypyc: calls inside the core do not go through module attributes",
)
@pytest.mark.parametrize("as_json", [[], ["--json"]])
def test_words_score_the_deal_once(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, as_json: list[str]
) -> None:
    calls: list[object] = []
    real = belot_module._raw  # every scoring of a Belot deal computes its raw points once

    def counted(deal: Any) -> Any:
        calls.append(deal)
        return real(deal)

    monkeypatch.setattr(belot_module, "_raw", counted)
    by_lookups = plain.numbers  # the common deal's scoring by lookups (issue 26)

    def looked_up(deal: Any) -> Any:
        numbers = by_lookups(deal)  # a step aside raises: nothing scored here
        calls.append(deal)
        return numbers

    monkeypatch.setattr(plain, "numbers", looked_up)
    args = ["hearts", "--declarer", "us", "--cards", "us=82", "--last", "us", *as_json]
    assert runner.invoke(main, ["score", *args]).exit_code == 0
    assert len(calls) == 1


@pytest.mark.parametrize("multiplier", ["²", "٢", "9" * 4301, "-2"])
def test_words_pass_a_strange_multiplier_to_the_contract(
    runner: CliRunner, multiplier: str
) -> None:
    args = ["hearts", "--declarer", "us", "--cards", "us=82", "--last", "us"]
    result = runner.invoke(main, ["score", *args, "--multiplier", multiplier, "--json"])
    assert result.exit_code == 2, result.output
    assert json.loads(result.output)["error"]["field"] == "multiplier"


def test_startup_loads_no_web_framework_and_no_database() -> None:
    """`belot score` stays light: JSON never loads the words, words load only them."""
    probe = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from belot.cli import main\n"
        "r = CliRunner().invoke(main, ['score', *sys.argv[1:]], input='{}')\n"
        "heavy = ('fastapi', 'starlette', 'sqlalchemy', 'jinja2', 'uvicorn', 'belot.web',\n"
        "         'belot.words.results')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    words = ["hearts", "--declarer", "us", "--cards", "us=82", "--last", "us"]
    for args, loaded in (([], "[]"), (["--jsonl"], "[]"), (words, "['belot.words.results']")):
        done = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True,
                              text=True, timeout=60, check=True)  # fmt: skip
        assert done.stdout.strip() == loaded, done.stderr


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


def test_an_option_of_another_game_is_refused_not_dropped(runner: CliRunner) -> None:
    """Issue 24: the options are the games' fields; Baloot's `--abnat` on a Belot deal was
    once dropped without a word."""
    result = runner.invoke(main, ["score", "hearts", "--declarer", "us", "--abnat", "us=80"])
    assert result.exit_code == 2
    assert "--abnat is not an option of Bulgarian Belot" in result.output
    coinche = ["score", "hearts", "--game", "coinche", "--declarer", "us", "--bid", "100",
               "--cards", "us=110", "--last", "us", "--json"]  # fmt: skip
    deal = {"game": "coinche", "contract": "hearts", "declarer": "us", "bid": 100,
            "cards": {"us": 110}, "last_trick": "us"}  # fmt: skip
    as_json = runner.invoke(main, ["score", "-"], input=json.dumps(deal)).output
    assert json.loads(runner.invoke(main, coinche).output) == json.loads(as_json)
    bid_on_belot = runner.invoke(main, ["score", "hearts", "--declarer", "us", "--bid", "90"])
    assert "--bid is not an option of Bulgarian Belot" in bid_on_belot.output


def test_a_deal_s_options_with_a_file_are_refused(runner: CliRunner) -> None:
    result = runner.invoke(main, ["score", "-", "--declarer", "us"], input="{}")
    assert result.exit_code == 2
    assert "go after its contract" in result.output
