"""`MatchStore` on SQLite and PostgreSQL: the sheet, versions, tokens, keys, all-or-nothing."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator

import pytest
from sqlalchemy import delete, select, text

from belot.core.errors import BelotError
from belot.store import MatchStore
from belot.store.errors import (
    KeyReused,
    MatchOver,
    NotFound,
    StaleVersion,
    TokenMissing,
    TokenWrong,
)
from belot.store.models import DealRow, IdempotencyRow, MatchRow
from belot.store.tokens import new_token
from sample_deals import BALOOT_TIE, HANGING, INVALID, LEVEL, MADE, RECONTRA


@pytest.fixture
def store(db_url: str) -> Iterator[MatchStore]:
    s = MatchStore(db_url)
    yield s
    s.close()


def new(store: MatchStore, game: str = "belot") -> tuple[str, str]:
    view, token = store.create(game, None, {"us": "Ние", "them": "Вие"})
    return view.id, token


def deal_count(store: MatchStore, match_id: str) -> int:
    with store.engine.connect() as conn:
        rows = conn.execute(select(DealRow.id).where(DealRow.match_id == match_id)).all()
    return len(rows)


def test_a_new_match_is_empty_at_version_0(store: MatchStore) -> None:
    view, token = store.create("baloot", None, {"us": "A"})
    assert (view.game, view.rules, view.version) == ("baloot", "sa", 0)
    assert view.teams == {"us": "A", "them": "لهم"}
    assert view.sheet.rows == () and not view.sheet.finished
    assert store.get(view.id) == view
    assert len(token) >= 22  # ≥ 128 bits in URL-safe base64


@pytest.mark.parametrize(
    ("game", "rules", "teams", "code", "field"),
    [
        ("poker", None, {}, "unknown-game", "game"),
        ("belot", "sa", {}, "rules-game-mismatch", "rules"),
        ("belot", "nope", {}, "unknown-rules", "rules"),
        ("belot", None, {"ours": "x"}, "unknown-team", "teams.ours"),
        ("belot", None, {"us": ""}, "invalid-team-name", "teams.us"),
        ("belot", None, {"us": "a\x00b"}, "invalid-team-name", "teams.us"),
        ("belot", None, {"us": "x" * 61}, "invalid-team-name", "teams.us"),
        ("belot", None, {"us": 5}, "wrong-type", "teams.us"),
    ],
)
def test_a_match_needs_a_known_game_rules_and_team_names(
    store: MatchStore, game: str, rules: str | None, teams: dict[str, str], code: str, field: str
) -> None:
    with pytest.raises(BelotError) as caught:
        store.create(game, rules, teams)
    assert (caught.value.code, caught.value.field) == (code, field)
    with store.engine.connect() as conn:
        assert conn.execute(select(MatchRow.id)).all() == []


def test_only_the_tokens_hash_is_stored(store: MatchStore) -> None:
    match_id, token = new(store)
    with store.engine.connect() as conn:
        row = conn.execute(select(MatchRow).where(MatchRow.id == match_id)).one()
    assert row.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert token not in repr(tuple(row))


def test_every_change_bumps_the_version_and_replays(store: MatchStore) -> None:
    match_id, token = new(store)
    one = store.add_deal(match_id, token, HANGING)
    assert (one.version, one.sheet.totals, one.sheet.hanging) == (1, {"us": 0, "them": 9}, 9)
    two = store.add_deal(match_id, token, MADE)
    # The 9 hanging points go to the winner of the next deal (RULES.md 1.7).
    assert (two.version, two.sheet.totals, two.sheet.hanging) == (2, {"us": 20, "them": 16}, 0)
    three = store.replace_deal(match_id, token, 1, LEVEL)
    assert (three.version, three.sheet.totals) == (3, {"us": 24, "them": 20})
    four = store.delete_deal(match_id, token, 1)
    assert four.version == 4
    assert [row.input for row in four.sheet.rows] == [MADE]
    assert [row.n for row in four.sheet.rows] == [1]
    assert store.get(match_id) == four
    assert four.to_json()["deals"] == [
        {"n": 1, "input": MADE, "result": four.sheet.rows[0].result,
         "totals": {"us": 11, "them": 7}, "hanging": 0}
    ]  # fmt: skip


def test_deals_read_back_exactly_as_sent(store: MatchStore) -> None:
    match_id, token = new(store)
    sent: dict[str, object] = {
        "last_trick": "us",
        "contract": "all-trumps",
        "cards": {"us": 124},
        "declarer": "us",
    }
    store.add_deal(match_id, token, sent)
    stored = store.get(match_id).sheet.rows[0].input
    assert stored == sent and list(stored) == list(sent)


def test_the_callers_dict_is_not_kept(store: MatchStore) -> None:
    match_id, token = new(store)
    deal: dict[str, object] = {**MADE, "cards": {"us": 82}}
    store.add_deal(match_id, token, deal)
    deal["cards"] = {"us": 0}
    assert store.get(match_id).sheet.rows[0].input == MADE


def test_a_refused_deal_changes_nothing(store: MatchStore) -> None:
    match_id, token = new(store)
    store.add_deal(match_id, token, MADE)
    with pytest.raises(BelotError) as caught:
        store.add_deal(match_id, token, INVALID, idempotency_key="k")
    assert caught.value.code == "cards-out-of-range"
    with pytest.raises(BelotError):
        store.replace_deal(match_id, token, 1, INVALID)
    view = store.get(match_id)
    assert view.version == 1 and [r.input for r in view.sheet.rows] == [MADE]
    assert deal_count(store, match_id) == 1
    # The key of a refused request was not spent: it can carry the corrected deal.
    assert store.add_deal(match_id, token, LEVEL, idempotency_key="k").version == 2


def test_unknown_match_and_deal_are_404(store: MatchStore) -> None:
    match_id, token = new(store)
    for bad_id in ("nope", "", "a" * 200, "x\x00y", "../etc", "ü"):
        with pytest.raises(NotFound) as caught:
            store.get(bad_id)
        assert caught.value.code == "match-not-found"
    for n in (0, 1, -1, 10**30):
        with pytest.raises(NotFound) as deal:
            store.replace_deal(match_id, token, n, MADE)
        assert deal.value.code == "deal-not-found"
        with pytest.raises(NotFound):
            store.delete_deal(match_id, token, n)
    assert store.get(match_id).version == 0


def test_changes_need_the_token(store: MatchStore) -> None:
    match_id, token = new(store)
    other_id, other_token = new(store)
    store.add_deal(match_id, token, MADE)
    attempts = [None, "", "x", match_id, other_token, token + "x", token[:-1]]
    for attempt in attempts:
        expected = TokenMissing if not attempt else TokenWrong
        with pytest.raises(expected):
            store.add_deal(match_id, attempt, MADE)
        with pytest.raises(expected):
            store.replace_deal(match_id, attempt, 1, LEVEL)
        with pytest.raises(expected):
            store.delete_deal(match_id, attempt, 1)
        with pytest.raises(expected):
            store.check_token(match_id, attempt)
    store.check_token(match_id, token)
    assert store.get(match_id).version == 1 and store.get(other_id).version == 0


def test_a_stale_version_is_refused_and_nothing_recorded(store: MatchStore) -> None:
    match_id, token = new(store)
    store.add_deal(match_id, token, MADE, if_match=0)
    changes: list[Callable[[], object]] = [
        lambda: store.add_deal(match_id, token, MADE, if_match=0),
        lambda: store.replace_deal(match_id, token, 1, LEVEL, if_match=0),
        lambda: store.delete_deal(match_id, token, 1, if_match=2),
    ]
    for change in changes:
        with pytest.raises(StaleVersion) as caught:
            change()
        assert caught.value.code == "stale-version"
    assert store.get(match_id).version == 1 and deal_count(store, match_id) == 1
    assert store.delete_deal(match_id, token, 1, if_match=1).version == 2


def test_one_idempotency_key_one_deal_same_answer(store: MatchStore) -> None:
    match_id, token = new(store)
    first = store.add_deal(match_id, token, MADE, idempotency_key="tap-1")
    again = store.add_deal(match_id, token, MADE, idempotency_key="tap-1")
    assert again == first and again.to_json() == first.to_json()
    assert deal_count(store, match_id) == 1
    # Later changes do not change the answer a retry gets, nor does a stale If-Match matter.
    store.add_deal(match_id, token, LEVEL)
    late = store.add_deal(match_id, token, MADE, idempotency_key="tap-1", if_match=0)
    assert late.to_json() == first.to_json()
    assert store.get(match_id).version == 2 and deal_count(store, match_id) == 2


def test_a_key_is_per_match_and_per_request(store: MatchStore) -> None:
    match_id, token = new(store)
    other_id, other_token = new(store)
    store.add_deal(match_id, token, MADE, idempotency_key="k")
    assert store.add_deal(other_id, other_token, MADE, idempotency_key="k").version == 1
    reuses: list[Callable[[], object]] = [
        lambda: store.add_deal(match_id, token, LEVEL, idempotency_key="k"),
        lambda: store.replace_deal(match_id, token, 1, MADE, idempotency_key="k"),
        lambda: store.delete_deal(match_id, token, 1, idempotency_key="k"),
    ]
    for reuse in reuses:
        with pytest.raises(KeyReused) as caught:
            reuse()
        assert caught.value.code == "idempotency-key-reused"
    assert store.get(match_id).version == 1


def test_replace_and_delete_honour_keys(store: MatchStore) -> None:
    match_id, token = new(store)
    store.add_deal(match_id, token, MADE)
    store.add_deal(match_id, token, MADE)
    replaced = store.replace_deal(match_id, token, 1, LEVEL, idempotency_key="r")
    assert store.replace_deal(match_id, token, 1, LEVEL, idempotency_key="r") == replaced
    deleted = store.delete_deal(match_id, token, 1, idempotency_key="d")
    assert store.delete_deal(match_id, token, 1, idempotency_key="d") == deleted
    assert deal_count(store, match_id) == 1 and store.get(match_id).version == 4


@pytest.mark.parametrize("key", ["", "x" * 256, "ключ", "a\nb"])
def test_a_malformed_key_is_refused(store: MatchStore, key: str) -> None:
    match_id, token = new(store)
    with pytest.raises(BelotError) as caught:
        store.add_deal(match_id, token, MADE, idempotency_key=key)
    assert caught.value.code == "invalid-idempotency-key"
    assert deal_count(store, match_id) == 0


def test_a_finished_match_takes_no_more_deals(store: MatchStore) -> None:
    match_id, token = new(store)
    for _ in range(3):
        view = store.add_deal(match_id, token, RECONTRA)
    assert view.sheet.finished and view.sheet.winner == "us"
    with pytest.raises(MatchOver) as caught:
        store.add_deal(match_id, token, MADE)
    assert caught.value.code == "match-over"
    # A store that has not replayed this match yet refuses it the same way.
    fresh = MatchStore(store.url)
    with pytest.raises(MatchOver) as again:
        fresh.add_deal(match_id, token, MADE)
    assert (again.value.field, again.value.message) == (caught.value.field, caught.value.message)
    fresh.close()
    assert store.get(match_id).version == 3
    # A mistyped deal of a finished match can still be fixed.
    fixed = store.replace_deal(match_id, token, 3, HANGING)
    assert fixed.sheet.totals == {"us": 146, "them": 9} and not fixed.sheet.finished


def test_a_long_match_replays_from_its_stored_deals(store: MatchStore) -> None:
    match_id, token = new(store, "baloot")
    for _ in range(60):
        view = store.add_deal(match_id, token, BALOOT_TIE)
    assert view.sheet.totals == {"us": 780, "them": 780} and not view.sheet.finished
    assert store.get(match_id) == view


def test_deleting_a_match_row_takes_its_deals_and_keys(store: MatchStore) -> None:
    # Foreign keys are enforced (SQLite needs them switched on per connection).
    match_id, token = new(store)
    store.add_deal(match_id, token, MADE, idempotency_key="k")
    with store.engine.begin() as conn:
        conn.execute(delete(MatchRow).where(MatchRow.id == match_id))
    with store.engine.connect() as conn:
        assert conn.execute(select(DealRow.id)).all() == []
        assert conn.execute(select(IdempotencyRow.key)).all() == []


def test_sqlite_runs_in_wal_mode_with_foreign_keys(sqlite_url: str) -> None:
    store = MatchStore(sqlite_url)
    with store.engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
    store.close()


def test_two_stores_on_one_database_see_each_others_changes(db_url: str) -> None:
    # Each keeps replayed sheets in memory; keyed by version, so none is ever stale.
    one, two = MatchStore(db_url), MatchStore(db_url)
    match_id, token = new(one)
    one.add_deal(match_id, token, MADE)
    assert len(two.get(match_id).sheet.rows) == 1
    two.add_deal(match_id, token, LEVEL)
    two.replace_deal(match_id, token, 1, HANGING)
    seen = one.get(match_id)
    assert seen.version == 3 and [r.input for r in seen.sheet.rows] == [HANGING, LEVEL]
    assert one.add_deal(match_id, token, MADE).sheet.totals == two.get(match_id).sheet.totals
    assert len(two.get(match_id).sheet.rows) == 3
    one.close()
    two.close()


def test_a_refused_deal_is_named_as_sent(store: MatchStore) -> None:
    match_id, token = new(store)
    store.add_deal(match_id, token, MADE)
    fresh = MatchStore(store.url)  # has no replayed sheet of this match yet
    for s in (store, fresh):
        with pytest.raises(BelotError) as added:
            s.add_deal(match_id, token, INVALID)
        assert (added.value.code, added.value.field) == ("cards-out-of-range", "cards.us")
        with pytest.raises(BelotError) as replaced:
            s.replace_deal(match_id, token, 1, INVALID)
        assert (replaced.value.code, replaced.value.field) == ("cards-out-of-range", "cards.us")
    fresh.close()


def test_a_change_that_breaks_a_later_deal_names_that_deal(store: MatchStore) -> None:
    match_id, token = new(store)
    for deal in (LEVEL, LEVEL, RECONTRA, RECONTRA):  # 13 + 13 + 73 + 73: over after deal 4
        store.add_deal(match_id, token, deal)
    # Deal 1 as a recontra would end the match after deal 3, leaving deal 4 after the end.
    with pytest.raises(MatchOver) as caught:
        store.replace_deal(match_id, token, 1, RECONTRA)
    assert (caught.value.code, caught.value.field) == ("match-over", "deals.4")
    assert store.get(match_id).version == 4


def test_a_match_made_on_a_device_is_made_once_per_key(db_url: str) -> None:
    store = MatchStore(db_url)
    token = new_token()
    first, held = store.create("belot", "bg", {}, token=token, creation_key="key-1")
    again, held_again = store.create("belot", "bg", {}, token=token, creation_key="key-1")
    assert first.id == again.id and held == held_again == token
    other, _ = store.create("belot", "bg", {}, token=new_token(), creation_key="key-2")
    assert other.id != first.id
    with pytest.raises(BelotError) as refused:  # the key with another token: not answered
        store.create("belot", "bg", {}, token=new_token(), creation_key="key-1")
    assert (refused.value.code, refused.value.field) == ("idempotency-key-reused", "key")
    with pytest.raises(BelotError) as half:
        store.create("belot", "bg", {}, token=token)
    assert half.value.field == "key"
    store.close()
