"""Who hears of a match's changes: the live sheet's bus (CONTRACT.md §5.1).

A change is announced with the version it made. Listeners are asyncio tasks (the SSE streams);
changes are made in the store's worker threads, so they reach a listener through its own
event loop (`call_soon_threadsafe`).

- SQLite serves one process: a change is announced in that process once committed.
- PostgreSQL may serve many app instances: the change is announced with `pg_notify` on the
  match's own channel inside the writing transaction, so PostgreSQL delivers it at commit, to
  every instance, and never for a rolled-back change. Each instance keeps one connection that
  LISTENs to the channels of the matches its viewers follow. No instance-local state decides
  what is sent: an instance hears its own changes the same way it hears the others'.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from sqlalchemy import text
from sqlalchemy.engine import URL
from sqlalchemy.orm import Session

log = logging.getLogger(__name__)

# A version no change can make: "you may have missed changes, read the match again".
RESYNC = -1


@dataclass(eq=False)
class _Listener:
    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue[int] = field(default_factory=asyncio.Queue)

    def hear(self, version: int) -> None:
        self.loop.call_soon_threadsafe(self.queue.put_nowait, version)


class _Listeners:
    """This process's listeners, per match; safe to call from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_match: dict[str, set[_Listener]] = {}

    def add(self, match_id: str) -> _Listener:
        listener = _Listener(asyncio.get_running_loop())
        with self._lock:
            self._by_match.setdefault(match_id, set()).add(listener)
        return listener

    def remove(self, match_id: str, listener: _Listener) -> None:
        with self._lock:
            group = self._by_match.get(match_id)
            if group is not None:
                group.discard(listener)
                if not group:
                    del self._by_match[match_id]

    def matches(self) -> set[str]:
        with self._lock:
            return set(self._by_match)

    def announce(self, match_id: str, version: int) -> None:
        with self._lock:
            group = list(self._by_match.get(match_id, ()))
        for listener in group:
            with contextlib.suppress(RuntimeError):  # its loop has closed: it is going away
                listener.hear(version)

    def announce_all(self, version: int) -> None:
        for match_id in self.matches():
            self.announce(match_id, version)


class Feed:
    """In-process announcements (SQLite). The store calls `in_transaction` before its commit
    and `committed` after it; a stream `listen`s to one match."""

    def __init__(self) -> None:
        self.listeners = _Listeners()

    def in_transaction(self, session: Session, match_id: str, version: int) -> None:
        """Called inside the writing transaction, before it commits."""

    def committed(self, match_id: str, version: int) -> None:
        """Called once the change is committed."""
        self.listeners.announce(match_id, version)

    @contextlib.asynccontextmanager
    async def listen(self, match_id: str) -> AsyncIterator[asyncio.Queue[int]]:
        """The versions of the match's changes from now on (`RESYNC`: read it again)."""
        listener = self.listeners.add(match_id)
        try:
            yield listener.queue
        finally:
            self.listeners.remove(match_id, listener)

    async def close(self) -> None:
        """Stop listening to the database (nothing to stop in-process)."""


def channel(match_id: str) -> str:
    # Match ids are [A-Za-z0-9_-]{1,32}: with the prefix, well within PostgreSQL's 63 bytes.
    return f"belot_match_{match_id}"


class PostgresFeed(Feed):
    """LISTEN/NOTIFY: one listening connection per instance, one channel per followed match."""

    # How often the listening connection looks for channels to start or stop hearing.
    TICK = 0.2

    def __init__(self, url: URL) -> None:
        super().__init__()
        self._conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
        self._task: asyncio.Task[None] | None = None
        self._heard: set[str] = set()  # channels the connection LISTENs to now
        self._ready: dict[str, list[asyncio.Future[None]]] = {}

    def in_transaction(self, session: Session, match_id: str, version: int) -> None:
        session.execute(
            text("SELECT pg_notify(:channel, :version)"),
            {"channel": channel(match_id), "version": str(version)},
        )

    def committed(self, match_id: str, version: int) -> None:
        """Nothing: this instance hears its own change from PostgreSQL, like every other."""

    @contextlib.asynccontextmanager
    async def listen(self, match_id: str) -> AsyncIterator[asyncio.Queue[int]]:
        async with super().listen(match_id) as queue:
            await self._heard_by_database(match_id)
            yield queue

    async def _heard_by_database(self, match_id: str) -> None:
        """Returns once the listening connection LISTENs to the match's channel, so a change
        committed after this is heard (the stream reads the version only after it)."""
        if channel(match_id) in self._heard:
            return
        ready = asyncio.get_running_loop().create_future()
        self._ready.setdefault(channel(match_id), []).append(ready)
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="belot-listen")
        await ready

    async def _run(self) -> None:
        import psycopg  # only PostgreSQL deployments pay for it here

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self._conninfo, autocommit=True
                ) as conn:
                    if self._heard:  # a reconnect: changes may have gone unheard meanwhile
                        self._heard = set()
                        self.listeners.announce_all(RESYNC)
                    while True:
                        await self._follow(conn)
                        async for note in conn.notifies(timeout=self.TICK):
                            match_id = note.channel.removeprefix("belot_match_")
                            version = int(note.payload) if note.payload.isdigit() else RESYNC
                            self.listeners.announce(match_id, version)
            except asyncio.CancelledError:
                raise
            except Exception:  # the database went away: listen again once it is back
                log.warning("live sheet: lost the PostgreSQL listener; reconnecting", exc_info=True)
                await asyncio.sleep(1)

    async def _follow(self, conn: object) -> None:
        """LISTEN to the channels of followed matches, UNLISTEN the others."""
        import psycopg

        assert isinstance(conn, psycopg.AsyncConnection)
        # Waiters that come while this runs wait for the next round: their channel may not
        # be among those LISTENed to here.
        waiting, self._ready = self._ready, {}
        wanted = {channel(m) for m in self.listeners.matches()} | set(waiting)
        for name in sorted(wanted - self._heard):
            await conn.execute(f'LISTEN "{name}"')
        for name in sorted(self._heard - wanted):
            await conn.execute(f'UNLISTEN "{name}"')
        self._heard = wanted
        for group in waiting.values():
            for ready in group:
                if not ready.done():
                    ready.set_result(None)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None
        self._heard = set()


def feed_for(url: URL) -> Feed:
    return PostgresFeed(url) if url.get_backend_name() == "postgresql" else Feed()
