"""Issue 18: a page form records only what it offers. A value outside a field's choices is
refused at that field in the page's language, nothing recorded; no value is cut short; the
framework's own error bodies (`{"detail": …}`) never reach a page."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from .server import make_app

DEAL = {"contract": "hearts", "declarer": "us", "cards": "82", "last_trick": "us"}
NOT_VALID = {"bg": "Тази стойност не е валидна тук.", "en": "This value is not valid here."}


@pytest.fixture(scope="module")
def app_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    app = make_app(tmp_path_factory.mktemp("db") / "belot.sqlite")
    with TestClient(app) as c:
        yield c


def _start(client: TestClient, game: str = "belot") -> str:
    answer = client.post("/matches", data={"game": game}, follow_redirects=False)
    assert answer.status_code == 303
    url: str = answer.headers["location"]
    return url


def _as_sent(deals: list[object]) -> None:
    (deal,) = deals
    assert isinstance(deal, dict)
    assert {k: deal[k] for k in ("contract", "declarer", "cards", "last_trick", "multiplier")} == {
        "contract": "hearts", "declarer": "us", "cards": {"us": 82}, "last_trick": "us",
        "multiplier": 1}  # fmt: skip


def _recorded(client: TestClient, url: str) -> list[object]:
    match = client.get(f"/api/v1/matches/{url.rsplit('/', 1)[1]}").json()
    return [d["input"] for d in match["deals"]]


@pytest.mark.parametrize(
    ("field", "value"),
    [("multiplier", "3"), ("declarer", "nobody"), ("contract", "clubs "), ("last_trick", "x"),
     ("cards_team", "nobody"), ("multiplier", "1" + " " * 50)],
)  # fmt: skip
def test_a_value_the_field_does_not_offer_is_refused_at_it(
    app_client: TestClient, field: str, value: str
) -> None:
    editor = TestClient(app_client.app)
    url = _start(editor)
    answer = editor.post(f"{url}/deals", data={**DEAL, field: value, "op": "add"})
    assert answer.status_code == 422, answer.text[:300]
    shown = "cards" if field == "cards_team" else field
    assert re.search(rf'data-field="{shown}"[^>]*>[^<]*{NOT_VALID["bg"]}', answer.text) or (
        f'data-field="{shown}"' in answer.text and NOT_VALID["bg"] in answer.text
    )
    assert _recorded(editor, url) == []
    # The same form, the value one it offers: recorded as sent.
    assert editor.post(f"{url}/deals", data={**DEAL, "op": "add"}).status_code in (200, 303)
    _as_sent(_recorded(editor, url))


def test_the_calculator_says_it_in_the_pages_language(app_client: TestClient) -> None:
    answer = app_client.post("/_result/belot?lang=en", data={**DEAL, "multiplier": "3"})
    assert 'data-field="multiplier"' in answer.text and NOT_VALID["en"] in answer.text


def test_a_padded_number_is_read_whole_never_cut(app_client: TestClient) -> None:
    editor = TestClient(app_client.app)
    url = _start(editor)
    padded = " " * 45 + "82"
    editor.post(f"{url}/deals", data={**DEAL, "cards": padded, "op": "add"})
    _as_sent(_recorded(editor, url))
    zeros = editor.post(f"{url}/deals", data={**DEAL, "cards": "0" * 45 + "82", "op": "add"})
    assert zeros.status_code == 422 and 'data-field="cards.us"' in zeros.text
    assert len(_recorded(editor, url)) == 1


@pytest.mark.parametrize("path", ["/", "/_result/belot", "/m/{id}/deals", "/matches"])
def test_a_form_of_over_a_thousand_fields_answers_our_own_page(
    app_client: TestClient, path: str
) -> None:
    editor = TestClient(app_client.app)
    url = _start(editor)
    body = "&".join(f"f{i}=1" for i in range(1001))
    answer = editor.post(path.replace("/m/{id}", url), content=body,
                         headers={"Content-Type": "application/x-www-form-urlencoded"})  # fmt: skip
    assert answer.status_code == 400
    assert answer.headers["content-type"].startswith("text/html")
    assert '"detail"' not in answer.text and 'data-testid="error"' in answer.text
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert _recorded(editor, url) == []
