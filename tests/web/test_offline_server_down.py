"""Offline is a server that cannot be reached, whatever `navigator.onLine` says (issue 18; docs/
web.md, "Offline"): the app's port shut while the page is open (the server stopped), or a proxy
answering 502 for a server that is gone. Every page action is kept on the device and sent
later, never the browser's error page (issue 19). The phone's `navigator.onLine` is always
true here (conftest.ONLINE_ALWAYS), as on today's Debian Chromium and a café's Wi-Fi.
"""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import BrowserContext, expect

from .drive import belot_deal, expect_result
from .gate import Gate, not_the_browsers_error_page
from .test_calculator import SEED_000
from .test_offline import READY, RUNNING, needs_pack
from .test_offline_edits import match_with
from .test_offline_match import DEALS, EDITED, add_offline, recorded

pytestmark = [pytest.mark.browser, needs_pack]


def test_the_calculator_answers_with_the_server_stopped(phone: BrowserContext, g: Gate) -> None:
    page = phone.new_page()
    page.goto(f"{g.url}/?lang=en")
    expect(page.locator(READY)).to_be_visible(timeout=120_000)
    g.shut()
    page.reload()  # the shell from the device; the page finds the server gone and boots
    not_the_browsers_error_page(page)
    expect(page.locator(RUNNING)).to_be_attached(timeout=60_000)
    deal, (us, them, outcome, hanging) = SEED_000[0]
    belot_deal(page, deal)
    expect_result(page, us, them, outcome, hanging)
    url = page.url
    page.get_by_test_id("cards").press("Enter")  # no post the server cannot take
    page.wait_for_timeout(300)
    assert page.url == url
    expect_result(page, us, them, outcome, hanging)


def test_a_match_goes_on_with_the_server_stopped_and_is_sent_when_it_is_back(
    phone: BrowserContext, g: Gate
) -> None:
    """The page stays open when the server stops: an Add, an Undo, a reload, a new match all
    stay on the device; once the server answers again they reach it, in order, once each."""
    page = phone.new_page()
    url = match_with(page, g.url, DEALS[:1])
    g.shut()
    add_offline(page, DEALS[1], 1)  # the post is refused: kept, no error page
    add_offline(page, DEALS[2], 2)
    page.get_by_test_id("undo").click()  # the last kept add goes, never sent
    expect(page.get_by_test_id("pending")).to_have_count(1)
    assert page.url == url
    page.reload()  # the match page as the device keeps it
    not_the_browsers_error_page(page)
    expect(page.get_by_test_id("pending")).to_have_count(1)
    # A new match, names typed, with the server still stopped: kept here, opened here.
    page.goto(f"{g.url}/matches/new?lang=en")
    not_the_browsers_error_page(page)
    page.get_by_test_id("team-us").fill("Ivan & Maria")
    page.get_by_test_id("team-them").fill("Petar & Ana")
    page.get_by_test_id("create-match").click()
    page.wait_for_url("**/m/local-bg-*")
    expect(page.locator(".board .who").first).to_have_text("Ivan & Maria")
    add_offline(page, DEALS[0], 1)
    g.open()  # made, its deal sent to it, and its page opens
    page.wait_for_url(re.compile(r"/m/(?!local-)[A-Za-z0-9_-]+(\?.*)?$"), timeout=20_000)
    expect(page.get_by_test_id("row-1")).to_be_visible(timeout=15_000)
    made = page.url.split("?")[0]
    assert [d["input"]["contract"] for d in recorded(g.url, made)] == ["hearts"]
    page.goto(url)  # the first match: its kept deal is sent
    expect(page.get_by_test_id("row-2")).to_be_visible(timeout=15_000)
    expect(page.get_by_test_id("pending")).to_have_count(0)
    assert [d["input"]["contract"] for d in recorded(g.url, url)] == ["hearts", "clubs"]


def test_behind_a_proxy_whose_server_is_gone(phone: BrowserContext, g: Gate) -> None:
    """502 from the proxy is offline too: an Add is kept, a recorded deal opens and is saved
    on the device, and both are sent once the server is back."""
    page = phone.new_page()
    url = match_with(page, g.url, DEALS[:2])
    g.bad_gateway()
    add_offline(page, DEALS[2], 1)  # answered 502: kept
    page.get_by_test_id("edit-1").click()  # known offline: deal 1 opens here (the engine)
    expect(page.locator("#deal")).to_have_text("Edit deal 1", timeout=60_000)
    belot_deal(page, EDITED)
    page.get_by_test_id("add-deal").click()  # "Save deal 1"
    expect(page.get_by_test_id("row-1")).to_have_attribute("data-kept", "edited")
    not_the_browsers_error_page(page)
    g.open()
    expect(page.get_by_test_id("pending-box")).to_be_hidden(timeout=20_000)
    contracts = [d["input"]["contract"] for d in recorded(g.url, url)]
    assert contracts == ["diamonds", "clubs", "no-trumps"]


