"""The engine on the device for a match's changes kept offline (docs/web.md, "Offline"):
a recorded deal opened in the deal form (`engine.fields`) and the sheet with kept adds, edits
and deletes (`engine.replay`) are what the server's pages and store make of them.

Without a browser: the engine is importable on the server and runs the same code there.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from fastapi.testclient import TestClient

from belot.web.form import DealForm
from belot.web.matches import cookie_name
from belot.web.offline import engine

from .server import make_app

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path_factory.mktemp("db") / "belot.sqlite")) as c:
        yield c


class _Form(HTMLParser):
    """The deal form's fields as a page holds them: checked choices, typed texts, tap lists."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[str, str] = {}
        self.inside = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form":
            self.inside = a.get("id") == "calc"
        name, kind = a.get("name") or "", a.get("type")
        if not self.inside or tag != "input" or name in ("", "lang", "digits", "version", "key"):
            return
        if kind not in ("radio", "checkbox") or "checked" in a:
            self.fields[name] = a.get("value") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False


def form_fields(html: str) -> dict[str, str]:
    parser = _Form()
    parser.feed(html)
    return parser.fields


def golden(preset: str) -> list[dict[str, Any]]:
    lines = (GOLDEN / f"{preset}.jsonl").read_text(encoding="utf-8").splitlines()
    cases = [json.loads(line) for line in lines if line.strip()]
    return [c["input"] for c in cases if "expected" in c and "error" not in c["expected"]]


def test_a_form_posts_what_it_holds() -> None:
    """`posted` is `parse`'s inverse for what a deal form holds."""
    deal = {"contract": "hearts", "declarer": "them", "cards": {"them": 90},
            "last_trick": "them", "declarations": {"us": [20], "them": [50, 100]},
            "belots": {"them": 1}}  # fmt: skip
    state = DealForm.from_deal("belot", deal)
    fields = state.posted()
    assert fields["contract"] == "hearts" and fields["cards_team"] == "them"
    assert fields["cards"] == "90" and fields["belots.them"] == "1"
    assert DealForm.parse("belot", fields).deal() == state.deal()


@pytest.mark.parametrize(("game", "preset"), [
    ("belot", "bg"), ("belot", "bg-6up"), ("baloot", "sa"), ("french-belote", "ffb"),
    ("coinche", "coinche"), ("coinche", "contree"),
])  # fmt: skip
def test_a_recorded_deal_opens_in_the_form_as_its_edit_page_has_it(
    client: TestClient, game: str, preset: str
) -> None:
    """Every golden deal recorded in a match, opened on the device and saved untouched,
    stays exactly as recorded (the overlay the server's edit page uses)."""
    deals = [d for d in golden(preset) if not d.get("before") and "hanging" not in d][:40]
    made = client.post("/api/v1/matches", json={"game": game, "rules": preset}).json()
    client.cookies.set(cookie_name(made["id"]), made["token"])
    auth = {"Authorization": f"Bearer {made['token']}"}
    url = f"/api/v1/matches/{made['id']}"
    recorded = []
    for deal in deals:
        play = {k: v for k, v in deal.items() if k not in ("game", "rules")}
        fresh = client.post(f"{url}/deals", json={"game": game, **play}, headers=auth)
        if fresh.status_code == 409:  # the match is over: a new one for the rest
            break
        assert fresh.status_code == 201, fresh.text
        recorded.append(fresh.json()["deals"][-1]["input"])
    match = client.get(url).json()
    assert len(recorded) >= 3
    for n, original in enumerate(recorded, start=1):
        fields = json.loads(engine.fields(json.dumps({"match": match, "n": n})))
        page = client.get(f"/m/{made['id']}/deals/{n}")
        assert page.status_code == 200
        assert form_fields(page.text) == fields  # what its edit page holds
        assert DealForm.parse(game, fields).edited(original) == original


