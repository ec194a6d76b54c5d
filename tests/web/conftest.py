"""Browser fixtures: one app server and one Chromium for the whole session (keeps it fast)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from .gate import Gate, gate
from .server import make_app, running

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db: Path = tmp_path_factory.mktemp("db") / "belot.sqlite"
    with running(make_app(db)) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is missing: run `make chromium`")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    # No service worker: it would download the offline pack and start the engine in every
    # test's context (test_offline.py has its own context that allows one).
    ctx = browser.new_context(viewport={"width": 360, "height": 780}, service_workers="block")
    ctx.set_default_timeout(5000)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()


# What today's Debian Chromium and a phone on a café's Wi-Fi (or beside a stopped server) say:
# `navigator.onLine` stays true, and no "offline" or "online" event comes. The offline tests
# run so: the pages must find out that the server cannot be reached by trying it.
ONLINE_ALWAYS = """
Object.defineProperty(Navigator.prototype, "onLine", { get: function () { return true; } });
["offline", "online"].forEach(function (type) {
  window.addEventListener(type, function (ev) { ev.stopImmediatePropagation(); }, true);
});
"""


@pytest.fixture(scope="module")
def phone_of_module(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 360, "height": 780})
    ctx.add_init_script(ONLINE_ALWAYS)
    ctx.on("page", _heard)
    yield ctx
    ctx.close()


HEARD: list[str] = []  # what the phone's pages said in this test (shown when it fails)


def _heard(page: Page) -> None:
    page.on("console", lambda m: HEARD.append(f"{m.type}: {m.text} ({page.url})"))
    page.on("pageerror", lambda e: HEARD.append(f"page error: {e} ({page.url})"))
    page.on("framenavigated", lambda f: HEARD.append(f"at {f.url}") if not f.parent_frame else None)


@pytest.fixture
def phone(phone_of_module: BrowserContext) -> Iterator[BrowserContext]:
    """A phone (360×780) that lets the service worker in: the offline tests' own. Its
    `navigator.onLine` is always true (ONLINE_ALWAYS). One phone serves a module's tests (as
    one phone serves a table): its service worker and offline pack are installed once, not
    again in every test (7–9 s of a loaded machine each); every test starts with no page
    open, the network on and no cookies, and each makes its own matches."""
    ctx = phone_of_module
    ctx.set_default_timeout(5000)
    HEARD.clear()
    yield ctx
    print("the phone's pages:", *HEARD, sep="\n  ")  # pytest shows it when the test failed
    for page in ctx.pages:
        page.close()
    ctx.set_offline(False)
    ctx.clear_cookies()
    ctx.unroute_all()


@pytest.fixture(scope="module")
def own_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app on an origin of the module's own: a service worker's scope is its origin, so
    what one module's phones install stays apart from the others'."""
    with running(make_app(tmp_path_factory.mktemp("db") / "belot.sqlite")) as url:
        yield url


@pytest.fixture(scope="module")
def door(own_server: str) -> Iterator[Gate]:
    """A relay in front of the module's server that can refuse connections or answer 502
    (the server stopped while the page is open; tests/web/gate.py)."""
    with gate(own_server) as g:
        yield g


@pytest.fixture
def g(door: Gate) -> Gate:
    """The relay, open at the start of each test."""
    door.open()
    return door
