"""Per-client rate limit on changes: 429 with Retry-After and the contract's error object."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError
from starlette.responses import PlainTextResponse

from belot.app import Config, create_app
from belot.http.ratelimit import RateLimit, is_write, parse_rate
from belot.store import MatchStore
from belot.store.engine import normalise_url
from belot.store.rate_windows import RateWindows
from belot.web.calculator import GAMES
from support import PostgresCluster


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
    # Issue 23: tournaments' writes were skipped; one rule now, so any unsafe request counts.
    assert is_write("POST", "/api/v1/clubs/c1/tournaments")
    assert is_write("POST", "/api/v1/tournaments/t1/rounds")
    assert is_write("POST", "/c/c1/tournaments") and is_write("POST", "/t/t1/rounds")
    assert is_write("PATCH", "/anything/new") and is_write("PUT", "/api/v1/some/day")
    assert is_write("POST", "/api/v1/score/more") and is_write("POST", "/m/a/b/preview")
    assert not is_write("POST", "/") and not is_write("POST", "/baloot")


def _unsafe_routes(routes: list[Any]) -> Iterator[tuple[str, str]]:
    """(method, path) of every route of the app but GET and HEAD, included routers too."""
    for route in routes:
        methods = getattr(route, "methods", None)
        if methods:
            yield from ((m, route.path) for m in sorted(methods - {"GET", "HEAD"}))
        inner = getattr(route, "original_router", None) or getattr(route, "app", None)
        if not methods and inner is not None and hasattr(inner, "routes"):
            yield from _unsafe_routes(list(inner.routes))


def test_every_unsafe_route_of_the_app_is_counted_but_the_computations(sqlite_url: str) -> None:
    app = create_app(Config(database_url=sqlite_url))
    routes = {(m, re.sub(r"\{[^}]+\}", "x1", path)) for m, path in _unsafe_routes(app.routes)}
    app.state.store.close()
    assert {("POST", "/api/v1/tournaments/x1/rounds"), ("POST", "/t/x1/rounds")} <= routes
    assert len(routes) > 25  # the walk found the app's routes
    pages = frozenset(GAMES.values())
    computations = {("POST", "/api/v1/score"), ("POST", "/m/x1/preview"),
                    *(("POST", page) for page in pages),
                    *(("POST", f"/_result/{game}") for game in GAMES)}  # fmt: skip
    assert computations <= routes
    assert {r for r in routes if not is_write(*r, pages)} == computations


def test_tournament_writes_are_counted_on_the_api_and_the_pages(sqlite_url: str) -> None:
    """Each of the four routes the limit skipped, refused once the limit is spent."""
    app = create_app(Config(database_url=sqlite_url, rate_limit="1/minute"))
    posts = ["/api/v1/clubs/nope/tournaments", "/api/v1/tournaments/nope/rounds",
             "/c/nope/tournaments", "/t/nope/rounds"]  # fmt: skip
    try:
        for n, path in enumerate(posts):
            with TestClient(app, client=(f"192.0.2.{n}", 50000)) as client:
                assert client.post(path, json={}).status_code != 429  # the one allowed
                refused = client.post(path, json={})
                assert refused.status_code == 429, path
                assert "rate-limited" in refused.text
    finally:
        app.state.store.close()


def _two_instances(url: str, rate: str) -> Iterator[tuple[TestClient, TestClient]]:
    one = create_app(Config(database_url=url, rate_limit=rate))
    two = create_app(Config(database_url=url, rate_limit=rate))
    with TestClient(one) as first, TestClient(two) as second:
        yield first, second
    one.state.store.close()
    two.state.store.close()


def test_two_instances_on_one_postgresql_count_a_client_once(postgres: PostgresCluster) -> None:
    """Scale-out: N instances allow the limit, not N times it."""
    url = postgres.new_database()
    for first, second in _two_instances(url, "4/minute"):
        made = [c.post("/api/v1/matches", json={"game": "belot"}) for c in (first, second) * 2]
        assert [r.status_code for r in made] == [201] * 4
        for client in (first, second):
            refused = client.post("/api/v1/clubs", json={"name": "Клуб"})
            assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate-limited"
            assert 1 <= int(refused.headers["retry-after"]) <= 60
        # Another client has its own count; reading goes on.
        with TestClient(second.app, client=("198.51.100.7", 4000)) as other:
            assert other.post("/api/v1/matches", json={"game": "belot"}).status_code == 201
        assert first.get(f"/api/v1/matches/{made[0].json()['id']}").status_code == 200
    engine = create_engine(normalise_url(url))
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT client, hits FROM rate_windows")).all()
    engine.dispose()
    assert sorted(hits for _, hits in rows) == [1, 6]  # one row a client, refused hits too
    assert all(len(client) == 64 and "." not in client for client, _ in rows)  # no address


def test_windows_past_are_pruned(postgres: PostgresCluster) -> None:
    store = MatchStore(postgres.new_database())
    rate = parse_rate("2/minute")
    assert rate is not None
    now = [1_000_000.0]
    counter = RateWindows(store.engine, rate, clock=lambda: now[0])
    assert [counter.hit("a"), counter.hit("a")] == [None, None]
    assert counter.hit("a") == 20  # 1,000,000 s is 40 s into its minute
    assert counter.hit("b") is None  # another client
    now[0] += 60  # the next window: a fresh count, the old one pruned
    assert counter.hit("a") is None
    with store.engine.connect() as conn:
        windows = conn.execute(text("SELECT DISTINCT window_start FROM rate_windows")).all()
    store.close()
    assert windows == [(1_000_060 // 60,)]


def test_sqlite_counts_in_the_process(sqlite_url: str) -> None:
    """With SQLite (one machine) each process counts its own; the table stays empty."""
    for first, second in _two_instances(sqlite_url, "2/minute"):
        for client in (first, second):
            assert [client.post("/api/v1/matches", json={"game": "belot"}).status_code
                    for _ in range(3)] == [201, 201, 429]  # fmt: skip
    store = MatchStore(sqlite_url)
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM rate_windows")).scalar_one() == 0
    store.close()


def test_a_database_that_does_not_answer_is_not_a_500() -> None:
    """The count fails open: the write then meets the database itself (503 from its route)."""

    class Down:
        def hit(self, who: str) -> int | None:
            raise OperationalError("SELECT 1", {}, Exception("down"))

    async def ok(scope: Any, receive: Any, send: Any) -> None:
        await PlainTextResponse("made", status_code=201)(scope, receive, send)

    rate = parse_rate("1/minute")
    assert rate is not None
    client = TestClient(RateLimit(ok, rate, counter=Down()))  # no lifespan: a bare ASGI app
    assert client.post("/api/v1/matches").status_code == 201
