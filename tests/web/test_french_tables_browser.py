"""Issue 32, "French tables", in Chromium at 360×780 (French): the bid pad puts its number in
the bid field, declarations are off under rules that play none, a clear keeps the belote, and
the open panel keeps the contract and the taker in view. Without a browser:
test_french_tables.py."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Error, Page, expect

from .drive import close_panel, expect_result, tap

pytestmark = pytest.mark.browser


def later(page: Page) -> None:
    """The page's later scripts have run (app.js, french.js: after the first answer's; the
    page's CSP allows no `wait_for_function`)."""
    for _ in range(100):
        try:
            if page.evaluate("() => document.adoptedStyleSheets.length > 0"):
                return
        except Error:  # the page moved on (an edit link's token claimed): ask the next one
            pass
        page.wait_for_timeout(50)
    raise AssertionError("french.js did not load")


def loaded(page: Page, path: str) -> None:
    page.goto(path)
    later(page)


def off(page: Page, hook: str) -> bool:
    return bool(page.get_by_test_id(hook).evaluate("el => !!el.closest('.group.off')"))


def test_the_bid_pad_puts_its_number_in_the_field(page: Page, base_url: str) -> None:
    loaded(page, f"{base_url}/coinche")
    tap(page, "contract-hearts")
    tap(page, "declarer-us")
    page.get_by_test_id("bid-capot").click()
    url = page.url
    page.get_by_test_id("bid-100").click()
    expect(page.get_by_test_id("bid")).to_have_value("100")
    expect(page.get_by_test_id("bid-100")).to_have_attribute("aria-pressed", "true")
    assert page.url == url  # in place, no post of the page
    tap(page, "multiplier-2")
    tap(page, "cards-team-us")
    page.get_by_test_id("cards").fill("110")
    tap(page, "last-us")
    expect_result(page, 520, 0, "made")  # RULES 6.7: bid 100, coinched
    page.get_by_test_id("bid").fill("120")  # typed, as CONTRACT §6 has it: the pad follows
    expect(page.get_by_test_id("bid-120")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("bid-100")).to_have_attribute("aria-pressed", "false")
    expect_result(page, 560, 0, "made")  # 120 : 42 makes 120, coinched: (160 + 120) × 2
    page.get_by_test_id("bid-capot").click()
    expect(page.get_by_test_id("bid-120")).to_have_attribute("aria-pressed", "false")


def test_declarations_are_off_under_rules_that_play_none(page: Page, base_url: str) -> None:
    loaded(page, f"{base_url}/french-belote")
    assert off(page, "decl-us-20") and not off(page, "belote-us")
    expect(page.locator(".group.off .taps").first).to_have_css("opacity", "0.4")
    tap(page, "contract-hearts")
    tap(page, "declarer-us")
    tap(page, "cards-team-us")
    page.get_by_test_id("cards").fill("60")
    tap(page, "last-us")
    tap(page, "decl-us-20")  # still taken, refused naming the house rule
    error = page.get_by_test_id("error")
    expect(error).to_have_attribute("data-field", "declarations")
    expect(error).to_contain_text("«\u00a0annonces\u00a0»")
    page.get_by_test_id("rule-annonces").click()
    assert not off(page, "decl-us-20")
    expect_result(page, 0, 180, "inside")  # RULES 5.8: annonces, our tierce, 90 : 92
    loaded(page, f"{base_url}/coinche")
    assert not off(page, "decl-us-20")
    page.get_by_test_id("rules-contree").click()
    assert off(page, "decl-us-20")
    page.get_by_test_id("rules-coinche").click()
    assert not off(page, "decl-us-20")


def test_clear_keeps_the_belote(page: Page, base_url: str) -> None:
    loaded(page, f"{base_url}/coinche")
    tap(page, "contract-spades")
    tap(page, "declarer-us")
    page.get_by_test_id("bid").fill("80")
    tap(page, "cards-team-us")
    page.get_by_test_id("cards").fill("142")
    tap(page, "last-us")
    tap(page, "belote-us")
    expect_result(page, 250, 10, "made")  # RULES 6.7: 172 : 10 with the belote
    tap(page, "decl-us-50")
    tap(page, "decl-clear-us")  # "effacer": the cinquante goes, the belote stays
    expect_result(page, 250, 10, "made")
    tap(page, "belote-clear-us")
    expect_result(page, 230, 10, "made")  # 152 + 80 = 232 : 10


def test_the_open_panel_keeps_the_contract_and_the_taker_in_view(page: Page, base_url: str) -> None:
    made: dict[str, Any] = page.request.post(
        f"{base_url}/api/v1/matches",
        data={"game": "coinche", "seats": ["Jean", "Paul", "Marie", "Anne"]},
    ).json()
    page.goto(f"{base_url}/m/{made['id']}?lang=fr#token={made['token']}")
    page.wait_for_url(f"**/m/{made['id']}")
    expect(page.get_by_test_id("add-deal")).to_be_visible()
    later(page)
    tap(page, "contract-hearts")
    tap(page, "caller-3")  # Marie: her team takes
    page.get_by_test_id("bid-110").click()
    page.get_by_test_id("more-open").click()
    summary = page.get_by_test_id("more-summary")
    expect(summary).to_have_text("♥ cœur · Jean et Marie · Marie · 110")
    box, first = summary.bounding_box(), page.get_by_test_id("multiplier-1").bounding_box()
    assert box is not None and first is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= first["y"], (box, first)
    page.get_by_test_id("decl-us-200").scroll_into_view_if_needed()  # the panel scrolls…
    box = summary.bounding_box()
    assert box is not None and box["y"] >= 0 and summary.is_visible()  # …the line stays
    close_panel(page)
    tap(page, "contract-spades")
    page.get_by_test_id("more-open").click()
    expect(summary).to_have_text("♠ pique · Jean et Marie · Marie · 110")
