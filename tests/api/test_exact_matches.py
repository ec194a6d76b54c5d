"""Matches of Croatian bela and Dutch klaverjas through the API (CONTRACT §1, RULES 7.8, 7.10,
8.7, 8.9): to a target, bela's eight-card suit, a klaverjas boom of a number of deals with its
draw, and how long a match plays refused at its field."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from fastapi.testclient import TestClient

from .helpers import assert_error, bearer

API = "/api/v1"


def bela(x: int, **extra: Any) -> dict[str, Any]:
    """Bela, caller `us`, trump hearts: our cards `x` + our last trick (RULES 7.10)."""
    return {"contract": "hearts", "declarer": "us", "cards": {"us": x}, "last_trick": "us", **extra}


def theirs(y: int, roem: int = 0) -> dict[str, Any]:
    """Klaverjas, `them` playing: their cards `y` + their last trick, their roem."""
    deal: dict[str, Any] = {"contract": "spades", "declarer": "them", "cards": {"them": y},
                            "last_trick": "them"}  # fmt: skip
    if roem:
        deal["roem"] = {"them": roem}
    return deal


OURS_80 = {"contract": "hearts", "declarer": "us", "cards": {"us": 80}, "last_trick": "us"}
FALL = bela(60)  # 70 : 92, inside: 0 : 162
# 950 : 900 with real deals: made at 90 : 72 twice and 94 : 68 four times, two falls, our
# four-in-a-row, three-in-a-row and a run of five (252 : 80), two runs of three and our bela
# (142 : 80).
TO_950_900 = [bela(80), FALL, bela(80), bela(84), bela(84), FALL, bela(84), bela(84),
              bela(72, declarations={"us": [100, 50, 20], "them": []}),
              bela(72, declarations={"us": [20, 20], "them": []},
                   belots={"us": 1, "them": 0})]  # fmt: skip
# 920 : 922: three falls, made at 100 (110 : 52) and 95 (105 : 57) four times each, the first
# with two runs of three and our bela (170 : 52).
TO_920_922 = [bela(100, declarations={"us": [20, 20], "them": []}, belots={"us": 1, "them": 0}),
              bela(100), FALL, bela(100), bela(100), bela(95), FALL, bela(95), bela(95), FALL,
              bela(95)]  # fmt: skip
# Klaverjas 1400 : 1450 in 15 deals: we make 100 : 62 ten times; they make 80 : 182 four
# times with 100 roem, 80 : 102 once with 20.
TO_1400_1450 = [bela(90)] * 10 + [theirs(72, 100)] * 4 + [theirs(72, 20)]


def made(client: TestClient, body: dict[str, Any]) -> tuple[str, str, dict[str, Any]]:
    answer = client.post(f"{API}/matches", json=body)
    assert answer.status_code == 201, answer.text
    match = answer.json()
    return match["id"], match["token"], match


def played(client: TestClient, match_id: str, token: str, deals: list[dict[str, Any]]) -> Any:
    match: Any = None
    for deal in deals:
        answer = client.post(f"{API}/matches/{match_id}/deals", json=deal, headers=bearer(token))
        assert answer.status_code == 201, answer.text
        match = answer.json()
    return match


def test_a_bela_match_plays_to_1001_and_ends_past_it(client: TestClient) -> None:
    match_id, token, match = made(client, {"game": "bela"})
    assert (match["rules"], match["target"], match["deal_count"]) == ("hr", 1001, None)
    match = played(client, match_id, token, TO_950_900)
    assert match["totals"] == {"us": 950, "them": 900} and not match["finished"]
    match = played(client, match_id, token, [bela(72)])  # 82 : 80
    assert match["totals"] == {"us": 1032, "them": 980}
    assert match["finished"] is True and match["winner"] == "us"
    over = client.post(f"{API}/matches/{match_id}/deals", json=bela(72), headers=bearer(token))
    assert_error(over, 409, "match-over")


def test_a_bela_match_level_past_the_target_plays_on(client: TestClient) -> None:
    match_id, token, _ = made(client, {"game": "bela"})
    match = played(client, match_id, token, TO_920_922)
    assert match["totals"] == {"us": 920, "them": 922}
    match = played(client, match_id, token, [bela(72)])
    assert match["totals"] == {"us": 1002, "them": 1002}
    assert match["finished"] is False and match["winner"] is None
    match = played(client, match_id, token, [bela(72)])
    assert match["finished"] is True and match["winner"] == "us"


def test_a_bela_match_to_its_own_target(client: TestClient) -> None:
    match_id, token, match = made(client, {"game": "bela", "target": 501})
    assert match["target"] == 501
    match = played(client, match_id, token, TO_950_900[:5])
    assert match["totals"] == {"us": 368, "them": 442} and not match["finished"]
    match = played(client, match_id, token, [FALL])
    assert match["totals"] == {"us": 368, "them": 604}
    assert match["finished"] is True and match["winner"] == "them"


def test_a_bela_eight_card_suit_ends_the_match_whatever_the_totals(client: TestClient) -> None:
    match_id, token, _ = made(client, {"game": "bela"})
    match = played(client, match_id, token, [FALL, FALL, bela(72, full_sequence="us")])
    assert match["totals"] == {"us": 82, "them": 404}
    assert match["finished"] is True and match["winner"] == "us"


def test_a_klaverjas_boom_of_16_deals_ends_after_the_last(client: TestClient) -> None:
    match_id, token, match = made(client, {"game": "klaverjas"})
    assert (match["rules"], match["deal_count"], match["target"]) == ("rotterdam", 16, None)
    match = played(client, match_id, token, TO_1400_1450)
    assert match["totals"] == {"us": 1400, "them": 1450} and not match["finished"]
    match = played(client, match_id, token, [OURS_80])  # deal 16: 90 : 72
    assert match["totals"] == {"us": 1490, "them": 1522}
    assert match["finished"] is True and match["winner"] == "them"
    assert len(match["deals"]) == 16


def test_a_klaverjas_match_level_after_its_deals_is_a_draw(client: TestClient) -> None:
    match_id, token, match = made(client, {"game": "klaverjas", "deal_count": 2})
    assert match["deal_count"] == 2
    match = played(client, match_id, token, [OURS_80, theirs(80)])
    assert match["totals"] == {"us": 162, "them": 162}
    assert match["finished"] is True and match["winner"] is None
    read = client.get(f"{API}/matches/{match_id}").json()
    assert (read["finished"], read["winner"], read["deal_count"]) == (True, None, 2)
    over = client.post(f"{API}/matches/{match_id}/deals", json=OURS_80, headers=bearer(token))
    assert_error(over, 409, "match-over")


def test_passed_deals_do_not_count_in_a_boom(client: TestClient) -> None:
    match_id, token, _ = made(client, {"game": "klaverjas", "deal_count": 2,
                                       "seats": ["A", "B", "C", "D"]})  # fmt: skip
    match = played(client, match_id, token, [{"passed": True}, OURS_80, {"passed": True}])
    assert match["finished"] is False
    match = played(client, match_id, token, [OURS_80])
    assert match["finished"] is True and match["winner"] == "us"


def test_a_changed_deal_ends_the_boom_anew(client: TestClient) -> None:
    match_id, token, _ = made(client, {"game": "klaverjas", "deal_count": 2})
    played(client, match_id, token, [OURS_80, OURS_80])
    url = f"{API}/matches/{match_id}/deals"
    fixed = client.put(f"{url}/2", json=theirs(80), headers=bearer(token)).json()
    assert (fixed["finished"], fixed["winner"], fixed["deal_count"]) == (True, None, 2)
    fewer = client.delete(f"{url}/2", headers=bearer(token)).json()
    assert fewer["finished"] is False and fewer["deal_count"] == 2


def test_a_klaverjas_match_to_a_target_instead(client: TestClient) -> None:
    match_id, token, match = made(client, {"game": "klaverjas", "target": 500})
    assert (match["target"], match["deal_count"]) == (500, None)
    match = played(client, match_id, token, [OURS_80] * 5)  # 450 : 360
    assert not match["finished"]
    match = played(client, match_id, token, [OURS_80])  # 540 : 432
    assert match["finished"] is True and match["winner"] == "us"


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({"game": "klaverjas", "deal_count": 16, "target": 1500}, "match-mode", "deal_count"),
        ({"game": "klaverjas", "deal_count": 0}, "deal-count-out-of-range", "deal_count"),
        ({"game": "klaverjas", "deal_count": 101}, "deal-count-out-of-range", "deal_count"),
        ({"game": "klaverjas", "deal_count": "x"}, "wrong-type", "deal_count"),
        ({"game": "klaverjas", "deal_count": 16.0}, "wrong-type", "deal_count"),
        ({"game": "bela", "deal_count": 16}, "field-not-allowed", "deal_count"),
        ({"game": "belot", "deal_count": 16}, "field-not-allowed", "deal_count"),
        ({"game": "bela", "target": 99}, "target-out-of-range", "target"),
        ({"game": "klaverjas", "target": 10_001}, "target-out-of-range", "target"),
    ],
)
def test_how_long_a_match_plays_is_refused_at_its_field(
    client: TestClient, body: dict[str, Any], code: str, field: str
) -> None:
    assert_error(client.post(f"{API}/matches", json=body), 422, code, field)


def test_exports_carry_the_number_of_deals(client: TestClient) -> None:
    match_id, token, _ = made(client, {"game": "klaverjas", "deal_count": 2})
    played(client, match_id, token, [OURS_80, theirs(80)])
    exported = client.get(f"{API}/matches/{match_id}.json").json()
    assert (exported["deal_count"], exported["target"], exported["winner"]) == (2, None, None)
    rows = list(csv.DictReader(io.StringIO(client.get(f"{API}/matches/{match_id}.csv").text)))
    assert [(r["n"], r["deal_count"], r["target"]) for r in rows] == [("1", "2", ""),
                                                                     ("2", "2", "")]  # fmt: skip
    bela_id, bela_token, _ = made(client, {"game": "bela", "target": 701})
    played(client, bela_id, bela_token, [bela(72)])
    rows = list(csv.DictReader(io.StringIO(client.get(f"{API}/matches/{bela_id}.csv").text)))
    assert [(r["deal_count"], r["target"]) for r in rows] == [("", "701")]


def test_the_openapi_document_says_how_long_a_match_plays(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    for name in ("NewMatch", "NewClubMatch"):
        assert schemas[name]["properties"]["deal_count"]["maximum"] == 100, name
        assert "target" in schemas[name]["properties"], name
    assert "deal_count" in schemas["Match"]["properties"]
