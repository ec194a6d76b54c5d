"""Idempotency-Key records stay small and few however long a match grows; a match has a
maximum length."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, insert, select, update

from belot.store import MatchStore, keys
from belot.store.errors import MatchTooLong
from belot.store.inputs import MAX_DEALS
from belot.store.models import DealRow, IdempotencyRow, MatchRow
from sample_deals import LEVEL, MADE


@pytest.fixture
def store(db_url: str) -> Iterator[MatchStore]:
    s = MatchStore(db_url)
    yield s
    s.close()


def seeded(store: MatchStore, size: int) -> tuple[str, str]:
    """A Belot match of `size` level deals (it never ends), written straight into its rows."""
    view, token = store.create("belot", None, {})
    text = json.dumps(LEVEL)
    with store.engine.begin() as conn:
        if size:
            rows = [{"match_id": view.id, "seq": seq, "input": text} for seq in range(1, size + 1)]
            conn.execute(insert(DealRow), rows)
        conn.execute(
            update(MatchRow).where(MatchRow.id == view.id).values(version=size, next_seq=size + 1)
        )
    return view.id, token


def key_table(store: MatchStore, match_id: str) -> tuple[int, int]:
    """How many records the match has, and the characters they take in all."""
    columns = [IdempotencyRow.key, IdempotencyRow.fingerprint, IdempotencyRow.version,
               IdempotencyRow.deals, IdempotencyRow.updated_at]  # fmt: skip
    with store.engine.connect() as conn:
        rows = conn.execute(select(*columns).where(IdempotencyRow.match_id == match_id)).all()
    return len(rows), sum(len(str(value)) for row in rows for value in row)


def test_the_key_table_stays_flat_while_a_match_grows_to_2000_deals(
    store: MatchStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The bound is read when a key is written: a smaller one shows the same pruning with a
    # twentieth of the adds (each add near 2,000 deals rewrites the match's facts).
    kept = 20
    monkeypatch.setattr(keys, "MAX_KEYS", kept)
    first = MAX_DEALS - 2 * kept - 50
    match_id, token = seeded(store, first)
    sizes: dict[int, tuple[int, int]] = {}
    for n in range(first + 1, MAX_DEALS + 1):
        view = store.add_deal(match_id, token, LEVEL, idempotency_key=f"key-{n:05}")
        if n in (MAX_DEALS - kept, MAX_DEALS):
            sizes[n] = key_table(store, match_id)
    assert len(view.sheet.rows) == MAX_DEALS
    count_then, size_then = sizes[MAX_DEALS - kept]
    count_now, size_now = sizes[MAX_DEALS]
    assert count_then == count_now == kept
    assert size_now <= size_then * 1.01  # more deals, the same bytes
    assert size_now < kept * 120
    # The newest keys still answer as they did, the oldest are forgotten.
    again = store.add_deal(match_id, token, LEVEL, idempotency_key=f"key-{MAX_DEALS:05}")
    assert again == view
    with pytest.raises(MatchTooLong) as caught:
        store.add_deal(match_id, token, LEVEL, idempotency_key=f"key-{first + 1:05}")
    assert (caught.value.code, caught.value.field) == ("match-too-long", "deals")


def test_a_retry_after_later_adds_answers_the_match_as_it_was(store: MatchStore) -> None:
    match_id, token = seeded(store, 3)
    first = store.add_deal(match_id, token, MADE, idempotency_key="k")
    store.add_deal(match_id, token, LEVEL)
    store.add_deal(match_id, token, LEVEL)
    fresh = MatchStore(store.url)  # no sheet cached: read back from the deal rows alone
    try:
        assert fresh.add_deal(match_id, token, MADE, idempotency_key="k") == first
    finally:
        fresh.close()


def test_a_retry_after_a_later_edit_answers_the_match_as_it_is(store: MatchStore) -> None:
    match_id, token = seeded(store, 2)
    store.add_deal(match_id, token, MADE, idempotency_key="k")
    edited = store.replace_deal(match_id, token, 1, MADE)
    again = store.add_deal(match_id, token, MADE, idempotency_key="k")
    assert again == edited and len(again.sheet.rows) == 3  # recorded once, still
    deleted = store.delete_deal(match_id, token, 1, idempotency_key="d")
    assert store.delete_deal(match_id, token, 1, idempotency_key="d") == deleted


def test_the_2001st_deal_is_409_match_too_long(client: TestClient, app: object) -> None:
    store: MatchStore = app.state.store  # type: ignore[attr-defined]
    match_id, token = seeded(store, MAX_DEALS - 1)
    url, bearer = f"/api/v1/matches/{match_id}/deals", {"Authorization": f"Bearer {token}"}
    assert client.post(url, json=LEVEL, headers=bearer).status_code == 201
    refused = client.post(url, json=LEVEL, headers=bearer)
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "match-too-long"
    assert refused.json()["error"]["field"] == "deals"
    with store.engine.connect() as conn:
        count = conn.execute(
            select(func.count()).select_from(DealRow).where(DealRow.match_id == match_id)
        ).scalar_one()
    assert count == MAX_DEALS
    # Editing a deal of a full match still works.
    assert client.put(f"{url}/1", json=LEVEL, headers=bearer).status_code == 200
