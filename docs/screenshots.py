"""Screenshots at 360×780 of the calculators and a match's table screen in bg, ar and en (with
seats; the panel of declarations and contra open; the big view in portrait; Belot in Arabic with
Arabic-Indic digits, and again with totals holding a zero, 102 : 10), dark mode in bg and ar,
the big-digit view (landscape), the table screen offline with changes kept on the phone (bg, ar),
a club's page and a player's (bg, ar), and a viewer's match page with the teams left unnamed
(bg, ar); in French the Belot calculator, a match's sheet and a club; the count pad open on
each game's calculator in its language (Belot bg, Baloot ar with Arabic-Indic digits, coinche fr,
bela hr, klaverjas nl).

    .venv/bin/python docs/screenshots.py      # writes docs/screenshots/*.png
    .venv/bin/python docs/screenshots.py fr   # only the French ones
    .venv/bin/python docs/screenshots.py clubs  # a club's page and a tournament's, bg/ar/en
    .venv/bin/python docs/screenshots.py digits  # Arabic-Indic totals of 102 : 10 (issue 32)
    .venv/bin/python docs/screenshots.py count  # the count pad open, one game each (issue 32)

Runs the app on a temporary database and Debian's Chromium, types a deal or a few, and shoots
the viewport (the result bar included, as a player sees it).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from web.conftest import ARGS, CHROMIUM  # noqa: E402
from web.drive import add_deal, baloot_round, belot_deal  # noqa: E402
from web.server import make_app, running  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
BELOT_DEALS: list[dict[str, Any]] = [
    {"contract": "hearts", "declarer": "us", "cards": {"us": 82}, "last_trick": "us",
     "declarations": {"us": [20]}},
    {"contract": "spades", "declarer": "us", "cards": {"us": 71}, "last_trick": "them",
     "declarations": {"us": [20]}},
    {"contract": "clubs", "declarer": "them", "cards": {"them": 90}, "last_trick": "them"},
    {"contract": "no-trumps", "declarer": "us", "multiplier": 2, "cards": {"us": 70},
     "last_trick": "us"},
]  # fmt: skip
BALOOT_ROUNDS: list[dict[str, Any]] = [
    {"mode": "hokm", "buyer": "us", "abnat": {"them": 62}},
    {"mode": "sun", "buyer": "them", "abnat": {"us": 64}},
    {"mode": "hokm", "buyer": "us", "abnat": {"them": 90}, "projects": {"them": ["fifty"]},
     "baloot": "us"},
]  # fmt: skip


# Totals of 102 : 10: with Arabic-Indic digits a figure holding a zero read backwards (issue 32).
ZERO_DEALS: list[dict[str, Any]] = [
    {"contract": "hearts", "declarer": "them", "cards": {"them": 88}, "last_trick": "them"},
    {"contract": "no-trumps", "declarer": "us", "cards": {"us": 118}, "last_trick": "us"},
    {"contract": "all-trumps", "declarer": "us", "capot": "us"},
    {"contract": "all-trumps", "declarer": "us", "capot": "us"},
]


def settle(page: Page) -> None:
    page.get_by_test_id("score-us").wait_for()
    page.evaluate("window.scrollTo(0, 0)")


SEATS = {"bg": ["Иван", "Петър", "Мария", "Ана"], "ar": ["محمد", "علي", "فهد", "سعد"],
         "en": ["Ivan", "Petar", "Maria", "Ana"],
         "fr": ["Jean", "Pierre", "Marie", "Sophie"]}  # fmt: skip


def sheet(
    page: Page, base: str, game: str, lang: str, deals: list[dict[str, Any]] | None = None
) -> None:
    """A match with four seats (the teams named by their players) and a few deals."""
    page.goto(f"{base}/matches/new?game={game}&lang={lang}")
    page.get_by_test_id(f"game-{game}").click()
    for i, name in enumerate(SEATS[lang], start=1):
        page.get_by_test_id(f"seat-{i}").fill(name)
    page.get_by_test_id("create-match").click()
    page.wait_for_url("**/m/*")
    for deal in deals or (BELOT_DEALS if game == "belot" else BALOOT_ROUNDS):
        (belot_deal if game == "belot" else baloot_round)(page, deal)
        page.get_by_test_id("score-us").wait_for()
        add_deal(page)
    page.evaluate("window.scrollTo(0, 0)")


def club(page: Page, base: str, lang: str = "bg") -> None:
    """A club of five whose players played four Baloot matches, each won by a gahwa."""
    page.goto(f"{base}/clubs/new?lang={lang}")
    page.get_by_test_id("club-name").fill("Vendredi soir" if lang == "fr" else "Петък вечер")
    page.get_by_test_id("create-club").click()
    names = ["Jean", "Marie", "Pierre", "Hélène", "Thierry"] if lang == "fr" else [
        "Иван", "Мария", "Петър", "Елена", "Жоро"]  # fmt: skip
    for n, name in enumerate(names, start=1):
        page.get_by_test_id("player-name").fill(name)
        page.get_by_test_id("add-player").click()
        # the club's page again, with its new player: the next one is typed into that page
        # (typed at once, into the page still leaving, a name was lost and the club had three)
        expect(page.get_by_test_id(f"player-{n}")).to_have_text(name)
    club_url = page.url.split("#")[0]
    for m in range(4):
        page.goto(club_url)
        page.get_by_test_id("game-baloot").click()
        for seat in range(1, 5):
            page.get_by_test_id(f"seat-{seat}").select_option(label=names[(m + seat - 1) % 5])
        page.get_by_test_id("create-club-match").click()
        page.wait_for_url("**/m/*")
        buyer = "us" if m % 3 else "them"
        other = "them" if buyer == "us" else "us"
        baloot_round(page, {"mode": "hokm", "buyer": buyer, "abnat": {other: 40},
                            "multiplier": "gahwa"})  # fmt: skip
        page.get_by_test_id("score-us").wait_for()
        add_deal(page)
        page.get_by_test_id("row-1").wait_for()  # the deal kept before the page is left
    page.goto(f"{club_url}?range=all")


def viewer(browser: Browser, base: str) -> None:
    """A match made with the teams left unnamed, as another phone at the table reads it (no
    edit token): the game's own names in each page's language."""
    ctx = browser.new_context(viewport={"width": 360, "height": 780})
    page = ctx.new_page()
    page.goto(f"{base}/matches/new?game=belot&lang=bg")
    page.get_by_test_id("create-match").click()
    page.wait_for_url("**/m/*")
    for deal in BELOT_DEALS:
        belot_deal(page, deal)
        page.get_by_test_id("score-us").wait_for()
        add_deal(page)
    url = page.url.split("#")[0].split("?")[0]
    ctx.close()
    for lang in ("bg", "ar"):
        ctx = browser.new_context(viewport={"width": 360, "height": 780})
        page = ctx.new_page()
        page.goto(f"{url}?lang={lang}")
        page.get_by_test_id("row-4").wait_for()
        page.screenshot(path=OUT / f"viewer-{lang}.png")
        ctx.close()


def zero_digits(browser: Browser, base: str) -> None:
    """Belot in Arabic with Arabic-Indic digits, totals 102 : 10 (issue 32: they read ٢٠١)."""
    ctx = browser.new_context(viewport={"width": 360, "height": 780})
    page = ctx.new_page()
    sheet(page, base, "belot", "ar", ZERO_DEALS)
    page.goto(f"{page.url.split('#')[0]}?digits=arab")
    page.get_by_test_id("add-deal").wait_for()
    page.screenshot(path=OUT / "sheet-ar-digits-zero.png")
    ctx.close()


# The count pad open (issue 32): each game in its own language, a pile counted card by card.
COUNT_PADS: list[tuple[str, str, list[str], list[str]]] = [
    ("belot-bg", "/?lang=bg", ["contract-hearts", "declarer-us", "last-us", "cards-team-us"],
     ["hearts-J", "hearts-9", "spades-A", "diamonds-10", "clubs-K"]),
    ("baloot-ar", "/baloot?lang=ar&digits=arab", ["mode-hokm", "buyer-us"],
     ["count-trump-spades", "spades-J", "spades-9", "hearts-A", "hearts-10", "diamonds-K",
      "count-last"]),
    ("coinche-fr", "/coinche?lang=fr", ["rules-coinche", "rule-sans-tout-atout",
                                        "contract-no-trumps", "declarer-us", "cards-team-us"],
     ["hearts-A", "hearts-10", "spades-A", "clubs-J", "diamonds-Q"]),
    ("bela-hr", "/bela?lang=hr", ["contract-spades", "declarer-us", "last-us", "cards-team-us"],
     ["spades-J", "spades-9", "clubs-A", "hearts-10", "hearts-K"]),
    ("klaverjas-nl", "/klaverjas?lang=nl", ["contract-clubs", "declarer-us", "last-us",
                                            "cards-team-us"],
     ["clubs-J", "clubs-9", "diamonds-A", "spades-10", "hearts-Q"]),
]  # fmt: skip


def count_pads(browser: Browser, base: str) -> None:
    """The count pad open at 360×780 on each game's calculator, a few cards counted."""
    for name, path, choices, taps in COUNT_PADS:
        ctx = browser.new_context(viewport={"width": 360, "height": 780})
        page = ctx.new_page()
        page.goto(f"{base}{path}")
        for testid in choices:
            page.get_by_test_id(testid).click()
        page.get_by_test_id("count-open").click()
        for tap in taps:
            page.get_by_test_id(tap if tap.startswith("count-") else f"card-{tap}").click()
        expect(page.get_by_test_id("count-sum")).not_to_have_attribute("data-value", "")
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=OUT / f"count-pad-{name}.png")
        ctx.close()


