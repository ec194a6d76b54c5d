"""Bring a database to the newest schema with the Alembic migrations shipped in the package.

Run on every start: a no-op when the schema is current. Two processes starting at once on a
fresh database must not both create the tables, so the upgrade holds a lock: SQLite's write
lock (`BEGIN IMMEDIATE`), PostgreSQL's advisory lock.
"""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, text

from belot.store.engine import WRITE

# Any constant: it names the lock, shared by every belot process on the same PostgreSQL.
_ADVISORY_LOCK = 0x0BE107


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", "belot.store:migrations")
    return config


def migrate(engine: Engine) -> None:
    config = alembic_config()
    with engine.connect().execution_options(**{WRITE: True}) as conn, conn.begin():
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _ADVISORY_LOCK})
        config.attributes["connection"] = conn
        command.upgrade(config, "head")
