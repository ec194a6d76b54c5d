"""Issue 32 without a browser: the live result is asked in the page's own digits (the address's
choice wins over the cookie's, online and on the device), and the new-match page's rule lines
read as the rest of the pages (one arrow a language, the reader's digits, scores in order)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html import unescape
from urllib.parse import urlencode

import pytest
from fastapi.testclient import TestClient

from belot.web.form import DealForm
from belot.web.offline import engine

from .server import make_app

# 109 : 0, a capot in hearts with recontra and a declaration.
CAPOT = {"contract": "hearts", "declarer": "us", "capot": "us", "multiplier": 4,
         "declarations": {"us": [20]}}  # fmt: skip
FORM = {"content-type": "application/x-www-form-urlencoded"}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path_factory.mktemp("db") / "belot.sqlite")) as c:
        yield c


def body(**extra: str) -> str:
    return urlencode({**extra, **DealForm.from_deal("belot", CAPOT).posted(calc=True)})


def score(html: str) -> str:
    """Our figure in the result as shown (the zero's span left out)."""
    found = re.search(r'data-testid="score-us" data-value="109">(.*?)</bdi>', html)
    assert found is not None, html[:400]
    return re.sub(r"<[^>]+>", "", found.group(1))


def hidden_digits(html: str) -> str:
    found = re.search(r'<input type="hidden" name="digits" value="(\w+)">', html)
    assert found is not None
    return found.group(1)


def test_the_page_s_digits_go_with_its_form(client: TestClient) -> None:
    """The calculator opened with `?digits=latn` under a `digits=arab` cookie is in Western
    digits, and its form says so: the live result is asked in them."""
    client.cookies.set("digits", "arab")
    try:
        assert hidden_digits(client.get("/?lang=ar&digits=latn").text) == "latn"
        assert hidden_digits(client.get("/?lang=ar").text) == "arab"  # the cookie's choice
        asked = client.post("/_result/belot", content=body(lang="ar", digits="latn"),
                            headers=FORM)  # fmt: skip
        assert score(asked.text) == "109"
        # a form of before (no digits field): the cookie's, as it was
        old = client.post("/_result/belot", content=body(lang="ar"), headers=FORM)
        assert score(old.text) == "١٠٩"
        # the no-script post: the form's digits too
        page = client.post("/", content=body(lang="ar", digits="latn", op="calc"), headers=FORM)
        assert score(page.text) == "109" and hidden_digits(page.text) == "latn"
    finally:
        client.cookies.clear()
    said = client.post("/_result/belot", content=body(lang="ar", digits="arab"), headers=FORM)
    assert score(said.text) == "١٠٩"  # no cookie: the page's Arabic-Indic digits
    bad = client.post("/_result/belot", content=body(lang="ar", digits="roman"), headers=FORM)
    assert score(bad.text) == "109"  # a choice that is none: Western, as a page without one


@pytest.mark.parametrize("digits", ["arab", "latn"])
def test_the_device_answers_in_the_page_s_digits_as_the_server(
    client: TestClient, digits: str
) -> None:
    """Offline the calculator's result (`engine.answer`) and a match's preview
    (`engine.preview`) are in the page's digits, byte for byte the server's answer."""
    posted = body(lang="ar", digits=digits)
    online = client.post("/_result/belot", content=posted, headers=FORM)
    assert engine.answer("belot", posted) == online.text
    assert score(online.text) == ("١٠٩" if digits == "arab" else "109")
    made = client.post("/api/v1/matches", json={"game": "belot", "rules": "bg"}).json()
    match = client.get(f"/api/v1/matches/{made['id']}").json()
    preview = client.post(f"/m/{made['id']}/preview", content=posted, headers=FORM)
    question = {"match": match, "pending": [], "body": posted, "n": None}
    assert engine.preview(json.dumps(question)) == preview.text
    assert score(preview.text) == ("١٠٩" if digits == "arab" else "109")


def rule_lines(html: str) -> str:
    """The rule lines of the new-match page as text: the presets' and the house rules'."""
    main = html.split("<main", 1)[1].split("</main>", 1)[0]
    return unescape(re.sub(r"<[^>]+>", "", main))


@pytest.mark.parametrize(
    ("game", "lang"),
    [("belot", "ar"), ("belot", "bg"), ("belot", "en"), ("baloot", "ar"), ("baloot", "en")],
)
def test_the_new_match_page_points_its_arrows_one_way(
    client: TestClient, game: str, lang: str
) -> None:
    """In Arabic the presets' line said "96 : 66 → 9 : 7" beside house rules pointing ←."""
    text = rule_lines(client.get(f"/matches/new?game={game}&lang={lang}").text)
    own, other = ("←", "→") if lang == "ar" else ("→", "←")
    assert own in text and other not in text, text


def test_the_new_match_page_s_preset_line_is_in_the_reader_s_digits(client: TestClient) -> None:
    page = client.get("/matches/new?game=belot&lang=ar&digits=arab").text
    note = re.search(r'<p class="note">([^\n]*?data-testid|.*?)</p>', page.split("rules-bg", 1)[1])
    assert note is not None
    shown = unescape(re.sub(r"<[^>]+>", "", note.group(1)))
    assert "٩٦ : ٦٦" in shown and not re.search(r"[0-9]", shown.replace("bg-6up", "")), shown
    assert '<bdi dir="rtl" class="pair-score">٩٦ : ٦٦</bdi>' in note.group(1)  # ours first
