"""The one app: pages and API travel compressed when the phone asks for it."""

from __future__ import annotations

import re

import httpx
from fastapi.testclient import TestClient


def wire_size(client: TestClient, url: str) -> tuple[int, str | None]:
    """Bytes on the wire and the content encoding, as a phone asking for gzip gets them."""
    with client.stream("GET", url, headers={"Accept-Encoding": "gzip"}) as response:
        assert response.status_code == 200
        raw = b"".join(response.iter_raw())
        return len(raw), response.headers.get("content-encoding")


def test_pages_and_scripts_are_sent_gzipped(client: TestClient) -> None:
    html = client.get("/").text
    size, encoding = wire_size(client, "/")
    assert encoding == "gzip" and size < len(html.encode()) / 2
    htmx = next(u for u in re.findall(r'src="(/static/[^"]+)"', html) if "htmx" in u)
    size, encoding = wire_size(client, htmx)
    assert encoding == "gzip" and size < 25_000  # 51 KiB of htmx, about 16 KiB gzipped


def test_small_answers_are_not_compressed(client: TestClient) -> None:
    deal = {"game": "baloot", "mode": "sun", "buyer": "us", "abnat": {"them": 64}}
    response = client.post("/api/v1/score", json=deal, headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    assert "content-encoding" not in response.headers
    assert isinstance(response, httpx.Response)