def offline(page: Page, base: str, game: str, lang: str) -> None:
    """The table screen with the network cut: deal 2 edited, deal 1 deleted, one deal added,
    all kept on the phone, with the totals from the engine on the device."""
    sheet(page, base, game, lang)
    page.locator('[data-testid="offline-ready"][data-ready="yes"]').wait_for(timeout=180_000)
    page.wait_for_function(
        """async () => {
          const m = await caches.match("/api/v1/matches/" + location.pathname.split("/")[2]);
          return !!m && (await m.json()).version > 0;
        }""",
        timeout=30_000,
    )
    page.context.set_offline(True)
    page.reload()
    enter = belot_deal if game == "belot" else baloot_round
    deals = BELOT_DEALS if game == "belot" else BALOOT_ROUNDS
    page.get_by_test_id("edit-2").click()
    page.get_by_test_id("pending-delete").wait_for(timeout=60_000)
    enter(page, deals[0])
    page.get_by_test_id("add-deal").click()
    page.get_by_test_id("edit-1").click()
    page.get_by_test_id("pending-delete").click()
    page.get_by_test_id("pending-delete").click()
    enter(page, deals[1])
    page.get_by_test_id("add-deal").click()
    page.locator('[data-testid="pending"][data-total-us]').wait_for(timeout=60_000)
    page.locator("#sheet").scroll_into_view_if_needed()
    page.evaluate("document.getElementById('sheet').scrollIntoView()")


