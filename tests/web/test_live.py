"""Live sheet in Chromium: a viewer's page shows a change as soon as it is made (SSE)."""

from __future__ import annotations

import time

import httpx
from playwright.sync_api import Page, expect

DEAL = {"contract": "hearts", "declarer": "us", "cards": {"us": 82}, "last_trick": "us"}


def test_a_viewer_sees_each_new_deal_without_reloading(page: Page, base_url: str) -> None:
    made = httpx.post(f"{base_url}/api/v1/matches", json={"game": "belot"}).json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    page.goto(f"{base_url}/m/{made['id']}?lang=en")  # no token: a viewer
    total = page.get_by_test_id("total-us")
    expect(total).to_have_attribute("data-value", "0")
    page.wait_for_timeout(300)  # the event stream is open
    for n, want in ((1, "9"), (2, "18")):
        began = time.monotonic()
        r = httpx.post(f"{base_url}/api/v1/matches/{made['id']}/deals", json=DEAL, headers=auth)
        assert r.status_code == 201
        # Well before the 30 s safety-net poll: the event brought it.
        expect(total).to_have_attribute("data-value", want, timeout=5000)
        assert time.monotonic() - began < 5, n
