"""Issue 7 in a real browser: what a phone's number keypad can type is answered by the server
at its field, in the page's language (the forms have `novalidate`), and a deal recorded with
combinations or with projects' top cards survives being opened and saved unchanged."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .drive import belot_deal, expect_result

pytestmark = pytest.mark.browser

TYPE_A_NUMBER = {"bg": "Въведи цяло число.", "ar": "أدخل عددًا صحيحًا.", "en": "Type a whole number."}
NEGATIVE = {
    "bg": "Точките не може да са отрицателни: напиши числото без минус.",
    "ar": "لا تكون النقاط سالبة: اكتب الرقم بلا علامة ناقص.",
    "en": "Points cannot be negative: type the number without a minus.",
}
DEAL = {"contract": "hearts", "declarer": "us", "cards": {"us": 82}, "last_trick": "us"}


@pytest.mark.parametrize("lang", ["bg", "ar", "en"])
def test_what_a_number_keypad_types_is_answered_at_its_field(
    page: Page, base_url: str, lang: str
) -> None:
    page.goto(f"{base_url}/?lang={lang}")
    belot_deal(page, DEAL)
    expect_result(page, 9, 7, "made")
    cards = page.get_by_test_id("cards")
    for typed in ("82,", "8²", "-5"):
        cards.fill(typed)
        error = page.locator('#slot-cards [data-testid="error"]')
        expect(error).to_have_attribute("data-field", "cards.us")
        # "-5" is a whole number: it is told what to do instead (issue 19)
        expect(error).to_have_text(NEGATIVE[lang] if typed == "-5" else TYPE_A_NUMBER[lang])
        expect(page.get_by_test_id("score-us")).to_have_count(0)
    cards.fill(" 82 ")  # trimmed
    expect_result(page, 9, 7, "made")


def test_match_forms_answer_at_the_field_too(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/matches/new?game=belot&lang=bg")
    page.get_by_test_id("create-match").click()
    page.wait_for_url("**/m/*")
    belot_deal(page, DEAL)
    page.get_by_test_id("cards").fill("82,")
    error = page.locator('#slot-cards [data-testid="error"]')
    expect(error).to_have_text(TYPE_A_NUMBER["bg"])
    page.get_by_test_id("add-deal").click()  # sent anyway: the server refuses it, keeps it
    expect(page.locator('#slot-cards [data-testid="error"]')).to_have_text(TYPE_A_NUMBER["bg"])
    expect(page.get_by_test_id("cards")).to_have_value("82,")
    expect(page.get_by_test_id("row-1")).to_have_count(0)


def recorded(page: Page, base_url: str, match_id: str) -> list[Any]:
    body = page.request.get(f"{base_url}/api/v1/matches/{match_id}").json()
    return [d["input"] for d in body["deals"]]


@pytest.mark.parametrize(
    ("game", "deal", "shown"),
    [
        ("belot", {"contract": "hearts", "declarer": "us", "cards": {"us": 82},
                   "last_trick": "us", "declarations": {"us": [{"kind": "tierce", "high": "K"}],
                                                        "them": []}}, ("11", "7")),
        ("baloot", {"mode": "hokm", "buyer": "us", "abnat": {"them": 62},
                    "projects": {"us": [{"kind": "sira", "high": "K"}],
                                 "them": [{"kind": "sira", "high": "Q"}]}}, None),
    ],
)  # fmt: skip
def test_a_recorded_deal_opened_and_saved_unchanged_is_stored_identical(
    page: Page, base_url: str, game: str, deal: dict[str, Any], shown: tuple[str, str] | None
) -> None:
    made = page.request.post(f"{base_url}/api/v1/matches", data={"game": game}).json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    added = page.request.post(
        f"{base_url}/api/v1/matches/{made['id']}/deals", data=deal, headers=auth
    )
    assert added.status == 201, added.text()
    before = recorded(page, base_url, made["id"])
    page.goto(f"{base_url}/m/{made['id']}#token={made['token']}")  # the edit link
    page.get_by_test_id("edit-1").click()
    page.wait_for_url("**/deals/1*")
    expect(page.get_by_test_id("score-us")).to_be_visible()
    if shown is not None:
        expect(page.get_by_test_id("score-us")).to_have_attribute("data-value", shown[0])
        expect(page.get_by_test_id("score-them")).to_have_attribute("data-value", shown[1])
    page.get_by_test_id("save-deal").click()
    page.wait_for_url(f"**/m/{made['id']}*")
    expect(page.get_by_test_id("row-1")).to_be_visible()
    assert recorded(page, base_url, made["id"]) == before
