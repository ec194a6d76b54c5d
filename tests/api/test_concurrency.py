"""Many requests at once against a real uvicorn server: never a lost or doubled deal."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import httpx

from sample_deals import LEVEL

from .helpers import bearer

API = "/api/v1"


def all_at_once(
    count: int, request: Callable[[httpx.Client], httpx.Response]
) -> list[httpx.Response]:
    """`count` threads, each with its own connection, released together by a barrier."""
    barrier = threading.Barrier(count)
    responses: list[httpx.Response] = []
    failures: list[BaseException] = []
    lock = threading.Lock()

    def run() -> None:
        with httpx.Client(timeout=60) as http:
            barrier.wait()
            try:
                response = request(http)
            except BaseException as exc:  # reported below, the test must see it
                with lock:
                    failures.append(exc)
                return
            with lock:
                responses.append(response)

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    return responses


def create(base: str) -> tuple[str, str]:
    body: dict[str, Any] = httpx.post(f"{base}{API}/matches", json={"game": "belot"}).json()
    return body["id"], body["token"]


def test_fifty_requests_with_one_key_record_one_deal(live_url: str) -> None:
    match_id, token = create(live_url)
    url = f"{live_url}{API}/matches/{match_id}/deals"
    headers = {**bearer(token), "Idempotency-Key": "double-tap"}
    responses = all_at_once(50, lambda http: http.post(url, json=LEVEL, headers=headers))
    assert [r.status_code for r in responses] == [201] * 50
    assert len({r.text for r in responses}) == 1
    match = httpx.get(f"{live_url}{API}/matches/{match_id}").json()
    assert match["version"] == 1 and len(match["deals"]) == 1


def test_twenty_requests_on_one_version_one_wins(live_url: str) -> None:
    match_id, token = create(live_url)
    url = f"{live_url}{API}/matches/{match_id}/deals"
    headers = {**bearer(token), "If-Match": "0"}
    responses = all_at_once(20, lambda http: http.post(url, json=LEVEL, headers=headers))
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [201] + [412] * 19
    assert all(
        r.json()["error"]["code"] == "stale-version" for r in responses if r.status_code == 412
    )
    match = httpx.get(f"{live_url}{API}/matches/{match_id}").json()
    assert match["version"] == 1 and len(match["deals"]) == 1


def test_concurrent_adds_without_headers_all_land_in_order(live_url: str) -> None:
    match_id, token = create(live_url)
    url = f"{live_url}{API}/matches/{match_id}/deals"
    responses = all_at_once(20, lambda http: http.post(url, json=LEVEL, headers=bearer(token)))
    assert [r.status_code for r in responses] == [201] * 20
    # Each answer saw a different version: the writes were serialised, none overwrote another.
    assert sorted(r.json()["version"] for r in responses) == list(range(1, 21))
    match = httpx.get(f"{live_url}{API}/matches/{match_id}").json()
    assert match["version"] == 20 and [d["n"] for d in match["deals"]] == list(range(1, 21))
