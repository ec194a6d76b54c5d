"""Issue 19's leftovers with the server stopped while the phone says it is online (gate.py,
conftest.ONLINE_ALWAYS): the rows kept on the device in the page's digits (Arabic-Indic on an
Arabic page that chose them, as the server's rows), and the pages that need the server — the
edit link's claim, the club pages — never on the browser's error page: the action is kept, or
the page says in its language that the server cannot be reached."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, expect

from .gate import Gate, not_the_browsers_error_page
from .test_offline import READY, needs_pack
from .test_offline_edits import match_with
from .test_offline_match import DEALS, add_offline, edit_token

pytestmark = [pytest.mark.browser, needs_pack]

BG = "Сървърът не може да бъде достигнат."
EN = "The server cannot be reached."
WESTERN = re.compile(r"[0-9]")


def test_rows_kept_on_the_device_use_the_pages_arabic_indic_digits(
    phone: BrowserContext, g: Gate
) -> None:
    page = phone.new_page()
    url = match_with(page, g.url, DEALS[:2])
    page.goto(f"{url}?lang=ar&digits=arab")
    expect(page.get_by_test_id("row-2").locator(".n")).to_have_text("٢")  # the server's rows
    g.shut()
    add_offline(page, DEALS[2], 1)
    row = page.get_by_test_id("pending")
    expect(row.locator(".n")).to_have_text("٣")
    expect(page.get_by_test_id("pending-edit-3")).to_have_attribute("aria-label", re.compile("٣"))
    # the engine's totals for it (the core's replay on the device), in the page's digits
    expect(row.locator(".tot").first).to_have_text(re.compile(r"^[٠-٩]+$"), timeout=60_000)
    assert not WESTERN.search(row.inner_text()), row.inner_text()
    # a recorded deal deleted here: the rows after it numbered as they will stand
    page.get_by_test_id("edit-1").click()
    expect(page.get_by_test_id("pending-delete")).to_be_visible(timeout=60_000)
    page.get_by_test_id("pending-delete").click()
    page.get_by_test_id("pending-delete").click()  # asked first: "Yes, delete deal 1"
    expect(page.get_by_test_id("row-1")).to_have_attribute("data-kept", "deleted")
    expect(page.get_by_test_id("row-2").locator(".n")).to_have_text("١")
    expect(row.locator(".n")).to_have_text("٢")
    for testid in ("row-1", "row-2"):
        text = page.get_by_test_id(testid).inner_text()
        assert not WESTERN.search(text), text


def test_the_edit_links_claim_waits_for_the_server(phone: BrowserContext, g: Gate) -> None:
    """An edit link opened with the server stopped: the match page from the device says the
    server cannot be reached; the link is handed over as soon as the server is back."""
    page = phone.new_page()
    url = match_with(page, g.url, DEALS[:1])
    token = edit_token(page)
    viewer = phone.new_page()
    phone.clear_cookies()  # a phone that has only the link: no edit cookie yet
    g.shut()
    viewer.goto(f"{url}#token={token}")
    not_the_browsers_error_page(viewer)
    expect(viewer.get_by_test_id("unreachable")).to_contain_text(EN)
    assert viewer.url.endswith(f"#token={token}")  # kept: a reload tries again
    g.open()
    viewer.wait_for_url(url, timeout=20_000)  # claimed: the editor's page, the token gone
    expect(viewer.get_by_test_id("add-deal")).to_be_visible()
    expect(viewer.get_by_test_id("unreachable")).to_have_count(0)


def test_pages_with_no_offline_copy_say_the_server_cannot_be_reached(
    phone: BrowserContext, g: Gate
) -> None:
    page = phone.new_page()
    page.goto(f"{g.url}/?lang=bg")
    expect(page.locator(READY)).to_be_visible(timeout=120_000)
    # a post the server must take: kept on the page with what was typed, and said
    page.goto(f"{g.url}/clubs/new?lang=bg")
    page.get_by_test_id("club-name").fill("Четвъртък")
    g.shut()
    page.get_by_test_id("create-club").click()
    expect(page.get_by_test_id("unreachable")).to_contain_text(BG)
    not_the_browsers_error_page(page)
    expect(page.get_by_test_id("club-name")).to_have_value("Четвъртък")
    # an address the device has no copy of: the service worker's page, in the page's language
    other = phone.new_page()
    other.goto(f"{g.url}/clubs/new?lang=bg")
    not_the_browsers_error_page(other)
    expect(other.get_by_test_id("unreachable-page")).to_contain_text(BG)
    g.open()
    expect(other.get_by_test_id("create-club")).to_be_visible(timeout=20_000)  # opened again
    expect(page.get_by_test_id("unreachable")).to_be_hidden(timeout=20_000)
    page.get_by_test_id("create-club").click()
    page.wait_for_url(re.compile(r"/c/[A-Za-z0-9_-]+"))
