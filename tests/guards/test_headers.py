"""One security-headers middleware: every answer carries them, whatever made it."""

from __future__ import annotations

import httpx
from fastapi.testclient import TestClient

from belot.http.security import NONE_CSP, PAGE_CSP


def assert_secured(response: httpx.Response, csp: str) -> None:
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["content-security-policy"] == csp
    assert response.headers["cache-control"] == "no-store"


def test_pages_redirects_404s_and_api_errors_all_carry_them(client: TestClient) -> None:
    assert_secured(client.get("/"), PAGE_CSP)
    created = client.post("/matches", data={"game": "belot"}, follow_redirects=False)
    assert created.status_code == 303
    assert_secured(created, NONE_CSP)
    page_404 = client.get("/m/no-such-match")
    assert page_404.status_code == 404
    assert_secured(page_404, PAGE_CSP)
    no_route = client.get("/no/such/page")  # the pages' error page: HTML, never JSON
    assert no_route.status_code == 404
    assert_secured(no_route, PAGE_CSP)  # the pages answer unknown addresses with a page
    api_error = client.get("/api/v1/matches/nope")
    assert api_error.status_code == 404
    assert_secured(api_error, NONE_CSP)
    assert api_error.headers["referrer-policy"] == "no-referrer"
    assert client.get("/").headers["referrer-policy"] == "same-origin"


def test_a_static_file_keeps_its_own_cache_header(client: TestClient) -> None:
    html = client.get("/").text
    start = html.index('src="/static/') + len('src="')
    script = client.get(html[start : html.index('"', start)])
    assert script.status_code == 200
    assert "immutable" in script.headers["cache-control"]
    assert script.headers["x-content-type-options"] == "nosniff"
