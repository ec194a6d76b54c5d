"""CONTRACT.md §5.1: the live sheet, `GET /api/v1/matches/{id}/events` (Server-Sent Events).

On connect the stream sends the match's current version, then one `version` event per change,
whichever app instance made it (the store's feed: in-process on SQLite, LISTEN/NOTIFY on
PostgreSQL). Each event's `id` is its version: a browser's EventSource that reconnects after
a drop names the last one it heard (`Last-Event-ID`) and resumes from there, each version
since in order, none missing; a new viewer gets the current version. When the table plays on
("next game, same table"), `event: next` names the new match (`data: {"match": id}`) and the
viewers' pages follow it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncGenerator, AsyncIterator
from contextlib import aclosing
from typing import Any

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import Response, StreamingResponse
from starlette.types import Receive, Scope, Send

from belot.core.errors import BelotError
from belot.http.streams import RETRY_AFTER, Slot, StreamSlots
from belot.store import MatchStore
from belot.store.live import RESYNC

router = APIRouter(prefix="/api/v1")

# A comment line now and then keeps proxies and phones from closing a quiet stream.
KEEP_ALIVE_SECONDS = 15.0
# A stream ends by itself after this long and the browser reconnects (told `retry` ms): no
# connection is held for ever, and a server shutting down is never kept waiting long.
STREAM_SECONDS = 300.0
RETRY_MS = 2000
RESUME_MAX = 1000  # versions sent again to a viewer who reconnects, at most


def version_event(version: int) -> str:
    return f"id: {version}\nevent: version\ndata: {json.dumps({'version': version})}\n\n"


async def _moved_on(store: MatchStore, match_id: str) -> str:
    """`event: next` naming the match that followed this one at its table (a rematch), for
    the viewers to follow; nothing while there is none."""
    after = await run_in_threadpool(store.next_match, match_id)
    return "" if after is None else f"event: next\ndata: {json.dumps({'match': after})}\n\n"


async def bursts(request: Request, heard: asyncio.Queue[int]) -> AsyncGenerator[list[int], None]:
    """What a live stream hears, burst by burst, until it ends by itself (`STREAM_SECONDS`)
    or the viewer goes: the changes heard together, or `[]` when nothing came for a while
    (time for a keep-alive). Shared by the match's and the tournament's streams."""
    loop = asyncio.get_running_loop()
    ends = loop.time() + STREAM_SECONDS
    # A viewer who leaves is noticed at once, not at the next write that fails.
    gone = asyncio.ensure_future(_disconnected(request))
    waiting: asyncio.Future[int] | None = None
    try:
        while (left := ends - loop.time()) > 0 and not gone.done():
            next_change = waiting = asyncio.ensure_future(heard.get())
            await asyncio.wait(
                (next_change, gone),
                timeout=min(KEEP_ALIVE_SECONDS, left),
                return_when=asyncio.FIRST_COMPLETED,
            )
            if not next_change.done():
                next_change.cancel()
                if not gone.done():
                    yield []
                continue
            burst = [next_change.result()]
            while not heard.empty():
                burst.append(heard.get_nowait())
            yield burst
    finally:  # the stream closed while waiting: leave no task behind
        gone.cancel()
        if waiting is not None:
            waiting.cancel()


KEEP_ALIVE = ": keep-alive\n\n"


async def _stream(request: Request, store: MatchStore, match_id: str) -> AsyncIterator[str]:
    async with store.feed.listen(match_id) as heard:
        # Read after listening starts, so a change made in between is heard, not lost.
        last = await run_in_threadpool(store.version, match_id)
        yield f"retry: {RETRY_MS}\n" + "".join(version_event(v) for v in _resumed(request, last))
        if "last-event-id" in request.headers and (moved := await _moved_on(store, match_id)):
            yield moved  # back after a drop: the table moved on meanwhile
        async with aclosing(bursts(request, heard)) as heard_bursts:
            async for burst in heard_bursts:
                if not burst:
                    yield KEEP_ALIVE
                    continue
                if RESYNC in burst:  # changes may have gone unheard: say where the match is
                    burst = [await run_in_threadpool(store.version, match_id)]
                # Every version, in order, once: a viewer misses none (versions step by one,
                # so a lost one would show as a gap).
                fresh = sorted(v for v in set(burst) if v > last)
                for version in fresh:
                    last = version
                    yield version_event(version)
                # heard without a change: the table moved on (a rematch)
                if not fresh and (moved := await _moved_on(store, match_id)):
                    yield moved


def _resumed(request: Request, now: int) -> range:
    """The versions to send on connect: the current one; after a reconnect that names the
    last one heard (`Last-Event-ID`, which EventSource sends by itself), each one since, in
    order (at most `RESUME_MAX`; a gap longer than that, or an id from elsewhere, gets the
    current version alone, which is the whole state)."""
    given = request.headers.get("last-event-id", "")
    heard = int(given) if given.isascii() and given.isdigit() and len(given) < 10 else None
    if heard is None or not now - RESUME_MAX <= heard < now:
        return range(now, now + 1)
    return range(heard + 1, now + 1)


class _HeldStream(StreamingResponse):
    """A stream that gives its slot back when it ends, however it ends (finished, the viewer
    gone, the server shutting down, or never started because the viewer left first)."""

    def __init__(
        self, body: AsyncIterator[str], slot: Slot, media_type: str, headers: dict[str, str]
    ) -> None:
        super().__init__(body, media_type=media_type, headers=headers)
        self.slot = slot

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.slot.release()


def stream_slots(request: Request) -> StreamSlots:
    """The app's stream counts (made on first use; a test may set smaller caps)."""
    slots = getattr(request.app.state, "stream_slots", None)
    if slots is None:
        slots = request.app.state.stream_slots = StreamSlots()
    assert isinstance(slots, StreamSlots)
    return slots


