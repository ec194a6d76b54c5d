"""Per-client rate limit on changes: 429 with Retry-After and the contract's error object."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from belot.app import Config, create_app
from belot.http.ratelimit import is_write, parse_rate


@pytest.fixture
def limited(sqlite_url: str) -> Iterator[TestClient]:
    app = create_app(Config(database_url=sqlite_url, rate_limit="3/minute"))
    with TestClient(app) as client:
        yield client
    app.state.store.close()


def test_the_fourth_change_in_a_minute_is_429(limited: TestClient) -> None:
    for _ in range(3):
        assert limited.post("/api/v1/matches", json={"game": "belot"}).status_code == 201
    refused = limited.post("/api/v1/matches", json={"game": "belot"})
    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "rate-limited"
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    page = limited.post("/matches", data={"game": "belot"}, follow_redirects=False)
    assert page.status_code == 429 and 'data-code="rate-limited"' in page.text
    # Reading and scoring are not changes: they go on.
    assert limited.get("/").status_code == 200
    deal = {"game": "belot", "contract": "hearts", "declarer": "us", "cards": {"us": 82},
            "last_trick": "us"}  # fmt: skip
    assert limited.post("/api/v1/score", json=deal).status_code == 200


def test_the_suite_runs_without_a_limit(client: TestClient) -> None:
    for _ in range(130):
        assert client.post("/api/v1/matches", json={"game": "belot"}).status_code == 201


def test_rates_and_writes() -> None:
    assert parse_rate("0") is None and parse_rate("") is None and parse_rate(None) is None
    rate = parse_rate("120/minute")
    assert rate is not None and rate.amount == 120
    with pytest.raises(ValueError, match="BELOT_RATE_LIMIT"):
        parse_rate("lots")
    assert is_write("POST", "/api/v1/matches/abc/deals")
    assert is_write("DELETE", "/api/v1/matches/abc/deals/3")
    assert is_write("POST", "/m/abc/undo") and is_write("POST", "/matches")
    assert is_write("POST", "/api/v1/clubs/c1/players") and is_write("POST", "/clubs")
    assert is_write("POST", "/c/c1/matches") and is_write("POST", "/m/abc/redo")
    assert not is_write("POST", "/m/abc/preview") and not is_write("POST", "/api/v1/score")
    assert not is_write("GET", "/api/v1/matches/abc") and not is_write("POST", "/_result/belot")
