"""The database a subcommand reads or writes (`--db`): opened only where it exists, any
refusal said as the contract's error object, exit 2 (CONTRACT.md §4).

Only the subcommands that open a database import this module (`belot match`, `club`,
`tournament`), so `belot score` never pays for SQLAlchemy.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from sqlalchemy.exc import SQLAlchemyError

from belot.cli.options import database_unavailable, refuse
from belot.core.errors import BelotError
from belot.store.engine import default_url, normalise_url

if TYPE_CHECKING:
    from belot.store import MatchStore

T = TypeVar("T")


def require_sqlite_file(url: str) -> None:
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


@contextmanager
def opened(database_url: str | None) -> Iterator[MatchStore]:
    """The store over `--db` (else the default database), closed after use."""
    from belot.store import MatchStore  # here, as the command's own imports were

    url = database_url or default_url()
    require_sqlite_file(url)
    store = MatchStore(url)
    try:
        yield store
    finally:
        store.close()


def on_database(database_url: str | None, work: Callable[[MatchStore], T]) -> T:
    """`work` on the database; any refusal is the contract's error object and exit 2."""
    try:
        with opened(database_url) as store:
            return work(store)
    except BelotError as err:
        refuse(err)
    except SQLAlchemyError as exc:
        refuse(database_unavailable(exc))
