"""Migration 0011: a match's own number of deals (a klaverjas boom), null for the matches
already there; a klaverjas match made before it plays its game's default number of deals."""

from __future__ import annotations

from alembic import command
from sqlalchemy import text

from belot.store import MatchStore
from belot.store.engine import make_engine
from belot.store.migrate import alembic_config

OURS: dict[str, object] = {
    "contract": "hearts",
    "declarer": "us",
    "cards": {"us": 80},
    "last_trick": "us",
}


def test_matches_made_before_keep_playing_as_they_did(db_url: str) -> None:
    store = MatchStore(db_url)
    boom, boom_token = store.create("klaverjas", None, {})
    french, _ = store.create("coinche", None, {}, target=500)
    store.add_deal(boom.id, boom_token, OURS)
    store.close()
    engine = make_engine(db_url)
    with engine.begin() as conn:  # back to before 0011: the column gone with it
        config = alembic_config()
        config.attributes["connection"] = conn
        command.downgrade(config, "0010")
        columns = conn.execute(text("SELECT * FROM matches")).keys()
        assert "deal_count" not in columns and "target" in columns
    engine.dispose()
    again = MatchStore(db_url)  # migrates to head on start
    try:
        with again.engine.connect() as conn:
            found = conn.execute(text("SELECT id, deal_count, target FROM matches")).all()
        assert sorted(tuple(row) for row in found) == sorted(
            [(boom.id, None, None), (french.id, None, 500)]
        )
        view = again.get(boom.id)  # the game's own boom of 16
        assert view.sheet.deal_count == 16 and view.to_json()["deal_count"] == 16
        assert view.sheet.totals == {"us": 90, "them": 72}
        assert again.get(french.id).to_json()["target"] == 500
        made, _ = again.create("klaverjas", None, {}, deal_count=8)
        with again.engine.connect() as conn:
            kept = conn.execute(
                text("SELECT deal_count FROM matches WHERE id = :m"), {"m": made.id}
            ).scalar()
        assert kept == 8 and again.get(made.id).sheet.deal_count == 8
    finally:
        again.close()
