"""`belot serve`: the web app and its API, with uvicorn."""

from __future__ import annotations

import click
import uvicorn

from belot.cli.options import database_unavailable, db_option, refuse
from belot.store.engine import default_url


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@db_option
@click.option("--log-level", default="info", show_default=True, help="uvicorn's log level.")
def serve(host: str, port: int, database_url: str | None, log_level: str) -> None:
    """Run the calculator pages, the score sheets and the HTTP API."""
    # Imported here so `belot score` never pays for FastAPI and SQLAlchemy.
    from sqlalchemy.exc import SQLAlchemyError

    from belot.app import Config, create_app

    try:
        app = create_app(Config(database_url=database_url or default_url()))
    except SQLAlchemyError as exc:  # the database is opened (and migrated) before serving
        refuse(database_unavailable(exc))
    uvicorn.run(app, host=host, port=port, log_level=log_level, server_header=False)
