"""`belot match`: look at a stored match from a terminal, or export it as JSON or CSV."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click
from sqlalchemy.exc import SQLAlchemyError

from belot.cli.options import database_unavailable, db_option, refuse
from belot.core.errors import BelotError
from belot.store.engine import default_url, normalise_url

if TYPE_CHECKING:
    from belot.store import MatchView


@click.group()
def match() -> None:
    """Look at a stored match (the id from its page or from the API)."""


@match.command()
@click.argument("match_id", metavar="ID")
@db_option
def show(match_id: str, database_url: str | None) -> None:
    """Print the match's score sheet."""
    from belot.cli.match_sheet import render

    click.echo(render(_load(match_id, database_url)), nl=False)


@match.command()
@click.argument("match_id", metavar="ID")
@click.option("--format", "form", type=click.Choice(["json", "csv"]), default="json")
@db_option
def export(match_id: str, form: str, database_url: str | None) -> None:
    """Write the match as JSON (the API's match object) or CSV (a row per deal)."""
    from belot.store.export import to_csv, to_json_text

    view = _load(match_id, database_url)
    click.echo(to_csv(view) if form == "csv" else to_json_text(view), nl=False)


def _load(match_id: str, database_url: str | None) -> MatchView:
    # Imported here so `belot score` never pays for SQLAlchemy.
    from belot.store import MatchStore

    url = database_url or default_url()
    try:
        _require_sqlite_file(url)
        store = MatchStore(url)
        try:
            return store.get(match_id)
        finally:
            store.close()
    except BelotError as err:
        refuse(err)
    except SQLAlchemyError as exc:
        refuse(database_unavailable(exc))


def _require_sqlite_file(url: str) -> None:
    """Looking at a match must not create an empty database where none was."""
    parsed = normalise_url(url)
    missing = parsed.database is not None and not Path(parsed.database).is_file()
    if parsed.get_backend_name() == "sqlite" and missing:
        raise BelotError(
            "database-not-found",
            "db",
            f"there is no database file {parsed.database}",
            path=parsed.database,
        )
