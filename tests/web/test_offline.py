"""Offline (docs/web.md, "Offline"): the manifest, the service worker, the offline pack, and
the same answers from the engine on the device.

Without a browser: the engine's fragment is the server's, byte for byte, for every shared
example in every language; the zip imports with no web framework, database or Babel. In
Chromium (once the offline pack is installed, `make offline`): a first visit until
`offline-ready`, then offline, a reload: seed 000's examples give their answers.
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from html.parser import HTMLParser
from io import BytesIO
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import BrowserContext, Page, expect

from belot.web.assets import Assets
from belot.web.form import DealForm
from belot.web.offline import engine
from belot.web.offline.pack import ENGINE_CSP, Pack, build_zip

from .drive import baloot_round, belot_deal, expect_result
from .server import make_app
from .test_calculator import SEED_000

EXAMPLES = Path(__file__).resolve().parents[3] / "shared" / "examples" / "deals.jsonl"
PRESENT = Pack(Assets()).present
needs_pack = pytest.mark.skipif(not PRESENT, reason="no offline pack: run `make offline`")
READY = '[data-testid="offline-ready"][data-ready="yes"]'
RUNNING = '[data-testid="offline-ready"][data-running="yes"]'


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path_factory.mktemp("db") / "belot.sqlite")) as c:
        yield c


def posted(game: str, deal: dict[str, Any], lang: str) -> str:
    """The form as htmx posts it for this deal (what `DealForm.parse` reads back)."""
    return urlencode({"lang": lang, **DealForm.from_deal(game, deal).posted(calc=True)})


def cases() -> list[Any]:
    if not EXAMPLES.exists():
        return []
    found = [json.loads(line) for line in EXAMPLES.read_text().splitlines() if line.strip()]
    return [pytest.param(c["input"], id=c["name"]) for c in found if not c["input"].get("before")]


@pytest.mark.parametrize("deal", cases())
def test_the_engine_answers_as_the_server_does(client: TestClient, deal: dict[str, Any]) -> None:
    game = deal.get("game", "belot")
    for lang in ("bg", "ar", "en", "fr", "hr", "nl"):
        body = posted(game, deal, lang)
        online = client.post(
            f"/_result/{game}", content=body,
            headers={"content-type": "application/x-www-form-urlencoded"},
        )  # fmt: skip
        assert online.status_code == 200
        assert engine.answer(game, body) == online.text


def test_the_zip_runs_without_the_server_stack(tmp_path: Path) -> None:
    """What Pyodide gets: unpacked alone beside the standard library (no site-packages: no
    FastAPI, SQLAlchemy or Babel), it scores seed 000 example 1 in Bulgarian."""
    with zipfile.ZipFile(BytesIO(build_zip())) as zf:
        zf.extractall(tmp_path)
    script = """
import sys
sys.path.insert(0, sys.argv[1])
from belot.web.offline import registered
assert registered.load() == []  # what engine.js does first: no game registered from outside
from belot.web.offline import engine
engine.boot()
assert engine.check()  # the device's check of its engine (engine.js, op "check")
body = ("lang=bg&rules=bg&contract=hearts&declarer=us&multiplier=1&capot=none&cards_team=us"
        "&cards=82&last_trick=us&declarations.us=20")
html = engine.answer("belot", body)
assert 'data-testid="score-us" data-value="11"' in html, html
assert "изкарана" in html, html
body = ("lang=fr&rules=coinche&contract=hearts&declarer=us&bid_word=number&bid=110"
        "&multiplier=1&capot=none&cards_team=us&cards=103&last_trick=us")
html = engine.answer("coinche", body)  # RULES 6.7: 113 : 49, made, 220 : 50
assert 'data-testid="score-us" data-value="220"' in html, html
assert 'data-testid="score-them" data-value="50"' in html, html
for name in ("fastapi", "starlette", "sqlalchemy", "babel"):
    assert name not in sys.modules, name
for name in ("belot", "jinja2", "markupsafe"):
    assert sys.modules[name].__file__.startswith(sys.argv[1]), name
