"""`MatchStore`: create, read and change stored matches, one transaction per call.

Every change runs the same way, inside one transaction that holds the match's write lock:
find the match (404), check the edit token (401 / 403), answer a repeated Idempotency-Key from
its record, check If-Match (412), make the new list of deals and let the core replay it once
(422 / 409 / 404): that replay validates every deal in its new place. Then write the deal rows,
the new version and the key's record together. Any error rolls all of it back, so nothing is
ever half-written.
"""

from __future__ import annotations

import hashlib
import json
import threading
import zlib
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from sqlalchemy import delete, select
from sqlalchemy.orm import Session, sessionmaker

from belot.core.errors import BelotError
from belot.core.games import GAMES
from belot.core.match import Match, Sheet
from belot.store import facts, inputs, keys, rescore, series, tournament_rows
from belot.store.cache import VersionCache
from belot.store.engine import WRITE, make_engine, normalise_url
from belot.store.errors import (
    KeyReused,
    MatchTooLong,
    StaleVersion,
    TokenMissing,
    TokenWrong,
    from_core,
    match_not_found,
)
from belot.store.live import Feed, feed_for
from belot.store.migrate import migrate
from belot.store.models import DealRow, IdempotencyRow, MatchRow, SeatRow
from belot.store.reading import deal_rows, match_of, nth_row, replayed_now, seats_of, view_of
from belot.store.tokens import hash_token, new_match_id, new_token, token_matches
from belot.store.view import MatchView, Seat

Deal = dict[str, object]
_WRITER_SLOTS = 64


def _dumps(value: object, *, sort_keys: bool = False) -> str:
    # ASCII-only JSON: any text survives any database, NUL and lone surrogates included.
    # Keys keep the client's order, so a deal reads back exactly as it was sent.
    return json.dumps(value, ensure_ascii=True, separators=(",", ":"), sort_keys=sort_keys)


def stored_deal(deal: Deal) -> tuple[str, Deal]:
    """The deal's JSON text, and the deal read back from it: what the match holds is then
    the caller's no more (a later change to its dict cannot reach the cached sheet) and the
    same as what any later read from the database will give."""
    text = _dumps(deal)
    return text, json.loads(text)


