"""Issue 32, "Clubs", in Chromium at 360×780 in bg, ar and fr (the HTML: test_club_findings.py):
the new-tournament form offers the chosen game's presets only and follows the game chips; the
pairs table with its calls fits the phone; "works offline" stands in the header, on the first
screen, and showing it moves nothing. Screenshots into $BELOT_SHOTS when it is set."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import BrowserContext, Page

from belot.web.games import names as game_names
from belot.web.tournament_pages import presets_of

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("BELOT_SHOTS")
NAMES = ["Иван", "Мария", "Петър", "Елена"]
MADE = {"contract": "hearts", "declarer": "us", "cards": {"us": 100}, "last_trick": "us"}

LAYOUT = """() => ({
  sideways: document.scrollingElement.scrollWidth - innerWidth,
  cut: [...document.querySelectorAll("table td, table th")]
    .filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent.trim()),
})"""
# The hook as offline.js shows it once the pack is on the device (the tests' contexts keep
# service workers out): where it stands, and whether the header grew for it.
SHOWN = """() => {
  const hook = document.querySelector('[data-testid="offline-ready"]');
  const header = document.querySelector("header.top");
  const before = header.getBoundingClientRect().height;
  hook.hidden = false;
  const box = hook.getBoundingClientRect(), top = header.getBoundingClientRect();
  return {inHeader: header.contains(hook), grew: top.height - before, bottom: box.bottom,
          inside: box.top >= top.top && box.bottom <= top.bottom && box.left >= 0
                  && box.right <= innerWidth, lines: Math.round(box.height / 11),
          sideways: document.scrollingElement.scrollWidth - innerWidth};
}"""
OPTIONS = """() => [...document.querySelector('[data-testid="tournament-rules"]').options]
  .map((o) => o.value)"""


def shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=Path(SHOTS) / f"{name}.png", full_page=False)


@pytest.fixture(scope="module")
def club(base_url: str) -> dict[str, Any]:
    """Four players; Иван and Мария call three deals with the team's chip, then win."""
    made = httpx.post(f"{base_url}/api/v1/clubs", json={"name": "Петък вечер"}).json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    ids = [httpx.post(f"{base_url}/api/v1/clubs/{made['id']}/players", json={"name": n},
                      headers=auth).json()["id"] for n in NAMES]  # fmt: skip
    match = httpx.post(
        f"{base_url}/api/v1/clubs/{made['id']}/matches",
        headers=auth,
        json={"game": "belot", "seats": [ids[0], ids[2], ids[1], ids[3]]},
    ).json()
    for _ in range(3):
        httpx.post(f"{base_url}/api/v1/matches/{match['id']}/deals", headers=auth,
                   json={**MADE, "multiplier": 4})  # fmt: skip
    return {"id": made["id"], "token": made["token"], "match": match["id"]}


@pytest.mark.parametrize("lang", ["bg", "ar", "fr"])
def test_the_tournament_form_follows_the_game_chips(
    context: BrowserContext, page: Page, base_url: str, club: dict[str, Any], lang: str
) -> None:
    context.add_cookies([{"name": f"club_{club['id']}", "value": club["token"],
                          "url": f"{base_url}/c/{club['id']}"}])  # fmt: skip
    page.goto(f"{base_url}/c/{club['id']}/tournaments?lang={lang}")
    games = list(game_names())
    assert page.evaluate(OPTIONS) == ["", *(n for n, _ in presets_of(games[0]))]
    for game in (*games[1:], games[0]):
        page.get_by_test_id(f"game-{game}").click()
        assert page.evaluate(OPTIONS) == ["", *(n for n, _ in presets_of(game))], game
        if game == "baloot":
            page.get_by_test_id("tournament-rules").select_option("sa")
            page.get_by_test_id("tournament-rules").scroll_into_view_if_needed()
            shot(page, f"issue32-tournament-form-{lang}")
    # The baloot preset chosen went with its game: the game's usual rules are left.
    assert page.get_by_test_id("tournament-rules").input_value() == ""
    assert page.evaluate(LAYOUT) == {"sideways": 0, "cut": []}


@pytest.mark.parametrize("lang", ["bg", "ar", "fr"])
def test_works_offline_in_the_header_and_the_pairs_calls_fit(
    context: BrowserContext, page: Page, base_url: str, club: dict[str, Any], lang: str
) -> None:
    context.add_cookies([{"name": f"tok_{club['match']}", "value": club["token"],
                          "url": f"{base_url}/m/{club['match']}"}])  # fmt: skip
    for where in (f"/m/{club['match']}", f"/c/{club['id']}?range=all"):
        page.goto(f"{base_url}{where}{'&' if '?' in where else '?'}lang={lang}")
        seen = page.evaluate(SHOWN)
        assert seen["inHeader"] and seen["inside"], (where, seen)
        assert seen["grew"] == 0 and seen["bottom"] < 120 and seen["lines"] <= 2, (where, seen)
        assert seen["sideways"] == 0, (where, seen)
        shot(page, f"issue32-offline-{'match' if '/m/' in where else 'club'}-{lang}")
    page.get_by_test_id("pairs").scroll_into_view_if_needed()
    shot(page, f"issue32-pairs-{lang}")
    assert page.evaluate(LAYOUT) == {"sideways": 0, "cut": []}
    called = page.locator('[data-testid^="pair-called-"]')
    assert sorted(called.evaluate_all("(cs) => cs.map((c) => c.dataset.called)")) == ["0", "3"]
    assert page.get_by_test_id("called-note").is_visible()
