"""While the database is out of reach: 503 with Retry-After and the error object, never 500."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy.orm import sessionmaker

from belot.store import MatchStore
from belot.store.engine import WRITE, make_engine
from support import free_port

DEAL = {"contract": "hearts", "declarer": "us", "cards": {"us": 82}, "last_trick": "us"}


@pytest.mark.parametrize(
    "away",
    [
        # Nothing listens there: like a PostgreSQL that is down or restarting.
        lambda: f"postgresql://postgres@127.0.0.1:{free_port()}/belot?connect_timeout=2",
        lambda: "sqlite:////no/such/directory/belot.sqlite3",
    ],
    ids=["postgresql-down", "sqlite-unreadable"],
)
def test_requests_answer_503_until_the_database_is_back(
    client: TestClient, app: FastAPI, away: object
) -> None:
    created = client.post("/api/v1/matches", json={"game": "belot"}).json()
    match_id, bearer = created["id"], {"Authorization": f"Bearer {created['token']}"}
    store: MatchStore = app.state.store
    reads, writes = store._reads, store._writes
    gone = make_engine(away())  # type: ignore[operator]
    store._reads = sessionmaker(gone, expire_on_commit=False)
    store._writes = sessionmaker(gone.execution_options(**{WRITE: True}), expire_on_commit=False)
    store._sheets = type(store._sheets)()  # nothing cached: every read needs the database
    try:
        for response in (
            client.get(f"/api/v1/matches/{match_id}"),
            client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL, headers=bearer),
            client.post("/api/v1/matches", json={"game": "belot"}),
        ):
            assert response.status_code == 503, response.text
            assert response.headers["retry-after"].isdigit()
            assert response.json()["error"]["code"] == "database-unavailable"
            assert response.headers["cache-control"] == "no-store"
        page = client.get(f"/m/{match_id}")
        assert page.status_code == 503 and 'data-code="database-unavailable"' in page.text
        assert page.headers["retry-after"].isdigit()
    finally:
        store._reads, store._writes = reads, writes
        gone.dispose()
    assert client.get(f"/api/v1/matches/{match_id}").status_code == 200
