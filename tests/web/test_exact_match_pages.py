"""Matches of bela and klaverjas on the pages (CONTRACT §6): the new-match page's `target`
and `deal-count` fields from the registry, refusals at their field, the sheet of a klaverjas
boom (its deals played, no points to go), a draw's banner, the viewer's page and the next game
at the same table keeping the number of deals."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlencode

import pytest
from fastapi.testclient import TestClient

from belot.core.games import GAMES
from belot.web.form import DealForm
from belot.web.offline import engine

OURS = {"contract": "hearts", "declarer": "us", "cards": {"us": 80}, "last_trick": "us"}
THEIRS = {"contract": "hearts", "declarer": "them", "cards": {"them": 80}, "last_trick": "them"}


def value_of(html: str, hook: str, attribute: str = "data-value") -> str | None:
    found = re.search(rf'data-testid="{hook}"[^>]*?{attribute}="([^"]*)"', html)
    return found.group(1) if found else None


def api_match(client: TestClient, body: dict[str, Any], deals: list[dict[str, Any]]) -> Any:
    api = TestClient(client.app)
    made = api.post("/api/v1/matches", json=body)
    assert made.status_code == 201, made.text
    for deal in deals:
        added = api.post(f"/api/v1/matches/{made.json()['id']}/deals", json=deal,
                         headers={"Authorization": f"Bearer {made.json()['token']}"})  # fmt: skip
        assert added.status_code == 201, added.text
    return made.json()


def editor(client: TestClient, made: dict[str, Any]) -> TestClient:
    own = TestClient(client.app)
    own.post(f"/m/{made['id']}/claim", data={"token": made["token"]})
    return own


@pytest.mark.parametrize("info", GAMES.values(), ids=lambda i: i.name)
def test_the_new_match_page_asks_what_its_game_lets_a_match_choose(
    client: TestClient, info: Any
) -> None:
    page = client.get(f"/matches/new?game={info.name}&lang=en").text
    assert ('data-testid="target"' in page) is (info.target_bounds is not None)
    assert ('data-testid="deal-count"' in page) is (info.deal_count_bounds is not None)
    assert 'data-testid="create-match"' in page


def test_bela_and_klaverjas_take_a_target_klaverjas_a_number_of_deals(client: TestClient) -> None:
    bela = client.get("/matches/new?game=bela&lang=en").text
    assert 'data-testid="target"' in bela and 'placeholder="1001"' in bela
    assert 'data-testid="deal-count"' not in bela
    klaverjas = client.get("/matches/new?game=klaverjas&lang=nl").text
    field = re.search(r'<input[^>]*data-testid="deal-count"[^>]*>', klaverjas)
    assert field is not None and 'name="deal_count"' in field.group(0)
    assert 'placeholder="16"' in field.group(0)
    assert 'data-testid="target"' in klaverjas and "Aantal spellen" in klaverjas


@pytest.mark.parametrize(
    ("typed", "code_field"),
    [
        ({"deal_count": "0"}, "deal_count"),
        ({"deal_count": "101"}, "deal_count"),
        ({"deal_count": "x"}, "deal_count"),
        ({"deal_count": "16", "target": "1500"}, "deal_count"),  # match-mode
        ({"target": "99"}, "target"),
    ],
)
def test_how_long_a_match_plays_is_refused_at_its_field(
    client: TestClient, typed: dict[str, str], code_field: str
) -> None:
    answer = client.post("/matches", data={"game": "klaverjas", "lang": "en", **typed})
    assert answer.status_code == 422
    hook = "error-deal-count" if code_field == "deal_count" else "error-target"
    assert f'data-testid="{hook}" data-field="{code_field}"' in answer.text
    for value in typed.values():  # what was typed stays, to be corrected
        assert f'value="{value}"' in answer.text


def test_a_match_of_its_own_number_of_deals_from_the_form(client: TestClient) -> None:
    made = client.post("/matches", data={"game": "klaverjas", "deal_count": "٤", "lang": "en"},
                       follow_redirects=False)  # fmt: skip
    assert made.status_code == 303, made.text
    page = client.get(made.headers["location"] + "?lang=en").text
    assert value_of(page, "deals-played") == "0"
    assert value_of(page, "deals-played", "data-count") == "4"
    assert 'data-testid="to-go-us"' not in page  # no target: nothing to go
    assert 'data-testid="own-deal-count"' in page  # the preset's words say 16
    match_id = made.headers["location"].rsplit("/", 1)[1]
    assert TestClient(client.app).get(f"/api/v1/matches/{match_id}").json()["deal_count"] == 4
    target = client.post("/matches", data={"game": "klaverjas", "target": "1500", "lang": "en"})
    assert 'data-testid="own-target"' in target.text  # the preset's words say 16 deals
    assert value_of(target.text, "to-go-us") == "1500"


def test_the_sheet_says_the_deals_played_and_a_draw(client: TestClient) -> None:
    made = api_match(client, {"game": "klaverjas"}, [OURS] * 7)
    page = editor(client, made).get(f"/m/{made['id']}?lang=en").text
    assert (value_of(page, "deals-played"), value_of(page, "deals-played", "data-count")) == (
        "7", "16")  # fmt: skip
    assert "7/16 deals" in page and 'data-testid="to-go-them"' not in page
    assert 'data-testid="winner"' not in page and 'data-testid="capot-rule"' not in page
    level = api_match(client, {"game": "klaverjas", "deal_count": 2}, [OURS, THEIRS])
    own = editor(client, level)
    page = own.get(f"/m/{level['id']}?lang=en").text
    assert value_of(page, "winner", "data-winner") == ""
    assert "The match is a draw!" in page and 'data-testid="rematch"' in page
    assert value_of(page, "total-us") == value_of(page, "total-them") == "162"
    viewer = TestClient(client.app).get(f"/m/{level['id']}?lang=hr").text  # read only
    assert "Partija je neriješena!" in viewer and 'data-testid="rematch"' not in viewer
    live = TestClient(client.app).get(f"/m/{level['id']}/sheet?lang=en&v=0")
    assert live.status_code == 200 and "The match is a draw!" in live.text


def test_a_bela_match_to_its_target_says_what_each_team_needs(client: TestClient) -> None:
    made = api_match(client, {"game": "bela", "target": 501}, [OURS])  # 90 : 72
    page = editor(client, made).get(f"/m/{made['id']}?lang=en").text
    assert (value_of(page, "to-go-us"), value_of(page, "to-go-them")) == ("411", "429")
    assert 'data-testid="deals-played"' not in page
    won = api_match(client, {"game": "bela"}, [{**OURS, "full_sequence": "them"}])
    page = editor(client, won).get(f"/m/{won['id']}?lang=en").text
    assert value_of(page, "winner", "data-winner") == "them"
    assert 'data-testid="by-gahwa"' not in page  # Baloot's words, not bela's


def test_the_next_game_keeps_the_number_of_deals(client: TestClient) -> None:
    for body, expected in (
        ({"game": "klaverjas", "deal_count": 2}, (2, None)),
        ({"game": "klaverjas", "target": 200}, (None, 200)),
        ({"game": "bela", "target": 200}, (None, 200)),
    ):
        made = api_match(client, body, [OURS, THEIRS] if "deal_count" in body else [OURS] * 3)
        answer = editor(client, made).post(f"/m/{made['id']}/rematch", data={"lang": "en"},
                                           follow_redirects=False)  # fmt: skip
        assert answer.status_code == 303, answer.text
        new = answer.headers["location"].rsplit("/", 1)[1]
        again = TestClient(client.app).get(f"/api/v1/matches/{new}").json()
        assert (again["deal_count"], again["target"]) == expected, body


def test_the_device_replays_a_match_to_its_own_length(client: TestClient) -> None:
    """The offline engine (`engine.replay`) plays a match as long as the server does: a boom
    of 2 ends level after a kept deal; a bela match to 200 ends past it, not at 1001."""
    api = TestClient(client.app)

    def kept(game: str, deal: dict[str, Any]) -> dict[str, str]:
        body = {"lang": "en", "op": "add", **DealForm.from_deal(game, deal).posted()}
        return {"kind": "add", "body": urlencode(body)}

    for game, length, deals, pending in (
        ("klaverjas", {"deal_count": 2}, [OURS], THEIRS),
        ("bela", {"target": 200}, [OURS, OURS], OURS),
    ):
        body: dict[str, Any] = {"game": game, **length}
        made = api_match(client, body, deals)
        match = api.get(f"/api/v1/matches/{made['id']}").json()
        question = {"match": match, "pending": [kept(game, pending)], "lang": "en"}
        answer = json.loads(engine.replay(json.dumps(question)))
        added = api.post(f"/api/v1/matches/{made['id']}/deals", json=pending,
                         headers={"Authorization": f"Bearer {made['token']}"}).json()  # fmt: skip
        assert added["finished"] is True, body
        assert (answer["finished"], answer["winner"], answer["totals"]) == (
            True, added["winner"], added["totals"])  # fmt: skip


def test_a_tournament_page_shows_a_drawn_table_as_decided(client: TestClient) -> None:
    api = TestClient(client.app)
    club = api.post("/api/v1/clubs", json={"name": "Boom"}).json()
    auth = {"Authorization": f"Bearer {club['token']}"}
    ids = [api.post(f"/api/v1/clubs/{club['id']}/players", json={"name": n}, headers=auth)
           .json()["id"] for n in ("Jan", "Piet", "Kees", "Joop")]  # fmt: skip
    made = api.post(f"/api/v1/clubs/{club['id']}/tournaments", headers=auth,
                    json={"name": "Gelijk", "game": "klaverjas", "format": "round-robin",
                          "pairs": [ids[:2], ids[2:]]}).json()  # fmt: skip
    t = api.post(f"/api/v1/tournaments/{made['id']}/rounds", headers=auth).json()
    match = t["rounds"][0]["tables"][0]["match"]
    for deal in [OURS, THEIRS] * 8:  # 16 deals, 1296 : 1296
        assert api.post(f"/api/v1/matches/{match}/deals", json=deal, headers=auth).is_success
    page = client.get(f"/t/{t['id']}?lang=nl").text
    assert value_of(page, "table-1-1", "data-draw") == "yes"
    assert value_of(page, "table-1-1", "data-winner") == ""
    assert value_of(page, "standings-round", "data-in-play") == "no"


def test_a_clubs_pages_say_a_draw(client: TestClient) -> None:
    api = TestClient(client.app)
    club = api.post("/api/v1/clubs", json={"name": "Gelijk"}).json()
    auth = {"Authorization": f"Bearer {club['token']}"}
    ids = [api.post(f"/api/v1/clubs/{club['id']}/players", json={"name": n}, headers=auth)
           .json()["id"] for n in ("Jan", "Piet", "Kees", "Joop")]  # fmt: skip
    made = api.post(f"/api/v1/clubs/{club['id']}/matches", headers=auth,
                    json={"game": "klaverjas", "deal_count": 2, "seats": ids}).json()  # fmt: skip
    for deal in (OURS, THEIRS):
        assert api.post(f"/api/v1/matches/{made['id']}/deals", json=deal, headers=auth).is_success
    listed = client.get(f"/c/{club['id']}?lang=en")
    assert listed.status_code == 200 and "· draw</small>" in listed.text
    player = client.get(f"/c/{club['id']}/p/{ids[0]}?lang=nl")
    assert player.status_code == 200 and "<b>gelijk</b>" in player.text
