"""Issue 23: the header's Club (`nav-club`) leads to the club of the last club page or club
match this device opened, also on a device that never opened the club's own page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_a_club_match_opened_here_makes_its_club_the_one_nav_club_leads_to(
    page: Page, base_url: str
) -> None:
    api = page.request
    club = api.post(f"{base_url}/api/v1/clubs", data={"name": "Събота"}).json()
    auth = {"Authorization": f"Bearer {club['token']}"}
    names = ("Иван", "Мария", "Петър", "Ана")
    seats = [api.post(f"{base_url}/api/v1/clubs/{club['id']}/players", data={"name": n},
                      headers=auth).json()["id"] for n in names]  # fmt: skip
    match = api.post(f"{base_url}/api/v1/clubs/{club['id']}/matches",
                     data={"game": "belot", "seats": seats}, headers=auth).json()  # fmt: skip
    page.goto(f"{base_url}/?lang=bg")
    expect(page.get_by_test_id("nav-club")).to_have_attribute("href", "/clubs/new")  # none yet
    page.goto(f"{base_url}/m/{match['id']}?lang=bg")  # a viewer's link to the club's match
    expect(page.get_by_test_id("club-link")).to_be_visible()
    page.goto(f"{base_url}/?lang=bg")
    expect(page.get_by_test_id("nav-club")).to_have_attribute("href", f"/c/{club['id']}")
    page.get_by_test_id("nav-club").click()
    page.wait_for_url(f"**/c/{club['id']}")
