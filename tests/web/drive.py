"""Typing deals into the calculators through CONTRACT §6's data-testid hooks only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from playwright.sync_api import Page, expect

# A control in the deal form's compact panel (declarations, contra, capot…; issue 19) is one
# tap away: `more` opens the panel over the form, and closes it again before a control of the
# form itself is tapped.
IN_PANEL = "el => !!el.closest('details.more')"


def tap(page: Page, testid: str) -> None:
    target = page.get_by_test_id(testid)
    panel = page.locator("details.more")
    if panel.count():
        inside = bool(target.evaluate(IN_PANEL))
        if inside != bool(panel.evaluate("el => el.open")):
            page.get_by_test_id("more-open").click()
    target.click()


def close_panel(page: Page) -> None:
    """The panel closed: the form under it in view again."""
    panel = page.locator("details.more")
    if panel.count() and panel.evaluate("el => el.open"):
        page.get_by_test_id("more-open").click()


def belot_deal(page: Page, deal: Mapping[str, Any]) -> None:
    """Click and fill a Belot deal given as CONTRACT §1 JSON (value declarations)."""
    rules = page.get_by_test_id(f"rules-{deal.get('rules', 'bg')}")
    if rules.count():  # a match's deal form has its rules fixed
        rules.click()
    tap(page, f"contract-{deal['contract']}")
    tap(page, f"declarer-{deal['declarer']}")
    capot = deal.get("capot")
    if not capot:
        ((team, points),) = deal["cards"].items()
        tap(page, f"cards-team-{team}")
        page.get_by_test_id("cards").fill(str(points))
        tap(page, f"last-{deal['last_trick']}")
    tap(page, f"multiplier-{deal.get('multiplier', 1)}")
    tap(page, f"capot-{capot or 'none'}")
    for team in ("us", "them"):
        tap(page, f"decl-clear-{team}")
        values: Sequence[int] = deal.get("declarations", {}).get(team, [])
        for value in values:
            tap(page, f"decl-{team}-{value}")
        for _ in range(deal.get("belots", {}).get(team, 0)):
            tap(page, f"belot-{team}")
    close_panel(page)
    hanging = page.get_by_test_id("hanging")  # the calculator's (a match carries its own)
    if hanging.count() and hanging.get_attribute("readonly") is None:
        hanging.fill(str(deal.get("hanging", 0)))


def baloot_round(page: Page, deal: Mapping[str, Any]) -> None:
    """Click and fill a Baloot round given as CONTRACT §1 JSON (project names)."""
    tap(page, f"mode-{deal['mode']}")
    tap(page, f"buyer-{deal['buyer']}")
    kaboot = deal.get("kaboot")
    if not kaboot:
        ((team, points),) = deal["abnat"].items()
        tap(page, f"abnat-team-{team}")
        page.get_by_test_id("abnat").fill(str(points))
    tap(page, f"kaboot-{kaboot or 'none'}")
    for team in ("us", "them"):
        tap(page, f"project-clear-{team}")
        for kind in deal.get("projects", {}).get(team, []):
            tap(page, f"project-{team}-{kind}")
    if deal.get("projects_first"):
        tap(page, f"projects-first-{deal['projects_first']}")
    tap(page, f"baloot-{deal.get('baloot') or 'none'}")
    tap(page, f"multiplier-{deal.get('multiplier', 1)}")
    close_panel(page)


def expect_result(page: Page, us: int, them: int, outcome: str, hanging: int | None = None) -> None:
    """The shown result; waits for it, since it appears once the server has answered."""
    expect(page.get_by_test_id("score-us")).to_have_attribute("data-value", str(us))
    expect(page.get_by_test_id("score-them")).to_have_attribute("data-value", str(them))
    expect(page.get_by_test_id("outcome")).to_have_attribute("data-outcome", outcome)
    if hanging is not None:
        expect(page.get_by_test_id("hanging-out")).to_have_attribute("data-value", str(hanging))
    expect(page.get_by_test_id("error")).to_have_count(0)


def add_deal(page: Page) -> None:
    """Tap add-deal and wait for the sheet's next version: swapped in place with JavaScript
    (no page load), a post and a redirect without."""
    table = page.locator("#table")
    version = int(table.get_attribute("data-version") or 0)
    page.get_by_test_id("add-deal").click()
    expect(table).to_have_attribute("data-version", str(version + 1))
