"""The board right offline (issue 19; docs/web.md, "Offline"): with changes kept on the device,
the editor's board — totals, points to go, the dealer, the hanging pot, the sheet count, the
winner — and the chart are drawn by the engine on the device (`engine.replay` with `board`)
from the same template and code as the server: once the changes reach the server, its page
shows the same board, byte for byte.

Without a browser: the engine is importable on the server and runs the same code there.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import BrowserContext, Page, expect

from belot.web.matches import cookie_name
from belot.web.offline import engine

from .server import make_app
from .test_offline import READY, needs_pack
from .test_offline_engine import CLUBS, CONTRA, EDITED, HANGS, HEARTS, NO_TRUMPS, form_of
from .test_offline_match import DEALS, FIVE, add_offline

BOARD = re.compile(r'<section class="board".*?</section>', re.S)
CHART = re.compile(r'<svg class="chart".*?</svg>', re.S)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path_factory.mktemp("db") / "belot.sqlite")) as c:
        yield c


def seated_match(
    client: TestClient, deals: tuple[dict[str, Any], ...]
) -> tuple[str, str, dict[str, str]]:
    made = client.post(
        "/api/v1/matches",
        json={"game": "belot", "rules": "bg", "seats": ["Ivan", "Petar", "Maria", "Ana"],
              "teams": {"us": "Ivan & Maria", "them": "Petar & Ana"}, "first_dealer": 2},
    ).json()  # fmt: skip
    client.cookies.set(cookie_name(made["id"]), made["token"])
    auth = {"Authorization": f"Bearer {made['token']}"}
    url = f"/api/v1/matches/{made['id']}"
    for deal in deals:
        assert client.post(f"{url}/deals", json=deal, headers=auth).status_code == 201
    return made["id"], url, auth


def on_device(match: dict[str, Any], kept: list[dict[str, Any]], lang: str, digits: str) -> Any:
    question = {"match": match, "pending": kept, "lang": lang, "digits": digits, "board": True}
    return json.loads(engine.replay(json.dumps(question)))


@pytest.mark.parametrize(("lang", "digits"), [("bg", "latn"), ("ar", "arab"), ("en", "latn")])
def test_the_board_on_the_device_is_the_servers_after_the_changes(
    client: TestClient, lang: str, digits: str
) -> None:
    match_id, url, auth = seated_match(client, (HEARTS, CLUBS))
    kept: list[dict[str, Any]] = [
        {"kind": "add", "body": form_of("belot", HANGS)},  # 81 : 81, hanging
        {"kind": "save", "n": 1, "body": form_of("belot", EDITED, "save")},
        {"kind": "add", "body": form_of("belot", NO_TRUMPS)},
    ]
    answer = on_device(client.get(url).json(), kept, lang, digits)
    assert answer["board"] and answer["chart"]
    assert client.post(f"{url}/deals", json=HANGS, headers=auth).status_code == 201
    assert client.put(f"{url}/deals/1", json=EDITED, headers=auth).status_code == 200
    assert client.post(f"{url}/deals", json=NO_TRUMPS, headers=auth).status_code == 201
    client.cookies.set("digits", digits)
    page = client.get(f"/m/{match_id}?lang={lang}").text
    client.cookies.delete("digits")
    board = BOARD.search(page)
    chart = CHART.search(page)
    assert board and chart
    assert answer["board"].strip() == board.group(0)
    assert answer["chart"] == chart.group(0)
    for testid in ("total-us", "to-go-us", "dealer", "to-sheet"):
        assert f'data-testid="{testid}"' in answer["board"], testid


def test_the_winner_and_the_hanging_pot_on_the_device(client: TestClient) -> None:
    _, url, _ = seated_match(client, ())
    capot = {"contract": "all-trumps", "declarer": "us", "capot": "us"}
    answer = on_device(client.get(url).json(), [{"kind": "add", "body": form_of("belot", HANGS)}],
                       "en", "latn")  # fmt: skip
    assert 'data-testid="hanging-now"' in answer["board"]
    assert 'data-testid="winner"' not in answer["board"]
    kept = [{"kind": "add", "body": form_of("belot", d)} for d in [capot] * 5 + [CONTRA]]
    answer = on_device(client.get(url).json(), kept, "en", "latn")
    assert answer["finished"] and 'data-testid="winner"' in answer["board"]
    assert 'data-testid="rematch"' in answer["board"]


# In Chromium: the board on the phone with the network cut, then the server's.

SEATED = {"game": "belot", "rules": "bg", "seats": ["Ivan", "Petar", "Maria", "Ana"],
          "teams": {"us": "Ivan & Maria", "them": "Petar & Ana"}, "first_dealer": 2}  # fmt: skip


def board_of(page: Page) -> dict[str, Any]:
    """What the board says, as a player reads it (and the chart's lines)."""
    found: dict[str, Any] = {}
    for testid in ("total-us", "total-them", "to-go-us", "to-go-them", "hanging-now"):
        el = page.get_by_test_id(testid)
        found[testid] = el.get_attribute("data-value") if el.count() else None
    found["dealer"] = page.get_by_test_id("dealer").get_attribute("data-seat")
    found["to-sheet"] = page.get_by_test_id("to-sheet").inner_text()
    found["chart"] = page.locator("svg.chart polyline").evaluate_all(
        "ls => ls.map(l => l.getAttribute('points'))"
    )
    return found


@needs_pack
@pytest.mark.browser
def test_the_board_offline_is_the_one_the_server_shows_after_sync(
    phone: BrowserContext, own_server: str
) -> None:
    made = httpx.post(f"{own_server}/api/v1/matches", json=SEATED).json()
    api = f"{own_server}/api/v1/matches/{made['id']}"
    auth = {"Authorization": f"Bearer {made['token']}"}
    for deal in DEALS[:2]:
        assert httpx.post(f"{api}/deals", json=deal, headers=auth).status_code == 201
    url = f"{own_server}/m/{made['id']}"
    page = phone.new_page()
    page.goto(f"{url}?lang=bg#token={made['token']}")  # this phone edits it
    expect(page.get_by_test_id("add-deal")).to_be_visible()
    expect(page.locator(READY)).to_be_visible(timeout=120_000)
    page.wait_for_function(
        """async () => {
          const m = await caches.match("/api/v1/matches/" + location.pathname.split("/")[2]);
          return !!m && (await m.json()).version === 2;
        }""",
        timeout=30_000,
    )
    expect(page.get_by_test_id("offline-badge")).to_have_count(0)
    phone.set_offline(True)
    page.reload()
    expect(page.get_by_test_id("deal-number")).to_have_attribute("data-value", "3")
    for kept, deal in enumerate([DEALS[2], FIVE[3], FIVE[4]], start=1):
        add_offline(page, deal, kept)
        badge = page.get_by_test_id("offline-badge")
        expect(badge).to_have_attribute("data-count", str(kept))
        expect(badge).to_contain_text(f"{kept} неизпратени")
    expect(page.get_by_test_id("deal-number")).to_have_attribute("data-value", "6")
    expect(page.locator("#deal")).to_have_text("Раздаване 6")
    expect(page.locator("section.board.pending")).to_be_attached(timeout=60_000)
    expect(page.get_by_test_id("offline-badge")).to_be_visible()  # drawn again on the board
    # the board is drawn again as the engine counts each kept deal: read it once all three
    # are in (make test once read it after two: dealer 2)
    expect(page.get_by_test_id("dealer")).to_have_attribute("data-seat", "3", timeout=60_000)
    on_device = board_of(page)
    assert on_device["dealer"] == "3"  # seat 2 dealt first, five deals since
    assert "(5)" in on_device["to-sheet"] and len(on_device["chart"]) == 2
    phone.set_offline(False)
    expect(page.get_by_test_id("pending")).to_have_count(0, timeout=20_000)
    expect(page.get_by_test_id("offline-badge")).to_have_count(0)
    expect(page.get_by_test_id("row-5")).to_be_visible()
    assert board_of(page) == on_device
    page.goto(f"{url}/deals/2#deal")  # the edit page of deal 2 says 2
    expect(page.get_by_test_id("deal-number")).to_have_attribute("data-value", "2")
    page.wait_for_timeout(500)  # after the page's scripts have drawn
    expect(page.locator("#deal")).to_have_text("Промени раздаване 2")


def test_a_match_started_on_the_device_has_its_board_too() -> None:
    """A match only on this device (pending-board.js `local`: its names and seats from the
    form it was kept with, no deals on the server): the board after its kept deals."""
    match = {"id": "local-bg-abcdefgh-ijklmnop", "game": "belot", "rules": "bg", "deals": [],
             "version": 0, "teams": {"us": "Ivan & Maria", "them": "Petar & Ana"},
             "seats": [{"name": n, "player": None} for n in ("Ivan", "Petar", "Maria", "Ana")],
             "dealer": 3}  # fmt: skip
    kept = [{"kind": "add", "body": form_of("belot", d)} for d in (HEARTS, CLUBS)]
    answer = on_device(match, kept, "bg", "latn")
    totals = [f'data-testid="total-{t}" data-value="{answer["totals"][t]}"' for t in ("us", "them")]
    assert all(found in answer["board"] for found in totals)
    assert 'data-testid="to-go-us"' in answer["board"]
    assert "Ivan и Maria" in answer["board"]  # the seats' names, joined in the page's words
    assert 'data-testid="dealer" data-seat="1"' in answer["board"]  # seat 3 dealt, then 4
