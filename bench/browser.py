"""Headless Chromium: time from the last keystroke to the updated result, a tap on Add to the
new sheet on the table screen, and page weight.

Runs the app under uvicorn on a free port with a temporary database, types 200 card-point
edits into the Belot calculator, and for each one measures, inside the page, from the keydown
of the last digit to the moment the new result is in the DOM. Prints median, p95 and max,
beside the calculator pages' transfer size on a first visit. Then plays 15 deals on a match's
table screen and times each tap on `add-deal` to the moment its row is on the sheet (issue 9:
p95 under 150 ms). Not a test: figures only.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from belot.contract import score  # noqa: E402
from web.conftest import ARGS, CHROMIUM  # noqa: E402
from web.server import make_app, running  # noqa: E402

EDITS = 200
WAIT_FOR_RESULT = """(expected) => new Promise((resolve) => {
  const done = () => {
    const el = document.querySelector('[data-testid="score-us"]');
    if (!el || el.dataset.value !== expected) return false;
    resolve(performance.now() - window.__keydown);
    return true;
  };
  if (done()) return;
  const obs = new MutationObserver(() => { if (done()) obs.disconnect(); });
  obs.observe(document.body, {subtree: true, childList: true, attributes: true});
})"""
STAMP_KEYDOWN = """() => document.getElementById('cards').addEventListener('keydown',
  () => { window.__keydown = performance.now(); }, true)"""


def expected_us(cards: int) -> str:
    deal = {"contract": "hearts", "declarer": "us", "cards": {"us": cards}, "last_trick": "us"}
    return str(score(deal)["score"]["us"])


def page_weight(page: Page, url: str) -> tuple[int, int]:
    """(bytes over the wire, bytes decoded) of a first visit: the page and what it loads."""
    page.goto(url)
    page.wait_for_load_state("load")
    sizes = page.evaluate(
        """() => performance.getEntriesByType('navigation')
             .concat(performance.getEntriesByType('resource'))
             .map(e => [e.transferSize, e.decodedBodySize])"""
    )
    return sum(s[0] for s in sizes), sum(s[1] for s in sizes)


WAIT_FOR_ROW = """(n) => new Promise((resolve) => {
  const done = () => {
    if (!document.querySelector(`[data-testid="row-${n}"]`)) return false;
    resolve(performance.now() - window.__tap);
    return true;
  };
  if (done()) return;
  const obs = new MutationObserver(() => { if (done()) obs.disconnect(); });
  obs.observe(document.body, {subtree: true, childList: true});
})"""
STAMP_TAP = """() => document.addEventListener('click', (e) => {
  if (e.target.closest('[data-testid="add-deal"]')) window.__tap = performance.now();
}, true)"""
TABLE_DEALS = 15


def add_to_sheet(page: Page, base: str) -> list[float]:
    """Tap on Add → the deal's row on the sheet, for each deal of a match (ms)."""
    page.goto(base + "/matches/new?game=belot&lang=bg")
    page.get_by_test_id("create-match").click()
    page.wait_for_url("**/m/*")
    page.evaluate(STAMP_TAP)  # the table swaps in place: the listener stays
    times = []
    for n in range(1, TABLE_DEALS + 1):
        team = "us" if n % 2 else "them"  # points split: the match lasts
        for testid in ("contract-hearts", f"declarer-{team}", f"last-{team}",
                       f"cards-team-{team}"):  # fmt: skip
            page.get_by_test_id(testid).click()
        page.get_by_test_id("cards").fill("82")
        page.get_by_test_id("score-us").wait_for()
        page.get_by_test_id("add-deal").click()
        times.append(float(page.evaluate(WAIT_FOR_ROW, n)))
    return times


def main() -> None:
    with (
        tempfile.TemporaryDirectory() as tmp,
        running(make_app(Path(tmp) / "b.sqlite")) as base,
        sync_playwright() as pw,
    ):
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        weights = {}
        for path in ("/", "/baloot"):
            ctx = browser.new_context(viewport={"width": 360, "height": 780})
            weights[path] = page_weight(ctx.new_page(), base + path)
            ctx.close()
        # The server's round trip only: no service worker downloading the offline pack and
        # starting its engine meanwhile (bench/offline.py measures those).
        ctx = browser.new_context(viewport={"width": 360, "height": 780}, service_workers="block")
        page = ctx.new_page()
        page.goto(base + "/?lang=bg")
        for testid in ("contract-hearts", "declarer-us", "last-us", "cards-team-us"):
            page.get_by_test_id(testid).click()
        page.evaluate(STAMP_KEYDOWN)
        field = page.get_by_test_id("cards")
        times: list[float] = []
        for i in range(EDITS):
            cards = 20 + (i * 7) % 120  # two or three digits, always a reachable count
            text = str(cards)
            field.fill(text[:-1])
            field.press(text[-1])
            times.append(float(page.evaluate(WAIT_FOR_RESULT, expected_us(cards))))
        adds = sorted(add_to_sheet(page, base))
        browser.close()
    times.sort()
    p95 = times[int(len(times) * 0.95) - 1]
    print(f"keystroke -> updated result over {EDITS} edits (ms): "
          f"median {statistics.median(times):.1f}, p95 {p95:.1f}, max {times[-1]:.1f}")  # fmt: skip
    p95_add = adds[int(len(adds) * 0.95) - 1]
    print(f"tap on add-deal -> its row on the sheet over {len(adds)} deals (ms): "
          f"median {statistics.median(adds):.1f}, p95 {p95_add:.1f} (goal p95 < 150)")  # fmt: skip
    for path, (wire, decoded) in weights.items():
        kib = f"{wire / 1024:.1f} KiB transferred, {decoded / 1024:.1f} KiB decoded"
        print(f"first visit {path}: {kib}")


if __name__ == "__main__":
    main()
