"""CONTRACT.md §5.2: clubs, their players, their matches and statistics, under /api/v1/clubs."""

from __future__ import annotations

from typing import cast

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse, Response

from belot.api import schemas
from belot.api.auth import Token, token_of
from belot.api.body import only_fields, read_object
from belot.api.headers import etag
from belot.api.routes import NEW_MATCH_FIELDS, NEW_MATCH_NULLABLE
from belot.core.games import GAME_NAMES
from belot.store.club_files import export_club, stats_csv
from belot.store.clubs import ClubStore

router = APIRouter(prefix="/api/v1/clubs")


def _clubs(request: Request) -> ClubStore:
    clubs = request.app.state.clubs
    assert isinstance(clubs, ClubStore)
    return clubs


@router.post(
    "",
    summary="Start a club",
    status_code=201,
    openapi_extra=schemas.json_body("NewClub"),
    responses={
        201: schemas.json_response("the new club and its edit token", "CreatedClub"),
        **schemas.errors(413, 422),
    },
)
async def create_club(request: Request) -> JSONResponse:
    body = await read_object(request, "the club")
    only_fields(body, frozenset({"name"}), "a new club")
    club, token = await run_in_threadpool(_clubs(request).create, body.get("name"))
    headers = {"Location": f"{router.prefix}/{club['id']}"}
    return JSONResponse({**club, "token": token}, status_code=201, headers=headers)


@router.post(
    "/{id}/players",
    summary="Add a player to the club",
    status_code=201,
    openapi_extra=schemas.json_body("NewPlayer"),
    responses={
        201: schemas.json_response("the player", "Player"),
        **schemas.errors(401, 403, 404, 413, 422),
    },
)
async def add_player(request: Request, id: str, credentials: Token) -> JSONResponse:
    body = await read_object(request, "the player")
    only_fields(body, frozenset({"name"}), "a new player")
    player = await run_in_threadpool(
        _clubs(request).add_player, id, token_of(credentials), body.get("name")
    )
    return JSONResponse(player.to_json(), status_code=201)


@router.post(
    "/{id}/matches",
    summary="Start a match of the club, four of its players on the seats",
    status_code=201,
    openapi_extra=schemas.json_body("NewClubMatch"),
    responses={
        201: schemas.json_response("the new match and its edit token", "CreatedMatch"),
        **schemas.errors(401, 403, 404, 413, 422),
    },
)
async def create_club_match(request: Request, id: str, credentials: Token) -> JSONResponse:
    body = await read_object(request, "the match")
    only_fields(body, NEW_MATCH_FIELDS, "a new match", nullable=NEW_MATCH_NULLABLE)
    view, token = await run_in_threadpool(
        _clubs(request).create_match,
        id,
        token_of(credentials),
        cast(str, body.get("game", GAME_NAMES[0])),
        body.get("rules"),
        cast(dict[str, str] | None, body.get("teams")),
        body.get("seats"),
        body.get("first_dealer"),
        body.get("target"),
        body.get("deal_count"),
    )
    headers = {"ETag": etag(view.version), "Location": f"/api/v1/matches/{view.id}"}
    return JSONResponse({**view.to_json(), "token": token}, status_code=201, headers=headers)


@router.get(
    "/{id}",
    summary="A club: its players and matches",
    responses={200: schemas.json_response("the club", "Club"), **schemas.errors(404)},
)
async def get_club(request: Request, id: str) -> JSONResponse:
    return JSONResponse(await run_in_threadpool(_clubs(request).get, id))


@router.get(
    "/{id}/stats",
    summary="The club's statistics, per player and per pair",
    responses={
        200: schemas.json_response("the statistics", "ClubStats"),
        **schemas.errors(404, 422),
    },
)
async def club_stats(request: Request, id: str) -> JSONResponse:
    since, until = request.query_params.get("from"), request.query_params.get("to")
    return JSONResponse(await run_in_threadpool(_clubs(request).stats, id, since, until))


@router.get(
    "/{id}/stats.csv",
    summary="The club's player statistics as CSV",
    responses={200: {"description": "a row per player", "content": {"text/csv": {}}},
               **schemas.errors(404, 422)},
)  # fmt: skip
async def club_stats_csv(request: Request, id: str) -> Response:
    since, until = request.query_params.get("from"), request.query_params.get("to")
    numbers = await run_in_threadpool(_clubs(request).stats, id, since, until)
    disposition = f'attachment; filename="club-{id}-stats.csv"'
    return Response(
        stats_csv(numbers),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": disposition},
    )


@router.get(
    "/{id}/export",
    summary="The club as one JSON file: players, matches, deals (no token)",
    responses={200: {"description": "the club file", "content": {"application/json": {}}},
               **schemas.errors(404)},
)  # fmt: skip
async def club_export(request: Request, id: str) -> JSONResponse:
    data = await run_in_threadpool(export_club, _clubs(request).matches, id)
    return JSONResponse(
        data, headers={"Content-Disposition": f'attachment; filename="club-{id}.json"'}
    )


@router.get(
    "/{id}/head-to-head",
    summary="Two pairs against each other: ?a=id1,id2&b=id3,id4",
    responses={200: {"description": "the matches between them and each pair's wins"},
               **schemas.errors(404, 422)},
)  # fmt: skip
async def head_to_head(request: Request, id: str) -> JSONResponse:
    a, b = request.query_params.get("a"), request.query_params.get("b")
    return JSONResponse(await run_in_threadpool(_clubs(request).head_to_head, id, a, b))
