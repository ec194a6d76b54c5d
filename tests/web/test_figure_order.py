"""Issue 32: every figure reads in its true order, with either digits, on every page. On the
Arabic pages with Arabic-Indic digits a total of 102 read ٢٠١: each zero was drawn in a box of
its own (an inline-block), and a box between two Arabic-Indic digits turns the number round.
Here Chromium draws the pages and each figure is read glyph by glyph, left to right, as the
reader's eye meets it."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from belot.words.i18n import ARAB_DIGITS

from .drive import belot_deal

pytestmark = pytest.mark.browser

# A Belot match whose totals reach 102 : 10, and a coinche match (to 5000) reaching 1020 : 2120.
BELOT: list[dict[str, Any]] = [
    {"contract": "hearts", "declarer": "them", "cards": {"them": 88}, "last_trick": "them"},
    {"contract": "no-trumps", "declarer": "us", "cards": {"us": 118}, "last_trick": "us"},
    {"contract": "all-trumps", "declarer": "us", "capot": "us"},
    {"contract": "all-trumps", "declarer": "us", "capot": "us"},
]  # 6 : 10, 26 : 0, 35 : 0, 35 : 0
COINCHE: list[dict[str, Any]] = [
    {"contract": "hearts", "declarer": "us", "bid": 80, "cards": {"us": 0}, "last_trick": "us"},
    {"contract": "hearts", "declarer": "them", "bid": 150, "multiplier": 4, "capot": "them"},
    {"contract": "hearts", "declarer": "them", "bid": 130, "cards": {"them": 136},
     "last_trick": "them"},
    {"contract": "hearts", "declarer": "us", "bid": 90, "multiplier": 4, "cards": {"us": 80},
     "last_trick": "us"},
]  # fmt: skip  # 0 : 240, 0 : 1600, 20 : 280, 1000 : 0

# A capot in hearts with recontra and a declaration: 109 : 0 (a zero between two digits; at
# a figure's end a zero kept its place).
RECONTRA_CAPOT = {"contract": "hearts", "declarer": "us", "capot": "us", "multiplier": 4,
                  "declarations": {"us": [20]}}  # fmt: skip

# The characters of `el` in the order they stand on the screen, left to right: each one's box
# from a Range over it, its middle compared (a number on one line: no wrapping to mind).
SEEN = """(el) => {
  const glyphs = [];
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let t = walk.nextNode(); t; t = walk.nextNode()) {
    for (let i = 0; i < t.length; i++) {
      if (!/\\S/.test(t.data[i])) continue;
      const r = document.createRange();
      r.setStart(t, i);
      r.setEnd(t, i + 1);
      const box = r.getClientRects()[0];
      if (box) glyphs.push([box.left + box.width / 2, t.data[i]]);
    }
  }
  return glyphs.sort((a, b) => a[0] - b[0]).map((g) => g[1]).join("");
}"""


def arab(n: object) -> str:
    return str(n).translate(ARAB_DIGITS)


def seen(page: Page, testid: str) -> str:
    """The figure `testid` as the eye reads it on the screen, left to right."""
    target = page.get_by_test_id(testid)
    expect(target).to_be_visible()
    return str(target.evaluate(SEEN))


def match(page: Page, base_url: str, game: dict[str, Any], deals: list[dict[str, Any]]) -> str:
    """A match made and played through the API; its page's address."""
    made = page.request.post(f"{base_url}/api/v1/matches", data=game)
    assert made.status, made.text()
    body = made.json()
    auth = {"Authorization": f"Bearer {body['token']}"}
    for deal in deals:
        added = page.request.post(f"{base_url}/api/v1/matches/{body['id']}/deals", data=deal,
                                  headers=auth)  # fmt: skip
        assert added.status == 201, added.text()
    return f"{base_url}/m/{body['id']}"


@pytest.fixture
def played(page: Page, base_url: str) -> dict[str, str]:
    return {
        "belot": match(page, base_url, {"game": "belot", "rules": "bg"}, BELOT),
        "coinche": match(page, base_url, {"game": "coinche", "target": 5000}, COINCHE),
    }


