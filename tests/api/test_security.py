"""Only the edit token changes a match: not its absence, not a wrong one, not the public id."""

from __future__ import annotations

import base64

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from belot.store.models import MatchRow
from sample_deals import LEVEL, MADE

from .helpers import assert_error, bearer, new_match

API = "/api/v1"


def attempts(client: TestClient, match_id: str, headers: dict[str, str]) -> list[object]:
    url = f"{API}/matches/{match_id}/deals"
    return [
        client.post(url, json=MADE, headers=headers),
        client.put(f"{url}/1", json=LEVEL, headers=headers),
        client.delete(f"{url}/1", headers=headers),
    ]


def test_no_token_is_401(client: TestClient) -> None:
    match_id, token = new_match(client)
    client.post(f"{API}/matches/{match_id}/deals", json=MADE, headers=bearer(token))
    for headers in ({}, {"Authorization": "Bearer"}, {"Authorization": f"Basic {token}"}):
        for response in attempts(client, match_id, headers):
            assert_error(response, 401, "token-missing")
            assert response.headers["www-authenticate"] == "Bearer"  # type: ignore[attr-defined]
    assert client.get(f"{API}/matches/{match_id}").json()["version"] == 1


def test_a_wrong_token_the_public_id_or_another_matchs_token_is_403(client: TestClient) -> None:
    match_id, token = new_match(client)
    other_id, other_token = new_match(client)
    client.post(f"{API}/matches/{match_id}/deals", json=MADE, headers=bearer(token))
    before = client.get(f"{API}/matches/{match_id}").json()
    for wrong in ("x", match_id, other_id, other_token, token.upper(), token + "=", token[1:]):
        for response in attempts(client, match_id, bearer(wrong)):
            assert_error(response, 403, "token-wrong")
    assert client.get(f"{API}/matches/{match_id}").json() == before
    assert client.get(f"{API}/matches/{other_id}").json()["version"] == 0


def test_a_refused_request_does_not_spend_its_idempotency_key(client: TestClient) -> None:
    match_id, token = new_match(client)
    url = f"{API}/matches/{match_id}/deals"
    refused = client.post(url, json=MADE, headers={**bearer("x"), "Idempotency-Key": "k"})
    assert refused.status_code == 403
    accepted = client.post(url, json=MADE, headers={**bearer(token), "Idempotency-Key": "k"})
    assert accepted.status_code == 201


def test_the_token_has_at_least_128_random_bits_and_is_stored_hashed(
    client: TestClient, app: FastAPI
) -> None:
    tokens = {new_match(client)[1] for _ in range(20)}
    assert len(tokens) == 20
    for token in tokens:
        assert len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) >= 16
    with app.state.store.engine.connect() as conn:
        stored = conn.execute(select(MatchRow.token_hash)).scalars().all()
    assert not tokens & set(stored)


@pytest.mark.parametrize("path", ["", ".csv", ".json"])
def test_reading_needs_only_the_public_id(client: TestClient, path: str) -> None:
    match_id, _ = new_match(client)
    assert client.get(f"{API}/matches/{match_id}{path}").status_code == 200
