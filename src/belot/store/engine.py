"""Database engines: SQLite (the default, a file) or PostgreSQL (through psycopg 3).

Writers are serialised per match so that no two changes can interleave:
- SQLite: every write transaction starts with `BEGIN IMMEDIATE`, taking the database's write
  lock up front (a plain `BEGIN` would take it only at the first write, after the reads a
  decision was based on). WAL lets readers go on meanwhile.
- PostgreSQL: the store locks the match row with `SELECT ... FOR UPDATE`.
"""

from __future__ import annotations

import os
import sqlite3
import time
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, Connection, make_url
from sqlalchemy.pool import ConnectionPoolEntry

WRITE = "belot_write"  # execution option: this transaction will write
DEFAULT_SQLITE_FILE = "belot.sqlite3"


def normalise_url(url: str) -> URL:
    """The URL with a driver SQLAlchemy can use; a bare path means an SQLite file."""
    if "://" not in url:
        url = f"sqlite:///{url}"
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def default_url() -> str:
    return os.environ.get("BELOT_DATABASE_URL") or f"sqlite:///{DEFAULT_SQLITE_FILE}"


def make_engine(url: str) -> Engine:
    parsed = normalise_url(url)
    if parsed.get_backend_name() == "sqlite":
        return _sqlite_engine(parsed)
    return create_engine(parsed, pool_size=10, max_overflow=20, pool_pre_ping=True)


def _set_wal(cursor: sqlite3.Cursor) -> None:
    """Switch to WAL. On a fresh file, processes starting together race for that switch, and
    SQLite can answer "database is locked" without waiting on the busy timeout: retry."""
    for attempt in range(100):
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == 99:
                raise
            time.sleep(0.05)


def _sqlite_engine(url: URL) -> Engine:
    if url.database in (None, "", ":memory:"):
        raise ValueError("an SQLite database must be a file, so every connection sees it")
    engine = create_engine(
        url,
        # Writers queue on the lock instead of failing at once.
        connect_args={"timeout": 30, "check_same_thread": False},
        pool_size=10,
        max_overflow=20,
    )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _record: ConnectionPoolEntry) -> None:
        # Let SQLAlchemy, not the sqlite3 module, decide when transactions begin.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        _set_wal(cursor)
        cursor.execute("PRAGMA foreign_keys=ON")
        # FULL: a change answered to the client survives even a power cut, not only a crash.
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        options: dict[str, Any] = dict(conn.get_execution_options())
        conn.exec_driver_sql("BEGIN IMMEDIATE" if options.get(WRITE) else "BEGIN")

    return engine
