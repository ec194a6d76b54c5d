"""/openapi.json says the change headers' rules, `game`'s default; a 405 names every method."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from sample_deals import MADE

from .helpers import assert_error, bearer, new_match

API = "/api/v1"


def operation(client: TestClient, path: str, method: str) -> dict[str, Any]:
    found: dict[str, Any] = client.get("/openapi.json").json()["paths"][path][method]
    return found


def test_changes_document_if_match_and_idempotency_key(client: TestClient) -> None:
    for path, method in [
        (f"{API}/matches/{{id}}/deals", "post"),
        (f"{API}/matches/{{id}}/deals/{{n}}", "put"),
        (f"{API}/matches/{{id}}/deals/{{n}}", "delete"),
    ]:
        headers = {
            p["name"]: p
            for p in operation(client, path, method)["parameters"]
            if p["in"] == "header"
        }
        assert set(headers) >= {"If-Match", "Idempotency-Key"}
        assert "412" in headers["If-Match"]["description"]
        assert headers["Idempotency-Key"]["schema"]["pattern"].endswith("{1,255}$")
        assert "null" not in str(headers["If-Match"]["schema"])


def test_game_has_a_default_and_is_not_required(client: TestClient) -> None:
    new_match_schema = client.get("/openapi.json").json()["components"]["schemas"]["NewMatch"]
    assert "game" not in new_match_schema.get("required", [])
    assert new_match_schema["properties"]["game"]["default"] == "belot"
    created = client.post(f"{API}/matches", json={})
    assert created.status_code == 201 and created.json()["game"] == "belot"


def test_a_405_allows_every_method_of_the_path(client: TestClient) -> None:
    match_id, token = new_match(client)
    client.post(f"{API}/matches/{match_id}/deals", json=MADE, headers=bearer(token))
    patch = client.patch(f"{API}/matches/{match_id}/deals/1", json=MADE, headers=bearer(token))
    assert_error(patch, 405, "method-not-allowed")
    assert patch.headers["allow"] == "DELETE, PUT"
    post = client.post(f"{API}/matches/{match_id}")
    assert_error(post, 405, "method-not-allowed")
    assert post.headers["allow"] == "GET, HEAD"
