"""A knockout of eight pairs played through the pages in Chromium: the club's editor starts it,
draws each round and plays every table from one phone; a second screen follows the standings
live (no reload) to the winner."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import BrowserContext, Page, expect

from .drive import add_deal, baloot_round, tap

pytestmark = pytest.mark.browser

GAHWA_US = {"mode": "hokm", "buyer": "us", "abnat": {"them": 40}, "multiplier": "gahwa"}


def club_of_sixteen(base_url: str) -> tuple[str, str]:
    made = httpx.post(f"{base_url}/api/v1/clubs", json={"name": "Турнирен клуб"}).json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    for i in range(16):
        httpx.post(f"{base_url}/api/v1/clubs/{made['id']}/players", json={"name": f"Играч {i}"},
                   headers=auth)  # fmt: skip
    return made["id"], made["token"]


def test_a_knockout_of_eight_pairs_through_the_pages(
    context: BrowserContext, page: Page, base_url: str
) -> None:
    club, token = club_of_sixteen(base_url)
    context.add_cookies([{"name": f"club_{club}", "value": token, "url": f"{base_url}/c/{club}"}])
    page.goto(f"{base_url}/c/{club}?lang=bg")
    tap(page, "club-tournaments")
    page.get_by_test_id("tournament-name").fill("Купа")
    tap(page, "game-baloot")
    tap(page, "format-knockout")
    tap(page, "create-tournament")
    page.wait_for_url(re.compile(r".*/t/[A-Za-z0-9_-]+$"))
    tournament = page.url
    wall = context.browser.new_context() if context.browser else None
    assert wall is not None
    screen = wall.new_page()
    screen.goto(f"{tournament}/big")
    expect(screen.get_by_test_id("standings").locator("tbody tr")).to_have_count(8)
    for n, tables in ((1, 4), (2, 2), (3, 1)):
        page.goto(tournament)
        tap(page, "draw-round")
        expect(page.get_by_test_id(f"round-{n}")).to_be_visible()
        for m in range(1, tables + 1):
            page.goto(tournament)
            link = page.get_by_test_id(f"table-{n}-{m}")
            first = link.get_attribute("data-first")
            link.click()
            page.wait_for_url("**/m/*")
            expect(page.get_by_test_id("tournament-table")).to_have_attribute("data-round", str(n))
            baloot_round(page, GAHWA_US)
            add_deal(page)
            expect(page.get_by_test_id("winner")).to_be_visible()
            # The wall screen hears it: the first pair's row now shows one more win.
            row = screen.get_by_test_id(f"standing-{first}")
            expect(row).to_have_attribute("data-won", str(n), timeout=10_000)
    expect(screen.get_by_test_id("tournament-winner")).to_be_visible(timeout=10_000)
    expect(screen.locator('[data-rank="1"]')).to_have_attribute("data-won", "3")
    page.goto(tournament)
    expect(page.get_by_test_id("draw-round")).to_have_count(0)
    wall.close()
