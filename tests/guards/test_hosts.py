"""The Host header is checked; share and edit links come from the configured public URL."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from belot.app import Config, create_app


@pytest.fixture
def make_client(sqlite_url: str) -> Iterator[Callable[..., TestClient]]:
    apps: list[FastAPI] = []

    def make(**settings: object) -> TestClient:
        app = create_app(Config(database_url=sqlite_url, **settings))  # type: ignore[arg-type]
        apps.append(app)
        return TestClient(app)

    yield make
    for app in apps:
        app.state.store.close()


def test_an_unknown_host_is_400(client: TestClient) -> None:
    api = client.get("/api/v1/matches/x", headers={"Host": "evil.example"})
    assert api.status_code == 400
    assert api.json()["error"] == {
        "code": "invalid-host",
        "field": "Host",
        "message": "this server does not answer to that name",
    }
    page = client.get("/", headers={"Host": "evil.example"})
    assert page.status_code == 400 and 'data-code="invalid-host"' in page.text
    assert page.headers["x-content-type-options"] == "nosniff"
    for host in ("localhost:8000", "127.0.0.1", "[::1]:8000"):
        assert client.get("/", headers={"Host": host}).status_code == 200, host


def test_the_default_hosts_are_the_loopback_names(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("BELOT_ALLOWED_HOSTS")
    config = Config(database_url=sqlite_url)
    assert config.allowed_hosts == ("localhost", "127.0.0.1", "::1")
    app = create_app(config)
    try:
        client = TestClient(app)
        assert client.get("/").status_code == 400  # TestClient's `testserver`
        assert client.get("/", headers={"Host": "127.0.0.1:8000"}).status_code == 200
    finally:
        app.state.store.close()


@pytest.mark.parametrize("allowed", [("*",), ("localhost", "testserver")])
def test_a_2400_character_host_is_never_a_500(
    make_client: Callable[..., TestClient], allowed: tuple[str]
) -> None:
    client = make_client(allowed_hosts=allowed)
    created = client.post("/api/v1/matches", json={"game": "belot"}).json()
    for url in (f"/m/{created['id']}", f"/api/v1/matches/{created['id']}", "/"):
        response = client.get(url, headers={"Host": "a" * 2400})
        assert response.status_code == 400, url


def test_share_links_use_the_public_url(make_client: Callable[..., TestClient]) -> None:
    client = make_client(public_url="https://belot.example/")
    created = client.post("/api/v1/matches", json={"game": "belot"}).json()
    page = client.get(f"/m/{created['id']}", headers={"Host": "belot.example"})
    assert page.status_code == 200
    assert f"https://belot.example/m/{created['id']}" in page.text
    assert "http://belot.example" not in page.text
    # Its host is allowed, and the page's own posts from it pass the cross-site check.
    posted = client.post(
        "/matches",
        data={"game": "belot"},
        headers={"Host": "belot.example", "Origin": "https://belot.example"},
        follow_redirects=False,
    )
    assert posted.status_code == 303


def test_a_public_url_must_be_an_address(sqlite_url: str) -> None:
    with pytest.raises(ValueError, match="BELOT_PUBLIC_URL"):
        Config(database_url=sqlite_url, public_url="belot.example")
