"""Every store test runs twice: on an SQLite file and on the throwaway PostgreSQL cluster."""

from __future__ import annotations

import pytest

from support import PostgresCluster


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, sqlite_url: str) -> str:
    if request.param == "sqlite":
        return sqlite_url
    cluster: PostgresCluster = request.getfixturevalue("postgres")
    return cluster.new_database()
