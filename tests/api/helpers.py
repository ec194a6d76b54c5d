"""Small helpers for the API tests: a new match, auth headers."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_match(client: TestClient, game: str = "belot") -> tuple[str, str]:
    response = client.post("/api/v1/matches", json={"game": game})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body["id"], body["token"]


def assert_error(response: Any, status: int, code: str, field: str | None = None) -> None:
    """The contract's error object (CONTRACT.md §3) with the expected status."""
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "field", "message"}
    assert body["error"]["code"] == code
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    if field is not None:
        assert body["error"]["field"] == field
