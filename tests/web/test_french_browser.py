"""A coinche deal played on `/coinche` at 360×780 by clicking CONTRACT §6's hooks only."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .drive import expect_result, tap

pytestmark = pytest.mark.browser


def test_a_coinche_deal_by_its_hooks(page: Page, base_url: str) -> None:
    """RULES 6.7: bid 100, our cards 110 and the last trick, coinched: 520 : 0; then the
    same deal not coinched (220 : 40) and a capot bid made (500 : 0), the answer never stale."""
    page.goto(f"{base_url}/coinche")
    expect(page.locator("html")).to_have_attribute("lang", "fr")  # the game's own language
    page.get_by_test_id("rules-coinche").click()
    tap(page, "contract-hearts")
    tap(page, "declarer-us")
    page.get_by_test_id("bid").fill("100")
    tap(page, "multiplier-2")
    tap(page, "cards-team-us")
    page.get_by_test_id("cards").fill("110")
    tap(page, "last-us")
    expect_result(page, 520, 0, "made")
    tap(page, "multiplier-1")
    expect_result(page, 220, 40, "made")
    page.goto(f"{base_url}/coinche")
    tap(page, "contract-spades")
    tap(page, "declarer-us")
    tap(page, "bid-capot")
    tap(page, "capot-us")
    expect_result(page, 500, 0, "made")
    tap(page, "capot-none")  # no capot: the capot bid fails on whatever the cards say
    tap(page, "cards-team-us")
    page.get_by_test_id("cards").fill("130")
    tap(page, "last-us")
    expect_result(page, 0, 410, "inside")