"""
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", script, str(tmp_path)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr


def test_the_zip_holds_every_games_modules() -> None:
    """Every game's module, the French games' scoring and the registry go to the device with
    the rest."""
    with zipfile.ZipFile(BytesIO(build_zip())) as zf:
        names = set(zf.namelist())
    for module in ("french", "french_presets", "rules_base", "fields", "switches", "read"):
        assert f"belot/core/{module}.py" in names, module
    for module in ("__init__", "card_game", "belot", "baloot", "french", "exact", "bela",
                   "klaverjas"):  # fmt: skip
        assert f"belot/core/games/{module}.py" in names, module
    assert "belot/web/games.py" in names
    # No game registered from outside the core in this process: nothing more to import first
    # (tests/test_toy_game.py registers one and finds its module packed).
    with zipfile.ZipFile(BytesIO(build_zip())) as zf:
        assert json.loads(zf.read("belot/web/offline/registered.json")) == []


@pytest.mark.parametrize(("lang", "direction", "start"), [
    ("bg", "ltr", "/?lang=bg"), ("ar", "rtl", "/baloot?lang=ar"), ("en", "ltr", "/?lang=en"),
    ("fr", "ltr", "/french-belote?lang=fr"),
])  # fmt: skip
def test_a_manifest_in_each_language(
    client: TestClient, lang: str, direction: str, start: str
) -> None:
    page = client.get(f"/?lang={lang}").text
    assert f'<link rel="manifest" href="/manifest.{lang}.webmanifest">' in page
    answer = client.get(f"/manifest.{lang}.webmanifest")
    assert answer.headers["content-type"].startswith("application/manifest+json")
    manifest = answer.json()
    assert (manifest["lang"], manifest["dir"], manifest["start_url"]) == (lang, direction, start)
    assert manifest["display"] == "standalone"
    assert manifest["scope"] == "/"
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200
    if lang != "en":
        assert manifest["name"] != "Belot score calculator"  # said in the page's language
    assert client.get("/manifest.xx.webmanifest").status_code == 404


def test_every_page_has_the_hook_and_stays_light(client: TestClient) -> None:
    """`offline-ready` on every page (not yet ready: the device says when); the page and the
    files it loads before the offline pack stay under 100 KB."""

    class Links(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.found: list[str] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            a = dict(attrs)
            url = a.get("src") if tag == "script" else a.get("href") if tag == "link" else None
            if url and url.startswith("/"):
                self.found.append(url)

    match = client.post("/matches", data={"game": "belot", "lang": "en"}).url.path
    if PRESENT:  # a match page works offline once visited (the service worker keeps it)
        assert 'data-works="yes"' in client.get(match).text
    for path, works in (
        ("/", "yes"),
        ("/baloot", "yes"),
        ("/french-belote", "yes"),
        ("/coinche", "yes"),
        ("/matches/new", "yes"),
        ("/clubs/new", "no"),
    ):
        page = client.get(path)
        html = page.text
        assert 'data-testid="offline-ready" data-ready="no"' in html
        if PRESENT:
            assert f'data-works="{works}"' in html
        links = Links()
        links.feed(html)
        files = [client.get(u) for u in links.found]
        # What a phone downloads (gzip, as served) under 100 KB; unpacked, under 150 KB.
        wire = page.num_bytes_downloaded + sum(f.num_bytes_downloaded for f in files)
        unpacked = len(page.content) + sum(len(f.content) for f in files)
        assert wire < 100_000 and unpacked < 150_000, (path, wire, unpacked)


@needs_pack
def test_the_service_worker_and_the_engine_are_served_with_their_own_policy(
    client: TestClient,
) -> None:
    html = client.get("/").text
    assert 'data-sw="/sw.js"' in html
    sw = client.get("/sw.js")
    assert sw.headers["content-type"].startswith("text/javascript")
    assert "'wasm-unsafe-eval'" not in sw.headers["content-security-policy"]
    assert "self.BELOT_PACK" in sw.text
    again = client.get("/sw.js", headers={"If-None-Match": sw.headers["etag"]})
    assert again.status_code == 304
    pack = json.loads(sw.text.split("=", 1)[1].split(";\n", 1)[0])
    for entry in pack["precache"]:
        assert client.get(entry["url"]).status_code == 200, entry
    urls = {e["url"] for e in pack["precache"]}
    assert {"/?lang=bg", "/baloot?lang=ar", "/offline/pyodide/314.0.8/pyodide.asm.wasm"} <= urls
    engine_url = next(u for u in urls if u.startswith("/offline/engine."))
    assert client.get(engine_url).headers["content-security-policy"] == ENGINE_CSP
    wasm = client.get("/offline/pyodide/314.0.8/pyodide.asm.wasm")
    assert wasm.headers["content-type"] == "application/wasm"
    assert client.get("/offline/pyodide/314.0.8/console.html").status_code == 404
    assert client.get("/offline/workbox/workbox-precaching.prod.js").status_code == 200


def test_without_the_pack_no_service_worker(tmp_path: Path) -> None:
    pack = Pack(Assets(), vendor=tmp_path)
    assert not pack.present
    assert pack.attrs() == {}


# In Chromium: the pack on the device, then the network cut.


@needs_pack
@pytest.mark.browser
def test_the_calculators_answer_offline(phone: BrowserContext, own_server: str) -> None:
    page: Page = phone.new_page()
    page.goto(f"{own_server}/?lang=bg")
    expect(page.locator(READY)).to_be_visible(timeout=120_000)  # the pack is on the device
    # Precaching the shells in every language left the device's language alone.
    cookies = {c["name"]: c["value"] for c in phone.cookies()}
    assert cookies["lang_belot"] == "bg"
    # Online, under the service worker, the server still answers.
    deal, (us, them, outcome, hanging) = SEED_000[0]
    belot_deal(page, deal)
    expect_result(page, us, them, outcome, hanging)
    # A page that needs the server does not say it works offline.
    page.goto(f"{own_server}/clubs/new")
    expect(page.get_by_test_id("offline-ready")).to_have_attribute("data-ready", "no")
    page.goto(f"{own_server}/")
    expect(page.locator(READY)).to_be_visible()  # known to work: no second engine check
    expect(page.locator(RUNNING)).to_have_count(0)
    phone.set_offline(True)
    page.reload()
    expect(page.get_by_test_id("contract-hearts")).to_be_visible()
    expect(page.locator(READY)).to_be_attached(timeout=30_000)
    expect(page.locator(RUNNING)).to_be_attached(timeout=60_000)  # Pyodide's cold start
    for deal, (us, them, outcome, hanging) in SEED_000:
        belot_deal(page, deal)
        expect_result(page, us, them, outcome, hanging)
    expect(page.locator(".why")).to_contain_text("висяща")  # the last one, in its words
    url = page.url
    page.get_by_test_id("cards").press("Enter")  # offline, no post: the page stays
    assert page.url == url
    expect_result(page, us, them, outcome, hanging)
    # Another calculator, in Arabic, from its precached shell.
    page.goto(f"{own_server}/baloot?lang=ar")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator(RUNNING)).to_be_attached(timeout=60_000)
    baloot_round(page, {"mode": "sun", "buyer": "us", "abnat": {"them": 64}})
    expect_result(page, 14, 12, "made")
    expect(page.get_by_test_id("outcome")).not_to_have_text("made")  # in Arabic


def test_the_engine_replays_a_match_with_the_deals_kept_on_the_device(
    client: TestClient,
) -> None:
    """`engine.replay`: the match as the API sent it plus the kept forms, through the core's
    `Match`, gives the totals the server then records."""
    made = client.post("/api/v1/matches", json={"game": "belot", "rules": "bg"}).json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    url = f"/api/v1/matches/{made['id']}"
    first = {"contract": "hearts", "declarer": "us", "cards": {"us": 82}, "last_trick": "us"}
    assert client.post(f"{url}/deals", json=first, headers=auth).status_code == 201
    kept = [
        {"contract": "clubs", "declarer": "them", "cards": {"them": 100}, "last_trick": "them",
         "declarations": {"them": [50]}},
        {"contract": "all-trumps", "declarer": "us", "cards": {"us": 30}, "last_trick": "them"},
    ]  # fmt: skip
    bodies = [posted("belot", {"game": "belot", **d}, "bg") + "&op=add" for d in kept]
    bodies.append("lang=bg&op=passed")
    question = {"match": client.get(url).json(), "pending": bodies}
    answer = json.loads(engine.replay(json.dumps(question)))
    for deal in kept:
        client.post(f"{url}/deals", json=deal, headers=auth)
    client.post(f"{url}/deals", json={"passed": True}, headers=auth)
    server = client.get(url).json()
    assert len(answer["rows"]) == 3
    assert answer["rows"][-1]["total_us"] == server["totals"]["us"]
    assert answer["rows"][-1]["total_them"] == server["totals"]["them"]
    for row, deal in zip(answer["rows"], server["deals"][1:], strict=True):
        assert [row["us"], row["them"]] == [deal["result"]["score"]["us"],
                                            deal["result"]["score"]["them"]]  # fmt: skip
    bad = {"match": server, "pending": ["lang=bg&op=add&contract=hearts"]}
    assert "error" in json.loads(engine.replay(json.dumps(bad)))
