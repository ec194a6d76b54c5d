"""Headless Chromium: time from the last keystroke to the updated result, a tap on Add to the
new sheet on the table screen, and page weight.

Runs the app under uvicorn on a free port with a temporary database, types 200 card-point
edits into the Belot calculator, and for each one measures, inside the page, from the keydown
of the last digit to the moment the new result is in the DOM. Prints median, p95 and max,
beside the calculator pages' transfer size on a first visit. Then plays 15 deals on a match's
table screen and times each tap on `add-deal` to the moment its row is on the sheet (issue 9:
p95 under 150 ms). Then plays deals as a finger would on matches with seats (Belot and Baloot,
bg and ar) and counts taps, digits and scrolls per deal (issue 19: a plain deal in 4 taps and
its digits, no deal needs a scroll). Not a test: figures only.
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


# A finger on a phone (issue 19): a tap lands where the control is on the screen; a control
# not wholly on the screen needs a scroll first (counted, with its distance). Deals as a new
# player enters them on a match with four seats: each choice tapped once, the number typed.
Step = str | tuple[str, str]  # a tap on a hook, or a number typed into one
SEATS = {"bg": ["Иван", "Петър", "Мария", "Ана"], "ar": ["محمد", "علي", "فهد", "سعد"]}
BELOT_PLAIN: list[Step] = ["contract-hearts", "caller-3", "last-us", ("cards", "82"), "add-deal"]
BELOT_DECLARED: list[Step] = [
    "contract-spades",
    "caller-2",
    "last-them",
    "cards-team-them",
    ("cards", "64"),
    "more-open",
    "decl-them-50",
    "belot-them",
    "add-deal",
]
BELOT_CONTRA: list[Step] = [
    "contract-no-trumps",
    "caller-1",
    "last-us",
    ("cards", "90"),
    "more-open",
    "multiplier-2",
    "add-deal",
]
BALOOT_PLAIN: list[Step] = ["mode-hokm", "caller-1", ("abnat", "62"), "add-deal"]
BALOOT_PROJECT: list[Step] = [
    "mode-sun",
    "caller-2",
    ("abnat", "64"),
    "more-open",
    "project-them-sira",
    "add-deal",
]
PLAYS: dict[tuple[str, str], list[list[Step]]] = {  # (game, lang): the deals, in turn
    ("belot", "bg"): [
        BELOT_PLAIN,
        BELOT_DECLARED,
        BELOT_CONTRA,
        *[BELOT_PLAIN, BELOT_DECLARED] * 3,
    ],
    ("belot", "ar"): [
        BELOT_PLAIN,
        BELOT_DECLARED,
        BELOT_CONTRA,
        *[BELOT_PLAIN, BELOT_DECLARED] * 3,
    ],
    ("baloot", "ar"): [BALOOT_PLAIN, BALOOT_PROJECT] * 3,
    ("baloot", "bg"): [BALOOT_PLAIN, BALOOT_PROJECT] * 3,
}
IN_VIEW = """(el) => { const r = el.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; }"""


def finger(page: Page, testid: str) -> tuple[int, int]:
    """Tap `testid` as a finger would: (scrolls needed first, pixels scrolled)."""
    el = page.get_by_test_id(testid)
    el.wait_for()
    scrolls = pixels = 0
    if not el.evaluate(IN_VIEW):
        before = page.evaluate("scrollY")
        el.evaluate("el => el.scrollIntoView({block: 'center'})")
        scrolls, pixels = 1, abs(int(page.evaluate("scrollY") - before))
    box = el.bounding_box()
    assert box is not None, testid
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    return scrolls, pixels


def taps_and_scrolls(
    page: Page, base: str
) -> dict[tuple[str, str], list[tuple[int, int, int, int]]]:
    """Per match, per deal: (taps, digits, scrolls, pixels scrolled)."""
    out: dict[tuple[str, str], list[tuple[int, int, int, int]]] = {}
    for (game, lang), deals in PLAYS.items():
        made = page.request.post(
            base + "/api/v1/matches", data={"game": game, "seats": SEATS[lang]}
        ).json()
        page.goto(f"{base}/m/{made['id']}?lang={lang}#token={made['token']}")
        page.wait_for_url(f"**/m/{made['id']}")
        page.get_by_test_id("add-deal").wait_for()
        rows = []
        for n, steps in enumerate(deals, start=1):
            taps = digits = scrolls = pixels = 0
            for step in steps:
                if isinstance(step, tuple):  # the number: typed where the focus already is
                    testid, text = step
                    focused = page.evaluate("document.activeElement?.dataset.testid || ''")
                    if focused != testid:
                        s, p = finger(page, testid)
                        taps, scrolls, pixels = taps + 1, scrolls + s, pixels + p
                    page.keyboard.type(text)
                    digits += len(text)
                    continue
                if step == "add-deal":
                    page.get_by_test_id("score-us").wait_for()
                s, p = finger(page, step)
                taps, scrolls, pixels = taps + 1, scrolls + s, pixels + p
            page.wait_for_selector(f'[data-testid="row-{n}"]')
            page.wait_for_function("scrollY === 0", timeout=2000)
            rows.append((taps, digits, scrolls, pixels))
        out[(game, lang)] = rows
    return out


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
        played = taps_and_scrolls(page, base)
        browser.close()
    times.sort()
    p95 = times[int(len(times) * 0.95) - 1]
    print(f"keystroke -> updated result over {EDITS} edits (ms): "
          f"median {statistics.median(times):.1f}, p95 {p95:.1f}, max {times[-1]:.1f}")  # fmt: skip
    p95_add = adds[int(len(adds) * 0.95) - 1]
    print(f"tap on add-deal -> its row on the sheet over {len(adds)} deals (ms): "
          f"median {statistics.median(adds):.1f}, p95 {p95_add:.1f} (goal p95 < 150)")  # fmt: skip
    for (game, lang), rows in played.items():
        taps = [r[0] for r in rows]
        plain = rows[0]
        print(f"{game} {lang} at 360x780 with seats, {len(rows)} deals: plain deal {plain[0]} taps"
              f" + {plain[1]} digits, {plain[2]} scrolls; taps per deal {min(taps)}-{max(taps)},"
              f" scrolls in all {sum(r[2] for r in rows)} ({sum(r[3] for r in rows)} px)"
              " (goal: a plain deal <= 4 taps + digits, 0 scrolls)")  # fmt: skip
    for path, (wire, decoded) in weights.items():
        kib = f"{wire / 1024:.1f} KiB transferred, {decoded / 1024:.1f} KiB decoded"
        print(f"first visit {path}: {kib}")


if __name__ == "__main__":
    main()
