"""The offline pack: what a device downloads to work without a network, and how long it takes.

Prints each part's size (Pyodide's files, Workbox, belot's zip), the pages' own first-visit
weight before the pack, and in headless Chromium: a first visit to the calculator until the
`offline-ready` hook says yes (the service worker has precached the pack and the engine has
scored seed 000 example 1), then, offline, a reload until the engine's first answer. Needs
`make offline` (the npm packages). Not a test: figures only.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))


from belot.web.assets import Assets  # noqa: E402
from belot.web.offline.pack import Pack  # noqa: E402
from web.conftest import ARGS, CHROMIUM  # noqa: E402
from web.server import make_app, running  # noqa: E402

READY = '[data-testid="offline-ready"][data-ready="yes"]'
SIZES = """() => performance.getEntriesByType('navigation')
  .concat(performance.getEntriesByType('resource'))
  .map(e => [e.transferSize, e.decodedBodySize])"""


def main() -> None:
    pack = Pack(Assets())
    if not pack.present:
        sys.exit("no offline pack: run `make offline` first")
    sizes = pack.size()
    for name, size in sorted(sizes.items(), key=lambda kv: -kv[1]):
        print(f"{name:24} {size / 1024:9.1f} KiB")
    total = sum(sizes.values())
    print(f"{'offline pack in all':24} {total / 1024:9.1f} KiB ({total / 2**20:.1f} MiB)")
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
        page = ctx.new_page()
        start = time.perf_counter()
        page.goto(base + "/")
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        print(f"first visit -> offline-ready: {time.perf_counter() - start:.1f} s")
        ctx.set_offline(True)
        start = time.perf_counter()
        page.reload()
        for testid in ("contract-hearts", "declarer-us", "last-us", "cards-team-us"):
            page.get_by_test_id(testid).click()
        page.get_by_test_id("cards").fill("82")
        page.wait_for_selector('[data-testid="score-us"]', state="attached", timeout=120_000)
        print(f"offline reload -> first answer (Pyodide cold start): "
              f"{time.perf_counter() - start:.1f} s")  # fmt: skip
        browser.close()


if __name__ == "__main__":
    main()