def too_many_streams(request: Request, slots: StreamSlots) -> Response:
    from belot.api.errors import error_response

    err = BelotError(
        "too-many-streams",
        None,
        f"too many live sheets open: at most {slots.per_address} from one address and "
        f"{slots.per_match} on one match; try again shortly",
        per_address=slots.per_address,
        per_match=slots.per_match,
    )
    return error_response(request, err, {"Retry-After": str(RETRY_AFTER)})


async def _disconnected(request: Request) -> None:
    while (await request.receive())["type"] != "http.disconnect":
        pass


def stream_doc(what: str) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI answers of a live stream of `what` (a match, a tournament)."""
    return {
        200: {
            "description": '`event: version`, `data: {"version": N}` on connect and per change',
            "content": {"text/event-stream": {"schema": {"type": "string"}}},
        },
        404: {"description": f"unknown {what}"},
        429: {"description": f"too many streams open from this address or on this {what} "
              "(`too-many-streams`); try again after `Retry-After` seconds"},
    }  # fmt: skip


def held_stream(request: Request, key: str, body: AsyncIterator[str]) -> Response:
    """`body` as Server-Sent Events in one of the app's stream slots for `key` (counted per
    address and per key, issue 18), or 429 when none is free."""
    slots = stream_slots(request)
    slot = slots.take(request.client.host if request.client else "unknown", key)
    if slot is None:
        return too_many_streams(request, slots)
    return _HeldStream(
        body,
        slot,
        media_type="text/event-stream",
        # No buffering on the way (nginx), no caching: every event goes out when it happens.
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


@router.get(
    "/matches/{id}/events",
    summary="Follow a match live (Server-Sent Events)",
    response_class=StreamingResponse,
    responses=stream_doc("match"),
)
async def match_events(request: Request, id: str) -> Response:
    store = request.app.state.store
    assert isinstance(store, MatchStore)
    await run_in_threadpool(store.version, id)  # an unknown match answers 404 before streaming
    return held_stream(request, id, _stream(request, store, id))