@pytest.mark.parametrize("digits", ["arab", "latn"])
@pytest.mark.parametrize("lang", ["ar", "bg"])
@pytest.mark.parametrize("view", ["", "/big"])
def test_every_total_reads_in_its_true_order(
    page: Page, played: dict[str, str], view: str, lang: str, digits: str
) -> None:
    """102, 1020 and 2120 on the board and in the big figures, read left to right on the
    screen as they are written: 1, 0, 2 (١٠٢), never 201 (٢٠١)."""
    shown = (lambda n: arab(n)) if digits == "arab" else str
    for url, totals in ((played["belot"], (102, 10)), (played["coinche"], (1020, 2120))):
        page.goto(f"{url}{view}?lang={lang}&digits={digits}")
        for team, total in zip(("us", "them"), totals, strict=True):
            assert page.get_by_test_id(f"total-{team}").get_attribute("data-value") == str(total)
            assert seen(page, f"total-{team}") == shown(total), (url, view, team)


def test_the_calculator_s_result_reads_in_its_true_order(
    context: BrowserContext, page: Page, base_url: str
) -> None:
    """A deal's score in the result box (109 : 0: its zero between two digits), for a
    reader who chose Arabic-Indic digits (the cookie the match pages set)."""
    context.add_cookies([{"name": "digits", "value": "arab", "url": base_url}])
    page.goto(f"{base_url}/?lang=ar")
    belot_deal(page, RECONTRA_CAPOT)
    expect(page.get_by_test_id("score-us")).to_have_attribute("data-value", "109")
    assert seen(page, "score-us") == arab(109)
    assert seen(page, "score-them") == arab(0)


def test_the_address_s_digits_win_over_the_cookie_s_in_the_live_result(
    context: BrowserContext, page: Page, base_url: str
) -> None:
    """`?digits=latn` with a `digits=arab` cookie: the page and its live result in Western
    digits (the result was asked without the address's choice, so the cookie's came back)."""
    context.add_cookies([{"name": "digits", "value": "arab", "url": base_url}])
    page.goto(f"{base_url}/?lang=ar&digits=latn")
    belot_deal(page, RECONTRA_CAPOT)
    expect(page.get_by_test_id("score-us")).to_have_text("109")
    page.goto(f"{base_url}/?lang=ar")  # the cookie's choice, the address saying none
    belot_deal(page, RECONTRA_CAPOT)
    expect(page.get_by_test_id("score-us")).to_have_text(arab(109))


# Each "a : b" of the one-line why under the result's figures: whether its first figure (ours)
# stands on the side of its second that our figure in the box above stands on of theirs.
PAIRS = """() => {
  const mid = (r) => r.left + r.width / 2;
  const box = (id) => mid(document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect());
  const ours = Math.sign(box("score-us") - box("score-them"));
  const found = [];
  const walk = document.createTreeWalker(document.querySelector(".why"), NodeFilter.SHOW_TEXT);
  for (let t = walk.nextNode(); t; t = walk.nextNode()) {
    for (const m of t.data.matchAll(/([0-9٠-٩]+)\\s:\\s([0-9٠-٩]+)/g)) {
      const at = (a, b) => {
        const r = document.createRange();
        r.setStart(t, a);
        r.setEnd(t, b);
        return mid(r.getBoundingClientRect());
      };
      const first = at(m.index, m.index + m[1].length);
      const second = at(m.index + m[0].length - m[2].length, m.index + m[0].length);
      found.push([m[0], Math.sign(first - second) === ours]);
    }
  }
  return found;
}"""


@pytest.mark.parametrize("lang", ["ar", "bg", "en"])
def test_each_score_in_the_why_reads_ours_on_our_side(page: Page, base_url: str, lang: str) -> None:
    """Issue 32: on the Arabic page the why's "a : b" read left to right, so our figure stood
    under the other team's; in every language ours stands on our side, as on the tournament's
    cards (the page's reading order: on the right in Arabic)."""
    page.goto(f"{base_url}/?lang={lang}&digits={'arab' if lang == 'ar' else 'latn'}")
    belot_deal(page, RECONTRA_CAPOT)
    expect(page.get_by_test_id("score-us")).to_have_attribute("data-value", "109")
    pairs = page.evaluate(PAIRS)
    assert pairs, "no score in the why"
    assert all(ours for _, ours in pairs), pairs
