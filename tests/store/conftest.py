"""Every store test runs twice: on an SQLite file and on the throwaway PostgreSQL cluster."""

from __future__ import annotations

from support import db_url_on_both

__all__ = ["db_url_on_both"]
