"""A page's form post from another site (or another port of this host) is refused."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

OWN = "http://testserver"


def new_match_page(client: TestClient) -> str:
    created = client.post("/matches", data={"game": "belot"}, follow_redirects=False)
    assert created.status_code == 303
    return str(created.headers["location"]).rsplit("/", 1)[-1]


DEAL = {"op": "add", "contract": "hearts", "declarer": "us", "cards": "82",
        "last_trick": "us"}  # fmt: skip


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://evil.example"},
        {"Origin": "http://testserver:8001"},  # another port of the same host
        {"Origin": "null"},
        {"Sec-Fetch-Site": "same-site"},
        {"Sec-Fetch-Site": "cross-site", "Origin": OWN},
    ],
)
def test_a_forged_post_changes_nothing(client: TestClient, headers: dict[str, str]) -> None:
    match_id = new_match_page(client)
    for url in (f"/m/{match_id}/deals", f"/m/{match_id}/undo", "/matches"):
        refused = client.post(url, data=DEAL, headers=headers, follow_redirects=False)
        assert refused.status_code == 403, url
        assert 'data-code="cross-site-request"' in refused.text
    assert client.get(f"/api/v1/matches/{match_id}").json()["version"] == 0


@pytest.mark.parametrize(
    "headers",
    [
        {},  # curl, a browser without JavaScript that sends neither
        {"Origin": OWN, "Sec-Fetch-Site": "same-origin"},
        {"Origin": "http://TESTSERVER:80"},
        {"Sec-Fetch-Site": "none"},
    ],
)
def test_our_own_pages_post(client: TestClient, headers: dict[str, str]) -> None:
    match_id = new_match_page(client)
    sent = client.post(f"/m/{match_id}/deals", data=DEAL, headers=headers, follow_redirects=False)
    assert sent.status_code == 303
    assert client.get(f"/api/v1/matches/{match_id}").json()["version"] == 1


def test_the_api_is_authorised_by_its_token_not_by_where_it_comes_from(
    client: TestClient,
) -> None:
    cross = {"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}
    created = client.post("/api/v1/matches", json={"game": "belot"}, headers=cross)
    assert created.status_code == 201
