"""Stored matches: SQLAlchemy models, Alembic migrations and the `MatchStore`."""

from __future__ import annotations

from belot.store.matches import MatchStore
from belot.store.view import MatchView

__all__ = ["MatchStore", "MatchView"]
