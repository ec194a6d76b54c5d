"""Who called (issue 11, CONTRACT §5.2): a match with seats records the seat that won the bid,
offered on the deal form as the four players' names; never on the calculators or a match
without seats."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from .server import make_app

NAMES = ("Иван", "Петър", "Мария", "<b>Ана</b>")
SEATS = {f"seat{i}": name for i, name in enumerate(NAMES, 1)}
DEAL = {"contract": "hearts", "declarer": "us", "cards": "82", "last_trick": "us"}
ROUND = {"mode": "sun", "buyer": "them", "abnat": "60"}
HOOK = re.compile(r'data-testid="caller-(\w+)"')


@pytest.fixture(scope="module")
def app_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    app = make_app(tmp_path_factory.mktemp("db") / "belot.sqlite")
    with TestClient(app) as c:
        yield c


def start(app_client: TestClient, game: str = "belot", **extra: str) -> tuple[TestClient, str]:
    """A new editor and the url of its new match."""
    editor = TestClient(app_client.app)
    answer = editor.post("/matches", data={"game": game, "lang": "bg", **extra},
                         follow_redirects=False)  # fmt: skip
    assert answer.status_code == 303
    return editor, str(answer.headers["location"])


def inputs(client: TestClient, url: str) -> list[dict[str, Any]]:
    match = client.get(f"/api/v1/matches/{url.rsplit('/', 1)[1]}").json()
    return [d["input"] for d in match["deals"]]


def slot(page: str, name: str) -> str:
    found = re.search(rf'<div id="slot-{name}" class="slot"[^>]*>(.*?)</div>', page, re.S)
    assert found is not None, name
    return found.group(1)


def test_a_seated_match_offers_the_four_names_and_records_the_caller(
    app_client: TestClient,
) -> None:
    editor, url = start(app_client, **SEATS)
    page = editor.get(url).text
    # partners in a row with their team: seats 1 and 3, then 2 and 4 ("nobody said" last)
    assert HOOK.findall(page) == ["1", "3", "2", "4", "none"]
    assert 'value="none" checked' in page  # nobody said, until a tap
    assert "Иван" in page and "&lt;b&gt;Ана&lt;/b&gt;" in page and "<b>Ана" not in page
    editor.post(f"{url}/deals", data={**DEAL, "caller": "3", "op": "add"})
    editor.post(f"{url}/deals", data={**DEAL, "op": "add"})
    editor.post(f"{url}/deals", data={**DEAL, "caller": "none", "op": "add"})
    assert [d.get("caller", "-") for d in inputs(editor, url)] == [3, "-", "-"]
    sheet = editor.get(url).text
    assert re.search(r'data-testid="row-1".*?обяви: Мария.*?</tr>', sheet, re.S)
    assert "обяви:" not in sheet.split('data-testid="row-2"')[1]
    # an edit saved unchanged keeps the caller, and keeps a deal without one without
    for n in (1, 2):
        form = editor.get(f"{url}/deals/{n}").text
        assert ('value="3" checked' in form) is (n == 1)
    editor.post(f"{url}/deals/1", data={**DEAL, "caller": "3", "op": "save"})
    editor.post(f"{url}/deals/2", data={**DEAL, "caller": "none", "op": "save"})
    assert [d.get("caller", "-") for d in inputs(editor, url)] == [3, "-", "-"]
    # a changed caller is saved, and "nobody said" takes it off
    editor.post(f"{url}/deals/1", data={**DEAL, "caller": "1", "op": "save"})
    editor.post(f"{url}/deals/3", data={**DEAL, "caller": "1", "op": "save"})
    assert [d.get("caller", "-") for d in inputs(editor, url)] == [1, "-", 1]
    editor.post(f"{url}/deals/1", data={**DEAL, "caller": "none", "op": "save"})
    assert [d.get("caller", "-") for d in inputs(editor, url)] == ["-", "-", 1]


def test_a_player_of_the_other_team_switches_the_bidding_team(app_client: TestClient) -> None:
    """Who won the bid is asked once (issue 19): the player's seat says the team too."""
    editor, url = start(app_client, **SEATS)
    other = {**DEAL, "caller": "2", "lang": "bg"}  # Петър sits on seat 2: them, not us
    preview = editor.post(f"{url}/preview", data=other).text
    assert "caller-not-bidder" not in preview and 'data-outcome="inside"' in preview
    added = editor.post(f"{url}/deals", data={**other, "op": "add"})
    assert added.status_code in (200, 303)
    assert [(d["declarer"], d["caller"]) for d in inputs(editor, url)] == [("them", 2)]
    # a Baloot buyer's team: seats 2 and 4 when `them` bought; seat 1 makes it `us`
    editor, url = start(app_client, "baloot", **SEATS)
    editor.post(f"{url}/deals", data={**ROUND, "caller": "4", "op": "add"})
    editor.post(f"{url}/deals", data={**ROUND, "caller": "1", "op": "add"})
    assert [(d["buyer"], d["caller"]) for d in inputs(editor, url)] == [("them", 4), ("us", 1)]
    # the API still refuses a caller off the bidding team, said at the caller's slot
    match_id = url.rsplit("/", 1)[1]
    said = editor.post(f"/api/v1/matches/{match_id}/deals", json={
        "mode": "sun", "buyer": "them", "abnat": {"us": 60}, "caller": 1})  # fmt: skip
    assert said.status_code in (401, 403, 422)


@pytest.mark.parametrize("game", ["belot", "baloot"])
def test_no_caller_on_the_calculators_nor_on_a_match_without_seats(
    app_client: TestClient, game: str
) -> None:
    client = TestClient(app_client.app)
    calculator = client.get("/" if game == "belot" else "/baloot").text
    assert 'data-testid="score-us"' in calculator or 'id="result"' in calculator
    assert not HOOK.search(calculator) and 'id="slot-caller"' not in calculator
    editor, url = start(app_client, game)
    page = editor.get(url).text
    assert 'data-testid="add-deal"' in page
    assert not HOOK.search(page) and 'id="slot-caller"' not in page
    # a caller posted by hand to a match without seats is not recorded
    deal = DEAL if game == "belot" else ROUND
    editor.post(f"{url}/deals", data={**deal, "caller": "1", "op": "add"})
    recorded = inputs(editor, url)
    assert len(recorded) == 1 and "caller" not in recorded[0]
    fragment = editor.post(f"{url}/preview", data={**deal, "caller": "2"}).text
    assert 'id="slot-caller"' not in fragment
