"""Alembic environment: always run from `belot.store.migrate` on a connection it opened."""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from belot.store.models import Base

connection = context.config.attributes.get("connection")
if not isinstance(connection, Connection):
    raise RuntimeError("run migrations through belot.store.migrate, which passes a connection")

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=True,  # SQLite alters tables by copying them
)
with context.begin_transaction():
    context.run_migrations()
