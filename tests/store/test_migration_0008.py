"""Migration 0008 gives the matches already there their points (by replaying them once)."""

from __future__ import annotations

from alembic import command
from sqlalchemy import text

from belot.store import MatchStore
from belot.store.engine import make_engine
from belot.store.migrate import alembic_config
from sample_deals import MADE


def test_existing_matches_get_their_points(db_url: str) -> None:
    store = MatchStore(db_url)
    view, token = store.create("belot", None, {})
    for _ in range(2):
        store.add_deal(view.id, token, MADE)
    store.close()
    engine = make_engine(db_url)
    with engine.begin() as conn:  # back to before 0008, the points gone with it
        config = alembic_config()
        config.attributes["connection"] = conn
        command.downgrade(config, "0007")
    engine.dispose()
    again = MatchStore(db_url)  # migrates to head on start
    with again.engine.connect() as conn:
        found = conn.execute(text("SELECT points_us, points_them FROM matches")).all()
    assert [tuple(row) for row in found] == [(22, 14)]  # 11 : 7, twice
    again.close()
