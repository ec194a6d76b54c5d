"""Golden deals (tests/golden/<preset>.jsonl), computed by hand from RULES.md, through
`belot.contract.score`; bad inputs through `belot.contract.error_json`.

A line is `{"name", "why"?, "input", "expected"}`. `expected` is a whole result (every field
is compared), or `{"error": {"field": F, "code"?: C}}` where F is the dotted field or a list of
the acceptable ones (the contract leaves some choice), and C is given only where CONTRACT.md
fixes the code.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from belot.contract import error_json, score
from belot.core.errors import BelotError
from belot.core.presets import DEFAULT_PRESET
from belot.core.presets import PRESETS as KNOWN

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
PRESETS = tuple(KNOWN)  # every preset of every game in the registry has its golden file
BELOT_KEYS = {"raw", "outcome", "score", "hanging"}
BALOOT_KEYS = {"outcome", "score"}

# (preset, name) -> why we believe the engine is wrong. Empty when engine and rules agree.
ENGINE_DISAGREES: dict[tuple[str, str], str] = {}


def load(preset: str) -> list[dict[str, Any]]:
    lines = (GOLDEN / f"{preset}.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def golden_params() -> list[Any]:
    params = []
    for preset in PRESETS:
        for line in load(preset):
            reason = ENGINE_DISAGREES.get((preset, line["name"]))
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            params.append(pytest.param(preset, line, id=f"{preset}: {line['name']}", marks=marks))
    return params


def allowed_fields(expected: dict[str, Any]) -> list[str | None]:
    field = expected["field"]
    return list(field) if isinstance(field, list) else [field]


def assert_whole_number(value: object, where: str) -> None:
    assert type(value) is int, f"{where} must be a whole number, got {value!r}"


def check_result(deal: dict[str, Any], expected: dict[str, Any], result: dict[str, Any]) -> None:
    belot = "raw" in expected  # the trick-points games' results carry raw and hanging
    required = BELOT_KEYS if belot else BALOOT_KEYS
    assert required <= set(result), f"missing {required - set(result)} in {result}"
    for key, value in expected.items():
        assert result[key] == value, f"{key}: got {result[key]!r}, expected {value!r}"
    if "match_winner" not in expected:
        assert result.get("match_winner") is None, "only the deals that decide the match say so"
    for team in ("us", "them"):
        assert_whole_number(result["score"][team], f"score.{team}")
        if belot:
            assert_whole_number(result["raw"][team], f"raw.{team}")
    if belot:
        assert_whole_number(result["hanging"], "hanging")
    json.dumps(result)  # the result is plain JSON


@pytest.mark.parametrize(("preset", "line"), golden_params())
def test_golden(preset: str, line: dict[str, Any]) -> None:
    deal = line["input"]
    expected = line["expected"]
    given = copy.deepcopy(deal)
    if "error" in expected:
        want = expected["error"]
        with pytest.raises(BelotError) as caught:
            score(given)
        err = caught.value
        assert isinstance(err, ValueError)
        body = error_json(err)
        assert set(body) == {"error"}
        assert {"code", "field", "message"} <= set(body["error"])
        assert body["error"]["code"] == err.code and body["error"]["field"] == err.field
        assert isinstance(err.code, str) and err.code.islower() and " " not in err.code
        assert isinstance(err.message, str) and err.message.strip()
        assert err.field in allowed_fields(want), f"field {err.field!r}: {err.message}"
        if "code" in want:
            assert err.code == want["code"]
        json.dumps(body)
    else:
        check_result(deal, expected, score(given))
    assert given == deal, "score() must not change its input"


def test_golden_files_are_well_formed() -> None:
    """Enough lines per preset, unique names, each deal in its own preset's file."""
    minimum = {"bg": 60, "bg-6up": 20, "sa": 50, "ffb": 12, "coinche": 18, "contree": 4,
               "hr": 20, "rotterdam": 12, "amsterdam": 4}  # fmt: skip
    for preset in PRESETS:
        lines = load(preset)
        names = [line["name"] for line in lines]
        assert len(names) == len(set(names)), f"{preset}: duplicate names"
        scored = [line for line in lines if "error" not in line["expected"]]
        assert len(scored) >= minimum[preset], preset
        assert any("error" in line["expected"] for line in lines), preset
        for line in lines:
            assert set(line) <= {"name", "why", "input", "expected"}, line["name"]
            deal = line["input"]
            if not isinstance(deal, dict):
                continue
            game = KNOWN[preset].game
            default = DEFAULT_PRESET[game]
            if deal.get("game") == game and deal.get("rules", default) in (preset, default):
                continue
            assert "error" in line["expected"], f"{preset}: {line['name']} is in the wrong file"
