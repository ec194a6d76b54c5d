"""The count pad (issue 32, CONTRACT §6 "Count pad") in Chromium at 360×780: on every
calculator of the registry and on a match's deal form, the cards tapped count at the values the
core gives the game, contract and rules chosen (`Rules.card_values`, read here to check the
page), a second tap takes a card back, another contract recounts the same cards, and
`count-done` fills the pile as if typed."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from belot.contract import score
from belot.core.games import GAMES
from belot.core.presets import PRESETS, house_rules
from belot.core.rules_base import Rules

from .drive import add_deal, expect_result, tap

pytestmark = pytest.mark.browser

# J♥ 9♥ A♠ 10♦ in hearts: 20 + 14 + 11 + 10 = 55, the other pile 97.
EXAMPLE = (("hearts", "J"), ("hearts", "9"), ("spades", "A"), ("diamonds", "10"))
# Every calculator whose deal names a trump suit, by its path (the registry's).
SUIT_GAMES = [
    pytest.param(info.path, info.default_preset.name, id=info.name)
    for info in GAMES.values()
    if info.default_preset.card_values("hearts") is not None
]


def worth(rules: Rules, contract: str, cards: Any, trump: str | None = None) -> int:
    """What the cards are worth under the core's values: what the pad must say."""
    values = rules.card_values(contract, trump)
    assert values is not None
    return sum(values[suit][rank] for suit, rank in cards)


def expect_scored(page: Page, deal: dict[str, Any]) -> None:
    """The page's live result is the core's for `deal`."""
    result = score(deal)
    expect_result(page, result["score"]["us"], result["score"]["them"], result["outcome"])


def open_pad(page: Page) -> None:
    page.get_by_test_id("count-open").click()
    expect(page.get_by_test_id("count-done")).to_be_visible()


def count(page: Page, *cards: tuple[str, str]) -> None:
    for suit, rank in cards:
        card = page.get_by_test_id(f"card-{suit}-{rank}")
        pressed = card.get_attribute("aria-pressed")
        card.click()
        expect(card).to_have_attribute("aria-pressed", "false" if pressed == "true" else "true")


def expect_sum(page: Page, points: int, other: int) -> None:
    expect(page.get_by_test_id("count-sum")).to_have_attribute("data-value", str(points))
    expect(page.get_by_test_id("count-other")).to_have_attribute("data-value", str(other))


