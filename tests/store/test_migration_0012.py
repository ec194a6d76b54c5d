"""Migration 0012 (issue 32): a pair's calls. The club matches already there get each deal's
bidding team and each seat's team calls and makes, so a pair that called with the team's chip
(no `caller`) is counted at once, not only for the deals changed after the upgrade."""

from __future__ import annotations

from alembic import command
from sqlalchemy import text

from belot.store import MatchStore
from belot.store.clubs import ClubStore
from belot.store.engine import make_engine
from belot.store.migrate import alembic_config

MADE: dict[str, object] = {
    "contract": "hearts",
    "declarer": "us",
    "cards": {"us": 100},
    "last_trick": "us",
}
FELL: dict[str, object] = {**MADE, "cards": {"us": 30}, "last_trick": "them"}
THEIRS: dict[str, object] = {"mode": "sun", "buyer": "them", "abnat": {"them": 100}}


def test_club_matches_made_before_count_their_pairs_calls(db_url: str) -> None:
    store = MatchStore(db_url)
    clubs = ClubStore(store)
    club, token = clubs.create("Петък")
    club_id = str(club["id"])
    ids = [clubs.add_player(club_id, token, n).id for n in ("Иван", "Мария", "Петър", "Ана")]
    belot, _ = clubs.create_match(club_id, token, "belot", None, None, ids, 1)
    deals: list[dict[str, object]] = [MADE, MADE, FELL, {"passed": True}, {**MADE, "caller": 3}]
    for deal in deals:
        store.add_deal(belot.id, token, deal)
    baloot, _ = clubs.create_match(club_id, token, "baloot", None, None, ids, 1)
    store.add_deal(baloot.id, token, THEIRS)
    store.close()
    engine = make_engine(db_url)
    with engine.begin() as conn:  # back to before 0012: the columns gone with it
        config = alembic_config()
        config.attributes["connection"] = conn
        command.downgrade(config, "0011")
        columns = list(conn.execute(text("SELECT * FROM deal_facts")).keys())
        assert "bidder" not in columns
    engine.dispose()
    again = MatchStore(db_url)  # migrates to head on start
    try:
        with again.engine.connect() as conn:
            facts = conn.execute(
                text("SELECT n, bidder FROM deal_facts WHERE match_id = :m ORDER BY n"),
                {"m": belot.id},
            ).all()
        assert [tuple(f) for f in facts] == [(1, "us"), (2, "us"), (3, "us"), (4, None),
                                             (5, "us")]  # fmt: skip
        stats = ClubStore(again).stats(club_id)
        pairs = {frozenset(p["players"]): (p["called"], p["made"]) for p in stats["pairs"]}
        # Иван (seat 1) and Петър (seat 3) called four Belot deals and made three; Мария and
        # Ана bought the Baloot deal and made it.
        assert pairs == {frozenset((ids[0], ids[2])): (4, 3), frozenset((ids[1], ids[3])): (1, 1)}
        players = {p["name"]: (p["called"], p["made"]) for p in stats["players"]}
        assert players == {"Иван": (0, 0), "Мария": (0, 0), "Петър": (1, 1), "Ана": (0, 0)}
    finally:
        again.close()
