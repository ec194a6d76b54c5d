"""CONTRACT.md §5.2: seats in dealing order, the dealer, passed deals and the caller."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from .helpers import assert_error, bearer

SEATS = ["Иван", "Мария", "Петър", "Елена"]
DEAL = {"contract": "hearts", "declarer": "us", "cards": {"us": 82}, "last_trick": "us"}
# 71 + 10 for the last trick = 81 : 81, a tie: the declarer's 8 points hang (RULES.md 1.5).
TIED = {"contract": "hearts", "declarer": "us", "cards": {"us": 71}, "last_trick": "us"}


def seated(client: TestClient, **extra: object) -> tuple[str, dict[str, str], dict[str, object]]:
    r = client.post("/api/v1/matches", json={"game": "belot", "seats": SEATS, **extra})
    assert r.status_code == 201, r.text
    body = r.json()
    return body["id"], bearer(body["token"]), body


def add(client: TestClient, match_id: str, auth: dict[str, str], deal: object) -> dict[str, object]:
    r = client.post(f"/api/v1/matches/{match_id}/deals", json=deal, headers=auth)
    assert r.status_code == 201, r.text
    body: dict[str, object] = r.json()
    return body


def test_seats_and_the_dealer_who_moves_on_after_every_deal(client: TestClient) -> None:
    match_id, auth, body = seated(client, first_dealer=4)
    assert body["seats"] == [{"name": n, "player": None} for n in SEATS]
    assert body["dealer"] == 4
    assert add(client, match_id, auth, DEAL)["dealer"] == 1
    after_pass = add(client, match_id, auth, {"passed": True})
    assert after_pass["dealer"] == 2
    assert client.get(f"/api/v1/matches/{match_id}").json()["dealer"] == 2


def test_without_first_dealer_seat_one_deals_and_a_match_without_seats_has_none(
    client: TestClient,
) -> None:
    assert seated(client)[2]["dealer"] == 1
    plain = client.post("/api/v1/matches", json={"game": "belot"}).json()
    assert "seats" not in plain and "dealer" not in plain


def test_a_passed_deal_scores_nothing_and_the_hanging_points_wait_on(client: TestClient) -> None:
    match_id, auth, _ = seated(client)
    inside = add(client, match_id, auth, TIED)
    hanging = inside["hanging"]
    assert hanging == 8
    passed = add(client, match_id, auth, {"passed": True})
    deals = passed["deals"]
    assert isinstance(deals, list)
    assert deals[-1]["result"]["outcome"] == "passed"
    assert deals[-1]["result"]["score"] == {"us": 0, "them": 0}
    assert passed["totals"] == inside["totals"] == {"us": 0, "them": 8}
    assert passed["hanging"] == 8 and deals[-1]["result"]["hanging"] == 8
    # ... and go to whoever makes the next deal.
    made = add(client, match_id, auth, DEAL)
    assert made["totals"] == {"us": 9 + 8, "them": 8 + 7}


def test_a_passed_deal_holds_nothing_else(client: TestClient) -> None:
    match_id, auth, _ = seated(client)
    r = client.post(
        f"/api/v1/matches/{match_id}/deals",
        json={"passed": True, "contract": "hearts"},
        headers=auth,
    )
    assert_error(r, 422, "passed-with-play", "contract")


@pytest.mark.parametrize(
    ("caller", "status", "code"),
    [
        (1, 201, None),
        (3, 201, None),
        (2, 422, "caller-not-bidder"),
        (4, 422, "caller-not-bidder"),
        (5, 422, "unknown-seat"),
        ("1", 422, "unknown-seat"),
        (True, 422, "unknown-seat"),
    ],
)
def test_the_caller_sits_on_the_declarers_team(
    client: TestClient, caller: object, status: int, code: str | None
) -> None:
    match_id, auth, _ = seated(client)
    r = client.post(
        f"/api/v1/matches/{match_id}/deals", json={**DEAL, "caller": caller}, headers=auth
    )
    if code is None:
        assert r.status_code == status
        assert r.json()["deals"][0]["input"]["caller"] == caller
    else:
        assert_error(r, status, code, "caller")


def test_a_baloot_caller_sits_on_the_buyers_team(client: TestClient) -> None:
    r = client.post("/api/v1/matches", json={"game": "baloot", "seats": SEATS})
    match_id, auth = r.json()["id"], bearer(r.json()["token"])
    deal = {"mode": "sun", "buyer": "them", "abnat": {"them": 70}, "caller": 2}
    assert (
        client.post(f"/api/v1/matches/{match_id}/deals", json=deal, headers=auth).status_code == 201
    )
    wrong = {**deal, "caller": 1}
    assert_error(
        client.post(f"/api/v1/matches/{match_id}/deals", json=wrong, headers=auth),
        422,
        "caller-not-bidder",
        "caller",
    )


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({"seats": ["a", "b", "c"]}, "invalid-seats", "seats"),
        ({"seats": "abcd"}, "invalid-seats", "seats"),
        ({"seats": ["a", "b", "c", ""]}, "invalid-seat-name", "seats.3"),
        ({"seats": ["a", "b", "c", 4]}, "wrong-type", "seats.3"),
        ({"seats": SEATS, "first_dealer": 0}, "unknown-seat", "first_dealer"),
        ({"seats": SEATS, "first_dealer": "2"}, "unknown-seat", "first_dealer"),
    ],
)
def test_bad_seats_are_refused_naming_the_field(
    client: TestClient, body: dict[str, object], code: str, field: str
) -> None:
    assert_error(client.post("/api/v1/matches", json={"game": "belot", **body}), 422, code, field)
