"""Every shared example (../shared/examples/deals.jsonl) the hooks can type, typed into the
calculator pages, in a rotating language, must show the expected result or an error."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .drive import baloot_round, belot_deal, expect_result

pytestmark = pytest.mark.browser

EXAMPLES = Path(__file__).resolve().parents[3] / "shared" / "examples" / "deals.jsonl"


def typeable(deal: dict[str, Any]) -> bool:
    """The hooks give declarations and projects by value or name, not as combinations."""
    lists = [*(deal.get("declarations") or {}).values(), *(deal.get("projects") or {}).values()]
    return all(not isinstance(item, dict) for items in lists for item in items)


def examples() -> list[Any]:
    if not EXAMPLES.exists():
        return []
    cases = [json.loads(line) for line in EXAMPLES.read_text().splitlines() if line.strip()]
    return [pytest.param(c, id=c["name"]) for c in cases if typeable(c["input"])]


@pytest.mark.parametrize("case", examples())
def test_a_shared_example_through_the_page(page: Page, base_url: str, case: dict[str, Any]) -> None:
    deal, expected = case["input"], case["expected"]
    lang = ("bg", "ar", "en")[len(case["name"]) % 3]
    if deal["game"] == "belot":
        page.goto(f"{base_url}/?lang={lang}")
        belot_deal(page, deal)
    else:
        if deal.get("before"):
            pytest.skip("the calculator is not told the match totals")
        page.goto(f"{base_url}/baloot?lang={lang}")
        baloot_round(page, deal)
    if "error" in expected:
        expect(page.get_by_test_id("error")).to_have_count(1)
        expect(page.get_by_test_id("score-us")).to_have_count(0)
        return
    score = expected["score"]
    expect_result(page, score["us"], score["them"], expected["outcome"], expected.get("hanging"))
