"""Every refusal under /api is the contract's error object with its status; never a 5xx."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from sample_deals import MADE

from .helpers import assert_error, bearer, new_match

API = "/api/v1"


def test_framework_errors_keep_the_contract_shape(client: TestClient) -> None:
    assert_error(client.get(f"{API}/nothing-here"), 404, "not-found")
    assert_error(client.get(f"{API}/score"), 405, "method-not-allowed")
    match_id, token = new_match(client)
    put = client.put(f"{API}/matches/{match_id}/deals/first", json=MADE, headers=bearer(token))
    assert_error(put, 422, "invalid-request", "n")


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (b"", "invalid-json"),
        (b"{", "invalid-json"),
        (b"\xff\xfe", "invalid-json"),
        (b"[" * 100_00 + b"]" * 100_00, "invalid-json"),
        (b'{"cards": {"us": 1' + b"0" * 5000 + b"}}", "invalid-json"),
        (b"[]", "wrong-type"),
        (b"null", "wrong-type"),
        (b'"deal"', "wrong-type"),
    ],
)
def test_bodies_that_are_no_json_object(client: TestClient, body: bytes, code: str) -> None:
    match_id, token = new_match(client)
    for url, headers in (
        (f"{API}/score", {}),
        (f"{API}/matches", {}),
        (f"{API}/matches/{match_id}/deals", bearer(token)),
    ):
        response = client.post(
            url, content=body, headers={**headers, "Content-Type": "application/json"}
        )
        assert_error(response, 422, code)


def test_a_new_match_with_unknown_fields_or_game(client: TestClient) -> None:
    assert_error(
        client.post(f"{API}/matches", json={"game": "belot", "x": 1}), 422, "unknown-field", "x"
    )
    assert_error(client.post(f"{API}/matches", json={"game": "chess"}), 422, "unknown-game", "game")
    assert_error(client.post(f"{API}/matches", json={"game": 1}), 422, "wrong-type", "game")
    response = client.post(f"{API}/matches", json={"game": "belot", "teams": ["a"]})
    assert_error(response, 422, "wrong-type", "teams")


LIMIT = 64 * 1024


def padded(size: int) -> bytes:
    """A valid deal padded with spaces to exactly `size` bytes."""
    import json

    text = json.dumps({"game": "belot", **MADE}).encode()
    return text + b" " * (size - len(text))


def test_a_body_of_64_kib_passes_and_one_byte_more_is_413(client: TestClient) -> None:
    assert client.post(f"{API}/score", content=padded(LIMIT)).status_code == 200
    assert_error(client.post(f"{API}/score", content=padded(LIMIT + 1)), 413, "body-too-large")
    match_id, token = new_match(client)
    url = f"{API}/matches/{match_id}/deals"
    assert_error(
        client.post(url, content=padded(LIMIT + 1), headers=bearer(token)), 413, "body-too-large"
    )
    assert_error(
        client.put(f"{url}/1", content=padded(10 * LIMIT), headers=bearer(token)),
        413,
        "body-too-large",
    )


def test_a_chunked_body_without_length_is_cut_off_too(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(100):
            yield b" " * 1024

    response = client.post(f"{API}/score", content=chunks())
    assert "content-length" not in response.request.headers
    assert_error(response, 413, "body-too-large")


def test_api_responses_carry_security_headers(client: TestClient) -> None:
    for response in (client.get(f"{API}/matches/nope"), client.post(f"{API}/score", json={})):
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["cache-control"] == "no-store"
        assert "default-src 'none'" in response.headers["content-security-policy"]
