"""Helpers the fixtures and tests share: free ports, the PostgreSQL cluster, a live server."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from hypothesis import settings

PG_BIN_DIRS = ("/usr/lib/postgresql/15/bin",)
# The fuzz profile's max_examples (tests/conftest.py; `make fuzz FUZZ_EXAMPLES=N` sets it); the
# ci profile keeps Hypothesis's 100.
FUZZ_EXAMPLES = int(os.environ.get("BELOT_FUZZ_EXAMPLES", "1000"))


def examples(n: int) -> int:
    """A property test's `max_examples`: `n` under the ci profile, scaled by the loaded
    profile's own max_examples (the fuzz profile's ten times as many). Called when a test
    module makes its settings, after tests/conftest.py has loaded the profile."""
    return max(1, n * settings().max_examples // 100)


def answered(
    url: str,
    server: subprocess.Popen[Any],
    seconds: float,
    ready: Callable[[httpx.Response], bool] = lambda r: r.status_code == 200,
    pause: float = 0.2,
    wait: float = 5,
) -> httpx.Response | None:
    """`url`'s answer once the server started as `server` answers it as `ready` says; None
    when the server stopped, or did not in `seconds` (each caller says why in its own words).
    `wait`: how long one request may take; `pause` between two."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            response = httpx.get(url, timeout=wait)
            if ready(response):
                return response
        except httpx.TransportError:
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            return None
        time.sleep(pause)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def pg_tool(name: str) -> str:
    found = shutil.which(name) or next(
        (f"{d}/{name}" for d in PG_BIN_DIRS if Path(f"{d}/{name}").exists()), None
    )
    if found is None:
        pytest.fail(f"{name} is not installed: PostgreSQL 15 is needed for the test suite")
    return found


@dataclass(frozen=True)
class PostgresCluster:
    host: str
    port: int

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@{self.host}:{self.port}/{database}"

    def new_database(self) -> str:
        import psycopg

        name = f"t_{uuid.uuid4().hex[:16]}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@contextmanager
def serving(app: FastAPI) -> Iterator[str]:
    """`app` under a real uvicorn in a thread, on a free loopback port; yields its base URL."""
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@pytest.fixture(
    name="db_url", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
)
def db_url_on_both(request: pytest.FixtureRequest, sqlite_url: str) -> str:
    """The database under test, twice: an SQLite file and the throwaway PostgreSQL cluster.

    A conftest that imports it makes every test of its folder run on both.
    """
    if request.param == "sqlite":
        return sqlite_url
    cluster: PostgresCluster = request.getfixturevalue("postgres")
    return cluster.new_database()
