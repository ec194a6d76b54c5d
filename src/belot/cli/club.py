"""`belot club`: a club's statistics, and the club as one JSON file to take elsewhere."""

from __future__ import annotations

import json
from typing import BinaryIO

import click

from belot.cli.database import on_database
from belot.cli.options import db_option, refuse
from belot.core.errors import BelotError


@click.group()
def club() -> None:
    """A club's statistics; export a club to a file, import it into another database."""


@club.command()
@click.argument("club_id", metavar="ID")
@click.option("--from", "since", metavar="YYYY-MM-DD", help="Matches made on or after this day.")
@click.option("--to", "until", metavar="YYYY-MM-DD", help="Matches made on or before this day.")
@click.option("--format", "form", type=click.Choice(["json", "csv"]), default="json")
@db_option
def stats(
    club_id: str, since: str | None, until: str | None, form: str, database_url: str | None
) -> None:
    """Each player's matches, wins, deals, calls made and capots; pairs' matches and wins."""
    from belot.store.club_files import stats_csv
    from belot.store.clubs import ClubStore

    numbers = on_database(database_url, lambda store: ClubStore(store).stats(club_id, since, until))
    if form == "csv":
        click.echo(stats_csv(numbers), nl=False)
    else:
        click.echo(json.dumps(numbers, ensure_ascii=False, indent=2))


@club.command()
@click.argument("club_id", metavar="ID")
@db_option
def export(club_id: str, database_url: str | None) -> None:
    """Write the club (players, matches, deals; no token) as one JSON file."""
    from belot.store.club_files import export_club

    data = on_database(database_url, lambda store: export_club(store, club_id))
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


# A club file's most: 10,000 matches of 20 deals are about 40 MB; far past that is no club.
MAX_CLUB_FILE = 256 * 1024 * 1024


def _read_capped(file: BinaryIO, limit: int) -> bytes:
    """The file's bytes, read in 1 MiB chunks; refused once past `limit` (never read whole)."""
    parts, size = [], 0
    while chunk := file.read(min(1024 * 1024, limit + 1 - size)):
        parts.append(chunk)
        size += len(chunk)
        if size > limit:
            most = f"a club file is at most {limit // (1024 * 1024)} MiB"
            refuse(BelotError("file-too-large", "file", most, max=limit))
    return b"".join(parts)


@club.command(name="import")
@click.argument("file", type=click.File("rb"))
@click.option(
    "--merge",
    "merge_token",
    metavar="TOKEN",
    help="Add what the file has to the club of the same id already here, whose edit token "
    "this is (without it such a file is refused: club-exists).",
)
@db_option
def import_(file: BinaryIO, merge_token: str | None, database_url: str | None) -> None:
    """Read a club file into this database as a new club; ids kept where free.

    Every match and deal is checked as the API checks them; any refusal is the error object,
    exit 2, and nothing written. Prints the club as stored, with its new edit token. A file
    over 256 MiB is refused before it is read whole (file-too-large)."""
    from belot.store.club_files import import_club

    body = _read_capped(file, MAX_CLUB_FILE)
    try:
        data = json.loads(body.decode("utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        refuse(BelotError("invalid-json", None, f"the file is not valid JSON: {exc}"))
    except ValueError:  # Python reads no integer past 4,300 digits; no club file needs one
        refuse(BelotError("number-too-long", None, "the file has a number of over 4,300 digits"))
    club_json, token = on_database(
        database_url, lambda store: import_club(store, data, merge_token)
    )
    click.echo(json.dumps({**club_json, **({"token": token} if token else {})}, ensure_ascii=False))