def french(browser: Browser) -> None:
    """The pages in French (issue 24): the Belot calculator, a match's sheet and a club."""
    ctx = browser.new_context(viewport={"width": 360, "height": 780})
    page = ctx.new_page()
    with tempfile.TemporaryDirectory() as tmp, running(make_app(Path(tmp) / "fr.sqlite")) as base:
        page.goto(f"{base}/?lang=fr")
        belot_deal(page, BELOT_DEALS[0])
        settle(page)
        page.screenshot(path=OUT / "calculator-belot-fr.png")
        sheet(page, base, "belot", "fr")
        page.screenshot(path=OUT / "sheet-fr.png")
        club(page, base, "fr")
        page.goto(f"{page.url.split('?')[0]}?range=all&lang=fr")
        page.screenshot(path=OUT / "club-fr.png", full_page=True)
    ctx.close()


def clubs(browser: Browser) -> None:
    """A club of eight as its editor sees it (players first, the new-match form, the ratings
    and the chart) and its round robin with round 1 in play, at 360×780 in bg, ar and en
    (issue 25; the data: tests/web/test_clubs_phone.py)."""
    from web.test_clubs_phone import club_played

    with tempfile.TemporaryDirectory() as tmp, running(make_app(Path(tmp) / "c.sqlite")) as base:
        made = club_played(base)
        ctx = browser.new_context(viewport={"width": 360, "height": 780})
        ctx.add_cookies([{"name": f"club_{made['club']}", "value": made["token"],
                          "url": f"{base}/c/{made['club']}"}])  # fmt: skip
        page = ctx.new_page()
        for lang in ("bg", "ar", "en"):
            page.goto(f"{base}/c/{made['club']}?range=all&lang={lang}")
            page.screenshot(path=OUT / f"club-{lang}.png", full_page=True)
            page.goto(f"{base}/t/{made['tournament']}?lang={lang}")
            page.screenshot(path=OUT / f"tournament-{lang}.png", full_page=True)
        ctx.close()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    if sys.argv[1:] == ["clubs"]:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            clubs(browser)
            browser.close()
        return
    if sys.argv[1:] == ["digits"]:
        with (
            tempfile.TemporaryDirectory() as tmp,
            running(make_app(Path(tmp) / "shots.sqlite")) as base,
            sync_playwright() as pw,
        ):
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            zero_digits(browser, base)
            browser.close()
        return
    if sys.argv[1:] == ["count"]:
        with (
            tempfile.TemporaryDirectory() as tmp,
            running(make_app(Path(tmp) / "shots.sqlite")) as base,
            sync_playwright() as pw,
        ):
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            count_pads(browser, base)
            browser.close()
        return
    if sys.argv[1:] == ["fr"]:  # only the French ones: `.venv/bin/python docs/screenshots.py fr`
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            french(browser)
            browser.close()
        return
    # the service worker fetches the offline pack meanwhile: a busy machine is slower
    expect.set_options(timeout=30_000)
    with (
        tempfile.TemporaryDirectory() as tmp,
        running(make_app(Path(tmp) / "shots.sqlite")) as base,
        sync_playwright() as pw,
    ):
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for lang in ("bg", "ar", "en"):
            ctx = browser.new_context(viewport={"width": 360, "height": 780})
            page = ctx.new_page()
            page.goto(f"{base}/?lang={lang}")
            belot_deal(page, BELOT_DEALS[0])
            settle(page)
            page.screenshot(path=OUT / f"calculator-belot-{lang}.png")
            page.goto(f"{base}/baloot?lang={lang}")
            baloot_round(page, BALOOT_ROUNDS[2])
            settle(page)
            page.screenshot(path=OUT / f"calculator-baloot-{lang}.png")
            sheet(page, base, "baloot" if lang == "ar" else "belot", lang)
            page.screenshot(path=OUT / f"sheet-{lang}.png")
            page.get_by_test_id("more-open").click()  # the panel, one tap away (issue 19)
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=OUT / f"sheet-{lang}-more.png")
            page.goto(f"{page.url.split('#')[0]}/big")  # the big view in portrait
            page.screenshot(path=OUT / f"big-{lang}.png")
            ctx.close()
        ctx = browser.new_context(viewport={"width": 360, "height": 780})
        page = ctx.new_page()  # Belot in Arabic, Arabic-Indic digits
        sheet(page, base, "belot", "ar")
        page.goto(f"{page.url.split('#')[0]}?digits=arab")
        page.get_by_test_id("add-deal").wait_for()
        page.screenshot(path=OUT / "sheet-ar-belot-digits.png")
        ctx.close()
        zero_digits(browser, base)
        for lang in ("bg", "ar"):  # dark mode, and the big digits across the table
            ctx = browser.new_context(viewport={"width": 360, "height": 780}, color_scheme="dark")
            page = ctx.new_page()
            sheet(page, base, "baloot" if lang == "ar" else "belot", lang)
            page.screenshot(path=OUT / f"sheet-{lang}-dark.png")
            page.goto(f"{page.url.split('#')[0]}/big")
            page.set_viewport_size({"width": 780, "height": 360})
            page.screenshot(path=OUT / f"big-{lang}-dark.png")
            ctx.close()
        for lang in ("bg", "ar"):  # offline: changes kept on the phone
            ctx = browser.new_context(viewport={"width": 360, "height": 780})
            page = ctx.new_page()
            offline(page, base, "baloot" if lang == "ar" else "belot", lang)
            page.screenshot(path=OUT / f"offline-{lang}.png")
            ctx.close()
        ctx = browser.new_context(viewport={"width": 360, "height": 780})
        page = ctx.new_page()
        club(page, base)
        club_url = page.url.split("?")[0]
        for lang in ("bg", "ar"):
            page.goto(f"{club_url}?range=all&lang={lang}")
            page.screenshot(path=OUT / f"club-{lang}.png", full_page=True)
        page.locator('[data-testid="player-1"]').click()
        player_url = page.url.split("?")[0]
        for lang in ("bg", "ar"):
            page.goto(f"{player_url}?lang={lang}")
            page.screenshot(path=OUT / f"player-{lang}.png", full_page=True)
        ctx.close()
        viewer(browser, base)
        count_pads(browser, base)
        french(browser)
        browser.close()
    print(f"wrote {len(list(OUT.glob('*.png')))} screenshots to {OUT}")


if __name__ == "__main__":
    main()
