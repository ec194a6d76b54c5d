"""Issue 23, finding 4, in `belot club import`: a match's or a tournament's `rules` is a preset's
name or an object, never a string to parse. A deep `{"a":{"a":…` (once a RecursionError and a
traceback), `{{{…` or an object written as text is an unknown preset: the error object at its
field, exit 2, nothing written. Finding 7 too: a deal in a match names no rules of its own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from belot.store import MatchStore
from test_cli_club_import import PLAIN, _clubs, _error, _file, _import

DEEP = '{"a":' * 100000 + "1" + "}" * 100000
STRINGS = pytest.mark.parametrize(
    "rules", [DEEP, "{" * 100000, '{"preset":"sa"}'], ids=["deep", "braces", "object-as-text"]
)


def _with_tournament(rules: object) -> dict[str, Any]:
    data = _file()
    ids = [p["id"] for p in data["players"]]
    data["tournaments"] = [{
        "id": "tOURNAMENTAAAAAA", "name": "Купа", "game": "baloot", "rules": rules,
        "format": "round-robin", "rounds": None, "created": "2026-12-01T20:00:00+00:00",
        "pairs": [{"id": "pAIRAAAAAAAAAAAA", "players": ids[:2]},
                  {"id": "pAIRBBBBBBBBBBBB", "players": ids[2:]}],
        "tables": [],
    }]  # fmt: skip
    return data


@pytest.fixture
def target(sqlite_url: str) -> str:
    MatchStore(sqlite_url).close()
    return sqlite_url


@STRINGS
def test_a_match_rules_as_text_is_refused_at_its_field(
    runner: CliRunner, tmp_path: Path, target: str, rules: str
) -> None:
    data = _file()
    data["matches"][0]["rules"] = rules
    done = _import(runner, tmp_path, data, target)
    error = _error(done)
    assert (error["code"], error["field"]) == ("unknown-rules", "matches.0.rules")
    assert "Traceback" not in done.output
    assert _clubs(target) == 0


@STRINGS
def test_a_tournament_rules_as_text_is_refused_at_its_field(
    runner: CliRunner, tmp_path: Path, target: str, rules: str
) -> None:
    error = _error(_import(runner, tmp_path, _with_tournament(rules), target))
    assert (error["code"], error["field"]) == ("unknown-rules", "tournaments.0.rules")
    assert _clubs(target) == 0
    good = _import(runner, tmp_path, _with_tournament("sa"), target)
    assert good.exit_code == 0, good.output


def test_a_deal_names_no_rules_but_its_match_own(
    runner: CliRunner, tmp_path: Path, target: str
) -> None:
    data = _file()
    data["matches"][0]["deals"] = [PLAIN, {**PLAIN, "rules": {"preset": "sa"}}]
    error = _error(_import(runner, tmp_path, data, target))
    assert (error["code"], error["field"]) == ("match-mismatch", "matches.0.deals.2.rules")
    assert _clubs(target) == 0
    data["matches"][0]["deals"] = [PLAIN, {**PLAIN, "rules": "sa"}]
    done = _import(runner, tmp_path, data, target)
    assert done.exit_code == 0, done.output
    store = MatchStore(target)
    (deal_one, deal_two) = (row.input for row in store.get("mATCHAAAAAAAAAAA").sheet.rows)
    store.close()
    assert "rules" not in deal_two and deal_one == PLAIN  # the match's rules, not stored again
    assert json.loads(done.output)["name"]
