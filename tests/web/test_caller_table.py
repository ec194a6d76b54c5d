"""Who called (issue 11) in Chromium at 360×780: one tap on a player's name on a match with
seats, the wrong team said at the caller's slot, and the caller in the API's match JSON."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .drive import add_deal, belot_deal, tap

pytestmark = pytest.mark.browser

MADE = {"contract": "hearts", "declarer": "us", "cards": {"us": 82}, "last_trick": "us"}


def test_a_tapped_caller_is_recorded(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/matches/new?game=belot&lang=bg")
    for i, name in enumerate(("Иван", "Петър", "Мария", "Ана"), start=1):
        page.get_by_test_id(f"seat-{i}").fill(name)
    page.get_by_test_id("create-match").click()
    page.wait_for_url("**/m/*")
    match_id = page.url.split("#")[0].rstrip("/").rsplit("/", 1)[1]
    for seat, name in enumerate(("Иван", "Петър", "Мария", "Ана"), start=1):
        expect(page.get_by_test_id(f"caller-{seat}")).to_have_text(name)
    expect(page.get_by_test_id("caller-none").locator("input")).to_be_checked()
    belot_deal(page, MADE)
    # who won the bid is asked once: Петър plays for them, so they declared (no error)
    tap(page, "caller-2")
    expect(page.get_by_test_id("declarer-them").locator("input")).to_be_checked()
    expect(page.get_by_test_id("error")).to_have_count(0)
    expect(page.get_by_test_id("outcome")).to_have_attribute("data-outcome", "inside")
    tap(page, "declarer-us")  # the team's own tap forgets a player of the other team
    expect(page.get_by_test_id("caller-none").locator("input")).to_be_checked()
    tap(page, "caller-3")
    expect(page.get_by_test_id("declarer-us").locator("input")).to_be_checked()
    expect(page.get_by_test_id("score-us")).to_have_attribute("data-value", "9")
    add_deal(page)
    expect(page.get_by_test_id("row-1")).to_contain_text("обяви: Мария")
    expect(page.get_by_test_id("caller-none").locator("input")).to_be_checked()  # a fresh form
    match = page.request.get(f"{base_url}/api/v1/matches/{match_id}").json()
    assert match["deals"][0]["input"]["caller"] == 3
