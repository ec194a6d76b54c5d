"""CONTRACT.md §5: the HTTP API under /api/v1.

Handlers are async only to read the body; the store is synchronous (SQLAlchemy sessions) and
runs in the thread pool, so a slow database never blocks the event loop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, cast

from fastapi import APIRouter, Header, Request
from fastapi.security import HTTPAuthorizationCredentials
from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse, Response

from belot import contract
from belot.api import schemas
from belot.api.auth import Token, token_of
from belot.api.body import STEP_ASIDE, fast_loads, only_fields, parse_object, read_body, read_object
from belot.api.encode import MatchEncoder
from belot.api.headers import etag, if_match_version
from belot.core import plain
from belot.core.games import GAME_NAMES
from belot.nulls import null_free, refuse_nulls
from belot.store import MatchStore, MatchView
from belot.store.export import to_csv, to_json_text

router = APIRouter(prefix="/api/v1")

IfMatch = Annotated[
    str | None,
    Header(description="the match version this change is based on; stale → 412"),
]
IdempotencyKey = Annotated[
    str | None,
    Header(description="repeat a change safely: the same key answers the same, records once"),
]

NEW_MATCH_FIELDS = frozenset(
    {"game", "rules", "teams", "seats", "first_dealer", "target", "deal_count"}
)
# Null is the default for these (schemas.NewMatch); in the others it is refused.
NEW_MATCH_NULLABLE = frozenset({"rules", "first_dealer", "target", "deal_count"})


def _store(request: Request) -> MatchStore:
    store = request.app.state.store
    assert isinstance(store, MatchStore)
    return store


_encoder = MatchEncoder()


def _match_response(view: MatchView, status: int = 200) -> Response:
    return _encoder.response(view, status, {"ETag": etag(view.version)})


@router.post(
    "/score",
    summary="Score one deal",
    openapi_extra=schemas.json_body("Deal"),
    responses={
        200: schemas.json_response("the deal's result", "Result"),
        **schemas.errors(413, 422),
    },
)
async def score(request: Request) -> Response:
    raw = await read_body(request)
    try:  # the common deal: decoded, scored by lookups, its JSON written at once (issue 26)
        answer = plain.compact(null_free(fast_loads(raw)))
    except STEP_ASIDE:  # anything else: decoded by `json` and scored as always, or refused
        deal = parse_object(raw, "the deal")
        refuse_nulls(deal)  # a null where the deal's description has none (issue 32)
        return JSONResponse(contract.score(deal))
    return Response(answer, media_type="application/json")


@router.post(
    "/matches",
    summary="Start a match",
    status_code=201,
    openapi_extra=schemas.json_body("NewMatch"),
    responses={
        201: schemas.json_response("the new match and its edit token", "CreatedMatch"),
        **schemas.errors(413, 422),
    },
)
async def create_match(request: Request) -> JSONResponse:
    body = await read_object(request, "the match")
    only_fields(body, NEW_MATCH_FIELDS, "a new match", nullable=NEW_MATCH_NULLABLE)
    # The store checks each value's type itself, with the contract's error codes.
    game = cast(str, body.get("game", GAME_NAMES[0]))
    rules = body.get("rules")  # a preset's name or house rules: the core reads either
    teams = cast(dict[str, str], body.get("teams"))
    view, token = await run_in_threadpool(
        _store(request).create,
        game,
        rules,
        teams,
        body.get("seats"),
        body.get("first_dealer"),
        target=body.get("target"),
        deal_count=body.get("deal_count"),
    )
    payload = view.to_json()
    payload["token"] = token
    headers = {"ETag": etag(view.version), "Location": f"{router.prefix}/matches/{view.id}"}
    return JSONResponse(payload, status_code=201, headers=headers)


def _attachment(body: str, media_type: str, filename: str) -> Response:
    """A match export, offered to the browser as a file to save."""
    return Response(
        body,
        media_type=media_type,
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


# Registered before /matches/{id}, which would otherwise take "abc.csv" for an id.
@router.get(
    "/matches/{id}.csv",
    summary="Export a match as CSV",
    responses={
        200: {"description": "one row per deal", "content": {"text/csv": {}}},
        **schemas.errors(404),
    },
    response_class=Response,
)
async def export_csv(request: Request, id: str) -> Response:
    view = await run_in_threadpool(_store(request).get, id)
    return _attachment(to_csv(view), "text/csv; charset=utf-8", f"match-{view.id}.csv")


@router.get(
    "/matches/{id}.json",
    summary="Export a match as a JSON file",
    responses={200: schemas.json_response("the match", "Match"), **schemas.errors(404)},
    response_class=Response,
)
async def export_json(request: Request, id: str) -> Response:
    view = await run_in_threadpool(_store(request).get, id)
    return _attachment(to_json_text(view), "application/json", f"match-{view.id}.json")


@router.get(
    "/matches/{id}",
    summary="Read a match",
    responses={200: schemas.json_response("the match", "Match"), **schemas.errors(404)},
)
async def get_match(request: Request, id: str) -> Response:
    return _match_response(await run_in_threadpool(_store(request).get, id))


_CHANGE_ERRORS = schemas.errors(401, 403, 404, 409, 412, 413, 422)


async def _change(
    request: Request,
    id: str,
    credentials: HTTPAuthorizationCredentials | None,
    if_match: str | None,
    change: Callable[[MatchStore, str | None, int | None, dict[str, object] | None], MatchView],
    *,
    with_body: bool,
) -> MatchView:
    """The checks every change makes, in one order: the body's size (413), who asks
    (404 / 401 / 403), which version (412), what the body says (422), then the change."""
    raw = await read_body(request) if with_body else b""
    store, token = _store(request), token_of(credentials)

    def run() -> MatchView:  # one trip to the thread pool: it is the slow part of a request
        store.check_token(id, token)
        version = if_match_version(if_match)
        deal = parse_object(raw, "the deal") if with_body else None
        return change(store, token, version, deal)

    return await run_in_threadpool(run)


async def _deal_sent(
    request: Request,
    id: str,
    n: int | None,
    credentials: HTTPAuthorizationCredentials | None,
    if_match: str | None,
    key: str | None,
) -> Response:
    """The deal in the body, added to the match (n None: 201) or put in place of deal n (200):
    one route body for both, the operation chosen by n."""

    def change(
        store: MatchStore, token: str | None, version: int | None, deal: dict[str, object] | None
    ) -> MatchView:
        assert deal is not None
        if n is None:
            return store.add_deal(id, token, deal, if_match=version, idempotency_key=key)
        return store.replace_deal(id, token, n, deal, if_match=version, idempotency_key=key)

    view = await _change(request, id, credentials, if_match, change, with_body=True)
    return _match_response(view, 201 if n is None else 200)


@router.post(
    "/matches/{id}/deals",
    summary="Add a deal",
    status_code=201,
    openapi_extra=schemas.json_body("MatchDeal"),
    responses={201: schemas.json_response("the whole match", "Match"), **_CHANGE_ERRORS},
)
async def add_deal(
    request: Request,
    id: str,
    credentials: Token,
    if_match: IfMatch = None,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    return await _deal_sent(request, id, None, credentials, if_match, idempotency_key)


@router.put(
    "/matches/{id}/deals/{n}",
    summary="Replace deal n; every later deal is re-scored",
    openapi_extra=schemas.json_body("MatchDeal"),
    responses={200: schemas.json_response("the whole match", "Match"), **_CHANGE_ERRORS},
)
async def replace_deal(
    request: Request,
    id: str,
    n: int,
    credentials: Token,
    if_match: IfMatch = None,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    return await _deal_sent(request, id, n, credentials, if_match, idempotency_key)


@router.delete(
    "/matches/{id}/deals/{n}",
    summary="Delete deal n; every later deal is re-scored",
    responses={
        200: schemas.json_response("the whole match", "Match"),
        **schemas.errors(401, 403, 404, 409, 412, 422),
    },
)
async def delete_deal(
    request: Request,
    id: str,
    n: int,
    credentials: Token,
    if_match: IfMatch = None,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    def change(
        store: MatchStore, token: str | None, version: int | None, _deal: dict[str, object] | None
    ) -> MatchView:
        return store.delete_deal(id, token, n, if_match=version, idempotency_key=idempotency_key)

    return _match_response(
        await _change(request, id, credentials, if_match, change, with_body=False)
    )
