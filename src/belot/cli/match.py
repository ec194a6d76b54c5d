"""`belot match`: look at a stored match from a terminal, or export it as JSON or CSV."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from belot.cli.database import on_database
from belot.cli.options import db_option

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
    return on_database(database_url, lambda store: store.get(match_id))
