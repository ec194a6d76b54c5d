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
    # no trumps is played with its house rule only: shown once the toggle is on
    expect(page.get_by_test_id("contract-no-trumps")).to_be_hidden()
    page.get_by_test_id("rule-sans-tout-atout").click()
    expect(page.get_by_test_id("contract-no-trumps")).to_be_visible()


def test_the_new_match_page_shows_the_chosen_games_own(page: Page, base_url: str) -> None:
    """Choosing coinche on the Belot page shows coinche's presets, house rules and target
    (Belot's hidden, never posted); the match plays to the target typed."""
    page.goto(f"{base_url}/matches/new?game=belot&lang=fr")
    expect(page.get_by_test_id("rules-coinche")).to_have_count(0)
    expect(page.get_by_test_id("target")).to_have_count(0)  # a Belot match has no target
    page.get_by_test_id("game-coinche").click()  # opens coinche's own new-match page
    page.wait_for_url("**/matches/new?game=coinche*")
    expect(page.get_by_test_id("rules-bg")).to_have_count(0)
    page.get_by_test_id("rules-contree").click()
    page.get_by_test_id("rule-litige").click()
    target = page.get_by_test_id("target")
    expect(target).to_have_attribute("placeholder", "2000")
    target.fill("500")
    page.get_by_test_id("create-match").click()
    page.wait_for_url("**/m/*")
    expect(page.get_by_test_id("rules")).to_have_attribute("data-preset", "contree")
    expect(page.get_by_test_id("to-go-us")).to_have_attribute("data-value", "500")
    expect(page.get_by_test_id("bid")).to_be_visible()
