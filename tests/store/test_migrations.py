"""The schema comes from the packaged Alembic migrations, on start, once, and matches the models."""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import select, text

from belot.store import MatchStore
from belot.store.engine import WRITE, make_engine
from belot.store.migrate import alembic_config
from belot.store.models import Base, IdempotencyRow, MatchRow, SeatRow
from belot.store.tokens import hash_token, new_token
from sample_deals import LEVEL, MADE


def test_a_fresh_database_is_migrated_to_head_and_matches_the_models(db_url: str) -> None:
    store = MatchStore(db_url)
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    with store.engine.connect() as conn:
        context = MigrationContext.configure(conn)
        assert context.get_current_revision() == head
        assert compare_metadata(context, Base.metadata) == []
    store.close()


def test_starting_again_keeps_the_data(db_url: str) -> None:
    first = MatchStore(db_url)
    view, _ = first.create("belot", None, {})
    first.close()
    again = MatchStore(db_url)
    assert again.get(view.id) == view
    again.close()


def test_processes_starting_together_migrate_once(db_url: str) -> None:
    errors: list[BaseException] = []
    stores: list[MatchStore] = []
    barrier = threading.Barrier(4)

    def start() -> None:
        barrier.wait()
        try:
            stores.append(MatchStore(db_url))
        except BaseException as exc:  # the test reports it below
            errors.append(exc)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    view, _ = stores[0].create("belot", None, {})
    assert all(store.get(view.id) == view for store in stores)
    for store in stores:
        store.close()


def test_old_idempotency_records_are_converted_and_still_answer(db_url: str) -> None:
    """A database of revision 0001, with whole-match snapshots, upgraded in place."""
    engine = make_engine(db_url)
    config = alembic_config()
    with engine.connect().execution_options(**{WRITE: True}) as conn, conn.begin():
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
    token = new_token()
    moment = datetime(2026, 12, 1, 20, 30, tzinfo=UTC)
    deals = [LEVEL, MADE, LEVEL]

    def snapshot(count: int) -> str:
        return json.dumps({"version": count, "updated_at": moment.isoformat(),
                           "deals": deals[:count]})  # fmt: skip

    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO matches (id, game, rules, team_us, team_them, token_hash, version,"
                " next_seq, created_at, updated_at) VALUES ('old', 'belot', 'bg', 'Ние', 'Вие',"
                " :hash, 3, 4, :t, :t)"
            ),
            {"hash": hash_token(token), "t": moment},
        )
        for seq, deal in enumerate(deals, 1):
            conn.execute(
                text("INSERT INTO deals (match_id, seq, input) VALUES ('old', :s, :i)"),
                {"s": seq, "i": json.dumps(deal)},
            )
        for count in (1, 2, 3):
            conn.execute(
                text(
                    "INSERT INTO idempotency_keys (match_id, key, fingerprint, snapshot,"
                    " created_at) VALUES ('old', :k, :f, :s, :t)"
                ),
                {"k": f"k{count}", "f": "x" * 64, "s": snapshot(count), "t": moment},
            )
    engine.dispose()

    store = MatchStore(db_url)  # migrates to head
    try:
        with store.engine.connect() as conn:
            rows = conn.execute(
                select(IdempotencyRow.key, IdempotencyRow.version, IdempotencyRow.deals)
                .order_by(IdempotencyRow.key)
            ).all()  # fmt: skip
            rewritten = conn.execute(select(MatchRow.rewritten)).scalar_one()
        assert [tuple(r) for r in rows] == [("k1", 1, 1), ("k2", 2, 2), ("k3", 3, 3)]
        assert rewritten == 3  # unknown for old matches: taken as their version
        # The latest keyed change answers exactly the match it made: the same key and body.
        with store._writes.begin() as session:
            row = session.get(MatchRow, "old")
            record = session.get(IdempotencyRow, ("old", "k3"))
            assert row is not None and record is not None
            answer = store._replayed(session, row, record)
        assert answer.version == 3 and [r.input for r in answer.sheet.rows] == deals
        assert answer.updated == moment
    finally:
        store.close()


