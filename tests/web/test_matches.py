"""Matches in a real browser: a Belot match to 151, a Baloot sakka to a gahwa, no JavaScript,
and a read-only viewer."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .drive import add_deal, baloot_round, belot_deal, tap

pytestmark = pytest.mark.browser


def new_match(page: Page, base_url: str, game: str, lang: str) -> str:
    """Start a match through /matches/new; returns the sheet's URL."""
    page.goto(f"{base_url}/matches/new?game={game}&lang={lang}")
    tap(page, f"game-{game}")
    if game == "belot":
        tap(page, "rules-bg")
    page.get_by_test_id("create-match").click()
    page.wait_for_url("**/m/*")
    return page.url


def add_belot(page: Page, deal: dict[str, Any]) -> None:
    belot_deal(page, deal)
    expect(page.get_by_test_id("score-us")).to_be_visible()  # the preview is there
    add_deal(page)


def row(page: Page, n: int) -> tuple[str | None, str | None]:
    return (
        page.get_by_test_id(f"row-{n}-us").get_attribute("data-value"),
        page.get_by_test_id(f"row-{n}-them").get_attribute("data-value"),
    )


def totals(page: Page) -> tuple[str | None, str | None]:
    return (
        page.get_by_test_id("total-us").get_attribute("data-value"),
        page.get_by_test_id("total-them").get_attribute("data-value"),
    )


MADE = {
    "contract": "hearts",
    "declarer": "us",
    "cards": {"us": 82},
    "last_trick": "us",
    "declarations": {"us": [20]},
}  # 11 : 7
HANGS = {
    "contract": "spades",
    "declarer": "us",
    "cards": {"us": 71},
    "last_trick": "them",
    "declarations": {"us": [20]},
}  # 0 : 9, 9 hang
THEIRS = {"contract": "clubs", "declarer": "them", "cards": {"them": 90}, "last_trick": "them"}
CONTRA = {
    "contract": "no-trumps",
    "declarer": "us",
    "multiplier": 2,
    "cards": {"us": 70},
    "last_trick": "us",
}  # 52 : 0
INSIDE = {
    "contract": "all-trumps",
    "declarer": "us",
    "cards": {"us": 120},
    "last_trick": "them",
    "declarations": {"them": [20]},
    "belots": {"us": 1},
}  # 0 : 30


def test_a_belot_match_to_151_with_a_hanging_deal_and_an_edit(page: Page, base_url: str) -> None:
    new_match(page, base_url, "belot", "bg")
    add_belot(page, MADE)
    assert row(page, 1) == ("11", "7")
    add_belot(page, HANGS)
    assert row(page, 2) == ("0", "9")
    # the 9 hanging points are carried into the next deal by the match: on its board
    expect(page.get_by_test_id("hanging-now")).to_have_attribute("data-value", "9")
    add_belot(page, THEIRS)  # them 100 : us 62 -> 6 : 10, and the 9 go to them
    assert row(page, 3) == ("6", "19")
    assert totals(page) == ("17", "35")
    add_belot(page, CONTRA)
    add_belot(page, CONTRA)
    assert totals(page) == ("121", "35")
    # an earlier deal was wrong: deal 1 was really inside; every later total follows
    page.get_by_test_id("edit-1").click()
    belot_deal(page, INSIDE)
    expect(page.get_by_test_id("score-them")).to_have_attribute("data-value", "30")
    page.get_by_test_id("save-deal").click()
    page.wait_for_load_state("load")
    # the sheet again (a new page: wait for it, not for the edit page still shown)
    expect(page.get_by_test_id("row-1-us")).to_have_attribute("data-value", "0")
    assert row(page, 1) == ("0", "30")
    assert totals(page) == ("110", "58")
    expect(page.get_by_test_id("winner")).to_have_count(0)
    add_belot(page, CONTRA)  # 162 : 58 — over 151
    assert totals(page) == ("162", "58")
    expect(page.get_by_test_id("winner")).to_have_attribute("data-winner", "us")
    expect(page.get_by_test_id("add-deal")).to_have_count(0)  # the match is over
    # undo brings the match back
    page.get_by_test_id("undo").click()
    # the click does not wait for the sheet that answers it: wait for its numbers, not "load"
    # (the page that is still shown has loaded long ago; CI once read its 162 there)
    expect(page.get_by_test_id("total-us")).to_have_attribute("data-value", "110")
    assert totals(page) == ("110", "58")
    expect(page.get_by_test_id("add-deal")).to_be_visible()