@pytest.mark.parametrize(("preset", "lang"), [
    ("ffb", "fr"), ("ffb", "en"), ("coinche", "fr"), ("coinche", "en"), ("contree", "fr"),
    ("contree", "en"), ("hr", "hr"), ("hr", "ar"), ("rotterdam", "nl"), ("amsterdam", "en"),
])  # fmt: skip
def test_a_calculator_answers_on_the_device_as_the_server(
    client: TestClient, preset: str, lang: str
) -> None:
    """`engine.answer` for the French games, bela and klaverjas: byte for byte what
    `POST /_result/<game>` answers, for golden deals (RULES 5.8, 6.7, 7.10, 8.9) and refused
    ones, and the numbers are the golden's."""
    cases = [json.loads(line) for line in (GOLDEN / f"{preset}.jsonl").read_text().splitlines()
             if line.strip()]  # fmt: skip
    headers = {"content-type": "application/x-www-form-urlencoded"}
    answered = 0
    for case in cases[:25]:
        deal, expected = case["input"], case["expected"]
        game = deal["game"]
        if deal.get("rules", preset) != preset or "hanging" in deal or not on_the_form(deal):
            continue
        state = DealForm.from_deal(game, deal)
        state.picks["rules"] = preset
        body = urlencode({"lang": lang, **state.posted(calc=True)})
        online = client.post(f"/_result/{game}", content=body, headers=headers)
        assert online.status_code == 200
        assert engine.answer(game, body) == online.text, case["name"]
        if "error" not in expected:
            assert f'data-testid="score-us" data-value="{expected["score"]["us"]}"' in online.text
            assert f'data-testid="score-them" data-value="{expected["score"]["them"]}"' in (
                online.text
            )
            answered += 1
    assert answered >= 3


def on_the_form(deal: dict[str, Any]) -> bool:
    """Whether the calculator's taps can say the deal: not bela's first-in-play team, a
    run's length or trump flag, nor klaverjas' roem as a total (the API takes those; a deal
    edited on a page keeps them, `DealForm.edited`)."""
    if "declarations_first" in deal:
        return False
    items = [i for team in (deal.get("declarations") or {}).values() for i in team]
    if any(isinstance(i, dict) and ({"length", "trump"} & set(i)) for i in items):
        return False
    return not any(type(v) is int for v in (deal.get("roem") or {}).values())


def belot_match(
    client: TestClient, deals: tuple[dict[str, Any], ...]
) -> tuple[str, str, dict[str, str]]:
    """A Belot match (bg) with these deals recorded through the API: (id, its API address,
    the editor's Authorization header)."""
    made = client.post("/api/v1/matches", json={"game": "belot", "rules": "bg"}).json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    url = f"/api/v1/matches/{made['id']}"
    for deal in deals:
        assert client.post(f"{url}/deals", json=deal, headers=auth).status_code == 201
    return made["id"], url, auth


def form_of(game: str, deal: dict[str, Any], op: str = "add") -> str:
    return urlencode({"lang": "en", "op": op, **DealForm.from_deal(game, deal).posted()})


HEARTS = {"contract": "hearts", "declarer": "us", "cards": {"us": 82}, "last_trick": "us"}
CLUBS = {"contract": "clubs", "declarer": "them", "cards": {"them": 100}, "last_trick": "them"}
NO_TRUMPS = {"contract": "no-trumps", "declarer": "us", "cards": {"us": 90}, "last_trick": "us"}
EDITED = {"contract": "diamonds", "declarer": "us", "cards": {"us": 110}, "last_trick": "us"}
HANGS = {"contract": "hearts", "declarer": "us", "cards": {"us": 71}, "last_trick": "us"}  # 81:81
CONTRA = {**CLUBS, "multiplier": 2}