def test_belot_a_suit_contract_counted_taken_back_and_done(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/?lang=bg")
    tap(page, "contract-hearts")
    tap(page, "declarer-us")
    tap(page, "last-us")
    tap(page, "cards-team-them")
    open_pad(page)
    expect(page.locator(".count-pad")).to_contain_text("купчина Вие")  # the pile it counts
    count(page, *EXAMPLE)
    points = worth(PRESETS["bg"], "hearts", EXAMPLE)
    assert points == 55
    expect_sum(page, 55, 97)
    expect(page.get_by_test_id("count-sum")).to_have_text("55")
    # the trump suit marked: the hearts row only
    expect(page.locator(".count-row.trump")).to_have_count(1)
    expect(page.locator('.count-row.trump[data-suit="hearts"]')).to_have_count(1)
    count(page, ("spades", "A"))  # a second tap takes it back
    expect_sum(page, 44, 108)
    count(page, ("spades", "A"))
    expect_sum(page, 55, 97)
    page.get_by_test_id("count-done").click()
    expect(page.locator(".count-pad")).to_be_hidden()
    expect(page.get_by_test_id("cards")).to_have_value("55")
    expect(page.locator('[data-testid="cards-team-them"] input')).to_be_checked()
    # as if typed: the live result, them 55, us 97 and the last trick
    deal = {"contract": "hearts", "declarer": "us", "cards": {"them": 55}, "last_trick": "us"}
    expect_scored(page, deal)
    expect(page.locator("#other")).to_contain_text("97")


def test_belot_another_contract_recounts_the_same_cards(page: Page, base_url: str) -> None:
    bg = PRESETS["bg"]
    cards = (("hearts", "J"), ("spades", "9"))
    page.goto(f"{base_url}/?lang=bg")
    tap(page, "contract-hearts")
    open_pad(page)
    count(page, *cards)
    expect_sum(page, worth(bg, "hearts", cards), 152 - 20)
    tap(page, "contract-no-trumps")  # J♥ 2, 9♠ 0
    assert worth(bg, "no-trumps", cards) == 2
    expect_sum(page, 2, 118)
    expect(page.locator(".count-row.trump")).to_have_count(0)
    tap(page, "contract-all-trumps")  # J♥ 20, 9♠ 14
    assert worth(bg, "all-trumps", cards) == 34
    expect_sum(page, 34, 214)
    expect(page.locator(".count-row.trump")).to_have_count(4)
    expect(page.get_by_test_id("count-last")).to_be_hidden()  # Baloot's alone
    expect(page.get_by_test_id("count-trump-spades")).to_be_hidden()  # the contract names it


@pytest.mark.parametrize(("path", "preset"), SUIT_GAMES)
def test_every_calculator_counts_a_suit_contract(
    page: Page, base_url: str, path: str, preset: str
) -> None:
    page.goto(f"{base_url}{path}")
    tap(page, "contract-hearts")
    tap(page, "declarer-us")
    tap(page, "cards-team-us")
    open_pad(page)
    count(page, *EXAMPLE)
    expect_sum(page, worth(PRESETS[preset], "hearts", EXAMPLE), 97)
    page.get_by_test_id("count-done").click()
    expect(page.get_by_test_id("cards")).to_have_value("55")
    # the page's answer to the pile as typed: the other pile beside it
    expect(page.locator("#other")).to_contain_text("97")


def test_baloot_sun_and_hokm_with_the_trump_and_the_last_trick(page: Page, base_url: str) -> None:
    sa = PRESETS["sa"]
    cards = (("spades", "J"), ("hearts", "J"), ("clubs", "A"))
    page.goto(f"{base_url}/baloot?lang=ar")
    tap(page, "mode-hokm")
    tap(page, "buyer-us")
    open_pad(page)
    expect(page.locator(".count-pad")).to_contain_text("أبناط لهم")  # the non-buyer's pile
    count(page, *cards)
    # Hokm: the deal names no suit, so the pad asks which one is trump
    expect(page.get_by_test_id("count-sum")).to_have_attribute("data-value", "")
    expect(page.get_by_test_id("count-done")).to_be_disabled()
    page.get_by_test_id("count-trump-spades").click()
    expect(page.get_by_test_id("count-trump-spades")).to_have_attribute("aria-pressed", "true")
    assert worth(sa, "hokm", cards, "spades") == 33
    expect_sum(page, 33, 129)
    page.get_by_test_id("count-trump-hearts").click()
    expect_sum(page, worth(sa, "hokm", cards, "hearts"), 162 - 33)
    page.get_by_test_id("count-trump-spades").click()
    last = page.get_by_test_id("count-last")
    last.click()
    expect(last).to_have_attribute("aria-pressed", "true")
    expect_sum(page, 43, 119)
    tap(page, "mode-sun")  # no trump; the same cards and the last trick
    assert worth(sa, "sun", cards) + sa.pile_last_trick == 25
    expect_sum(page, 25, 105)
    expect(page.get_by_test_id("count-trump-spades")).to_be_hidden()
    last.click()  # taken back
    expect_sum(page, 15, 115)
    last.click()
    page.get_by_test_id("count-done").click()
    expect(page.get_by_test_id("abnat")).to_have_value("25")
    expect(page.locator('[data-testid="abnat-team-them"] input')).to_be_checked()
    # the buyer 105, the others 25
    expect_scored(page, {"game": "baloot", "mode": "sun", "buyer": "us", "abnat": {"them": 25}})


def test_baloot_with_arabic_indic_digits(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/baloot?lang=ar&digits=arab")
    tap(page, "mode-sun")
    tap(page, "buyer-them")
    open_pad(page)
    count(page, ("hearts", "A"), ("hearts", "10"))
    expect_sum(page, 21, 109)
    expect(page.get_by_test_id("count-sum")).to_have_text("٢١")  # its text in the page's digits
    expect(page.get_by_test_id("count-other")).to_have_text("١٠٩")
    expect(page.get_by_test_id("card-hearts-A")).to_contain_text("١١")
    page.get_by_test_id("count-done").click()
    expect(page.get_by_test_id("abnat")).to_have_value("٢١")  # as an Arabic reader types it
    expect_scored(page, {"game": "baloot", "mode": "sun", "buyer": "them", "abnat": {"us": 21}})


def test_coinche_sans_tout_atout_has_its_own_values(page: Page, base_url: str) -> None:
    rules = house_rules(None, {"preset": "coinche", "sans-tout-atout": True})
    page.goto(f"{base_url}/coinche")
    tap(page, "rules-coinche")
    page.get_by_test_id("rule-sans-tout-atout").click()
    tap(page, "contract-no-trumps")
    open_pad(page)
    count(page, ("hearts", "A"))
    assert worth(rules, "no-trumps", [("hearts", "A")]) == 19
    expect_sum(page, 19, 133)
    tap(page, "contract-all-trumps")
    count(page, ("hearts", "J"))  # J 13, A 6 in tout-atout
    assert worth(rules, "all-trumps", [("hearts", "A"), ("hearts", "J")]) == 19
    expect_sum(page, 19, 133)
    tap(page, "contract-hearts")
    expect_sum(page, 31, 121)


def test_cards_counted_before_the_contract_count_with_it(page: Page, base_url: str) -> None:
    """A fresh form has no contract, and its page no table (the first bytes stay light): the
    pad opens all the same, the cards counted wait for their values, the panel's hint says
    what to choose; the contract chosen, the table comes with the answer and they count."""
    page.goto(f"{base_url}/klaverjas")
    assert page.locator("template[data-count]").count() == 0
    page.get_by_test_id("count-open").click()
    count(page, ("spades", "J"), ("spades", "9"))
    expect(page.get_by_test_id("count-sum")).to_have_attribute("data-value", "")
    expect(page.get_by_test_id("count-done")).to_be_disabled()
    expect(page.locator(".count-head")).to_contain_text("Kies")  # "Kies de troef."
    tap(page, "contract-spades")
    expect_sum(page, 34, 118)
    expect(page.locator(".count-head")).to_contain_text("Kaarten tellen")
    tap(page, "contract-hearts")
    expect_sum(page, 2, 150)


def match_page(page: Page, base_url: str, game: str, lang: str, **extra: Any) -> None:
    made = page.request.post(f"{base_url}/api/v1/matches", data={"game": game, **extra}).json()
    page.goto(f"{base_url}/m/{made['id']}?lang={lang}#token={made['token']}")
    page.wait_for_url(f"**/m/{made['id']}")
    expect(page.get_by_test_id("add-deal")).to_be_visible()


def test_a_matchs_deal_form_with_seats(page: Page, base_url: str) -> None:
    match_page(page, base_url, "belot", "bg", seats=["Иван", "Петър", "Мария", "Ана"])
    tap(page, "contract-hearts")
    tap(page, "declarer-us")
    tap(page, "last-us")
    open_pad(page)
    count(page, *EXAMPLE)
    expect_sum(page, 55, 97)
    page.get_by_test_id("count-done").click()
    expect(page.get_by_test_id("cards")).to_have_value("55")
    deal = {"contract": "hearts", "declarer": "us", "cards": {"us": 55}, "last_trick": "us"}
    expect_scored(page, deal)  # 65 : 97, the declarers inside
    add_deal(page)
    them = str(score(deal)["score"]["them"])
    expect(page.get_by_test_id("total-them")).to_have_attribute("data-value", them)
    # a fresh form after the deal: its own pad, nothing counted
    tap(page, "contract-clubs")
    open_pad(page)
    expect(page.locator('.count-pad [aria-pressed="true"]')).to_have_count(0)
    expect_sum(page, 0, 152)


def test_a_klaverjas_matchs_deal_form(page: Page, base_url: str) -> None:
    match_page(page, base_url, "klaverjas", "nl")
    tap(page, "contract-diamonds")
    tap(page, "declarer-us")
    tap(page, "last-us")
    open_pad(page)
    cards = (("diamonds", "J"), ("diamonds", "9"), ("hearts", "A"), ("hearts", "10"),
             ("clubs", "A"), ("spades", "A"), ("spades", "10"))  # fmt: skip
    count(page, *cards)
    points = worth(PRESETS["rotterdam"], "diamonds", cards)
    assert points == 87
    expect_sum(page, 87, 65)
    page.get_by_test_id("count-done").click()
    expect_scored(page, {"game": "klaverjas", "contract": "diamonds", "declarer": "us",
                         "cards": {"us": 87}, "last_trick": "us"})  # fmt: skip
