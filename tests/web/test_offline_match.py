"""A whole match offline (docs/web.md, "Offline"; issue 10 item 3): deals added with the
network cut are kept on the device as `pending`, sent in order when it is back, recorded once
each; another phone's deal meanwhile (a stale version) is rebased on; a changed sheet asks.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from .drive import belot_deal
from .test_offline import READY, needs_pack
from .test_table import new_match

pytestmark = pytest.mark.browser

DEALS: list[dict[str, Any]] = [
    {"contract": "hearts", "declarer": "us", "cards": {"us": 82}, "last_trick": "us",
     "declarations": {"us": [20]}},
    {"contract": "clubs", "declarer": "them", "cards": {"them": 100}, "last_trick": "them"},
    {"contract": "no-trumps", "declarer": "us", "cards": {"us": 90}, "last_trick": "us"},
]  # fmt: skip

# The page's own queue module (no window global: the page scripts are ES modules), imported
# by its hashed name as the page preloads it.
KEPT = """async () => {
  const url = document.querySelector('link[rel=modulepreload][href*="/queue."]').href;
  return (await import(url)).load(location.pathname);
}"""


def recorded(base_url: str, url: str) -> list[dict[str, Any]]:
    match_id = url.rsplit("/", 1)[1]
    deals: list[dict[str, Any]] = httpx.get(f"{base_url}/api/v1/matches/{match_id}").json()["deals"]
    return deals


def recorded_when(
    base: str, url: str, done: Callable[[list[str]], bool], timeout: float = 30.0
) -> list[dict[str, Any]]:
    """The server's deals once `done` holds of their contracts. The kept rows go as the last
    answer is drawn, and a sheet swapped in redraws them a moment later: the page saying none
    is kept is not yet the server having them all (a send not through is tried again in 15 s)."""
    deadline = time.monotonic() + timeout
    while True:
        deals = recorded(base, url)
        if done([d["input"]["contract"] for d in deals]) or time.monotonic() > deadline:
            return deals
        time.sleep(0.2)


def add_offline(page: Page, deal: dict[str, Any], kept: int) -> None:
    belot_deal(page, deal)
    page.get_by_test_id("add-deal").click()
    expect(page.get_by_test_id("pending")).to_have_count(kept)
    expect(page.get_by_test_id("cards")).to_have_value("")  # a fresh form for the next deal


def test_deals_added_offline_are_kept_and_sent_in_order_once(
    context: BrowserContext, page: Page, base_url: str
) -> None:
    url = new_match(page, base_url, "belot", "en")
    context.set_offline(True)
    for kept, deal in enumerate(DEALS, start=1):
        add_offline(page, deal, kept)
    expect(page.get_by_test_id("send-failed")).to_be_hidden()
    expect(page.get_by_test_id("pending").first).to_contain_text("not sent yet")
    expect(page.locator("#deal")).to_have_text("Deal 4")  # the next one after those kept
    assert recorded(base_url, url) == []
    context.set_offline(False)  # the `online` event: sent in order, then the server's sheet
    expect(page.get_by_test_id("row-3")).to_be_visible(timeout=10_000)
    expect(page.get_by_test_id("pending")).to_have_count(0)
    deals = recorded_when(base_url, url, lambda got: len(got) >= 3)
    assert [d["input"]["contract"] for d in deals] == ["hearts", "clubs", "no-trumps"]
    expect(page.get_by_test_id("row-1-us")).to_have_attribute("data-value", "11")
    page.reload()  # nothing left on the device
    expect(page.get_by_test_id("pending")).to_have_count(0)
    assert len(recorded(base_url, url)) == 3


def test_a_send_whose_answer_was_lost_is_recorded_once(
    context: BrowserContext, page: Page, base_url: str
) -> None:
    url = new_match(page, base_url, "belot", "en")
    context.set_offline(True)
    add_offline(page, DEALS[0], 1)
    add_offline(page, DEALS[1], 2)
    lost: list[str] = []

    def reach_then_drop(route: Route) -> None:  # the server records it; the answer is lost
        route.fetch()
        lost.append(route.request.post_data or "")
        route.abort("connectionreset")

    page.route(f"{url}/deals", reach_then_drop, times=1)
    context.set_offline(False)
    for _ in range(100):  # the first send, its answer lost
        if lost:
            break
        page.wait_for_timeout(100)
    # No answer: still kept, and tried again (at once when the page hears from the server
    # some other way, e.g. its live sheet) with the same keys: recorded once each.
    assert len(lost) == 1 and len(recorded(base_url, url)) >= 1
    for _ in range(20):
        page.evaluate("window.dispatchEvent(new Event('online'))")
        if page.get_by_test_id("row-2").count():
            break
        page.wait_for_timeout(500)
    expect(page.get_by_test_id("row-2")).to_be_visible()
    expect(page.get_by_test_id("pending")).to_have_count(0)
    deals = recorded_when(base_url, url, lambda got: len(got) >= 2)
    assert [d["input"]["contract"] for d in deals] == ["hearts", "clubs"]


def edit_token(page: Page) -> str:
    return (page.get_by_test_id("edit-url").input_value() or "").split("#token=")[1]


def test_another_phones_deal_meanwhile_is_rebased_on(
    context: BrowserContext, page: Page, base_url: str
) -> None:
    url = new_match(page, base_url, "belot", "en")
    match_id, token = url.rsplit("/", 1)[1], edit_token(page)
    context.set_offline(True)
    add_offline(page, DEALS[0], 1)
    add_offline(page, DEALS[1], 2)
    other = httpx.post(
        f"{base_url}/api/v1/matches/{match_id}/deals",
        json=DEALS[2], headers={"Authorization": f"Bearer {token}"},
    )  # fmt: skip
    assert other.status_code == 201
    context.set_offline(False)  # 412 on version 0: the two adds still apply, sent on version 1
    expect(page.get_by_test_id("row-3")).to_be_visible(timeout=10_000)
    expect(page.get_by_test_id("pending")).to_have_count(0)
    expect(page.get_by_test_id("pending-conflict")).to_be_hidden()
    deals = recorded(base_url, url)
    assert [d["input"]["contract"] for d in deals] == ["no-trumps", "hearts", "clubs"]


def test_a_changed_sheet_asks_before_sending(
    context: BrowserContext, page: Page, base_url: str
) -> None:
    url = new_match(page, base_url, "belot", "bg")
    match_id, token = url.rsplit("/", 1)[1], edit_token(page)
    auth = {"Authorization": f"Bearer {token}"}
    httpx.post(f"{base_url}/api/v1/matches/{match_id}/deals", json=DEALS[2], headers=auth)
    page.reload()
    expect(page.get_by_test_id("row-1")).to_be_visible()
    context.set_offline(True)
    add_offline(page, DEALS[0], 1)
    add_offline(page, DEALS[1], 2)
    # Another phone deletes deal 1: the deals kept here were added after it.
    gone = httpx.delete(f"{base_url}/api/v1/matches/{match_id}/deals/1", headers=auth)
    assert gone.status_code == 200
    context.set_offline(False)
    conflict = page.get_by_test_id("pending-conflict")
    expect(conflict).to_be_visible(timeout=10_000)
    expect(conflict).to_contain_text("друг телефон")  # in the page's language
    expect(page.get_by_test_id("pending")).to_have_count(2)  # kept until the player chooses
    expect(page.get_by_test_id("row-1")).to_have_count(0)  # the server's sheet, to check
    assert recorded(base_url, url) == []
    page.get_by_test_id("pending-send").click()
    expect(page.get_by_test_id("row-2")).to_be_visible(timeout=10_000)
    expect(page.get_by_test_id("pending")).to_have_count(0)
    expect(conflict).to_be_hidden()
    deals = recorded(base_url, url)
    assert [d["input"]["contract"] for d in deals] == ["hearts", "clubs"]


def test_discarded_pending_deals_leave_the_device(
    context: BrowserContext, page: Page, base_url: str
) -> None:
    url = new_match(page, base_url, "belot", "ar")
    match_id, token = url.rsplit("/", 1)[1], edit_token(page)
    auth = {"Authorization": f"Bearer {token}"}
    httpx.post(f"{base_url}/api/v1/matches/{match_id}/deals", json=DEALS[2], headers=auth)
    page.reload()
    context.set_offline(True)
    add_offline(page, DEALS[0], 1)
    httpx.delete(f"{base_url}/api/v1/matches/{match_id}/deals/1", headers=auth)
    context.set_offline(False)
    expect(page.get_by_test_id("pending-conflict")).to_be_visible(timeout=10_000)
    page.get_by_test_id("pending-discard").click()
    expect(page.get_by_test_id("pending")).to_have_count(0)
    page.reload()
    expect(page.get_by_test_id("pending")).to_have_count(0)
    assert recorded(base_url, url) == []


# With the service worker: the match page itself from the device.


@needs_pack
def test_a_match_page_opens_and_keeps_deals_with_the_network_cut(
    phone: BrowserContext, own_server: str
) -> None:
    page = phone.new_page()
    url = new_match(page, own_server, "belot", "en")
    expect(page.locator(READY)).to_be_visible(timeout=120_000)  # the pack is on the device
    phone.set_offline(True)
    page.reload()  # the match page as the device keeps it
    expect(page.get_by_test_id("add-deal")).to_be_visible()
    for kept, deal in enumerate(DEALS, start=1):
        add_offline(page, deal, kept)
    page.reload()  # still offline: the kept deals are still there, in order
    expect(page.get_by_test_id("pending")).to_have_count(3)
    # Their totals, from the core's Match replay in the engine on the device.
    last = page.get_by_test_id("pending").nth(2)
    expect(last).to_have_attribute("data-total-us", re.compile(r"^\d+$"), timeout=60_000)
    on_device = [last.get_attribute("data-total-us"), last.get_attribute("data-total-them")]
    assert page.get_by_test_id("pending").first.get_attribute("data-us") == "11"
    assert recorded(own_server, url) == []
    phone.set_offline(False)
    expect(page.get_by_test_id("row-3")).to_be_visible(timeout=10_000)
    expect(page.get_by_test_id("pending")).to_have_count(0)
    server = [page.get_by_test_id(f"total-{t}").get_attribute("data-value") for t in ("us", "them")]
    assert on_device == server
    deals = recorded(own_server, url)
    assert [d["input"]["contract"] for d in deals] == ["hearts", "clubs", "no-trumps"]


FIVE: list[dict[str, Any]] = [
    *DEALS,
    {"contract": "diamonds", "declarer": "them", "cards": {"them": 90}, "last_trick": "them"},
    {"contract": "spades", "declarer": "us", "cards": {"us": 95}, "last_trick": "us"},
]  # fmt: skip
EDITED: dict[str, Any] = {
    "contract": "diamonds", "declarer": "us", "cards": {"us": 110}, "last_trick": "us",
}  # fmt: skip


def test_five_deals_added_and_one_edited_offline_are_sent_as_edited(
    context: BrowserContext, page: Page, base_url: str, browser: Browser
) -> None:
    """Issue 10's test: add 5 deals and edit one offline; online, the API holds exactly
    those deals, in order, the edit applied, each once, and a viewer's page shows them."""
    url = new_match(page, base_url, "belot", "en")
    context.set_offline(True)
    for kept, deal in enumerate(FIVE, start=1):
        add_offline(page, deal, kept)
    page.get_by_test_id("pending-edit-2").click()  # its kept form, in the deal form
    expect(page.locator("#deal")).to_have_text("Edit deal 2")
    expect(page.get_by_test_id("add-deal")).to_have_text("Save deal 2")
    expect(page.get_by_test_id("cards")).to_have_value("100")
    belot_deal(page, EDITED)
    page.get_by_test_id("add-deal").click()
    expect(page.get_by_test_id("pending")).to_have_count(5)  # replaced, not added
    expect(page.get_by_test_id("cards")).to_have_value("")
    expect(page.locator("#deal")).to_have_text("Deal 6")
    expect(page.get_by_test_id("add-deal")).to_have_text("Add the deal")
    expect(page.get_by_test_id("pending-cancel")).to_have_count(0)
    # Opened and given up: the kept deal stays as it was.
    page.get_by_test_id("pending-edit-4").click()
    expect(page.get_by_test_id("cards")).to_have_value("90")
    page.get_by_test_id("pending-cancel").click()
    expect(page.get_by_test_id("cards")).to_have_value("")
    expect(page.locator("#deal")).to_have_text("Deal 6")
    assert recorded(base_url, url) == []
    other = browser.new_context(service_workers="block")  # another phone, following it
    viewer = other.new_page()
    viewer.goto(url)
    expect(viewer.get_by_test_id("read-only")).to_be_visible()
    context.set_offline(False)
    expect(page.get_by_test_id("row-5")).to_be_visible(timeout=10_000)
    expect(page.get_by_test_id("pending")).to_have_count(0)
    deals = recorded(base_url, url)
    assert [d["input"]["contract"] for d in deals] == [
        "hearts", "diamonds", "no-trumps", "diamonds", "spades",
    ]  # fmt: skip
    expect(viewer.get_by_test_id("row-5")).to_be_visible(timeout=15_000)
    for n, deal in enumerate(deals, start=1):
        expect(viewer.get_by_test_id(f"row-{n}-us")).to_have_attribute(
            "data-value", str(deal["result"]["score"]["us"])
        )
    other.close()
    assert [d["input"]["declarer"] for d in deals] == ["us", "us", "us", "them", "us"]
    assert deals[1]["input"]["cards"] == {"us": 110}
    page.reload()  # nothing left on the device, nothing sent twice
    expect(page.get_by_test_id("pending")).to_have_count(0)
    assert len(recorded(base_url, url)) == 5


