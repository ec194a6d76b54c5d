"""The schema comes from the packaged Alembic migrations, on start, once, and matches the models."""

from __future__ import annotations

import threading

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from belot.store import MatchStore
from belot.store.migrate import alembic_config
from belot.store.models import Base


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
