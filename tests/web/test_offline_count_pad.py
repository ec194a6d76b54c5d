"""The count pad offline (issue 32): the table of card values comes with the result panel,
which the device's engine draws from the same code and templates as the server; count.js comes
from the precache with every other static file."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from belot.contract import score
from belot.web.assets import Assets
from belot.web.offline.pack import Pack

from .drive import expect_result, tap
from .test_count_pad import EXAMPLE, count, expect_sum, open_pad

PRESENT = Pack(Assets()).present
READY = '[data-testid="offline-ready"][data-ready="yes"]'
RUNNING = '[data-testid="offline-ready"][data-running="yes"]'

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not PRESENT, reason="no offline pack: run `make offline`"),
]


def test_the_pad_counts_offline(phone: BrowserContext, own_server: str) -> None:
    assets = Assets()
    pack = Pack(assets)
    assert assets.url("count.js") in {e["url"] for e in pack.precache()}
    page: Page = phone.new_page()
    page.goto(f"{own_server}/?lang=bg")
    expect(page.locator(READY)).to_be_visible(timeout=120_000)  # the pack is on the device
    phone.set_offline(True)
    page.reload()
    expect(page.get_by_test_id("contract-hearts")).to_be_visible()
    expect(page.locator(RUNNING)).to_be_attached(timeout=60_000)  # Pyodide's cold start
    tap(page, "contract-hearts")
    tap(page, "declarer-us")
    tap(page, "last-us")
    open_pad(page)  # its table from the engine's panel
    count(page, *EXAMPLE)
    expect_sum(page, 55, 97)
    tap(page, "contract-all-trumps")  # J♥ 20 9♥ 14 A♠ 11 10♦ 10 in all trumps too
    expect_sum(page, 55, 193)
    tap(page, "contract-no-trumps")  # J♥ 2 9♥ 0 A♠ 11 10♦ 10
    expect_sum(page, 23, 97)
    page.get_by_test_id("count-done").click()
    expect(page.get_by_test_id("cards")).to_have_value("23")
    result = score({"contract": "no-trumps", "declarer": "us", "cards": {"us": 23},
                    "last_trick": "us"})  # fmt: skip
    expect_result(page, result["score"]["us"], result["score"]["them"], result["outcome"])
