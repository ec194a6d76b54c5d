"""Layout at 360×780 in Chromium (issue 19, round two): a viewer's sheet stays put when a deal
arrives from another phone."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

DEAL = {"contract": "hearts", "declarer": "us", "cards": {"us": 82}, "last_trick": "us"}
SEATS = ["Иван", "Мария", "Петър", "Гергана"]


def top_of(page: Page, testid: str) -> float:
    box = page.get_by_test_id(testid).bounding_box()
    assert box is not None, testid
    return box["y"]


@pytest.mark.parametrize("lang", ["bg", "ar"])
def test_a_viewers_sheet_stays_put_when_another_phone_adds_a_deal(
    page: Page, base_url: str, lang: str
) -> None:
    made = httpx.post(f"{base_url}/api/v1/matches", json={"game": "belot", "seats": SEATS})
    assert made.status_code == 201, made.text
    match = made.json()
    auth = {"Authorization": f"Bearer {match['token']}"}
    deals = f"{base_url}/api/v1/matches/{match['id']}/deals"
    for _ in range(3):
        assert httpx.post(deals, json=DEAL, headers=auth).status_code == 201
    page.goto(f"{base_url}/m/{match['id']}?lang={lang}")  # the share link: a viewer
    expect(page.get_by_test_id("read-only")).to_be_visible()
    page.locator("#sheet").evaluate("e => e.scrollIntoView()")  # reading the sheet
    assert page.evaluate("scrollY") > 100
    before = {t: top_of(page, t) for t in ("rules", "row-1", "row-3")}
    for n in (4, 5):
        assert httpx.post(deals, json=DEAL, headers=auth).status_code == 201
        expect(page.get_by_test_id(f"row-{n}")).to_be_attached(timeout=10_000)
        expect(page.locator("#table")).to_have_class("table")  # swapped and settled
        after = {t: top_of(page, t) for t in before}
        moved = {t: after[t] - before[t] for t in before}
        assert all(abs(d) <= 2 for d in moved.values()), (n, moved)
