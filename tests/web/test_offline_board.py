"""The board right offline (issue 19; docs/web.md, "Offline"): with changes kept on the device,
the editor's board — totals, points to go, the dealer, the hanging pot, the sheet count, the
winner — and the chart are drawn by the engine on the device (`engine.replay` with `board`)
from the same template and code as the server: once the changes reach the server, its page
shows the same board, byte for byte.

Without a browser: the engine is importable on the server and runs the same code there.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from belot.web.matches import cookie_name
from belot.web.offline import engine

from .server import make_app
from .test_offline_engine import CLUBS, CONTRA, EDITED, HANGS, HEARTS, NO_TRUMPS, form_of

BOARD = re.compile(r'<section class="board".*?</section>', re.S)
CHART = re.compile(r'<svg class="chart".*?</svg>', re.S)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path_factory.mktemp("db") / "belot.sqlite")) as c:
        yield c


def seated_match(
    client: TestClient, deals: tuple[dict[str, Any], ...]
) -> tuple[str, str, dict[str, str]]:
    made = client.post(
        "/api/v1/matches",
        json={"game": "belot", "rules": "bg", "seats": ["Ivan", "Petar", "Maria", "Ana"],
              "teams": {"us": "Ivan & Maria", "them": "Petar & Ana"}, "first_dealer": 2},
    ).json()  # fmt: skip
    client.cookies.set(cookie_name(made["id"]), made["token"])
    auth = {"Authorization": f"Bearer {made['token']}"}
    url = f"/api/v1/matches/{made['id']}"
    for deal in deals:
        assert client.post(f"{url}/deals", json=deal, headers=auth).status_code == 201
    return made["id"], url, auth


def on_device(match: dict[str, Any], kept: list[dict[str, Any]], lang: str, digits: str) -> Any:
    question = {"match": match, "pending": kept, "lang": lang, "digits": digits, "board": True}
    return json.loads(engine.replay(json.dumps(question)))


@pytest.mark.parametrize(("lang", "digits"), [("bg", "latn"), ("ar", "arab"), ("en", "latn")])
def test_the_board_on_the_device_is_the_servers_after_the_changes(
    client: TestClient, lang: str, digits: str
) -> None:
    match_id, url, auth = seated_match(client, (HEARTS, CLUBS))
    kept = [
        {"kind": "add", "body": form_of("belot", HANGS)},  # 81 : 81, hanging
        {"kind": "save", "n": 1, "body": form_of("belot", EDITED, "save")},
        {"kind": "add", "body": form_of("belot", NO_TRUMPS)},
    ]
    answer = on_device(client.get(url).json(), kept, lang, digits)
    assert answer["board"] and answer["chart"]
    assert client.post(f"{url}/deals", json=HANGS, headers=auth).status_code == 201
    assert client.put(f"{url}/deals/1", json=EDITED, headers=auth).status_code == 200
    assert client.post(f"{url}/deals", json=NO_TRUMPS, headers=auth).status_code == 201
    client.cookies.set("digits", digits)
    page = client.get(f"/m/{match_id}?lang={lang}").text
    client.cookies.delete("digits")
    board = BOARD.search(page)
    chart = CHART.search(page)
    assert board and chart
    assert answer["board"].strip() == board.group(0)
    assert answer["chart"] == chart.group(0)
    for testid in ("total-us", "to-go-us", "dealer", "to-sheet"):
        assert f'data-testid="{testid}"' in answer["board"], testid


def test_the_winner_and_the_hanging_pot_on_the_device(client: TestClient) -> None:
    _, url, _ = seated_match(client, ())
    capot = {"contract": "all-trumps", "declarer": "us", "capot": "us"}
    answer = on_device(client.get(url).json(), [{"kind": "add", "body": form_of("belot", HANGS)}],
                       "en", "latn")  # fmt: skip
    assert 'data-testid="hanging-now"' in answer["board"]
    assert 'data-testid="winner"' not in answer["board"]
    kept = [{"kind": "add", "body": form_of("belot", d)} for d in [capot] * 5 + [CONTRA]]
    answer = on_device(client.get(url).json(), kept, "en", "latn")
    assert answer["finished"] and 'data-testid="winner"' in answer["board"]
    assert 'data-testid="rematch"' in answer["board"]