def test_the_edit_pages_save_and_delete_with_the_server_stopped(
    phone: BrowserContext, g: Gate
) -> None:
    """Two edit pages open (two tabs) when the server stops: Save on one, Delete (asked
    first, as the server asks) on the other, both kept; sent once it is back."""
    page = phone.new_page()
    url = match_with(page, g.url, DEALS)
    page.goto(f"{url}/deals/1#deal")
    belot_deal(page, EDITED)
    other = phone.new_page()
    other.goto(f"{url}/deals/3#deal")
    expect(other.get_by_test_id("delete-deal")).to_be_visible()
    g.shut()
    page.get_by_test_id("save-deal").click()
    page.wait_for_url(url)  # the match page, from the device
    expect(page.get_by_test_id("row-1")).to_have_attribute("data-kept", "edited")
    other.get_by_test_id("delete-deal").click()
    expect(other.get_by_test_id("delete-deal")).to_have_text("Yes, delete deal 3")
    other.get_by_test_id("delete-deal").click()
    other.wait_for_url(url)
    not_the_browsers_error_page(other)
    expect(other.get_by_test_id("row-1")).to_have_attribute("data-kept", "edited")
    expect(other.get_by_test_id("row-3")).to_have_attribute("data-kept", "deleted")
    other.close()
    page.reload()
    expect(page.get_by_test_id("row-3")).to_have_attribute("data-kept", "deleted")
    g.open()
    expect(page.get_by_test_id("pending-box")).to_be_hidden(timeout=20_000)
    assert [d["input"]["contract"] for d in recorded(g.url, url)] == ["diamonds", "clubs"]


CAPOT = {"contract": "all-trumps", "declarer": "us", "capot": "us"}  # 35 : 0
TO_THE_END = [CAPOT, DEALS[1], {"passed": True}, CAPOT, CAPOT, CAPOT, DEALS[0]]  # 156 : 18


def test_the_next_game_with_the_server_stopped_starts_here(phone: BrowserContext, g: Gate) -> None:
    """The next game, same table (`rematch`) of a finished match with the server stopped: the
    new match is kept here with the same teams and opens; once the server is back, it is made."""
    page = phone.new_page()
    url = match_with(page, g.url, TO_THE_END)
    expect(page.get_by_test_id("winner")).to_be_visible()
    teams = httpx.get(f"{g.url}/api/v1/matches/{url.rsplit('/', 1)[1]}").json()["teams"]
    g.shut()
    page.get_by_test_id("rematch").click()
    page.wait_for_url("**/m/local-bg-*")
    not_the_browsers_error_page(page)
    expect(page.get_by_test_id("add-deal")).to_be_visible()
    g.open()
    page.wait_for_url(re.compile(r"/m/(?!local-)[A-Za-z0-9_-]+(\?.*)?$"), timeout=20_000)
    made = httpx.get(f"{g.url}/api/v1/matches/{page.url.split('?')[0].rsplit('/', 1)[1]}").json()
    assert made["teams"] == teams and made["deals"] == [] and made["game"] == "belot"


def test_the_next_game_with_the_server_stopped_keeps_the_matchs_own_length(
    phone: BrowserContext, g: Gate
) -> None:
    """A klaverjas match of its own two deals: its next game started here with the server
    stopped is two deals too (the sheet's `own-deal-count`), as the server's rematch keeps it."""
    page = phone.new_page()
    deal = {"contract": "hearts", "declarer": "us", "cards": {"us": 100}, "last_trick": "us"}
    match_with(page, g.url, [deal, deal], "klaverjas", deal_count="2")
    expect(page.get_by_test_id("winner")).to_be_visible()
    g.shut()
    page.get_by_test_id("rematch").click()
    page.wait_for_url("**/m/local-*")
    not_the_browsers_error_page(page)
    g.open()
    page.wait_for_url(re.compile(r"/m/(?!local-)[A-Za-z0-9_-]+(\?.*)?$"), timeout=20_000)
    made = httpx.get(f"{g.url}/api/v1/matches/{page.url.split('?')[0].rsplit('/', 1)[1]}").json()
    assert (made["game"], made["deal_count"], made["deals"]) == ("klaverjas", 2, [])
