"""Options shared by the `belot` subcommands."""

from __future__ import annotations

import click

db_option = click.option(
    "--db",
    "database_url",
    default=None,
    metavar="URL",
    help="sqlite:///file, postgresql://… or a file path "
    "[default: $BELOT_DATABASE_URL, else sqlite:///belot.sqlite3]",
)
