"""House rules in a real browser (issue 17): the calculators' toggles, the device remembering
them, a match started with house rules and its sheet naming them, in the three languages."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .drive import add_deal, baloot_round, belot_deal, expect_result, tap

pytestmark = pytest.mark.browser

BORDER = {"contract": "hearts", "declarer": "us", "cards": {"us": 96}, "last_trick": "us"}


@pytest.mark.parametrize("lang", ["bg", "ar", "en"])
def test_a_switch_on_the_calculator_changes_the_score(page: Page, base_url: str, lang: str) -> None:
    page.goto(f"{base_url}/?lang={lang}")
    toggle = page.get_by_test_id("rule-border-to-declarers")
    expect(toggle).not_to_be_checked()
    belot_deal(page, BORDER)
    expect_result(page, 10, 6, "made")  # bg: 106 more rounds down
    toggle.click()
    expect(toggle).to_be_checked()
    expect_result(page, 11, 5, "made")  # RULES §4.1: the declarers round up on the border
    # every switch of the page's game, and none of the other's
    for name in ("no-trumps-round-first", "no-trumps-capot-doubled", "hanging-to-more",
                 "contra-round-first"):  # fmt: skip
        expect(page.get_by_test_id(f"rule-{name}")).to_be_visible()
    expect(page.get_by_test_id("rule-tie-by-abnat")).to_have_count(0)


def test_the_calculator_remembers_the_devices_house_rules(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/baloot?lang=ar")
    page.get_by_test_id("rule-doubled-made-split").click()
    page.goto(f"{base_url}/baloot?lang=ar")
    expect(page.get_by_test_id("rule-doubled-made-split")).to_be_checked()
    baloot_round(page, {"mode": "hokm", "buyer": "us", "abnat": {"them": 62},
                        "projects": {"us": ["sira"]}, "multiplier": 2})  # fmt: skip
    expect_result(page, 24, 12, "made")  # (10 + 2) x 2 : 6 x 2
    page.get_by_test_id("rule-doubled-made-split").click()  # off again, and remembered so
    expect_result(page, 36, 0, "made")
    page.goto(f"{base_url}/baloot")
    expect(page.get_by_test_id("rule-doubled-made-split")).not_to_be_checked()


@pytest.mark.parametrize("lang", ["bg", "ar"])
def test_a_match_started_with_house_rules_scores_and_names_them(
    page: Page, base_url: str, lang: str
) -> None:
    page.goto(f"{base_url}/matches/new?game=belot&lang={lang}")
    tap(page, "game-belot")
    tap(page, "rules-bg")
    expect(page.get_by_test_id("rule-tie-by-abnat")).to_be_hidden()  # the other game's
    page.get_by_test_id("rule-border-to-declarers").click()
    page.get_by_test_id("create-match").click()
    page.wait_for_url("**/m/*")
    rules = page.get_by_test_id("rules")
    expect(rules).to_have_attribute("data-preset", "bg")
    expect(rules).to_have_attribute("data-rules", "border-to-declarers")
    belot_deal(page, BORDER)
    expect_result(page, 11, 5, "made")
    add_deal(page)
    expect(page.get_by_test_id("total-us")).to_have_attribute("data-value", "11")
    expect(page.get_by_test_id("total-them")).to_have_attribute("data-value", "5")