def test_kept_edits_and_deletes_replay_as_the_server_then_records(client: TestClient) -> None:
    match_id, url, auth = belot_match(client, (HEARTS, CLUBS, NO_TRUMPS, CLUBS))
    kept = [
        {"kind": "save", "n": 2, "body": form_of("belot", EDITED, "save")},
        {"kind": "delete", "n": 1, "body": "op=delete&confirm=yes"},
        {"kind": "add", "body": form_of("belot", HANGS)},
        {"kind": "add", "body": form_of("belot", CONTRA)},
        {"kind": "add", "body": "lang=en&op=passed"},
    ]
    question = {"match": client.get(url).json(), "pending": kept, "lang": "bg"}
    answer = json.loads(engine.replay(json.dumps(question)))
    assert "error" not in answer
    client.put(f"{url}/deals/2", json=EDITED, headers=auth)
    client.delete(f"{url}/deals/1", headers=auth)
    client.post(f"{url}/deals", json=HANGS, headers=auth)
    client.post(f"{url}/deals", json=CONTRA, headers=auth)
    client.post(f"{url}/deals", json={"passed": True}, headers=auth)
    server = client.get(url).json()
    assert answer["first"] == 0  # deal 1 went: every row from the first changed
    page = client.get(f"/m/{match_id}?lang=bg").text  # the sheet's own words for each row
    notes = [unescape(n) for n in re.findall(r'<td class="marks">(.*?)</td>', page)]
    assert [r["marks"] for r in answer["rows"]] == notes
    worded = [
        "♦ каро · обявили: Ние",
        "без коз · обявили: Ние",
        "♣ спатия · обявили: Вие",
        "♥ купа · висяща (8) · обявили: Ние",
        "♣ спатия · контра · +8 висящи за Вие · обявили: Вие",
        "всички казаха пас",
    ]
    assert [n for n in notes if n] == worded
    assert answer["totals"] == server["totals"]
    assert answer["finished"] is server["finished"] and answer["winner"] == server["winner"]
    assert [[r["us"], r["them"], r["total_us"], r["total_them"]] for r in answer["rows"]] == [
        [d["result"]["score"]["us"], d["result"]["score"]["them"],
         d["totals"]["us"], d["totals"]["them"]] for d in server["deals"]
    ]  # fmt: skip


def test_a_kept_edit_starts_the_changed_rows_at_its_deal(client: TestClient) -> None:
    _, url, auth = belot_match(client, (HEARTS, CLUBS, NO_TRUMPS))
    match = client.get(url).json()
    edit = {"kind": "save", "n": 2, "body": form_of("belot", EDITED, "save")}
    answer = json.loads(engine.replay(json.dumps({"match": match, "pending": [edit]})))
    assert answer["first"] == 1 and len(answer["rows"]) == 2
    client.put(f"{url}/deals/2", json=EDITED, headers=auth)
    server = client.get(url).json()["deals"]
    assert [r["us"] for r in answer["rows"]] == [12, server[2]["result"]["score"]["us"]]
    assert [r["total_us"] for r in answer["rows"]] == [d["totals"]["us"] for d in server[1:]]
    gone = {"kind": "delete", "n": 4, "body": ""}
    assert json.loads(engine.replay(json.dumps({"match": match, "pending": [gone]}))) == {
        "error": "deal-not-found"
    }


@pytest.mark.parametrize("lang", ["bg", "ar", "en"])
def test_a_match_preview_on_the_device_is_the_servers(client: TestClient, lang: str) -> None:
    """`engine.preview`: the deal form's result panel at the deal's place in the match (the
    hanging points before it), byte for byte what `POST /m/{id}/preview` answers; with kept
    changes, at its place after them."""
    match_id, url, auth = belot_match(client, (HEARTS, HANGS, CLUBS))
    match = client.get(url).json()
    headers = {"content-type": "application/x-www-form-urlencoded"}
    typed: list[dict[str, Any]] = [NO_TRUMPS, CONTRA, {**HEARTS, "cards": {"us": 200}}]
    for deal in typed:
        body = urlencode({"lang": lang, **DealForm.from_deal("belot", deal).posted()})
        for n in (None, 3):
            query = f"?n={n}" if n else ""
            online = client.post(f"/m/{match_id}/preview{query}", content=body, headers=headers)
            assert online.status_code == 200
            question = {"match": match, "pending": [], "body": body, "n": n}
            assert engine.preview(json.dumps(question)) == online.text
    # A kept deal that hangs: the next one's preview carries its points, as the server will.
    kept = [{"kind": "add", "n": None, "body": form_of("belot", HANGS)}]
    body = urlencode({"lang": lang, **DealForm.from_deal("belot", NO_TRUMPS).posted()})
    on_device = engine.preview(json.dumps({"match": match, "pending": kept, "body": body}))
    client.post(f"{url}/deals", json=HANGS, headers=auth)
    online = client.post(f"/m/{match_id}/preview", content=body, headers=headers)
    assert on_device == online.text
