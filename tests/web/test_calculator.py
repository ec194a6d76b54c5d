"""The calculators in a real browser: seed 000's worked examples in every language, errors."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .drive import baloot_round, belot_deal, expect_result, tap

pytestmark = pytest.mark.browser

# Seed 000's four worked examples (RULES.md 1.9): the deal and what the seed says it gives.
SEED_000: list[tuple[dict[str, Any], tuple[int, int, str, int]]] = [
    (
        {"contract": "hearts", "declarer": "us", "cards": {"us": 82}, "last_trick": "us",
         "declarations": {"us": [20]}},
        (11, 7, "made", 0),
    ),
    (
        {"contract": "all-trumps", "declarer": "us", "cards": {"us": 120}, "last_trick": "them",
         "declarations": {"them": [20]}, "belots": {"us": 1}},
        (0, 30, "inside", 0),
    ),
    (
        {"contract": "no-trumps", "declarer": "us", "multiplier": 2, "cards": {"us": 70},
         "last_trick": "us"},
        (52, 0, "made", 0),
    ),
    (
        {"contract": "spades", "declarer": "us", "cards": {"us": 71}, "last_trick": "them",
         "declarations": {"us": [20]}},
        (0, 9, "hanging", 9),
    ),
]  # fmt: skip


@pytest.mark.parametrize("lang", ["bg", "ar", "en"])
def test_seed_examples_in_every_language(page: Page, base_url: str, lang: str) -> None:
    for deal, (us, them, outcome, hanging) in SEED_000:
        page.goto(f"{base_url}/?lang={lang}")
        belot_deal(page, deal)
        expect_result(page, us, them, outcome, hanging)


def test_the_fourth_example_carries_its_hanging_points_into_the_next_deal(
    page: Page, base_url: str
) -> None:
    page.goto(f"{base_url}/")
    belot_deal(
        page,
        {"contract": "clubs", "declarer": "them", "cards": {"them": 90}, "last_trick": "them",
         "hanging": 9},
    )  # fmt: skip
    # them 100 : us 62 — made; 100 -> 10 (+9 hanging won), 62 -> 6
    expect_result(page, 6, 19, "made", 0)


def test_a_result_is_never_stale(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/")
    belot_deal(page, SEED_000[0][0])
    expect_result(page, 11, 7, "made")
    page.get_by_test_id("cards").fill("160")
    # the old answer is gone at once; the refusal names its field
    expect(page.get_by_test_id("score-us")).to_have_count(0)
    expect(page.get_by_test_id("error")).to_have_attribute("data-field", "cards.us")
    page.get_by_test_id("cards").fill("70")
    expect_result(page, 10, 8, "made")  # 100 : 82 -> 10 : 8


def test_each_tap_adds_one_declaration_and_clear_removes_them(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/?lang=en")
    belot_deal(page, {"contract": "hearts", "declarer": "us", "cards": {"us": 82},
                      "last_trick": "us"})  # fmt: skip
    expect_result(page, 9, 7, "made")  # 92 : 70
    tap(page, "decl-us-20")
    tap(page, "decl-us-20")
    expect_result(page, 13, 7, "made")  # 132 : 70
    tap(page, "decl-clear-us")
    expect_result(page, 9, 7, "made")


def test_errors_speak_the_page_language(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/?lang=bg")
    belot_deal(page, {"contract": "hearts", "declarer": "us", "cards": {"us": 82},
                      "last_trick": "us"})  # fmt: skip
    page.get_by_test_id("cards").fill("160")
    expect(page.get_by_test_id("error")).to_have_text("Картите са най-много 152 точки.")


def test_baloot_examples(page: Page, base_url: str) -> None:
    cases: list[tuple[dict[str, Any], tuple[int, int, str]]] = [
        ({"mode": "hokm", "buyer": "us", "abnat": {"them": 62}}, (10, 6, "made")),
        ({"mode": "sun", "buyer": "us", "abnat": {"them": 65}}, (13, 13, "tie")),
        ({"mode": "sun", "buyer": "us", "abnat": {"them": 80}, "projects": {"us": ["sira"]}},
         (0, 30, "lost")),
        ({"mode": "hokm", "buyer": "us", "abnat": {"them": 62}, "projects": {"us": ["sira"]},
          "multiplier": 3}, (54, 0, "made")),
        ({"mode": "hokm", "buyer": "us", "kaboot": "them", "projects": {"them": ["sira"]},
          "baloot": "us"}, (2, 27, "kaboot")),
    ]  # fmt: skip
    for deal, (us, them, outcome) in cases:
        page.goto(f"{base_url}/baloot")
        baloot_round(page, deal)
        expect_result(page, us, them, outcome)


def test_the_arabic_page_is_right_to_left(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/baloot")
    html = page.locator("html")
    expect(html).to_have_attribute("dir", "rtl")
    expect(html).to_have_attribute("lang", "ar")
    # mirrored: the first team's button sits to the right of the second's
    us = page.get_by_test_id("buyer-us").bounding_box()
    them = page.get_by_test_id("buyer-them").bounding_box()
    assert us is not None and them is not None
    assert us["x"] > them["x"]
    page.goto(f"{base_url}/?lang=en")
    expect(page.locator("html")).to_have_attribute("dir", "ltr")


def test_the_keyboard_alone_enters_a_deal(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/?lang=en")
    page.get_by_test_id("contract-clubs").locator("input").focus()
    for _ in range(2):
        page.keyboard.press("ArrowRight")  # clubs -> diamonds -> hearts
    expect(page.get_by_test_id("contract-hearts").locator("input")).to_be_checked()
    page.get_by_test_id("declarer-us").locator("input").focus()
    page.keyboard.press("Space")  # nobody has declared until told (issue 25)
    page.get_by_test_id("last-us").locator("input").focus()
    page.keyboard.press("Space")
    page.get_by_test_id("cards").fill("82")
    expect_result(page, 9, 7, "made")
    # Enter in the number field recomputes; it must not press the first tap button (+20)
    page.get_by_test_id("cards").press("Enter")
    page.wait_for_load_state("load")
    expect(page.locator('input[name="declarations.us"]')).to_have_value("")
    expect_result(page, 9, 7, "made")


def test_leaving_a_field_keeps_the_answer(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/?lang=en")
    belot_deal(page, SEED_000[0][0])
    expect_result(page, 11, 7, "made")
    page.get_by_test_id("cards").focus()
    page.locator("h1").click()  # the field loses focus: a change event with nothing changed
    tap(page, "declarer-us")  # the choice already made
    assert page.get_by_test_id("score-us").count() == 1  # not cleared, not even for a moment


@pytest.mark.parametrize("lang", ["bg", "ar", "en"])
def test_nothing_is_wider_than_a_360_px_phone(page: Page, base_url: str, lang: str) -> None:
    for path in ("/", "/baloot", "/matches/new"):
        page.goto(f"{base_url}{path}?lang={lang}")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, (path, width)
        small = page.evaluate(
            """() => [...document.querySelectorAll('.chip, .tap')]
                 .filter(e => e.getBoundingClientRect().height < 44).length"""
        )
        assert small == 0, (path, "tap targets under 44 px")


def test_dark_mode_follows_the_phone(browser: Browser, base_url: str) -> None:
    colors = []
    for scheme in ("light", "dark"):
        ctx = browser.new_context(color_scheme=scheme)
        page = ctx.new_page()
        page.goto(f"{base_url}/")
        colors.append(page.evaluate("getComputedStyle(document.body).backgroundColor"))
        ctx.close()
    assert colors[0] != colors[1]