def test_matches_of_the_previous_release_come_through_the_upgrade_intact(db_url: str) -> None:
    """A database left at revision 0001 with a match in it: upgraded, it reads the same, and
    the statistics' facts of its deals are worked out."""
    from alembic import command
    from sqlalchemy import text

    from belot.store.engine import WRITE, make_engine

    engine = make_engine(db_url)
    config = alembic_config()
    with engine.connect().execution_options(**{WRITE: True}) as conn, conn.begin():
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
        conn.execute(
            text(
                "INSERT INTO matches (id, game, rules, team_us, team_them, token_hash, version,"
                " next_seq, created_at, updated_at) VALUES ('old1', 'belot', 'bg', 'Ние', 'Вие',"
                " :h, 2, 3, :t, :t)"
            ),
            {"h": "0" * 64, "t": "2026-11-01 20:00:00"},
        )
        capot = '{"contract":"spades","declarer":"them","capot":"them","last_trick":"them"}'
        made = '{"contract":"hearts","declarer":"us","cards":{"us":82},"last_trick":"us"}'
        for seq, deal in ((1, made), (2, capot)):
            conn.execute(
                text("INSERT INTO deals (match_id, seq, input) VALUES ('old1', :s, :d)"),
                {"s": seq, "d": deal},
            )
    engine.dispose()

    store = MatchStore(db_url)
    view = store.get("old1")
    assert view.version == 2 and view.teams == {"us": "Ние", "them": "Вие"}
    assert [row.result["outcome"] for row in view.sheet.rows] == ["made", "made"]
    assert view.sheet.totals["us"] == 9
    with store.engine.connect() as conn:
        facts = conn.execute(
            text("SELECT n, outcome, all_tricks FROM deal_facts WHERE match_id='old1' ORDER BY n")
        ).all()
        assert [tuple(f) for f in facts] == [(1, "made", None), (2, "made", "them")]
    store.close()


def test_seats_of_a_club_match_get_their_partner_on_the_upgrade(db_url: str) -> None:
    """A database left at revision 0004 with a club match and a match outside a club: upgraded,
    each seat of the club match names the player on the opposite seat (1↔3, 2↔4)."""
    engine = make_engine(db_url)
    config = alembic_config()
    moment = "2026-11-01 20:00:00"
    with engine.connect().execution_options(**{WRITE: True}) as conn, conn.begin():
        config.attributes["connection"] = conn
        command.upgrade(config, "0004")
        conn.execute(
            text("INSERT INTO clubs (id, name, token_hash, created_at)"
                 " VALUES ('c1', 'Клуб', :h, :t)"),
            {"h": "0" * 64, "t": moment},
        )  # fmt: skip
        for player in ("pa", "pb", "pc", "pd"):
            conn.execute(
                text("INSERT INTO players (id, club_id, name, created_at)"
                     " VALUES (:p, 'c1', :p, :t)"),
                {"p": player, "t": moment},
            )  # fmt: skip
        for match_id, club in (("club1", "c1"), ("free1", None)):
            conn.execute(
                text(
                    "INSERT INTO matches (id, game, rules, team_us, team_them, token_hash,"
                    " version, next_seq, created_at, updated_at, club_id) VALUES (:m, 'belot',"
                    " 'bg', 'Ние', 'Вие', :h, 0, 1, :t, :t, :c)"
                ),
                {"m": match_id, "h": "0" * 64, "t": moment, "c": club},
            )
        for seat, player in enumerate(("pa", "pb", "pc", "pd"), start=1):
            conn.execute(
                text("INSERT INTO match_seats (match_id, seat, name, player_id)"
                     " VALUES ('club1', :s, :p, :p)"),
                {"s": seat, "p": player},
            )  # fmt: skip
            conn.execute(
                text("INSERT INTO match_seats (match_id, seat, name, player_id)"
                     " VALUES ('free1', :s, :n, NULL)"),
                {"s": seat, "n": f"N{seat}"},
            )  # fmt: skip
    engine.dispose()

    store = MatchStore(db_url)  # migrates to head
    try:
        with store.engine.connect() as conn:
            rows = conn.execute(
                select(SeatRow.match_id, SeatRow.seat, SeatRow.player_id, SeatRow.partner_id)
                .order_by(SeatRow.match_id, SeatRow.seat)
            ).all()  # fmt: skip
        assert [tuple(r) for r in rows] == [
            ("club1", 1, "pa", "pc"), ("club1", 2, "pb", "pd"),
            ("club1", 3, "pc", "pa"), ("club1", 4, "pd", "pb"),
            ("free1", 1, None, None), ("free1", 2, None, None),
            ("free1", 3, None, None), ("free1", 4, None, None),
        ]  # fmt: skip
    finally:
        store.close()