def test_a_kept_deal_open_in_the_form_stays_open_over_a_reload(
    context: BrowserContext, page: Page, base_url: str
) -> None:
    url = new_match(page, base_url, "belot", "en")
    context.set_offline(True)
    add_offline(page, DEALS[0], 1)
    add_offline(page, DEALS[1], 2)
    page.get_by_test_id("pending-edit-1").click()
    belot_deal(page, EDITED)  # typed, not saved yet
    page.route(f"{url}/deals", lambda route: route.abort("internetdisconnected"))
    context.set_offline(False)  # nothing is sent while a kept deal is open
    page.reload()
    expect(page.locator("#deal")).to_have_text("Edit deal 1")
    expect(page.get_by_test_id("add-deal")).to_have_text("Save deal 1")
    expect(page.get_by_test_id("cards")).to_have_value("110")  # the form's draft
    expect(page.get_by_test_id("pending")).to_have_count(2)
    page.unroute(f"{url}/deals")
    page.get_by_test_id("add-deal").click()  # replaces deal 1, then both are sent
    expect(page.get_by_test_id("row-2")).to_be_visible(timeout=10_000)
    expect(page.get_by_test_id("pending")).to_have_count(0)
    deals = recorded(base_url, url)
    assert [d["input"]["contract"] for d in deals] == ["diamonds", "clubs"]
    assert deals[0]["input"]["cards"] == {"us": 110}


def test_a_kept_deal_deleted_before_it_is_sent_is_never_sent(
    context: BrowserContext, page: Page, base_url: str
) -> None:
    url = new_match(page, base_url, "belot", "en")
    context.set_offline(True)
    for kept, deal in enumerate(DEALS, start=1):
        add_offline(page, deal, kept)
    page.get_by_test_id("pending-edit-2").click()
    expect(page.get_by_test_id("pending-delete")).to_have_text("Delete deal 2")
    page.get_by_test_id("pending-delete").click()
    expect(page.get_by_test_id("pending")).to_have_count(2)
    expect(page.get_by_test_id("cards")).to_have_value("")
    expect(page.locator("#deal")).to_have_text("Deal 3")
    expect(page.get_by_test_id("pending-delete")).to_have_count(0)
    kept = page.evaluate(KEPT)  # on the device: IndexedDB, as queue.js reads it
    assert [p["base"] for p in kept] == [0, 1]  # the one after it moved up
    context.set_offline(False)
    expect(page.get_by_test_id("row-2")).to_be_visible(timeout=10_000)
    expect(page.get_by_test_id("pending")).to_have_count(0)
    deals = recorded(base_url, url)
    assert [d["input"]["contract"] for d in deals] == ["hearts", "no-trumps"]