def _fingerprint(operation: str, n: int | None, deal: Deal | None) -> str:
    """What a request asked for, so a key reused for a different request is caught."""
    return hashlib.sha256(_dumps([operation, n, deal], sort_keys=True).encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class _Change:
    """One change's request, for the shared path in `MatchStore._change`."""

    operation: str
    n: int | None
    deal: Deal | None
    # (session, match row, deal rows, the match before, its sheet if known) → the match after,
    # and its sheet when the change could score it alone (an add). Otherwise the caller
    # replays the result once: that replay is what validates every deal.
    apply: Callable[
        [Session, MatchRow, list[DealRow], Match, Sheet | None], Match | tuple[Match, Sheet]
    ]
    # The core's own operation: run only when the replay refused the change, so the error is
    # the one the core gives for it (its field as the caller sent it, `cards.us`).
    core: Callable[[Match], Match]
    needs_rows: bool = True  # the change edits existing deal rows


class MatchStore:
    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        migrate(self.engine)
        self._writes = sessionmaker(
            self.engine.execution_options(**{WRITE: True}), expire_on_commit=False
        )
        # A read sees one snapshot: a match's version and its deals always agree.
        reads = self.engine
        if self.engine.dialect.name == "postgresql":
            reads = self.engine.execution_options(isolation_level="REPEATABLE READ")
        self._reads = sessionmaker(reads, expire_on_commit=False)
        # SQLite has one writer at a time anyway. Queueing this process's writers on a lock
        # is fair and prompt; left to SQLite's busy handler, they would poll with growing
        # sleeps (p99 in the hundreds of ms). Other processes still wait on BEGIN IMMEDIATE.
        self._one_writer: AbstractContextManager[object] = (
            threading.Lock() if self.engine.dialect.name == "sqlite" else nullcontext()
        )
        # Writers of one match queue here first, so a crowd on one match holds at most one
        # place in the queue above (and one database connection): other matches' changes
        # wait for one change at most, not for the crowd. Striped: a lock per slot of ids.
        self._match_writers = tuple(threading.Lock() for _ in range(_WRITER_SLOTS))
        self._sheets: VersionCache[tuple[Match, Sheet]] = VersionCache()
        self.feed: Feed = feed_for(normalise_url(url))
        # Set by the club store: whether a token is the edit token of a match's club.
        self.club_tokens: Callable[[Session, str, str], bool] | None = None
        # Set by the tournament store: the feed key of the tournament a match belongs to, told
        # of each change of the match too (its live standings).
        self.also_announce: Callable[[Session, str], str | None] | None = None
        # Set by the tournament store: refuses a change to a table's match that a later
        # round was drawn from (409 `round-locked`); called for club matches only.
        self.may_change: Callable[[Session, MatchRow], None] | None = None

    @contextmanager
    def writing(self) -> Iterator[Session]:
        """One write transaction, queued like every change of a match."""
        with self._one_writer, self._writes.begin() as session:
            yield session

    @contextmanager
    def reading(self) -> Iterator[Session]:
        with self._reads.begin() as session:
            yield session

    def close(self) -> None:
        self.engine.dispose()

    # -- creating and reading ---------------------------------------------------------------

    def create(
        self,
        game: str,
        rules: object,
        teams: dict[str, str],
        seats: object = None,
        first_dealer: object = None,
        *,
        club_id: str | None = None,
        club_seats: tuple[Seat, ...] | None = None,
        after: str | None = None,
        token: str | None = None,
        creation_key: str | None = None,
        target: object = None,
        deal_count: object = None,
    ) -> tuple[MatchView, str]:
        """A new match; `club_seats` (a club's players, already checked) stand for `seats`;
        `after`: the match this one follows at the same table (its editor's own choice,
        checked by the caller), so the evening's tally counts both. `token` and
        `creation_key` (both or neither): a match started on a device offline, with the edit
        token the device chose; sent again with the same key and token (its first answer
        lost), the match made the first time is the answer, not a second one. `target` or
        `deal_count`: how long it plays, when its game lets a match choose (refused at its
        field otherwise); a game that plays a number of deals keeps the one it plays."""
        known, preset = inputs.game_and_rules(game, rules)
        own_target, deals = GAMES[known].match_length(target, deal_count)
        own_deals = GAMES[known].deals_to_play(own_target, deals)
        names = inputs.team_names(known, teams)
        seating = club_seats if club_seats is not None else inputs.seats(seats)
        dealer = inputs.first_dealer(first_dealer, seated=seating is not None)
        device = inputs.made_on_device(token, creation_key)
        match = Match(game=known.value, rules=preset.key, deals=(), target=own_target,
                      deal_count=own_deals)  # fmt: skip
        sheet = match.replay()
        token = device[0] if device else new_token()
        now = datetime.now(UTC)
        row = MatchRow(
            id=new_match_id(),
            game=known.value,
            rules=preset.name,
            house_rules=preset.key if preset.as_object else None,
            team_us=names["us"],
            team_them=names["them"],
            token_hash=hash_token(token),
            version=0,
            next_seq=1,
            rewritten=0,
            created_at=now,
            updated_at=now,
            first_dealer=dealer,
            club_id=club_id,
            finished=False,
            creation_key=device[1] if device else None,
            target=own_target,
            deal_count=own_deals,
        )
        with self._one_writer, self._writes.begin() as session:
            made = self._made_with(session, device) if device is not None else None
            nudged: tuple[str, int] | None = None
            if made is None:
                if after is not None:
                    previous = self._find(session, after, lock=True)
                    row.series_id = series.join(session, previous)
                    # the previous match's followers hear of it: the table moved on (issue 19)
                    nudged = previous.id, previous.version
                    self.feed.in_transaction(session, *nudged)
                session.add(row)
                session.flush()  # the match row first: the seats refer to it
                for number, seat in enumerate(seating or (), start=1):
                    partner = seating[(number + 1) % 4].player if seating else None  # 1↔3, 2↔4
                    session.add(SeatRow(match_id=row.id, seat=number, name=seat.name,
                                        player_id=seat.player, partner_id=partner))  # fmt: skip
                tally = series.tally(session, row)
        if made is not None:  # sent again: the match it made the first time
            return self.get(made), token
        if nudged is not None:
            self.feed.committed(*nudged)
        view = view_of(row, row.version, row.updated_at, match, sheet_of=sheet, seats=seating,
                     series=tally)  # fmt: skip
        return view, token

    def _made_with(self, session: Session, device: tuple[str, str]) -> str | None:
        """The match a device's key already made (its token the same), if any."""
        made = session.scalars(select(MatchRow).where(MatchRow.creation_key == device[1])).first()
        if made is None:
            return None
        if not token_matches(device[0], made.token_hash):
            raise KeyReused("idempotency-key-reused", "key", "this key already made another match")
        return made.id

    def get(self, match_id: str) -> MatchView:
        with self._reads.begin() as session:
            row = self._find(session, match_id)
            seating, tally = seats_of(session, row.id), series.tally(session, row)
            table = tournament_rows.table_of(session, row.id) if row.club_id else None
            cached = self._sheets.get(row.id, row.version)
            if cached is None:
                deals = deal_rows(session, match_id)
                match = match_of(row, [d.input for d in deals])
                cached = match, match.replay()
        self._sheets.put(row.id, row.version, cached)
        view = view_of(row, row.version, row.updated_at, cached[0], sheet_of=cached[1],
                       seats=seating, series=tally)  # fmt: skip
        return view if table is None else replace(view, tournament=table)

    def version(self, match_id: str) -> int:
        """The match's version alone: what a live sheet compares (404 for an unknown match)."""
        with self._reads.begin() as session:
            return self._find(session, match_id).version

    def next_match(self, match_id: str) -> str | None:
        """The match that followed this one at its table ("next game, same table"), if any."""
        with self._reads.begin() as session:
            row = self._find(session, match_id)
            if row.series_id is None:
                return None
            return session.scalars(
                select(MatchRow.id)
                .where(MatchRow.series_id == row.series_id, MatchRow.created_at > row.created_at)
                .order_by(MatchRow.created_at)
                .limit(1)
            ).first()

    def check_token(self, match_id: str, token: str | None) -> None:
        with self._reads.begin() as session:
            self._check_token(session, self._find(session, match_id), token)

    # -- changing -------------------------------------------------------------------------

    def add_deal(
        self,
        match_id: str,
        token: str | None,
        deal: dict[str, object],
        *,
        if_match: int | None = None,
        idempotency_key: str | None = None,
    ) -> MatchView:
        def apply(
            session: Session, row: MatchRow, _rows: list[DealRow], match: Match, sheet: Sheet | None
        ) -> Match | tuple[Match, Sheet]:
            if len(match.deals) >= inputs.MAX_DEALS:
                raise MatchTooLong(
                    "match-too-long",
                    "deals",
                    f"a match holds at most {inputs.MAX_DEALS} deals; start a new one",
                    max=inputs.MAX_DEALS,
                )
            inputs.caller_needs_seats(deal, _seated(session, row) if "caller" in deal else True)
            text, stored = stored_deal(inputs.deal_of_match(deal, match.preset))
            # With the sheet at hand only the new deal is scored, however long the match.
            changed = match.add(stored) if sheet is None else match.extend(sheet, stored)
            session.add(DealRow(match_id=row.id, seq=row.next_seq, input=text))
            row.next_seq += 1
            return changed

        change = _Change("add", None, deal, apply, lambda m: m.add(_own(m, deal)), needs_rows=False)
        return self._change(match_id, token, change, if_match, idempotency_key)

    def replace_deal(
        self,
        match_id: str,
        token: str | None,
        n: int,
        deal: dict[str, object],
        *,
        if_match: int | None = None,
        idempotency_key: str | None = None,
    ) -> MatchView:
        def apply(
            session: Session, row: MatchRow, _rows: list[DealRow], match: Match, sheet: Sheet | None
        ) -> Match | tuple[Match, Sheet]:
            inputs.caller_needs_seats(deal, _seated(session, row) if "caller" in deal else True)
            nth = nth_row(session, row.id, n, len(match.deals))
            nth.input, stored = stored_deal(inputs.deal_of_match(deal, match.preset))
            deals = (*match.deals[: n - 1], stored, *match.deals[n:])
            return rescore.rescored(
                Match(match.game, match.rules, deals, match.target, match.deal_count),
                sheet,
                n,
            )

        change = _Change("replace", n, deal, apply, lambda m: m.replace(n, _own(m, deal)),
                         needs_rows=False)  # fmt: skip
        return self._change(match_id, token, change, if_match, idempotency_key)

    def delete_deal(
        self,
        match_id: str,
        token: str | None,
        n: int,
        *,
        if_match: int | None = None,
        idempotency_key: str | None = None,
    ) -> MatchView:
        def apply(
            session: Session, row: MatchRow, _rows: list[DealRow], match: Match, sheet: Sheet | None
        ) -> Match | tuple[Match, Sheet]:
            nth = nth_row(session, row.id, n, len(match.deals))
            session.execute(delete(DealRow).where(DealRow.id == nth.id))
            deals = (*match.deals[: n - 1], *match.deals[n:])
            return rescore.rescored(
                Match(match.game, match.rules, deals, match.target, match.deal_count),
                sheet,
                n,
            )

        change = _Change("delete", n, None, apply, lambda m: m.delete(n), needs_rows=False)
        return self._change(match_id, token, change, if_match, idempotency_key)

    def _change(
        self,
        match_id: str,
        token: str | None,
        change: _Change,
        if_match: int | None,
        idempotency_key: str | None,
    ) -> MatchView:
        key = inputs.idempotency_key(idempotency_key)
        fingerprint = _fingerprint(change.operation, change.n, change.deal)
        slot = self._match_writers[zlib.crc32(match_id.encode("utf-8", "replace")) % _WRITER_SLOTS]
        with slot, self._one_writer, self._writes.begin() as session:
            row = self._find(session, match_id, lock=True)
            self._check_token(session, row, token)
            if key is not None:
                done = keys.find(session, row, key, fingerprint)
                if done is not None:
                    return self._replayed(session, row, done)
            if if_match is not None and if_match != row.version:
                raise StaleVersion(
                    "stale-version",
                    "If-Match",
                    f"the match changed meanwhile: it is at version {row.version}, not {if_match}",
                    version=row.version,
                    given=if_match,
                )
            if row.club_id is not None and self.may_change is not None:
                self.may_change(session, row)
            cached = self._sheets.get(row.id, row.version)
            deals = deal_rows(session, row.id) if change.needs_rows or cached is None else []
            before = cached[0] if cached is not None else match_of(row, [d.input for d in deals])
            with _core_errors():
                applied = change.apply(session, row, deals, before, cached[1] if cached else None)
                changed, known = applied if isinstance(applied, tuple) else (applied, None)
                try:
                    sheet = changed.replay() if known is None else known
                except BelotError:
                    change.core(before)  # raises the error as the core words it
                    raise
            row.version += 1
            row.updated_at = datetime.now(UTC)
            facts.rewrite(session, row, sheet, change.n or len(sheet.rows))
            if change.operation != "add":
                row.rewritten = row.version
            if key is not None:
                keys.record(session, row, key, fingerprint, len(changed.deals))
            seating = seats_of(session, row.id)
            view = view_of(row, row.version, row.updated_at, changed, sheet_of=sheet, seats=seating,
                         series=series.tally(session, row))  # fmt: skip
            self.feed.in_transaction(session, row.id, row.version)
            # A club's match may be a tournament's table (one more query, for those only).
            tournament = self.also_announce if row.club_id is not None else None
            also = tournament(session, row.id) if tournament is not None else None
            if also is not None:
                self.feed.in_transaction(session, also, row.version)
        # Only once committed: a rolled-back change must leave no trace, here neither.
        self._sheets.put(row.id, view.version, (changed, sheet))
        self.feed.committed(row.id, view.version)
        if also is not None:
            self.feed.committed(also, view.version)
        return view

    def _check_token(self, session: Session, row: MatchRow, token: str | None) -> None:
        """The match's own edit token, or its club's."""
        if not token:
            raise TokenMissing("token-missing", "token", "changing a match needs its edit token")
        if token_matches(token, row.token_hash):
            return
        clubs = self.club_tokens
        if row.club_id is not None and clubs is not None and clubs(session, row.club_id, token):
            return
        raise TokenWrong("token-wrong", "token", "this is not the match's edit token")

    def _replayed(self, session: Session, row: MatchRow, done: IdempotencyRow) -> MatchView:
        """The answer to a repeated key: the match as that change left it (see `keys`)."""
        then, seating = keys.earlier(session, row, done), seats_of(session, row.id)
        if then.inputs is None:
            cached = self._sheets.get(row.id, row.version)
            if cached is None:
                cached = replayed_now(session, row)
            return view_of(row, row.version, row.updated_at, cached[0], sheet_of=cached[1],
                         seats=seating)  # fmt: skip
        return view_of(row, then.version, then.updated, match_of(row, then.inputs), seats=seating)

    def _find(self, session: Session, match_id: str, *, lock: bool = False) -> MatchRow:
        if not inputs.is_match_id(match_id):
            raise match_not_found(match_id)
        query = select(MatchRow).where(MatchRow.id == match_id)
        if lock:
            query = query.with_for_update()  # PostgreSQL; SQLite holds BEGIN IMMEDIATE's lock
        row = session.scalars(query).one_or_none()
        if row is None:
            raise match_not_found(match_id)
        return row


def _seated(session: Session, row: MatchRow) -> bool:
    """Whether the match has seats (only then may a deal name its `caller`)."""
    seat = select(SeatRow.seat).where(SeatRow.match_id == row.id).limit(1)
    return session.scalars(seat).first() is not None


def _own(match: Match, deal: Deal) -> Deal:
    """The deal as `match` scores it: rules of its own refused, its match's left out."""
    return inputs.deal_of_match(deal, match.preset)


@contextmanager
def _core_errors() -> Iterator[None]:
    try:
        yield
    except BelotError as err:
        raise from_core(err) from None
