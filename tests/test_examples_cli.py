"""The shared examples (../shared/examples/deals.jsonl) and the golden files through the real
`belot` command (CONTRACT.md §4): `belot score --jsonl` in bulk and `belot score` one by one.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / ".." / "shared" / "examples" / "deals.jsonl"
GOLDEN = ROOT / "tests" / "golden"
BELOT = Path(sys.executable).parent / "belot"


def run(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    assert BELOT.exists(), f"the belot console script is not installed next to {sys.executable}"
    return subprocess.run(
        [str(BELOT), *args], input=stdin, capture_output=True, text=True, timeout=60, check=False
    )


def read_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def examples() -> list[dict[str, Any]]:
    if not EXAMPLES.exists():
        pytest.skip(f"{EXAMPLES} is absent (the shared examples live beside the repository)")
    return read_lines(EXAMPLES)


def example_lines() -> list[Any]:
    if not EXAMPLES.exists():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"{EXAMPLES} is absent"))]
    return [pytest.param(line, id=line["name"]) for line in read_lines(EXAMPLES)]


def is_error_object(out: Any) -> bool:
    if not (isinstance(out, dict) and set(out) == {"error"}):
        return False
    err = out["error"]
    return (
        isinstance(err, dict)
        and {"code", "field", "message"} <= set(err)
        and isinstance(err["code"], str)
        and (err["field"] is None or isinstance(err["field"], str))
        and isinstance(err["message"], str)
        and bool(err["message"].strip())
    )


def check(expected: dict[str, Any], out: Any, name: str) -> None:
    """`expected` is a result, `{"error": true}` or `{"error": {"field": ..., "code"?: ...}}`."""
    if "error" in expected:
        assert is_error_object(out), f"{name}: expected an error object, got {out}"
        want = expected["error"]
        if isinstance(want, dict):
            fields = want["field"] if isinstance(want["field"], list) else [want["field"]]
            assert out["error"]["field"] in fields, f"{name}: field {out['error']}"
            if "code" in want:
                assert out["error"]["code"] == want["code"], name
        return
    assert isinstance(out, dict) and "error" not in out, f"{name}: {out}"
    for key, value in expected.items():
        assert out.get(key) == value, f"{name}: {key} is {out.get(key)!r}, expected {value!r}"
    if "match_winner" not in expected:
        assert out.get("match_winner") is None, name


def bulk(lines: list[dict[str, Any]]) -> None:
    stdin = "".join(json.dumps(line["input"], ensure_ascii=False) + "\n" for line in lines)
    done = run(["score", "--jsonl"], stdin)
    outputs = [json.loads(text) for text in done.stdout.splitlines()]
    assert len(outputs) == len(lines), done.stderr
    for line, out in zip(lines, outputs, strict=True):
        check(line["expected"], out, line["name"])
    any_error = any("error" in line["expected"] for line in lines)
    assert done.returncode == (1 if any_error else 0)


def test_examples_through_jsonl() -> None:
    bulk(examples())


@pytest.mark.parametrize("line", example_lines())
def test_example_one_by_one(line: dict[str, Any]) -> None:
    done = run(["score"], json.dumps(line["input"], ensure_ascii=False))
    out = json.loads(done.stdout)
    check(line["expected"], out, line["name"])
    assert done.returncode == (2 if "error" in line["expected"] else 0), done.stderr


@pytest.mark.parametrize("preset", ["bg", "bg-6up", "sa"])
def test_golden_through_jsonl(preset: str) -> None:
    """Every golden line, errors included (exit 1, one error object per bad line)."""
    bulk(read_lines(GOLDEN / f"{preset}.jsonl"))


def test_golden_errors_one_by_one_exit_2() -> None:
    lines = [line for line in read_lines(GOLDEN / "bg.jsonl") if "error" in line["expected"]]
    lines += [line for line in read_lines(GOLDEN / "sa.jsonl") if "error" in line["expected"]]
    for line in lines[::6]:  # a sample: the bulk test above covers every line
        done = run(["score"], json.dumps(line["input"]))
        check(line["expected"], json.loads(done.stdout), line["name"])
        assert done.returncode == 2, line["name"]


def test_file_argument_and_stdin_agree(tmp_path: Path) -> None:
    deal = {"game": "belot", "contract": "clubs", "declarer": "them", "cards": {"us": 82},
            "last_trick": "us"}  # fmt: skip
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal), "utf-8")
    from_file = run(["score", str(path)], "")
    from_stdin = run(["score"], json.dumps(deal))
    assert from_file.returncode == from_stdin.returncode == 0
    expected = {"raw": {"us": 92, "them": 70}, "outcome": "inside", "score": {"us": 16, "them": 0},
                "hanging": 0}  # fmt: skip
    check(expected, json.loads(from_file.stdout), "file")
    assert json.loads(from_file.stdout) == json.loads(from_stdin.stdout)
    many = tmp_path / "deals.jsonl"
    many.write_text(json.dumps(deal) + "\n" + json.dumps(deal) + "\n", "utf-8")
    done = run(["score", "--jsonl", str(many)], "")
    assert done.returncode == 0
    assert [json.loads(t) for t in done.stdout.splitlines()] == [json.loads(from_file.stdout)] * 2


def test_a_bad_line_does_not_stop_the_rest() -> None:
    good = {"game": "baloot", "mode": "hokm", "buyer": "us", "abnat": {"them": 62}}
    stdin = json.dumps(good) + "\nthis is not JSON\n" + json.dumps({**good, "mode": "x"}) + "\n"
    stdin += json.dumps(good) + "\n"
    done = run(["score", "--jsonl"], stdin)
    outs = [json.loads(t) for t in done.stdout.splitlines()]
    assert len(outs) == 4
    assert outs[0] == outs[3] and outs[0]["score"] == {"us": 10, "them": 6}
    assert is_error_object(outs[1]) and is_error_object(outs[2])
    assert outs[2]["error"]["field"] == "mode"
    assert done.returncode == 1


def test_not_json_is_an_error_object_exit_2() -> None:
    done = run(["score"], "{not json")
    assert done.returncode == 2
    assert is_error_object(json.loads(done.stdout))
