"""CONTRACT.md §5.4: a club's tournaments, their rounds and live standings, its ratings."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import aclosing

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse, Response, StreamingResponse

from belot.api import schemas
from belot.api.auth import Token, token_of
from belot.api.body import only_fields, read_object
from belot.api.events import (
    KEEP_ALIVE,
    RETRY_MS,
    bursts,
    held_stream,
    stream_doc,
    version_event,
)
from belot.store.tournament_rows import channel_key
from belot.store.tournaments import TournamentStore

router = APIRouter(prefix="/api/v1")
NEW_TOURNAMENT_FIELDS = frozenset({"name", "game", "rules", "format", "rounds", "pairs"})


def _store(request: Request) -> TournamentStore:
    store = request.app.state.tournaments
    assert isinstance(store, TournamentStore)
    return store


@router.post(
    "/clubs/{id}/tournaments",
    summary="Start a tournament of the club's pairs",
    status_code=201,
    openapi_extra=schemas.json_body("NewTournament"),
    responses={
        201: schemas.json_response("the tournament", "Tournament"),
        **schemas.errors(401, 403, 404, 413, 422),
    },
)
async def create_tournament(request: Request, id: str, credentials: Token) -> JSONResponse:
    body = await read_object(request, "the tournament")
    only_fields(body, NEW_TOURNAMENT_FIELDS, "a new tournament", nullable=frozenset({"rules"}))
    made = await run_in_threadpool(_store(request).create, id, token_of(credentials), body)
    headers = {"Location": f"{router.prefix}/tournaments/{made['id']}"}
    return JSONResponse(made, status_code=201, headers=headers)


@router.get(
    "/tournaments/{id}",
    summary="A tournament: pairs, rounds and tables, standings",
    responses={200: schemas.json_response("the tournament", "Tournament"), **schemas.errors(404)},
)
async def get_tournament(request: Request, id: str) -> JSONResponse:
    return JSONResponse(await run_in_threadpool(_store(request).get, id))


@router.post(
    "/tournaments/{id}/rounds",
    summary="Draw the next round and make its tables' matches",
    status_code=201,
    responses={
        201: schemas.json_response("the tournament with the new round", "Tournament"),
        **schemas.errors(401, 403, 404, 409),
    },
)
async def draw_round(request: Request, id: str, credentials: Token) -> JSONResponse:
    drawn = await run_in_threadpool(_store(request).draw_round, id, token_of(credentials))
    return JSONResponse(drawn, status_code=201)


@router.get(
    "/clubs/{id}/ratings",
    summary="Skill ratings of the club's players and pairs (openskill)",
    responses={200: schemas.json_response("the ratings", "Ratings"), **schemas.errors(404)},
)
async def club_ratings(request: Request, id: str) -> JSONResponse:
    return JSONResponse(await run_in_threadpool(_store(request).ratings, id))


@router.get(
    "/tournaments/{id}/events",
    summary="Follow a tournament live (Server-Sent Events)",
    response_class=StreamingResponse,
    responses=stream_doc("tournament"),
)
async def tournament_events(request: Request, id: str) -> Response:
    store = _store(request)
    await run_in_threadpool(store.version, id)  # an unknown tournament answers 404 first
    # Counted with the matches' streams (issue 18): one address's share covers both.
    return held_stream(request, f"tournament:{id}", _stream(request, store, id))


async def _stream(request: Request, store: TournamentStore, tid: str) -> AsyncIterator[str]:
    """The tournament's version on connect, then again whenever one of its matches changes
    or a round is drawn (the match store and the draw announce on the tournament's key)."""
    async with store.matches.feed.listen(channel_key(tid)) as heard:
        last = await run_in_threadpool(store.version, tid)
        yield f"retry: {RETRY_MS}\n" + version_event(last)
        async with aclosing(bursts(request, heard)) as heard_bursts:
            async for burst in heard_bursts:
                if not burst:
                    yield KEEP_ALIVE
                    continue
                now = await run_in_threadpool(store.version, tid)
                if now > last:
                    last = now
                    yield version_event(now)
