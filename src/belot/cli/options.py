"""Options shared by the `belot` subcommands."""

from __future__ import annotations

import json
from typing import NoReturn

import click

from belot.contract import error_json
from belot.core.errors import BelotError

db_option = click.option(
    "--db",
    "database_url",
    default=None,
    metavar="URL",
    help="sqlite:///file, postgresql://… or a file path "
    "[default: $BELOT_DATABASE_URL, else sqlite:///belot.sqlite3]",
)


def refuse(err: BelotError) -> NoReturn:
    """CONTRACT §4: the error object on standard output, exit 2 — never a traceback."""
    click.echo(json.dumps(error_json(err), ensure_ascii=False))
    raise SystemExit(2)


def database_unavailable(exc: Exception) -> BelotError:
    """A database `--db` cannot open (unreachable, not a database, a malformed URL).

    The driver's own first line says why (connection refused, file is not a database); it
    names the host and port, never the password.
    """
    reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0][:200]
    return BelotError("database-unavailable", "db", f"cannot open the database: {reason}")