def test_a_baloot_sakka_ending_on_a_gahwa(page: Page, base_url: str) -> None:
    new_match(page, base_url, "baloot", "ar")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    rounds: list[tuple[dict[str, Any], tuple[str, str]]] = [
        ({"mode": "hokm", "buyer": "us", "abnat": {"them": 62}}, ("10", "6")),
        ({"mode": "sun", "buyer": "them", "abnat": {"us": 64}}, ("12", "14")),
        ({"mode": "hokm", "buyer": "them", "abnat": {"us": 62}, "projects": {"them": ["sira"]},
          "multiplier": 3}, ("0", "54")),
    ]  # fmt: skip
    for n, (deal, expected) in enumerate(rounds, start=1):
        baloot_round(page, deal)
        expect(page.get_by_test_id("score-us")).to_be_visible()
        add_deal(page)
        assert row(page, n) == expected
    assert totals(page) == ("22", "74")
    # the gahwa: whoever wins it wins the sakka, whatever the totals
    baloot_round(
        page, {"mode": "hokm", "buyer": "us", "abnat": {"them": 50}, "multiplier": "gahwa"}
    )
    expect(page.get_by_test_id("score-us")).to_have_attribute("data-value", "152")
    add_deal(page)
    assert row(page, 4) == ("152", "0")
    expect(page.get_by_test_id("winner")).to_have_attribute("data-winner", "us")
    expect(page.get_by_test_id("add-deal")).to_have_count(0)


def test_without_javascript_a_deal_is_added(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 780})
    page = ctx.new_page()
    try:
        new_match(page, base_url, "belot", "en")
        for testid in ("contract-hearts", "declarer-us", "multiplier-1", "capot-none",
                       "cards-team-us", "last-us"):  # fmt: skip
            tap(page, testid)
        page.get_by_test_id("cards").fill("82")
        tap(page, "decl-us-20")  # a plain form post: the page comes back with the tierce kept
        page.wait_for_load_state("load")
        expect(page.locator('input[name="declarations.us"]')).to_have_value("20")
        expect(page.get_by_test_id("cards")).to_have_value("82")
        expect(page.get_by_test_id("score-us")).to_have_attribute("data-value", "11")
        page.get_by_test_id("add-deal").click()
        page.wait_for_load_state("load")
        assert row(page, 1) == ("11", "7")
    finally:
        ctx.close()


def test_the_calculator_computes_without_javascript(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(java_script_enabled=False)
    page = ctx.new_page()
    try:
        page.goto(f"{base_url}/?lang=bg")
        belot_deal(page, {**CONTRA})
        page.get_by_test_id("calculate").click()
        page.wait_for_load_state("load")
        expect(page.get_by_test_id("score-us")).to_have_attribute("data-value", "52")
        expect(page.get_by_test_id("outcome")).to_have_attribute("data-outcome", "made")
    finally:
        ctx.close()


def test_a_read_only_viewer_cannot_change_the_sheet(
    page: Page, browser: Browser, base_url: str
) -> None:
    new_match(page, base_url, "belot", "bg")
    share = page.get_by_test_id("share-url").input_value()
    add_belot(page, MADE)
    viewer_ctx = browser.new_context(viewport={"width": 360, "height": 780})
    viewer = viewer_ctx.new_page()
    try:
        viewer.goto(share)
        expect(viewer.get_by_test_id("read-only")).to_be_visible()
        for testid in ("add-deal", "edit-1", "undo", "cards"):
            expect(viewer.get_by_test_id(testid)).to_have_count(0)
        # a hand-made post without the token changes nothing
        answer = viewer.request.post(
            f"{share}/deals",
            form={
                "op": "add",
                "contract": "hearts",
                "declarer": "us",
                "cards": "82",
                "last_trick": "us",
            },
        )
        assert answer.status == 403
        assert viewer.request.post(f"{share}/undo").ok  # answered with the sheet as it stands
        viewer.reload()
        assert row(viewer, 1) == ("11", "7")
        expect(viewer.get_by_test_id("row-2")).to_have_count(0)
        # ...but sees the editor's next deal by itself
        add_belot(page, CONTRA)
        expect(viewer.get_by_test_id("row-2-us")).to_have_attribute(
            "data-value", "52", timeout=8000
        )
    finally:
        viewer_ctx.close()


def test_a_deal_being_entered_survives_a_reload(page: Page, base_url: str) -> None:
    new_match(page, base_url, "belot", "en")
    belot_deal(page, MADE)
    expect(page.get_by_test_id("score-us")).to_have_attribute("data-value", "11")
    page.reload()
    expect(page.get_by_test_id("cards")).to_have_value("82")
    expect(page.locator('input[name="declarations.us"]')).to_have_value("20")
    expect(page.get_by_test_id("score-us")).to_have_attribute("data-value", "11")
    add_deal(page)
    assert row(page, 1) == ("11", "7")
    expect(page.get_by_test_id("cards")).to_have_value("")  # the recorded deal does not return
