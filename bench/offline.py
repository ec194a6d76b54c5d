"""The offline pack: what a device downloads to work without a network, and how long it takes.

Prints each part's size (Pyodide's files, Workbox, belot's zip) as the device keeps it and as
it downloads it, the pages' own first-visit weight before the pack, and in headless Chromium:
a first visit to the calculator until the `offline-ready` hook says yes (the service worker
has precached the pack), then until the engine's first start in the background has kept its
memory snapshot; then, offline, reloads until the engine's first answer: a repeat visit (the
snapshot restored), and once with the snapshot dropped (Pyodide's own start); a reload at once
after `offline-ready` (before the background start has kept its snapshot); then a match
with the network cut: deals kept on the device, and the sync when it is back. Needs `make
offline` (the npm packages). Not a test: figures only.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Browser, ConsoleMessage, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))


from belot.web.assets import Assets  # noqa: E402
from belot.web.offline.pack import Pack  # noqa: E402
from web.conftest import ARGS, CHROMIUM  # noqa: E402
from web.server import make_app, running  # noqa: E402

READY = '[data-testid="offline-ready"][data-ready="yes"]'
KEPT = "(rev) => localStorage.getItem('offline-engine') === rev"  # names.js ENGINE_CHECKED
RELOADS = 4
RUNNING = '[data-testid="offline-ready"][data-running="yes"]'
# When the page's hook said the engine was running, in ms from the navigation's start.
OBSERVE = """new MutationObserver((changes) => {
  for (const c of changes) if (c.target.dataset.running === "yes" && !window.__belotRunning)
    window.__belotRunning = performance.now();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-running"] });"""
RUNNING_AT = "() => window.__belotRunning"
SIZES = """() => performance.getEntriesByType('navigation')
  .concat(performance.getEntriesByType('resource'))
  .map(e => [e.transferSize, e.decodedBodySize])"""


def main() -> None:
    pack = Pack(Assets())
    if not pack.present:
        sys.exit("no offline pack: run `make offline` first")
    sizes, wire = pack.size(), pack.size(wire=True)
    print(f"{'part':26} {'kept':>12} {'downloaded':>12}")
    for name, size in sorted(sizes.items(), key=lambda kv: -wire[kv[0]]):
        print(f"{name:26} {size / 1024:8.1f} KiB {wire[name] / 1024:8.1f} KiB")
    total, moved = sum(sizes.values()), sum(wire.values())
    print(f"{'offline pack in all':26} {total / 1024:8.1f} KiB {moved / 1024:8.1f} KiB "
          f"({total / 2**20:.1f} MiB kept, {moved / 2**20:.1f} MiB downloaded)")  # fmt: skip
    with (
        tempfile.TemporaryDirectory() as tmp,
        running(make_app(Path(tmp) / "b.sqlite")) as base,
        sync_playwright() as pw,
    ):
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        ctx = browser.new_context(viewport={"width": 360, "height": 780})
        first = ctx.new_page()
        first.goto(base + "/")
        first.wait_for_load_state("load")
        sizes_seen = first.evaluate(SIZES)
        wire, decoded = (sum(s[i] for s in sizes_seen) / 1024 for i in (0, 1))
        print(f"first visit / before the pack: {wire:.1f} KiB transferred, {decoded:.1f} decoded")
        ctx.close()
        ctx = browser.new_context(viewport={"width": 360, "height": 780})
        ctx.add_init_script(OBSERVE)
        page = ctx.new_page()
        page.on("console", said)
        start = time.perf_counter()
        page.goto(base + "/")
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        print(f"first visit -> offline-ready: {time.perf_counter() - start:.1f} s")
        page.wait_for_function(KEPT, arg=page.get_by_test_id("offline-ready").get_attribute(
            "data-rev"), timeout=120_000)  # fmt: skip
        print(f"first visit -> the engine's snapshot kept: {time.perf_counter() - start:.1f} s")
        ctx.set_offline(True)
        repeat = [first_answer(page) for _ in range(RELOADS)]
        print(f"offline reload -> first answer, repeat visit (snapshot): "
              f"{', '.join(f'{a:.2f}' for a, _ in repeat)} s (the engine running after "
              f"{', '.join(f'{r:.2f}' for _, r in repeat)} s)")  # fmt: skip
        page.evaluate("caches.delete('belot-engine-snapshot')")
        answered, ran = first_answer(page)
        print(f"offline reload -> first answer, no snapshot (Pyodide's own start): "
              f"{answered:.2f} s (running after {ran:.2f} s)")  # fmt: skip
        ctx.close()
        early_reload(browser, base)
        match_offline(browser, base)
        browser.close()


def said(message: ConsoleMessage) -> None:
    """Print the page's warnings and errors: a slow start often says why."""
    if message.type in ("warning", "error"):
        print("  console:", message.text)


def first_answer(page: Page) -> tuple[float, float]:
    """Seconds from an (offline) reload to the calculator's answer to a deal typed at once
    (the taps included), and to the engine running (`data-running`, timed in the page)."""
    start = time.perf_counter()
    page.reload()
    for testid in ("contract-hearts", "declarer-us", "last-us", "cards-team-us"):
        page.get_by_test_id(testid).click()
    page.get_by_test_id("cards").fill("82")
    page.wait_for_selector('[data-testid="score-us"]', state="attached", timeout=120_000)
    answered = time.perf_counter() - start
    page.wait_for_selector(RUNNING, state="attached", timeout=120_000)
    return answered, page.evaluate(RUNNING_AT) / 1000


def early_reload(browser: Browser, base: str) -> None:
    """A first visit, then offline and a reload as soon as `offline-ready` says yes: the
    engine's background start (and its snapshot) has not finished, so the reload pays
    Pyodide's own start; then the next reload, which restores the snapshot that start kept."""
    ctx = browser.new_context(viewport={"width": 360, "height": 780})
    ctx.add_init_script(OBSERVE)
    page = ctx.new_page()
    page.goto(base + "/")
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    ctx.set_offline(True)
    (early, _), (later, _) = first_answer(page), first_answer(page)
    print(f"offline reload at once after offline-ready -> first answer: {early:.2f} s "
          f"(no snapshot yet: Pyodide's own start); the reload after it {later:.2f} s")  # fmt: skip
    ctx.close()


def match_offline(browser: Browser, base: str, deals: int = 16) -> None:
    """A match page with the network cut: `deals` deals kept on the device, the totals of the
    last from the engine's replay, then the network back until the server has them all."""
    ctx = browser.new_context(viewport={"width": 360, "height": 780})
    page = ctx.new_page()
    page.goto(f"{base}/matches/new?lang=en")
    page.get_by_test_id("create-match").click()
    page.wait_for_url("**/m/*")
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    ctx.set_offline(True)
    page.reload()
    taps = []
    for n in range(1, deals + 1):
        start = time.perf_counter()
        side = "us" if n % 2 else "them"  # in turn, so that nobody wins meanwhile
        for testid in ("contract-hearts", f"declarer-{side}", f"last-{side}",
                       f"cards-team-{side}"):  # fmt: skip
            page.get_by_test_id(testid).click()
        page.get_by_test_id("cards").fill(str(70 + n % 5))
        page.get_by_test_id("add-deal").click()
        page.locator('[data-testid="pending"]').nth(n - 1).wait_for()
        taps.append(time.perf_counter() - start)
    start = time.perf_counter()
    last = page.locator('[data-testid="pending"][data-total-us]').nth(deals - 1)
    last.wait_for(state="attached", timeout=120_000)
    print(
        f"offline match: {deals} deals kept, each typed and kept in "
        f"{statistics.median(taps) * 1000:.0f} ms (median, typing included); the last "
        f"totals from the replay {time.perf_counter() - start:.2f} s after the last Add"
    )
    start = time.perf_counter()
    ctx.set_offline(False)
    page.locator('[data-testid="pending"]').first.wait_for(state="detached", timeout=120_000)
    took = time.perf_counter() - start
    print(
        f"network back -> {deals} deals recorded in order: {took:.2f} s "
        f"({took / deals * 1000:.0f} ms a deal)"
    )
    ctx.close()


if __name__ == "__main__":
    main()
